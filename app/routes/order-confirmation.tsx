import { CheckCircle2, Printer } from "lucide-react";
import { Link, redirect, useRouteLoaderData } from "react-router";
import { NOINDEX } from "~/components/auth/auth-card";
import { CodConfirmation, ExpectedDelivery, formatDateTime, OrderItems, OrderTimeline, PaymentInfo, rupees, ShippingInfo } from "~/components/orders/order-parts";
import { apiSources } from "~/lib/api-sentences.server";
import { localePath, metaTranslator, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { pageMessages, requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/order-confirmation";
import { loadConfirmation } from "./order-confirmation.server";
import { RECEIPT_PRINT_CSS } from "#common/print-css.ts";
import type { loader as rootLoader } from "~/root";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("orders.confTitle"), t("orders.confDescription")), NOINDEX];
};

/**
 * The order comes from the database, not from the previous page's state, so a refresh (or the
 * link in the email) shows the same page. Only its owner sees it; without an order, back home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get("orderId");
  if (!orderId) throw redirect(localePath("/", requestLanguage(request)));
  if (!context.user) throw redirect(localePath(`/login?${new URLSearchParams({ redirect: url.pathname + url.search })}`, requestLanguage(request)));
  const order = await loadConfirmation(context, orderId, context.user.id);
  if (!order) throw redirect(localePath("/", requestLanguage(request)));
  return { order, messages: pageMessages(request, "orders"), apiSources: apiSources(request, "orders.api.") };
}


export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  // The printed receipt carries the seller (the footer, which shows it on screen, is not printed).
  const seller = useRouteLoaderData<typeof rootLoader>("root")?.seller;
  const t = useT();
  const language = useLanguage();
  const lp = useLocalePath();
  const email = order.shippingAddress.email;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <style>{RECEIPT_PRINT_CSS}</style>
      <div id="receipt">
        {seller ? (
          <div className="mb-6 hidden border-b border-gray-300 pb-4 text-sm text-gray-900 print:block">
            <p className="text-base font-bold">{seller.name}</p>
            <p lang="en">{seller.address}</p>
            <p>GSTIN {seller.gstin}</p>
          </div>
        ) : null}
        <div className="flex flex-col items-start gap-3">
          <CheckCircle2 className="h-12 w-12 text-brand-700 print:hidden" aria-hidden />
          <h1 className="text-3xl font-bold text-gray-900">{t(order.isPaid || (order.paymentMethod === "cod" && order.status !== "Cancelled") ? "orders.thankYou" : "orders.received")}</h1>
          <p className="text-gray-800">
            {t("orders.orderIdBefore")}
            <strong className="whitespace-nowrap">{order.orderNumber}</strong>
            {t("orders.placedAt", { date: formatDateTime(order.createdAt, language) })}
          </p>
          <p className="text-gray-700">
            {order.isPaid
              ? t("orders.confirmationSent", { email })
              : order.paymentMethod === "cod" && order.status !== "Cancelled"
                ? t("orders.codPay", { amount: rupees(order.totalPrice), email })
                : t(order.status === "Cancelled" ? "orders.cancelled" : "orders.notPaidYet")}
          </p>
        </div>
        <div className="mt-8 space-y-6">
          <div className="print:hidden">
            <CodConfirmation order={order} />
          </div>
          <ExpectedDelivery order={order} />
          <OrderTimeline order={order} />
          <div className="grid gap-6 lg:grid-cols-2">
            <ShippingInfo order={order} />
            <PaymentInfo order={order} />
          </div>
          <OrderItems order={order} />
        </div>
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row print:hidden">
        <Link to={lp("/collections/all")} className="rounded-md bg-brand-700 px-6 py-3 text-center font-semibold text-white hover:bg-brand-800">
          {t("orders.continue")}
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex items-center justify-center gap-2 rounded-md border border-brand-700 px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50"
        >
          <Printer className="h-4 w-4" aria-hidden />
          {t("orders.print")}
        </button>
        <Link
          to={lp(`/order/${encodeURIComponent(order._id)}`)}
          className="rounded-md px-6 py-3 text-center font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50"
        >
          {t("orders.viewDetails")}
        </Link>
      </div>
    </main>
  );
}
