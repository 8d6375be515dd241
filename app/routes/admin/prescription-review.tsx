import { Link } from "react-router";
import { REVIEW_MESSAGES } from "#common/pharmacist.ts";
import { PRESCRIPTION_STATUS_LABELS } from "#common/prescriptions.ts";
import { ADMIN_MAIN, AdminPageHeader, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { ApproveForm, RejectForm, ReviewStateBadge } from "~/components/admin/prescription-review";
import { NOINDEX } from "~/components/auth/auth-card";
import { formatDateTime } from "#common/dates.ts";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/prescription-review";
import { decideReview, loadReview } from "./prescriptions.server";
import { requireStaff } from "./require-admin.server";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data ? `Review order ${data.review.orderNumber} | Admin` : "Prescription review | Admin", "A prescription, the order's prescription medicines and the pharmacist's decision."),
  NOINDEX,
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  return loadReview(context, params.orderId, staff);
}

/** Approve or reject: only a pharmacist decides (the use case answers an admin 403 with the reason). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  return decideReview(context, staff, params.orderId, await request.formData());
}

export default function PrescriptionReview({ loaderData }: Route.ComponentProps) {
  const { review, reviewer, barred } = loaderData;
  const open = review.prescriptionStatus === "pending" && review.status !== "Cancelled";
  const doctorNames = [...new Set(review.prescriptions.map((p) => p.doctorName).filter((name): name is string => Boolean(name)))];
  return (
    <main id="main" className={`${ADMIN_MAIN} max-w-6xl`}>
      <Link to="/admin/prescriptions" className="text-sm font-medium text-brand-800 underline">
        Back to prescriptions
      </Link>
      <div className="mt-3">
        <AdminPageHeader title={`Review order ${review.orderNumber}`}>
          <ReviewStateBadge status={review.status} prescriptionStatus={review.prescriptionStatus} />
        </AdminPageHeader>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        Placed {formatDateTime(review.createdAt)} · {review.isPaid ? "Paid" : "Not paid"} · order status {review.status} ·{" "}
        <Link to={`/admin/orders/${review._id}`} className="text-brand-800 underline">
          Order details
        </Link>
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          {review.prescriptions.map((prescription, index) => {
            const src = `/admin/prescriptions/file/${prescription._id}`;
            const title = `Prescription ${index + 1}: ${prescription.fileName}`;
            return (
              <section key={prescription._id} aria-labelledby={`prescription-${prescription._id}`} className="rounded-lg border border-gray-200 bg-white p-4">
                <h2 id={`prescription-${prescription._id}`} className="font-semibold text-gray-900">
                  {title}
                </h2>
                <p className="text-sm text-gray-700">
                  Uploaded {formatDateTime(prescription.createdAt)} · {PRESCRIPTION_STATUS_LABELS[prescription.status]}
                  {prescription.patientName ? <> · patient {prescription.patientName}</> : null}
                  {prescription.doctorName ? <> · doctor {prescription.doctorName}</> : null}
                </p>
                {prescription.contentType === "application/pdf" ? (
                  // A PDF is kept as uploaded and may hold scripts: downloaded, never opened in the shop's pages.
                  <>
                    <p className="mt-3 rounded border border-gray-300 bg-gray-50 p-3 text-sm text-gray-800">
                      A PDF is not shown here: anything embedded in it could run in the browser. Download it and open it in your PDF reader.
                    </p>
                    <a href={src} download className="mt-2 inline-block text-sm font-medium text-brand-800 underline">
                      Download the PDF<span className="sr-only"> ({prescription.fileName})</span>
                    </a>
                  </>
                ) : (
                  <>
                    <img src={src} alt={title} className="mt-3 max-h-[80vh] w-full rounded border border-gray-300 bg-gray-100 object-contain" />
                    <a href={src} target="_blank" rel="noopener" className="mt-2 inline-block text-sm font-medium text-brand-800 underline">
                      Open the file in a new tab<span className="sr-only"> ({prescription.fileName})</span>
                    </a>
                  </>
                )}
              </section>
            );
          })}
        </div>

        <div className="space-y-6">
          <section aria-labelledby="patient-heading" className="rounded-lg border border-gray-200 bg-white p-4">
            <h2 id="patient-heading" className="text-lg font-semibold text-gray-900">
              Patient and doctor
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-gray-700">Patient</dt>
              <dd>{review.patient}</dd>
              <dt className="text-gray-700">Doctor</dt>
              <dd>{doctorNames.join(", ") || "Not given"}</dd>
              <dt className="text-gray-700">Customer</dt>
              <dd className="break-all">
                {review.customer.name} · {review.customer.email}
              </dd>
            </dl>
          </section>

          <section aria-labelledby="rx-lines-heading">
            <h2 id="rx-lines-heading" className="text-lg font-semibold text-gray-900">
              Prescription medicines in this order
            </h2>
            <div className={TABLE_WRAP}>
              <table className={TABLE}>
                <thead className={THEAD}>
                  <tr>
                    <th scope="col" className={TH}>Medicine</th>
                    <th scope="col" className={TH}>Schedule</th>
                    <th scope="col" className={`${TH} text-right`}>Qty</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {review.rxLines.map((line) => (
                    <tr key={line.sku}>
                      <td className={TD}>
                        {line.name}
                        <span className="block font-mono text-xs text-gray-600">{line.sku}</span>
                      </td>
                      <td data-label="Schedule" className={TD}>{line.schedule}</td>
                      <td data-label="Qty" className={`${TD} text-right`}>{line.quantity}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          {open ? (
            barred ? (
              <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">{barred}.</p>
            ) : reviewer ? (
              <>
                <ApproveForm doctorName={doctorNames[0] ?? null} reviewer={reviewer} rxLines={[...new Map(review.rxLines.map((line) => [line.productId, line])).values()]} />
                <RejectForm />
              </>
            ) : (
              <p className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">{REVIEW_MESSAGES.pharmacistOnly}.</p>
            )
          ) : (
            <section aria-labelledby="decision-heading" className="rounded-lg border border-gray-200 bg-white p-4">
              <h2 id="decision-heading" className="text-lg font-semibold text-gray-900">
                Decision
              </h2>
              {review.prescriptionStatus === "pending" ? (
                <p className="mt-2 text-sm">{REVIEW_MESSAGES.orderCancelled}.</p>
              ) : (
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-gray-700">Decision</dt>
                  <dd>{review.prescriptionStatus === "approved" ? "Approved" : "Rejected"}</dd>
                  {review.reviewedAt ? (
                    <>
                      <dt className="text-gray-700">When</dt>
                      <dd>{formatDateTime(review.reviewedAt)}</dd>
                    </>
                  ) : null}
                  {review.reviewer ? (
                    <>
                      <dt className="text-gray-700">Pharmacist</dt>
                      <dd>
                        {review.reviewer.name} (registration {review.reviewer.registration})
                      </dd>
                    </>
                  ) : null}
                  {review.prescriber ? (
                    <>
                      <dt className="text-gray-700">Prescriber</dt>
                      <dd>
                        {review.prescriber.name} (registration {review.prescriber.registration})
                      </dd>
                    </>
                  ) : null}
                  {review.rejectReason ? (
                    <>
                      <dt className="text-gray-700">Reason</dt>
                      <dd>{review.rejectReason}</dd>
                    </>
                  ) : null}
                </dl>
              )}
            </section>
          )}
        </div>
      </div>
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
