import { lazy, Suspense } from "react";
import { FileText } from "lucide-react";
import { data, Link, redirect, useFetcher } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { CANCEL_ORDER_FETCHER, CancelOrder, type CancelResult } from "~/components/orders/cancel-order";
import { CodConfirmation, ExpectedDelivery, formatDateTime, OrderItems, OrderTimeline, PaymentInfo, ShippingInfo, useOrderState } from "~/components/orders/order-parts";
import { apiSources } from "~/lib/api-sentences.server";
import { useOrderApiText } from "~/lib/api-sentences";
import { localePath, metaTranslator, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages, requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/order";
import { cancelFromOrderPage, confirmCodFromOrderPage, loadOrderPage, payFromOrderPage, reorderFromOrderPage } from "./order.server";
import { BuyAgain, buysAgain } from "~/components/orders/buy-again";
import { loadAftercare } from "./order-returns.server";
import { CreditNotes } from "~/components/orders/credit-notes";
import { ReturnRequestAnswer, ReturnRequestForm, ReturnRequests } from "~/components/orders/return-request";
import { Tracking } from "~/components/orders/tracking";
import { WhatsAppChatLink } from "~/components/ui/whatsapp-chat-link";
import { orderChatText } from "#common/whatsapp-chat.ts";

/** Only an unpaid order shows "Complete payment": its payment step is fetched with it (decisions/037's budget). */
const CompletePayment = lazy(() => import("~/components/orders/complete-payment").then((module) => ({ default: module.CompletePayment })));

export const meta: Route.MetaFunction = ({ data, location, matches }) => {
  // The 404 page sets its own title and description.
  if (!data) return [];
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("orders.title", { number: data.order.orderNumber }), t("orders.description")), NOINDEX];
};

/** The owner or an admin; anyone else gets the 404 page, so order ids cannot be probed. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!context.user) {
    const url = new URL(request.url);
    throw redirect(localePath(`/login?${new URLSearchParams({ redirect: url.pathname })}`, requestLanguage(request)));
  }
  const order = await loadOrderPage(context, params.orderId, { id: context.user.id, role: context.user.role });
  if (!order) throw data(null, { status: 404 });
  // The shipment, credit notes and returns (decisions/032).
  const aftercare = await loadAftercare(context, order._id);
  return {
    order,
    isOwner: order.user._id === context.user.id,
    aftercare,
    messages: pageMessages(request, "orders", "checkout"),
    apiSources: apiSources(request, "orders.api.", "checkout.api."),
  };
}

/**
 * The owner's "Cancel order" (posted by the confirmation dialog's fetcher) and "Complete payment"
 * (intent "pay", from this page and My Orders), "Confirm order" (intent "confirm-cod") and "Buy again" (intent
 * "reorder", from this page and My Orders); REST's POST /api/orders/:id/cancel, /pay, /confirm-cod and /reorder are the same use cases.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!context.user) throw redirect(localePath(`/login?${new URLSearchParams({ redirect: new URL(request.url).pathname })}`, requestLanguage(request)));
  const form = await request.formData();
  if (form.get("intent") === "confirm-cod") {
    const { status, ...result } = await confirmCodFromOrderPage(context, params.orderId, context.user.id);
    return data(result, { status });
  }
  if (form.get("intent") === "reorder") {
    const { status, ...result } = await reorderFromOrderPage(context, params.orderId, context.user.id);
    return data(result, { status });
  }
  if (form.get("intent") === "pay") {
    const { status, headers, ...result } = await payFromOrderPage(context, params.orderId, context.user.id);
    return data(result, { status, headers });
  }
  const { status, ...result } = await cancelFromOrderPage(context, params.orderId, context.user.id);
  return data(result, { status });
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order, isOwner } = loaderData;
  const cancel = useFetcher<CancelResult>({ key: CANCEL_ORDER_FETCHER });
  const result = cancel.state === "idle" ? cancel.data : undefined;
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();
  const apiText = useOrderApiText();
  const orderState = useOrderState();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm">
        <Link to={lp("/profile")} className="font-medium text-brand-800 underline underline-offset-2">
          {t("orders.myOrders")}
        </Link>
      </p>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">
            {t("orders.orderBefore")}
            <span className="whitespace-nowrap">{order.orderNumber}</span>
          </h1>
          <p className="mt-2 text-gray-800">
            {t("orders.placedStatus", { date: formatDateTime(order.createdAt, language) })}
            <strong>{orderState(order)}</strong>
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          {order.invoiceSerial ? (
            <Link
              to={lp(`/order/${encodeURIComponent(order._id)}/invoice`)}
              className="inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
            >
              <FileText className="h-4 w-4" aria-hidden />
              {t("orders.viewInvoice")}
            </Link>
          ) : null}
          {isOwner && buysAgain(order) ? <BuyAgain orderId={order._id} orderNumber={order.orderNumber} variant="page" /> : null}
          {isOwner && order.cancellable ? <CancelOrder paid={order.isPaid} /> : null}
          {isOwner ? <WhatsAppChatLink text={orderChatText(order.orderNumber)} className="justify-center" /> : null}
        </div>
      </div>
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mt-4 rounded-md border px-4 py-3 ${result.ok ? "border-brand-200 bg-brand-50 text-brand-900" : "border-red-200 bg-red-50 text-red-800"}`}
        >
          {apiText(result.message)}
        </p>
      ) : null}
      {isOwner && order.status === "Pending" && !order.isPaid && order.paymentMethod !== "cod" && order.reservationExpiresAt ? (
        <Suspense fallback={null}>
          <CompletePayment orderId={order._id} orderNumber={order.orderNumber} payBy={order.reservationExpiresAt} variant="page" />
        </Suspense>
      ) : null}
      <div className="mt-8 space-y-6">
        <CodConfirmation order={order} isOwner={isOwner} />
        {/* Once Shiprocket's courier gives a date, the shipment below shows it instead of the promise at checkout. */}
        {order.shipment?.expectedDelivery ? null : <ExpectedDelivery order={order} />}
        <OrderTimeline order={order} />
        {loaderData.aftercare?.shipment ? <Tracking shipment={loaderData.aftercare.shipment} shiprocket={order.shipment} delivered={order.status === "Delivered"} /> : null}
        {isOwner ? <ReturnRequestAnswer /> : null}
        {loaderData.aftercare ? <ReturnRequests orderId={order._id} returns={loaderData.aftercare.returns} /> : null}
        {isOwner && loaderData.aftercare?.returnable ? <ReturnRequestForm orderId={order._id} returnable={loaderData.aftercare.returnable} /> : null}
        {loaderData.aftercare ? (
          <CreditNotes
            orderId={order._id}
            notes={loaderData.aftercare.creditNotes}
            className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
          />
        ) : null}
        <OrderItems order={order} refillLinks={isOwner && order.status !== "Cancelled"} />
        <div className="grid gap-6 lg:grid-cols-2">
          <ShippingInfo order={order} />
          <PaymentInfo order={order} />
        </div>
        <StatusHistory order={order} />
      </div>
    </main>
  );
}

function StatusHistory({ order }: { order: Route.ComponentProps["loaderData"]["order"] }) {
  const t = useT();
  const language = useLanguage();
  const apiText = useOrderApiText();
  return (
    <section aria-labelledby="history-heading" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="history-heading" className="text-lg font-semibold text-gray-900">
        {t("orders.history")}
      </h2>
      {order.statusHistory.length === 0 ? (
        <p className="mt-3 text-gray-700">{t("orders.noHistory")}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {order.statusHistory.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="flex flex-col gap-0.5 border-l-4 border-brand-200 pl-3 sm:flex-row sm:gap-4">
              <time dateTime={entry.at} className="text-sm whitespace-nowrap text-gray-700 sm:w-48">
                {formatDateTime(entry.at, language)}
              </time>
              <span className="text-gray-900">
                <strong>{t(`orders.status.${entry.status}`)}</strong>
                {entry.note ? <span className="text-gray-700"> — {apiText(entry.note)}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
