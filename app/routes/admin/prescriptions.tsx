import { H1_RETENTION_YEARS } from "#common/pharmacist.ts";
import { Download } from "lucide-react";
import { Link } from "react-router";
import { PRESCRIPTION_STATUS_LABELS } from "#common/prescriptions.ts";
import { ADMIN_MAIN, AdminPageHeader, BUTTON_PRIMARY, EmptyState } from "~/components/admin/page-header";
import { StatusFilter } from "~/components/admin/status-filter";
import { Pager } from "~/components/admin/pager";
import { ReviewStateBadge } from "~/components/admin/prescription-review";
import { NOINDEX } from "~/components/auth/auth-card";
import { formatDateTime } from "#common/dates.ts";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/prescriptions";
import { loadQueue } from "./prescriptions.server";
import { requireStaff } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Prescriptions | Admin", "The pharmacist's review queue: prescriptions awaiting a decision, oldest first, and the Schedule H1 register."),
  NOINDEX,
];

/** Pharmacists and admins (the decision itself is a pharmacist's: the review page says so to an admin). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(request, context);
  return loadQueue(context, new URL(request.url));
}

const FILTERS = [
  { value: "pending", label: "Awaiting review" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
] as const;

export default function AdminPrescriptions({ loaderData }: Route.ComponentProps) {
  const { status, entries, total, page, hasNext, register } = loaderData;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Prescriptions">
        <p className="text-sm text-gray-700">
          {total} {total === 1 ? "prescription" : "prescriptions"}
          {status === "pending" ? " awaiting review, oldest first" : ""}
        </p>
      </AdminPageHeader>
      <StatusFilter id="prescription-status-filter" label="Filter prescriptions" value={status} options={FILTERS} />

      {entries.length === 0 ? (
        <EmptyState>{status === "pending" ? "No prescriptions are waiting for review." : "No prescriptions found"}</EmptyState>
      ) : (
        <ol className="mt-4 space-y-4" aria-label="Prescription queue">
          {entries.map((entry) => (
            <li key={entry._id} className="rounded-lg border border-gray-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h2 className="font-semibold text-gray-900">
                    {entry.patientName ? `Patient: ${entry.patientName}` : "Patient not named"}
                    {entry.doctorName ? <span className="font-normal text-gray-700"> · {entry.doctorName}</span> : null}
                  </h2>
                  <p className="text-sm text-gray-700">
                    Uploaded {formatDateTime(entry.createdAt)} · <span className="break-all">{entry.fileName}</span>
                  </p>
                </div>
                <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-800">{PRESCRIPTION_STATUS_LABELS[entry.status]}</span>
              </div>
              <ul className="mt-3 space-y-2">
                {entry.orders.map((order) => (
                  <li key={order._id} className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-gray-50 px-3 py-2">
                    <div className="min-w-0 text-sm">
                      <p>
                        <span className="font-medium">Order {order.orderNumber}</span> · {order.patient} ·{" "}
                        <ReviewStateBadge status={order.status} prescriptionStatus={order.prescriptionStatus} />
                      </p>
                      <p className="text-gray-700">{order.rxLines.map((line) => `${line.name} × ${line.quantity} (${line.schedule})`).join(", ") || "No prescription-only lines"}</p>
                    </div>
                    <Link
                      to={`/admin/prescriptions/orders/${order._id}`}
                      className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                    >
                      {order.prescriptionStatus === "pending" && order.status !== "Cancelled" ? "Review" : "View"}
                      <span className="sr-only"> order {order.orderNumber}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} hasNext={hasNext} label="Prescription pages" />

      <section aria-labelledby="h1-register-heading" className="mt-8 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="h1-register-heading" className="text-lg font-semibold text-gray-900">
          Schedule H1 register
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Every Schedule H1 medicine dispensed against an approved prescription, with the patient's name and address, by the day of approval
          (India time), as CSV. Any period of up to {H1_RETENTION_YEARS} years, the time the register is kept.
        </p>
        <form method="get" action="/admin/prescriptions/h1-register.csv" className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="h1-from" className="block text-sm font-medium text-gray-800">
              From
            </label>
            <input id="h1-from" type="date" name="from" required defaultValue={register.from} className="mt-1 rounded-md border border-gray-400 px-3 py-2 text-sm" />
          </div>
          <div>
            <label htmlFor="h1-to" className="block text-sm font-medium text-gray-800">
              To
            </label>
            <input id="h1-to" type="date" name="to" required defaultValue={register.to} className="mt-1 rounded-md border border-gray-400 px-3 py-2 text-sm" />
          </div>
          <button type="submit" className={`${BUTTON_PRIMARY} text-sm`}>
            <Download className="h-4 w-4" aria-hidden />
            Download H1 register
          </button>
        </form>
      </section>
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
