import { CalendarClock, Check, CheckCircle2, Truck } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { COUNTRY_INDIA } from "#common/india.ts";
import { formatRupeeAmount } from "#common/money.ts";
import { addressLines, orderStateLabel, type OrderDetailJson, type OrderJson } from "#common/orders.ts";
import { formatDateTime, formatDeliveryDate } from "#common/dates.ts";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useOrderApiText } from "~/lib/api-sentences";
import { useLanguage, useLocalePath, useT, type Translate } from "~/lib/i18n";

export type OrderDetail = OrderDetailJson;
export { formatDateTime };

/** The order JSON carries rupees (the API contract's edge): shown as they are, never turned back into paise. */
export const rupees = formatRupeeAmount;

const CARD = "rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 print:border-gray-400 print:shadow-none";

/** "Paid", "Pending" or "Cancelled" for the shopper; "Refunded" once a paid order's money went back. */
export function paymentStatusLabel(order: OrderDetail): string {
  if (order.payment?.status === "refunded") return "Refunded";
  if (order.isPaid) return "Paid";
  if (order.status === "Cancelled") return "Cancelled";
  if (order.paymentMethod === "cod") return "To be paid on delivery";
  return "Pending";
}

const METHODS = ["card", "upi", "netbanking", "wallet", "emi", "paylater"];

/** How the shopper paid, in the page's language: the method Razorpay reported (card, upi, ...), else the gateway's name. */
export function paymentMethodLabel(order: OrderDetail, t: Translate): string {
  if (order.paymentMethod === "cod") return t("orders.method.cod");
  if (order.payment?.provider === "test") return t("orders.method.test");
  const method = order.payment?.method;
  if (method) return METHODS.includes(method) ? t(`orders.method.${method}`) : method;
  return "Razorpay";
}

/** The order's state (its status, or the prescription review's) in the page's language. */
export function useOrderState(): (order: Parameters<typeof orderStateLabel>[0]) => string {
  const t = useT();
  return (order) => t(`orders.status.${orderStateLabel(order)}`);
}

/** The spec's four steps; where the order really is. A cancelled order says so instead of pretending to move. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const t = useT();
  const language = useLanguage();
  const steps = [
    { label: t("orders.step.placed"), reached: true },
    { label: t("orders.step.processing"), reached: ["Processing", "Shipped", "Delivered"].includes(order.status) },
    { label: t("orders.step.shipped"), reached: ["Shipped", "Delivered"].includes(order.status) },
    { label: t("orders.step.delivered"), reached: order.status === "Delivered" },
  ];
  const currentIndex = steps.reduce((last, step, index) => (step.reached ? index : last), 0);
  return (
    <section aria-labelledby="timeline-heading" className={CARD}>
      <h2 id="timeline-heading" className="text-lg font-semibold text-gray-900">
        {t("orders.statusHeading")}
      </h2>
      <PrescriptionState order={order} />
      {order.status === "Cancelled" ? (
        <p className="mt-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {order.cancelledAt ? t("orders.cancelledOn", { date: formatDateTime(order.cancelledAt, language) }) : t("orders.cancelled")}
        </p>
      ) : (
        <ol className="mt-4 grid gap-4 sm:grid-cols-4">
          {steps.map((step, index) => {
            const current = index === currentIndex;
            return (
              <li key={step.label} aria-current={current ? "step" : undefined} className="flex items-center gap-3 sm:flex-col sm:text-center">
                <span
                  className={`flex h-9 w-9 flex-none items-center justify-center rounded-full border-2 ${
                    step.reached ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white text-gray-600"
                  }`}
                  aria-hidden
                >
                  {step.reached ? <Check className="h-5 w-5" /> : index + 1}
                </span>
                <span className={step.reached ? "font-semibold text-gray-900" : "text-gray-700"}>
                  {step.label}
                  <span className="sr-only">{t(current ? "orders.stepCurrent" : step.reached ? "orders.stepDone" : "orders.stepNotYet")}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** The lines as bought (prices of the day of purchase) and the order's totals. */
/**
 * The order's lines and totals. `refillLinks` (the order page, for its owner) adds under each line
 * "Subscribe and refill", which opens My Refills' set-up for that product (issue 32).
 */
export function OrderItems({ order, refillLinks = false }: { order: OrderDetail; refillLinks?: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="items-heading" className={CARD}>
      <h2 id="items-heading" className="text-lg font-semibold text-gray-900">
        {t("orders.items")}
      </h2>
      <ul aria-label={t("orders.itemsOrdered")} className="mt-3 divide-y divide-gray-200">
        {order.lines.map((line) => (
          <li key={`${line.productId}-${line.sku}`} className="flex gap-3 py-3">
            <ResponsiveImage
              src={line.image || "/images/placeholder-cart.svg"}
              fallback="/images/placeholder-cart.svg"
              alt=""
              width={64}
              height={64}
              sizes="64px"
              maxWidth={128}
              className="h-16 w-16 flex-none rounded-md border border-gray-200 bg-gray-50 object-cover print:hidden"
            />
            <div className="min-w-0 flex-1">
              <p lang="en" className="font-medium break-words text-gray-900">
                {line.name}
              </p>
              <p className="text-sm text-gray-700">
                {t("orders.qty", { quantity: line.quantity })} × {rupees(line.price)}
              </p>
              {refillLinks ? (
                <Link
                  to={lp(`/profile/refills?product=${encodeURIComponent(line.productId)}#new`)}
                  className="text-sm font-semibold text-brand-800 underline print:hidden"
                >
                  {t("orders.refill")}
                  <span lang="en" className="sr-only">
                    {" "}
                    {line.name}
                  </span>
                </Link>
              ) : null}
            </div>
            <p className="font-semibold whitespace-nowrap text-gray-900">{rupees(line.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 border-t border-gray-200 pt-3 text-gray-800">
        <div className="flex justify-between gap-4">
          <dt>{t("orders.subtotal")}</dt>
          <dd>{rupees(order.itemsPrice)}</dd>
        </div>
        {order.discountPrice > 0 ? (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>{order.coupon ? t("orders.discountCode", { code: order.coupon.code }) : t("orders.discount")}</dt>
            <dd>-{rupees(order.discountPrice)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>{t("orders.shipping")}</dt>
          <dd>{order.shippingPrice === 0 ? t("orders.free") : rupees(order.shippingPrice)}</dd>
        </div>
        {order.codFee > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t("orders.codFee")}</dt>
            <dd>{rupees(order.codFee)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 text-sm text-gray-700">
          <dt>{t("orders.gstIncluded")}</dt>
          <dd>{rupees(order.taxPrice)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-gray-200 pt-2 text-lg font-bold text-gray-900">
          <dt>{t("orders.total")}</dt>
          <dd>{rupees(order.totalPrice)}</dd>
        </div>
      </dl>
      {savedOnMrp(order) > 0 ? <p className="mt-2 text-right font-semibold text-green-800">{t("orders.youSave", { amount: rupees(savedOnMrp(order)) })}</p> : null}
    </section>
  );
}

/** Rupees saved against the printed MRP: the lines' MRP less what was paid for them (the coupon included). */
export function savedOnMrp(order: OrderDetail): number {
  const mrpPaise = order.lines.reduce((sum, line) => sum + Math.round(Math.max(line.mrp ?? line.price, line.price) * 100) * line.quantity, 0);
  return (mrpPaise - Math.round(order.itemsPrice * 100) + Math.round(order.discountPrice * 100)) / 100;
}

export function ShippingInfo({ order }: { order: OrderDetail }) {
  const address = order.shippingAddress;
  const t = useT();
  return (
    <section aria-labelledby="shipping-info-heading" className={CARD}>
      <h2 id="shipping-info-heading" className="text-lg font-semibold text-gray-900">
        {t("orders.shippingInfo")}
      </h2>
      <address className="mt-3 space-y-1 break-words text-gray-800 not-italic">
        <span lang="en" className="block font-medium text-gray-900">
          {address.firstName} {address.lastName}
        </span>
        {/* As typed (English, Latin script), the landmark's label and India in the page's language. */}
        {addressLines(address, t("orders.landmark")).map((line) =>
          line === COUNTRY_INDIA ? (
            <span key={line} className="block">
              {t("orders.india")}
            </span>
          ) : (
            <span key={line} lang="en" className="block">
              {line}
            </span>
          ),
        )}
        <span className="block">{t("orders.phone", { phone: address.phone })}</span>
        <span className="block wrap-anywhere">{t("orders.email", { email: address.email })}</span>
      </address>
    </section>
  );
}

/** Payment id, provider order id, the signature's first 10 characters, status, amount, method. */
export function PaymentInfo({ order }: { order: OrderDetail }) {
  const payment = order.payment;
  const t = useT();
  const language = useLanguage();
  const status = t(`orders.pay.${paymentStatusLabel(order)}`);
  const method = paymentMethodLabel(order, t);
  const signature = order.paymentResult?.razorpay_signature ?? payment?.signature ?? null;
  // Cash on delivery has no gateway ids: the method, where it stands and the amount (decisions/022).
  const rows: [string, string][] =
    order.paymentMethod === "cod"
      ? [
          [t("orders.row.method"), method],
          [t("orders.row.status"), status],
          [t("orders.row.amount"), rupees(order.totalPrice)],
        ]
      : [
          [t("orders.row.paymentId"), order.paymentResult?.razorpay_payment_id ?? payment?.providerPaymentId ?? "—"],
          [t("orders.row.orderId"), order.paymentResult?.razorpay_order_id ?? payment?.providerOrderId ?? "—"],
          [t("orders.row.signature"), signature ? `${signature.slice(0, 10)}...` : "—"],
          [t("orders.row.status"), status],
          [t("orders.row.amount"), rupees(payment?.amount ?? order.totalPrice)],
          [t("orders.row.method"), method],
        ];
  if (order.paidAt) rows.push([t("orders.row.paidAt"), formatDateTime(order.paidAt, language)]);
  if (payment && payment.refunded > 0) rows.push([t("orders.row.refunded"), rupees(payment.refunded)]);
  return (
    <section aria-labelledby="payment-info-heading" className={CARD}>
      <h2 id="payment-info-heading" className="text-lg font-semibold text-gray-900">
        {t("orders.paymentInfo")}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-700">{label}</dt>
            <dd className="font-medium wrap-anywhere text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** What a shopper reads about the pharmacist's review (orderStateLabel, the words of every page and email). */
function PrescriptionState({ order }: { order: OrderDetail }) {
  const review = order.prescription;
  const t = useT();
  const lp = useLocalePath();
  const apiText = useOrderApiText();
  if (!review) return null;
  const label = t(`orders.status.${orderStateLabel(order)}`);
  if (review.status === "rejected") {
    return (
      <div className="mt-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        <p className="font-semibold">{label}</p>
        {review.reason ? <p>{t("orders.rxReason", { reason: apiText(review.reason) })}</p> : null}
        <p>
          {t("orders.rxYouCan")}
          <Link to={lp("/profile/prescriptions")} className="font-medium underline">
            {t("orders.rxUploadNew")}
          </Link>
          {t("orders.rxOrderAgain")}
        </p>
      </div>
    );
  }
  if (order.status !== "Processing") return null;
  return (
    <p className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
      <span className="font-semibold">{label}</span>
      {t(review.status === "approved" ? "orders.rxApproved" : "orders.rxChecking")}
    </p>
  );
}

// The cash-on-delivery confirmation and the promised delivery date live here, with the other
// parts both order pages share, so that neither page loads one more module before hydration
// (tests/api/js-budget.test.ts).
/** What the order page's action answers for `intent=confirm-cod`. */
export interface CodConfirmResult {
  ok: boolean;
  message: string;
}

/**
 * The delivery date promised when the order was placed, while it is still on its way (the
 * confirmation page and the order page).
 */
export function ExpectedDelivery({ order }: { order: Pick<OrderJson, "estimatedDelivery" | "status"> }) {
  const t = useT();
  const language = useLanguage();
  if (!order.estimatedDelivery || order.status === "Delivered" || order.status === "Cancelled") return null;
  return (
    <p data-testid="order-delivery" className="flex items-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-gray-900">
      <Truck className="h-4 w-4 flex-none text-brand-700" aria-hidden />
      <span>
        {t("orders.expected")}
        <strong>{t("orders.deliveryBy", { date: formatDeliveryDate(order.estimatedDelivery.to, language) })}</strong>
      </span>
    </p>
  );
}

/**
 * A cash-on-delivery order waiting for its confirmation (decisions/044): the deadline, and the
 * owner's one-tap "Confirm order" (posted to the order page's action, with or without JavaScript).
 * Once confirmed it says so; unconfirmed orders are cancelled at the deadline and their stock released.
 */
export function CodConfirmation({ order, isOwner = true }: { order: Pick<OrderJson, "_id" | "status" | "codConfirmation">; isOwner?: boolean }) {
  const fetcher = useFetcher<CodConfirmResult>();
  const t = useT();
  const language = useLanguage();
  const apiText = useOrderApiText();
  const lp = useLocalePath();
  const confirmation = order.codConfirmation;
  if (!confirmation || order.status !== "Processing") return null;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (confirmation.confirmed) {
    return (
      <p role="status" className="flex items-center gap-2 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-brand-900">
        <CheckCircle2 className="h-4 w-4 flex-none" aria-hidden />
        {result?.ok ? apiText(result.message) : t("orders.codConfirmed")}
      </p>
    );
  }
  return (
    <section aria-labelledby="cod-confirm-heading" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="cod-confirm-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock className="h-5 w-5 flex-none" aria-hidden />
        {t("orders.codConfirmHeading")}
      </h2>
      <p className="mt-1">
        {t("orders.codHoldBefore")}
        <strong>{confirmation.confirmBy ? formatDateTime(confirmation.confirmBy, language) : t("orders.codHoldWindow")}</strong>
        {t("orders.codHoldAfter")}
      </p>
      {isOwner ? (
        <fetcher.Form method="post" action={lp(`/order/${encodeURIComponent(order._id)}`)} className="mt-3">
          <input type="hidden" name="intent" value="confirm-cod" />
          <button
            type="submit"
            aria-disabled={fetcher.state !== "idle"}
            className="w-full rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-70 sm:w-auto"
          >
            {t(fetcher.state !== "idle" ? "orders.confirming" : "orders.confirm")}
          </button>
        </fetcher.Form>
      ) : null}
      {result && !result.ok ? (
        <p role="alert" className="mt-2 text-red-800">
          {apiText(result.message)}
        </p>
      ) : null}
    </section>
  );
}
