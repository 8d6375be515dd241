import { ADMIN_MAIN, AdminPageHeader, EmptyState } from "~/components/admin/page-header";
import { StatusFilter } from "~/components/admin/status-filter";
import { Pager } from "~/components/admin/pager";
import { PrescriptionOrderCard } from "~/components/admin/prescription-order-card";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/prescription-orders";
import { answerPrescriptionOrder, loadPrescriptionOrders } from "./prescription-orders.server";
import { requireStaff } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Prescription orders | Admin", "Shoppers' requests to build an order from their prescription: propose the items or decline."),
  NOINDEX,
];

/** Pharmacists and admins read the queue; only a pharmacist answers (the use case refuses anyone else). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  return loadPrescriptionOrders(context, new URL(request.url), staff);
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  return answerPrescriptionOrder(context, staff, await request.formData());
}

const FILTERS = [
  { value: "waiting", label: "Waiting" },
  { value: "proposed", label: "Proposed" },
  { value: "declined", label: "Declined" },
  { value: "all", label: "All" },
] as const;

export default function AdminPrescriptionOrders({ loaderData }: Route.ComponentProps) {
  const { status, requests, total, page, hasNext, canAnswer, maxQuantity } = loaderData;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Prescription orders">
        <p className="text-sm text-gray-700">
          {total} {total === 1 ? "request" : "requests"}, oldest first
        </p>
      </AdminPageHeader>
      <p className="mt-2 max-w-3xl text-sm text-gray-700">
        Shoppers who sent a prescription and asked us to build the order. Read the prescription, then propose the medicines (they go into the
        shopper's cart) or decline with the reason.{canAnswer ? "" : " Only a pharmacist can answer."}
      </p>
      <StatusFilter id="prescription-order-status" label="Filter requests" value={status} options={FILTERS} />
      {requests.length === 0 ? (
        <EmptyState>{status === "waiting" ? "No requests are waiting." : "No requests found"}</EmptyState>
      ) : (
        <ol className="mt-4 space-y-4" aria-label="Prescription order requests">
          {requests.map((request) => (
            <li key={request._id}>
              <PrescriptionOrderCard request={request} canAnswer={canAnswer} maxQuantity={maxQuantity} />
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} hasNext={hasNext} label="Request pages" />
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
