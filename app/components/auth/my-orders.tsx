import { lazy, Suspense } from "react";
import { Link, useNavigate } from "react-router";
import { PRODUCT_PLACEHOLDER } from "#common/images.ts";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { orderStateLabel, paymentMethodLabel, type MyOrderJson, type OrderJson } from "#common/orders.ts";
import { useTextOr } from "~/lib/api-text";
import { useLanguage, useLocalePath } from "~/lib/i18n";
import { BuyAgain, buysAgain } from "~/components/orders/buy-again";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { formatShortDate } from "#common/dates.ts";

/**
 * "Complete payment" shows only on an unpaid order: its payment step (Razorpay's loader, the test
 * gateway's dialog) is fetched with it rather than with every My Orders page (decisions/037's budget).
 */
const CompletePayment = lazy(() => import("~/components/orders/complete-payment").then((module) => ({ default: module.CompletePayment })));

/** What one row of My Orders needs (the spec's sample order shape plus the status), nothing more sent to the browser. */
export interface MyOrderRow {
  _id: string;
  orderNumber: string;
  createdAt: string;
  shippingAddress: { city: string; country: string };
  orderItems: { name: string; image: string; quantity: number }[];
  /** Rupees. */
  totalPrice: number;
  /** The coupon and its discount ("SAVE10: ₹50 off") when one was used (issue 15), else null. */
  coupon: { code: string; amount: string } | null;
  isPaid: boolean;
  /** "Cash on delivery" or "Online payment" (paymentMethodLabel), in English; the row shows it in the page's language. */
  payment: string;
  paymentMethod: string;
  status: OrderJson["status"];
  /** While the order awaits payment: when its reservation ends ("Complete payment by ..."); else null. */
  payBy: string | null;
  /** Where the order stands in the shop's one wording (orderStateLabel): "Processing", "Delivered", "Prescription under review"... */
  state: string;
}

export function toMyOrderRow(order: MyOrderJson): MyOrderRow {
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    shippingAddress: { city: order.shippingAddress.city, country: order.shippingAddress.country },
    orderItems: order.orderItems.map(({ name, image, quantity }) => ({ name, image, quantity })),
    totalPrice: order.totalPrice,
    coupon: order.coupon && order.discountPrice > 0 ? { code: order.coupon.code, amount: formatRupees(rupeesToPaise(order.discountPrice)) } : null,
    isPaid: order.isPaid,
    payment: paymentMethodLabel(order.paymentMethod),
    paymentMethod: order.paymentMethod,
    status: order.status,
    payBy: order.reservationExpiresAt,
    state: orderStateLabel(order),
  };
}

/**
 * The status in the words of every other screen and email (orderStateLabel: a Delivered order says
 * Delivered, not Paid); its colour says whether it went wrong, waits, or moves on.
 */
function statusBadge(order: MyOrderRow): { label: string; className: string } {
  const className =
    order.status === "Cancelled"
      ? order.state === "Prescription rejected"
        ? "bg-red-100 text-red-900"
        : "bg-gray-200 text-gray-900"
      : order.status === "Pending" || order.state === "Prescription under review"
        ? "bg-amber-100 text-amber-900"
        : "bg-brand-100 text-brand-900";
  return { label: order.state, className };
}

/** Whether the money came in ("Paid"), or for cash on delivery is still to come; nothing on a cancelled order (it may be refunded). */
function paymentState(order: MyOrderRow): string | null {
  if (order.status === "Cancelled") return null;
  return order.isPaid ? "Paid" : order.status === "Pending" ? null : "To be paid on delivery";
}

/**
 * My Orders (spec section 2, Profile): the customer's orders, newest first; a row opens the order.
 * A Pending order offers "Complete payment" until its reservation ends; every other order "Buy again". Checkouts that ended unpaid
 * are left out unless `showingExpired` (the link under the table switches, decisions/024).
 */
export function MyOrders({ orders, showingExpired = false }: { orders: MyOrderRow[]; showingExpired?: boolean }) {
  const navigate = useNavigate();
  // The profile's loader may not send the orders' texts yet: English there until it does.
  const text = useTextOr();
  const language = useLanguage();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="my-orders-heading" className="mt-10">
      <h2 id="my-orders-heading" className="text-2xl font-bold text-gray-900">
        {text("orders.myOrders", "My Orders")}
      </h2>
      {orders.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-8 text-center text-gray-700">
          {text("orders.noOrders", "You have no orders")}
        </p>
      ) : (
        // Below 640 px each order is a card (`stack-table`, app/app.css): status, price and actions stay on screen.
        <div className="relative mt-4 overflow-x-auto rounded-lg border border-gray-200">
          <table className="stack-table w-full min-w-[44rem] text-left text-sm">
            <thead className="bg-gray-50 text-xs font-semibold uppercase tracking-wide text-gray-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {text("orders.col.image", "Image")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {text("orders.col.orderId", "Order ID")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {text("orders.col.created", "Created")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {text("orders.col.shipping", "Shipping Address")}
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  {text("orders.col.items", "Items")}
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  {text("orders.col.price", "Price")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {text("orders.col.status", "Status")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {orders.map((order) => {
                const first = order.orderItems[0];
                const units = order.orderItems.reduce((sum, item) => sum + item.quantity, 0);
                const href = lp(`/order/${encodeURIComponent(order._id)}`);
                const badge = statusBadge(order);
                const paid = paymentState(order);
                return (
                  <tr
                    key={order._id}
                    className="cursor-pointer hover:bg-brand-50"
                    onClick={(event) => {
                      // The Order ID is the real link (keyboard, new tab); a click anywhere else in the row follows it too
                      // (not on "Complete payment", "Buy again" or inside the payment dialog).
                      if (!(event.target as HTMLElement).closest("a, button, dialog")) navigate(href);
                    }}
                  >
                    <td data-label="" className="px-4 py-3">
                      <ResponsiveImage
                        src={first?.image || PRODUCT_PLACEHOLDER}
                        alt={first ? first.name : text("orders.noImage", "No image")}
                        width={48}
                        height={48}
                        sizes="48px"
                        maxWidth={160}
                        className="aspect-square h-12 w-12 max-w-none shrink-0 rounded-md border border-gray-200 object-cover"
                      />
                    </td>
                    <td className="px-4 py-3 font-medium">
                      <Link to={href} className="text-brand-800 underline underline-offset-2">
                        {order.orderNumber}
                      </Link>
                    </td>
                    <td data-label={text("orders.col.created", "Created")} className="px-4 py-3 whitespace-nowrap text-gray-800">
                      <time dateTime={order.createdAt}>{formatShortDate(order.createdAt, language)}</time>
                    </td>
                    <td data-label={text("orders.col.shipTo", "Ship to")} className="px-4 py-3 text-gray-800">
                      <span lang="en">{order.shippingAddress.city}</span>,{" "}
                      {order.shippingAddress.country === "India" ? text("orders.india", "India") : order.shippingAddress.country}
                    </td>
                    <td data-label={text("orders.col.items", "Items")} className="px-4 py-3 text-right text-gray-800">
                      {units}
                    </td>
                    <td data-label={text("orders.col.price", "Price")} className="px-4 py-3 text-right font-medium whitespace-nowrap text-gray-900">
                      {formatRupees(rupeesToPaise(order.totalPrice))}
                      {order.coupon ? (
                        <span className="block text-xs font-normal text-green-800">
                          {text("orders.couponOff", `${order.coupon.code}: ${order.coupon.amount} off`, order.coupon)}
                        </span>
                      ) : null}
                      <span className="block text-xs font-normal text-gray-700">
                        {order.paymentMethod === "cod" ? text("orders.method.cod", order.payment) : text("orders.method.online", order.payment)}
                        {paid ? ` · ${text(`orders.pay.${paid}`, paid)}` : null}
                      </span>
                    </td>
                    <td data-label={text("orders.col.status", "Status")} className="px-4 py-3">
                      <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>
                        {text(`orders.status.${badge.label}`, badge.label)}
                      </span>
                      {order.payBy && order.status === "Pending" && !order.isPaid ? (
                        <Suspense fallback={null}>
                          <CompletePayment orderId={order._id} orderNumber={order.orderNumber} payBy={order.payBy} variant="row" />
                        </Suspense>
                      ) : null}
                      {buysAgain(order) ? <BuyAgain orderId={order._id} orderNumber={order.orderNumber} variant="row" /> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 text-sm">
        {showingExpired ? (
          <Link to={lp("/profile")} className="font-medium text-brand-800 underline underline-offset-2">
            {text("orders.hideExpired", "Hide expired attempts")}
          </Link>
        ) : (
          <Link to={lp("/profile?include=expired")} className="font-medium text-brand-800 underline underline-offset-2">
            {text("orders.showExpired", "Show expired attempts")}
          </Link>
        )}
      </p>
    </section>
  );
}
