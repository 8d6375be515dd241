import { ShieldCheck } from "lucide-react";
import { useCallback, useState } from "react";
import { redirect, useRevalidator } from "react-router";
import { CouponBox } from "~/components/cart/coupon-box";
import type { CheckoutQuote } from "#common/orders.ts";
import { NOINDEX } from "~/components/auth/auth-card";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { OrderSummary } from "~/components/checkout/order-summary";
import { usePrescriptionChoice } from "~/components/checkout/prescription-step";
import { useCartStore } from "~/lib/cart";
import { apiSources } from "~/lib/api-sentences.server";
import { localePath, metaTranslator, useT } from "~/lib/i18n";
import { pageMessages, requestLanguage } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/checkout";
import { emptyCartFlash, loadCheckoutPage } from "./checkout.server";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(location, matches);
  return [...pageMeta(t("checkout.title"), t("checkout.description")), NOINDEX];
};

/** Signed-in shoppers with something in the cart; everyone else is sent to sign in, or back to the shop. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(localePath("/login?redirect=checkout", requestLanguage(request)));
  const page = await loadCheckoutPage(context, context.user.id);
  // Nothing to check out: back to the shop, with a toast saying why.
  if (!page) throw redirect(localePath("/", requestLanguage(request)), { headers: { "Set-Cookie": emptyCartFlash(context) } });
  return {
    customer: { name: context.user.name, ...page.contact },
    ...page,
    messages: pageMessages(request, "checkout", "orders"),
    apiSources: apiSources(request, "checkout.api."),
  };
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { customer, summary, payments } = loaderData;
  const prescription = usePrescriptionChoice(summary, loaderData.prescriptions, loaderData.consultUrl, loaderData.proposedPrescriptionIds);
  // The checkout's last quote: the summary shows the fees of the choices made (cash on delivery's).
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  const revalidator = useRevalidator();
  const t = useT();
  const cartStore = useCartStore();
  // The cart's coupon refused (decisions/025): the coupon box and the summary show the cart as it
  // is now, at once. The checkout took the coupon off (its alert says why); the quote left it on
  // the cart with its reason, which the coupon box shows; asked again once it already shows it.
  const summaryCouponMessage = summary.coupon?.message;
  const onCouponRefused = useCallback(
    (message: string, removed: boolean) => {
      if (!removed && summaryCouponMessage === message && cartStore.getState().cart?.coupon?.message === message) return;
      void cartStore.fetchCart();
      void revalidator.revalidate();
    },
    [cartStore, revalidator, summaryCouponMessage],
  );
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold text-gray-900">{t("checkout.title")}</h1>
      <noscript>
        <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          {t("checkout.noscript")}
        </p>
      </noscript>
      {/*
        The summary and the coupon come first in the page's order, so on a phone the coupon field
        is before Pay Now (issue 27); from lg up they stand in the right-hand column.
      */}
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="space-y-4 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
          <OrderSummary summary={summary} quote={quote} />
          {/* A coupon applied or removed here changes the cart; the summary and the quote follow it. */}
          <CouponBox onChange={() => void revalidator.revalidate()} className="rounded-2xl border border-gray-200 bg-white p-4" />
          <p className="flex items-center gap-2 text-sm text-gray-700">
            <ShieldCheck className="h-4 w-4 flex-none text-brand-700" aria-hidden />
            {t(payments.provider === "test" ? "checkout.paymentsTest" : "checkout.paymentsRazorpay")}
          </p>
        </div>
        <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 lg:col-start-1 lg:row-start-1">
          <CheckoutForm
            customer={customer}
            payments={payments}
            totalPaise={summary.totalPaise}
            prescription={prescription}
            addresses={loaderData.addresses}
            codFeePaise={loaderData.codFeePaise}
            whatsapp={loaderData.whatsapp}
            onQuote={setQuote}
            onCouponRefused={onCouponRefused}
            quoteKey={`${summary.coupon?.code ?? ""}:${summary.discountPaise ?? 0}`}
          />
        </div>
      </div>
    </main>
  );
}
