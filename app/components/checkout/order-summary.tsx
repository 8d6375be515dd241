import { formatRupees, rupeesToPaise } from "#common/money.ts";
import type { CheckoutQuote, CheckoutSummary } from "#common/orders.ts";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useT } from "~/lib/i18n";

// The cart drawer's placeholder (not imported: the drawer is loaded on first open).
const CART_PLACEHOLDER = "/images/placeholder-cart.svg";

/** The cart as it will be ordered; `quote` (the checkout's last POST /api/checkout/quote) adds the fees of the choices made. */
export function OrderSummary({ summary, quote }: { summary: CheckoutSummary; quote?: CheckoutQuote | null }) {
  const codFeePaise = quote ? rupeesToPaise(quote.codFee) : 0;
  const totalPaise = quote ? rupeesToPaise(quote.totalPrice) : summary.totalPaise;
  const discountPaise = quote ? rupeesToPaise(quote.discountPrice) : (summary.discountPaise ?? 0);
  const gstPaise = quote ? rupeesToPaise(quote.taxPrice) : summary.gstPaise;
  // MRP savings: the lines' own, plus the coupon's discount as priced now.
  const savingsPaise = (summary.savingsPaise ?? 0) - (summary.discountPaise ?? 0) + discountPaise;
  const t = useT();
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-2xl border border-gray-200 bg-gray-50 p-5 sm:p-6">
      <h2 id="order-summary-heading" className="text-lg font-semibold text-gray-900">
        {t("checkout.summary")}
      </h2>
      <ul aria-label={t("checkout.summaryItems")} className="mt-4 divide-y divide-gray-200">
        {summary.lines.map((line) => (
          <li key={line.productId} className="flex gap-3 py-3">
            <ResponsiveImage
              src={line.image || CART_PLACEHOLDER}
              fallback={CART_PLACEHOLDER}
              alt=""
              width={64}
              height={64}
              sizes="64px"
              maxWidth={128}
              className="h-16 w-16 flex-none rounded-md border border-gray-200 bg-white object-cover"
            />
            <div className="min-w-0 flex-1">
              <p lang="en" className="font-medium break-words text-gray-900">
                {line.name}
              </p>
              {line.prescriptionRequired ? <p className="text-sm font-semibold text-red-800">{t("orders.rxRequired")}</p> : null}
              <p className="text-sm text-gray-700">
                {t("orders.qty", { quantity: line.quantity })}
                {line.quantity > 1 ? ` × ${formatRupees(line.unitPaise)}` : ""}
              </p>
            </div>
            <p className="font-semibold whitespace-nowrap text-gray-900">{formatRupees(line.linePaise)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-gray-200 pt-4 text-gray-800">
        <div className="flex justify-between gap-4">
          <dt>{t("orders.subtotal")}</dt>
          <dd>{formatRupees(summary.subtotalPaise)}</dd>
        </div>
        {discountPaise > 0 ? (
          <div className="flex justify-between gap-4 text-green-800">
            <dt className="min-w-0 break-words">{summary.coupon ? t("orders.discountCode", { code: summary.coupon.code }) : t("orders.discount")}</dt>
            <dd className="whitespace-nowrap">-{formatRupees(discountPaise)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt>{t("orders.shipping")}</dt>
          <dd className="font-medium text-brand-800">{summary.shippingPaise === 0 ? t("orders.free") : formatRupees(summary.shippingPaise)}</dd>
        </div>
        {codFeePaise > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t("orders.codFee")}</dt>
            <dd>{formatRupees(codFeePaise)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 text-sm text-gray-700">
          <dt>{t("orders.gstIncluded")}</dt>
          <dd>{formatRupees(gstPaise)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-gray-200 pt-3 text-lg font-bold text-gray-900">
          <dt>{t("orders.total")}</dt>
          <dd>{formatRupees(totalPaise)}</dd>
        </div>
      </dl>
      {savingsPaise > 0 ? <p className="mt-2 text-right font-semibold text-green-800">{t("orders.youSave", { amount: formatRupees(savingsPaise) })}</p> : null}
    </section>
  );
}
