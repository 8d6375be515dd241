import { Lock, ShieldCheck, Truck } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_DELIVERY_POLICY, SHIPPING_FEE_PAISE } from "#common/delivery-policy.ts";
import { formatRupees } from "#common/money.ts";
import { useT } from "~/lib/i18n";
import type { loader as rootLoader } from "~/root";

/**
 * The strip of shopping promises between New Arrivals and New Launch. The delivery promise is the
 * one /shipping, /how-to-order and the checkout make (common/delivery-policy.ts): India only, in
 * rupees, not the spec's "Free International Shipping on orders over $100".
 */
export function BenefitsStrip() {
  const t = useT();
  // The same promise as deliveryTexts(policy).benefitTitle and .benefitText, in the page's language.
  const policy = useRouteLoaderData<typeof rootLoader>("root")?.delivery ?? DEFAULT_DELIVERY_POLICY;
  const free = SHIPPING_FEE_PAISE === 0;
  const cap = formatRupees(policy.codMaxOrderPaise);
  const BENEFITS = [
    {
      icon: Truck,
      title: free ? t("home.benefits.deliveryFree") : t("home.benefits.deliveryFee", { fee: formatRupees(SHIPPING_FEE_PAISE) }),
      text: t(free ? "home.benefits.deliveryTextFree" : "home.benefits.deliveryText", { cap }),
    },
    { icon: ShieldCheck, title: t("home.benefits.quality"), text: t("home.benefits.qualityText") },
    { icon: Lock, title: t("home.benefits.secure"), text: t("home.benefits.secureText") },
  ];
  return (
    <section aria-label={t("home.benefits.label")} className="below-fold border-y border-brand-100 bg-brand-50">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:grid-cols-3 sm:px-6">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-center gap-4">
            <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
              <Icon className="h-6 w-6" aria-hidden />
            </span>
            <span>
              <span className="block font-semibold text-gray-900">{title}</span>
              <span className="block text-sm text-gray-700">{text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
