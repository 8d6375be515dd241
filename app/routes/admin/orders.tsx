import { Form, Link } from "react-router";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { orderStateLabel, paymentMethodLabel } from "#common/orders.ts";
import { RemoveOrderButton } from "~/components/admin/order-removal";
import { formatDateTime } from "#common/dates.ts";
import { codConfirmationLabel, ORDER_FILTER_STATUSES, ORDER_PAGE_MESSAGES } from "#common/admin.ts";
import { OrderStatusControls, SHIPMENT_FORM_ANCHOR } from "~/components/admin/order-controls";
import { ADMIN_MAIN, AdminPageHeader, EmptyState, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { ShipDialog } from "~/components/admin/ship-dialog";
import { StatusBadge } from "~/components/admin/status-badge";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/orders";
import { changeOrders, loadOrders } from "./orders.server";
import { requireAdmin, requireStaff } from "./require-admin.server";

export const meta: Route.MetaFunction = () => [...pageMeta("Orders | Admin", "The shop's orders: filter by status, search, update, archive and delete."), NOINDEX];

/** Pharmacists read the orders too (no status changes, no removal); admins change them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  return { ...(await loadOrders(context, new URL(request.url))), canChange: staff.role === "admin" };
}

/** Status changes (the select or Mark as Delivered) and deletions or archiving, from this page and the order's own page. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return changeOrders(context, await request.formData());
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, hasNext, page, search, status, archived, expired, awaitingCod, error, canChange, parcels } = loaderData;
  return (
    <main id="main" className={ADMIN_MAIN}>
      <AdminPageHeader title="Orders" />
      <Form method="get" role="search" aria-label="Filter orders" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="order-status-filter" className="block text-sm font-medium text-gray-800">
            Status
          </label>
          <select
            id="order-status-filter"
            name="status"
            defaultValue={status}
            className="mt-1 rounded-md border border-gray-400 bg-white px-3 py-2 text-sm"
          >
            <option value="">All statuses</option>
            {ORDER_FILTER_STATUSES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="order-search" className="block text-sm font-medium text-gray-800">
            Search
          </label>
          <input
            id="order-search"
            type="search"
            name="search"
            defaultValue={search}
            placeholder="Order, name or email"
            className="mt-1 w-56 rounded-md border border-gray-400 px-3 py-2 text-sm"
          />
        </div>
        <label className="flex items-center gap-2 py-2 text-sm font-medium text-gray-800">
          <input type="checkbox" name="archived" value="include" defaultChecked={archived} className="h-4 w-4" />
          Show archived
        </label>
        <label className="flex items-center gap-2 py-2 text-sm font-medium text-gray-800">
          <input type="checkbox" name="include" value="expired" defaultChecked={expired} className="h-4 w-4" />
          Show expired attempts
        </label>
        <label className="flex items-center gap-2 py-2 text-sm font-medium text-gray-800">
          <input type="checkbox" name="cod" value="unconfirmed" defaultChecked={awaitingCod} className="h-4 w-4" />
          Only COD awaiting confirmation
        </label>
        <button type="submit" className="rounded-md border border-gray-400 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100">
          Apply
        </button>
        {status || search || archived || expired || awaitingCod ? (
          <Link to="/admin/orders" className="py-2 text-sm font-medium text-brand-800 underline">
            Clear filters
          </Link>
        ) : null}
      </Form>
      {error ? (
        <EmptyState error>{error}</EmptyState>
      ) : orders.length === 0 ? (
        <EmptyState>{ORDER_PAGE_MESSAGES.empty}</EmptyState>
      ) : (
        <>
          <p className="mt-4 text-sm text-gray-700">
            {total} {total === 1 ? "order" : "orders"}
          </p>
          <div className={TABLE_WRAP}>
            <table className={`${TABLE} min-w-[60rem]`}>
              <thead className={THEAD}>
                <tr>
                  <th scope="col" className={TH}>Order</th>
                  <th scope="col" className={TH}>Date</th>
                  <th scope="col" className={TH}>Customer</th>
                  <th scope="col" className={`${TH} text-right`}>Total</th>
                  <th scope="col" className={TH}>Paid</th>
                  <th scope="col" className={TH}>Status</th>
                  {canChange ? (
                    <>
                      <th scope="col" className={TH}>Change status</th>
                      <th scope="col" className={TH}><span className="sr-only">Delete or archive</span></th>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {orders.map((order) => {
                  const label = order.orderNumber;
                  const cod = codConfirmationLabel(order);
                  const parcel = parcels[order._id];
                  const shipHref = `/admin/orders/${order._id}${SHIPMENT_FORM_ANCHOR}`;
                  return (
                    <tr key={order._id}>
                      <td className={TD}>
                        <Link to={`/admin/orders/${order._id}`} className="font-mono font-medium text-brand-800 underline">
                          {label}
                        </Link>
                      </td>
                      <td data-label="Date" className={`${TD} whitespace-nowrap`}>{formatDateTime(order.createdAt)}</td>
                      <td data-label="Customer" className={TD}>
                        {order.user.name || "Guest"}
                        <span className="block break-all text-xs text-gray-600">{order.user.email ?? "No email (mobile number account)"}</span>
                      </td>
                      <td data-label="Total" className={`${TD} text-right`}>{formatRupees(rupeesToPaise(order.totalPrice))}</td>
                      <td data-label="Paid" className={TD}>
                        {order.isPaid ? "Yes" : "No"}
                        <span className="block text-xs text-gray-600">{paymentMethodLabel(order.paymentMethod)}</span>
                        {cod ? (
                          <span className={`mt-1 block text-xs font-semibold ${cod === "Confirmed" ? "text-green-800" : "text-amber-800"}`}>{cod}</span>
                        ) : null}
                      </td>
                      <td data-label="Status" className={TD}>
                        <StatusBadge status={orderStateLabel(order)} />
                        {order.archivedAt ? <span className="mt-1 block text-xs text-gray-600">Archived</span> : null}
                      </td>
                      {canChange ? (
                        <>
                          <td data-label="" className={TD}>
                            <OrderStatusControls
                              orderId={order._id}
                              label={label}
                              status={order.status}
                              nextStatuses={order.nextStatuses}
                              shipHref={shipHref}
                              shipControl={parcel ? <ShipDialog orderId={order._id} orderNumber={label} parcel={parcel} href={shipHref} /> : undefined}
                            />
                          </td>
                          <td data-label="" className={`${TD} text-right`}>
                            <RemoveOrderButton order={order} label={label} />
                          </td>
                        </>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager page={page} hasNext={hasNext} label="Orders pages" />
    </main>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
