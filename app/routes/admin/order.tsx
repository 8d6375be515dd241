import { Link, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import { useToastedFetcher } from "~/components/admin/confirm-delete";
import { ORDER_PAGE_MESSAGES } from "#common/admin.ts";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { addressLines, orderStateLabel, paymentMethodLabel } from "#common/orders.ts";
import { REVIEW_MESSAGES } from "#common/pharmacist.ts";
import { PRODUCT_PLACEHOLDER, imageUrl } from "#common/images.ts";
import { RemoveOrderButton } from "~/components/admin/order-removal";
import { formatDateTime } from "#common/dates.ts";
import { OrderStatusControls, SHIPMENT_FORM_ANCHOR } from "~/components/admin/order-controls";
import { ReturnDecisions } from "~/components/admin/return-decisions";
import { ShipmentForm } from "~/components/admin/shipment-form";
import { ShiprocketForm } from "~/components/admin/shiprocket-form";
import { CreditNotes } from "~/components/orders/credit-notes";
import { Tracking } from "~/components/orders/tracking";
import { HistoryLink } from "~/components/admin/history-link";
import { OrderMessages } from "~/components/admin/order-messages";
import { ADMIN_MAIN, AdminPageHeader, TABLE, TABLE_WRAP, TD, TH, THEAD } from "~/components/admin/page-header";
import { StatusBadge } from "~/components/admin/status-badge";
import { NOINDEX } from "~/components/auth/auth-card";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/order";
import { loadOrder } from "./order.server";
import { requireStaff } from "./require-admin.server";

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data ? `Order ${data.order.orderNumber} | Admin` : "Order | Admin", "An order's lines, customer, shipping address, payment and status history."),
  NOINDEX,
];

/** Pharmacists read an order too (no status controls, no removal); admins change it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  return { ...(await loadOrder(context, params.orderId, staff)), canChange: staff.role === "admin" };
}

/** After a delete or archive from this page it is left for the list; its own data is not reloaded (it may be gone). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "delete") return false;
  return defaultShouldRevalidate;
}

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

/**
 * A cash-on-delivery order being prepared: awaiting the shopper's confirmation (until when), with
 * "Confirm for the shopper" after a call (the orders page's intent "confirm-cod", audited), or who
 * confirmed it (decisions/044).
 */
function CodConfirmControl({ order }: { order: Route.ComponentProps["loaderData"]["order"] }) {
  const fetcher = useToastedFetcher(ORDER_PAGE_MESSAGES.confirmCodFailed);
  const confirmation = order.codConfirmation;
  if (!confirmation || order.status !== "Processing") return null;
  if (confirmation.confirmed) {
    return (
      <p className="w-full text-sm text-gray-800">
        Cash on delivery confirmed{confirmation.confirmedAt ? ` ${formatDateTime(confirmation.confirmedAt)}` : ""}
        {confirmation.confirmedBy ? ` by the ${confirmation.confirmedBy === "staff" ? "staff" : "shopper"}` : ""}.
      </p>
    );
  }
  return (
    <fetcher.Form method="post" action="/admin/orders" className="flex w-full flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2">
      <input type="hidden" name="id" value={order._id} />
      <p className="text-sm text-amber-950">
        Awaiting confirmation{confirmation.confirmBy ? ` until ${formatDateTime(confirmation.confirmBy)}` : ""}: cancelled then, with its stock released.
      </p>
      <button
        type="submit"
        name="intent"
        value="confirm-cod"
        disabled={fetcher.state !== "idle"}
        className="rounded-md border border-gray-400 bg-white px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-70"
      >
        {fetcher.state !== "idle" ? "Confirming..." : "Confirm for the shopper"}
        <span className="sr-only"> order {order.orderNumber} (cash on delivery)</span>
      </button>
    </fetcher.Form>
  );
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, canChange } = loaderData;
  const navigate = useNavigate();
  const label = order.orderNumber;
  const address = order.shippingAddress;
  return (
    <main id="main" className={`${ADMIN_MAIN} max-w-5xl`}>
      <Link to="/admin/orders" className="text-sm font-medium text-brand-800 underline">
        Back to orders
      </Link>
      <div className="mt-3">
        <AdminPageHeader title={`Order ${order.orderNumber}`}>
          <StatusBadge status={orderStateLabel(order)} />
          {canChange ? <HistoryLink entity="order" entityId={order._id} name={`order ${order.orderNumber}`} /> : null}
        </AdminPageHeader>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        Placed {formatDateTime(order.createdAt)}
        {order.archivedAt ? <> · archived {formatDateTime(order.archivedAt)}</> : null}
      </p>

      {canChange ? (
        <section aria-labelledby="order-status-heading" className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="order-status-heading" className="text-lg font-semibold text-gray-900">
            Status
          </h2>
          <OrderStatusControls orderId={order._id} label={label} status={order.status} nextStatuses={order.nextStatuses} shipHref={SHIPMENT_FORM_ANCHOR} />
          {order.prescription?.status === "pending" ? (
            <p className="w-full text-sm text-gray-700">{PRESCRIPTION_NOT_APPROVED_NOTE}</p>
          ) : null}
          <CodConfirmControl order={order} />
          <RemoveOrderButton order={order} label={label} onDeleted={() => navigate("/admin/orders")} />
        </section>
      ) : null}
      {order.prescription ? <PrescriptionDecision order={order} /> : null}
      {/* Shipping with courier and AWB, the shipment, returns and credit notes (decisions/032). */}
      {canChange && order.nextStatuses.includes("Shipped") ? (
        loaderData.parcel ? (
          <ShiprocketForm orderId={order._id} orderNumber={order.orderNumber} parcel={loaderData.parcel} />
        ) : (
          <ShipmentForm orderId={order._id} orderNumber={order.orderNumber} />
        )
      ) : null}
      {loaderData.aftercare?.shipment ? (
        <Tracking shipment={loaderData.aftercare.shipment} shiprocket={order.shipment} delivered={order.status === "Delivered"} className="mt-6" />
      ) : null}
      {loaderData.aftercare && loaderData.aftercare.returns.length > 0 ? (
        <section aria-labelledby="order-returns-heading" className="mt-6">
          <h2 id="order-returns-heading" className="text-lg font-semibold text-gray-900">
            Returns
          </h2>
          <ReturnDecisions returns={loaderData.aftercare.returns} canDecide={canChange} />
        </section>
      ) : null}
      {loaderData.aftercare ? <CreditNotes orderId={order._id} notes={loaderData.aftercare.creditNotes} className="mt-6" /> : null}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="order-customer-heading" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="order-customer-heading" className="text-lg font-semibold text-gray-900">
            Customer
          </h2>
          <p className="mt-2">{order.user.name || "Guest"}</p>
          <p className="break-all text-sm text-gray-700">{order.user.email ?? "No email (mobile number account)"}</p>
          <h3 className="mt-4 font-semibold text-gray-900">Shipping address</h3>
          {/* The lines the invoice and the customer's page print (landmark and state included). */}
          <address className="mt-1 not-italic break-words text-gray-800">
            <span className="block">
              {address.firstName} {address.lastName}
            </span>
            {addressLines(address).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">Phone {address.phone}</span>
          </address>
        </section>
        <section aria-labelledby="order-payment-heading" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="order-payment-heading" className="text-lg font-semibold text-gray-900">
            Payment
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-700">Items</dt>
            <dd className="text-right">{money(order.itemsPrice)}</dd>
            {order.discountPrice > 0 ? (
              <>
                <dt className="break-words text-gray-700">Discount{order.coupon ? ` (coupon ${order.coupon.code})` : ""}</dt>
                <dd className="text-right">-{money(order.discountPrice)}</dd>
              </>
            ) : null}
            <dt className="text-gray-700">Shipping</dt>
            <dd className="text-right">{order.shippingPrice === 0 ? "Free" : money(order.shippingPrice)}</dd>
            {order.codFee > 0 ? (
              <>
                <dt className="text-gray-700">Cash on delivery fee</dt>
                <dd className="text-right">{money(order.codFee)}</dd>
              </>
            ) : null}
            <dt className="text-gray-700">GST included</dt>
            <dd className="text-right">{money(order.taxPrice)}</dd>
            <dt className="font-semibold text-gray-900">Total</dt>
            <dd className="text-right font-semibold">{money(order.totalPrice)}</dd>
            <dt className="text-gray-700">Payment method</dt>
            <dd className="text-right">{paymentMethodLabel(order.paymentMethod)}</dd>
            <dt className="text-gray-700">Paid</dt>
            <dd className="text-right">{order.isPaid && order.paidAt ? formatDateTime(order.paidAt) : order.paymentMethod === "cod" ? "No (cash on delivery)" : "No"}</dd>
            {order.payment ? (
              <>
                <dt className="text-gray-700">Payment</dt>
                <dd className="text-right">
                  {order.payment.provider} · {order.payment.status}
                </dd>
              </>
            ) : null}
            {order.invoiceSerial ? (
              <>
                <dt className="text-gray-700">Invoice</dt>
                <dd className="text-right font-mono">{order.invoiceSerial}</dd>
              </>
            ) : null}
            <dt className="text-gray-700">Delivered</dt>
            <dd className="text-right">{order.isDelivered && order.deliveredAt ? formatDateTime(order.deliveredAt) : "No"}</dd>
          </dl>
        </section>
      </div>

      <section aria-labelledby="order-lines-heading" className="mt-6">
        <h2 id="order-lines-heading" className="text-lg font-semibold text-gray-900">
          Items
        </h2>
        <div className={TABLE_WRAP}>
          <table className={`${TABLE} min-w-[36rem]`}>
            <thead className={THEAD}>
              <tr>
                <th scope="col" className={TH}><span className="sr-only">Image</span></th>
                <th scope="col" className={TH}>Product</th>
                <th scope="col" className={TH}>SKU</th>
                <th scope="col" className={`${TH} text-right`}>Price</th>
                <th scope="col" className={`${TH} text-right`}>Qty</th>
                <th scope="col" className={`${TH} text-right`}>Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {order.lines.map((line) => (
                <tr key={`${line.productId}-${line.sku}`}>
                  <td data-label="" className={TD}>
                    <img src={imageUrl(line.image || PRODUCT_PLACEHOLDER, 80)} alt="" width={40} height={40} className="aspect-square h-10 w-10 max-w-none shrink-0 rounded bg-gray-100 object-contain" />
                  </td>
                  <td className={TD}>
                    <Link to={`/admin/products/${line.productId}/edit`} className="text-brand-800 underline">
                      {line.name}
                    </Link>
                  </td>
                  <td data-label="SKU" className={`${TD} font-mono text-xs`}>{line.sku}</td>
                  <td data-label="Price" className={`${TD} text-right`}>{money(line.price)}</td>
                  <td data-label="Qty" className={`${TD} text-right`}>{line.quantity}</td>
                  <td data-label="Total" className={`${TD} text-right`}>{money(line.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <OrderMessages messages={loaderData.messages} className="mt-6" />

      {order.statusHistory.length > 0 ? (
        <section aria-labelledby="order-history-heading" className="mt-6">
          <h2 id="order-history-heading" className="text-lg font-semibold text-gray-900">
            Status history
          </h2>
          <ol className="mt-2 space-y-1 text-sm">
            {order.statusHistory.map((entry, index) => (
              <li key={index}>
                <span className="font-medium">{entry.status}</span> · {formatDateTime(entry.at)}
                {entry.note ? <span className="text-gray-700"> · {entry.note}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </main>
  );
}

const PRESCRIPTION_NOT_APPROVED_NOTE = `${REVIEW_MESSAGES.notShippable}: it can be shipped once a pharmacist approves it.`;

/** The pharmacist's decision on an order with prescription-only lines, and the way to the review. */
function PrescriptionDecision({ order }: { order: Route.ComponentProps["loaderData"]["order"] }) {
  const review = order.prescription!;
  return (
    <section aria-labelledby="order-prescription-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="order-prescription-heading" className="text-lg font-semibold text-gray-900">
        Prescription
      </h2>
      <p className="mt-2 font-medium">{orderStateLabel({ status: "Processing", prescription: review })}</p>
      {review.reviewer ? (
        <p className="mt-1 text-sm text-gray-700">
          Reviewed by {review.reviewer.name} (registration {review.reviewer.registration})
          {review.reviewedAt ? <> on {formatDateTime(review.reviewedAt)}</> : null}
        </p>
      ) : null}
      {review.reason ? <p className="mt-1 text-sm text-gray-700">Reason: {review.reason}</p> : null}
      <Link to={`/admin/prescriptions/orders/${order._id}`} className="mt-2 inline-block text-sm font-medium text-brand-800 underline">
        {review.status === "pending" ? "Review the prescription" : "See the prescription and the decision"}
      </Link>
    </section>
  );
}

export { ErrorBoundary } from "~/components/admin/admin-error";
