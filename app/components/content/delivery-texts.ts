import { useRouteLoaderData } from "react-router";
import { DEFAULT_DELIVERY_POLICY, deliveryTexts, SHIPPING_FEE_PAISE } from "#common/delivery-policy.ts";
import { formatRupees } from "#common/money.ts";
import { useLanguage, useT } from "~/lib/i18n";
import type { loader as rootLoader } from "~/root";

// Apart from policy.tsx so that a page stating the delivery promise (the home page's benefits
// strip) does not load the policy pages' components with it (decision 037).

/** The seller's legal details from configuration, as the root loader provides them. */
export function useSeller() {
  return useRouteLoaderData<typeof rootLoader>("root")?.seller;
}

/** "14:00" → "दोपहर 2:00 बजे" (formatCutoff's Hindi form). */
function hindiCutoff(cutoff: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(cutoff);
  if (!match) return cutoff;
  const hours = Number(match[1]);
  const part = hours < 4 ? "रात" : hours < 12 ? "सुबह" : hours < 16 ? "दोपहर" : hours < 20 ? "शाम" : "रात";
  return `${part} ${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} बजे`;
}

/**
 * The delivery promise every page states (common/delivery-policy.ts), configured values from the
 * root loader: deliveryTexts' English sentences, or the same promise from the `policies` catalogue.
 */
export function useDeliveryTexts() {
  const policy = useRouteLoaderData<typeof rootLoader>("root")?.delivery ?? DEFAULT_DELIVERY_POLICY;
  const language = useLanguage();
  const t = useT();
  const english = deliveryTexts(policy);
  if (language === "en") return english;
  const cap = formatRupees(policy.codMaxOrderPaise);
  const fee = policy.codFeePaise > 0 ? t("policies.delivery.codFee", { fee: formatRupees(policy.codFeePaise) }) : t("policies.delivery.codNoFee");
  return {
    ...english,
    cost: SHIPPING_FEE_PAISE === 0 ? t("policies.delivery.costFree") : t("policies.delivery.cost", { fee: formatRupees(SHIPPING_FEE_PAISE) }),
    where: t("policies.delivery.where"),
    dispatch: t("policies.delivery.dispatch", { cutoff: hindiCutoff(policy.dispatchCutoff) }),
    cod: t("policies.delivery.cod", { cap, fee }),
  };
}
