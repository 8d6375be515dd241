// What the shop promises about delivery, in one place (issue 14 item 5, decisions/024): the home
// page's benefits strip, /shipping, /how-to-order and the checkout say the same thing because they
// are all written from these values. The price rule is server/modules/orders/pricing.ts's (it adds
// SHIPPING_FEE_PAISE); the dispatch cut-off and the cash-on-delivery cap and fee are the shop's
// configuration (SHOP_DISPATCH_CUTOFF, COD_MAX_ORDER_RUPEES, COD_FEE_RUPEES), sent by the root loader.

import { formatRupees } from "./money.ts";

/** Delivery within India costs this on every order, whatever its value (paise; 0 = free). */
export const SHIPPING_FEE_PAISE = 0;

/** The configured part of the promise. */
export interface DeliveryPolicy {
  /** "HH:MM", India Standard Time: orders placed before it leave the same working day. */
  dispatchCutoff: string;
  /** Cash on delivery is offered up to this order value (paise). */
  codMaxOrderPaise: number;
  /** Added to a cash-on-delivery order, shown before the shopper confirms (paise; 0 = none). */
  codFeePaise: number;
}

/** The defaults of server/config.ts, for a page rendered without the root loader's data. */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { dispatchCutoff: "14:00", codMaxOrderPaise: 500_000, codFeePaise: 0 };

/** "14:00" → "2:00 pm"; "09:30" → "9:30 am". */
export function formatCutoff(cutoff: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(cutoff);
  if (!match) return cutoff;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? "am" : "pm";
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${match[2]} ${suffix}`;
}

/** The sentences every page uses, from the policy. */
export function deliveryTexts(policy: DeliveryPolicy) {
  const free = SHIPPING_FEE_PAISE === 0;
  const cap = formatRupees(policy.codMaxOrderPaise);
  const codFee =
    policy.codFeePaise > 0
      ? `a cash-on-delivery fee of ${formatRupees(policy.codFeePaise)}, shown as its own line before you confirm`
      : "no extra charge";
  return {
    /** The benefits strip's title and line. */
    benefitTitle: free ? "Free Delivery Across India" : `Delivery Across India for ${formatRupees(SHIPPING_FEE_PAISE)}`,
    benefitText: `${free ? "On every order, no minimum" : "On every order"} · Cash on delivery up to ${cap}`,
    /** What delivery costs. */
    cost: free
      ? "Delivery is free on every order shipped within India, with no minimum order value."
      : `Delivery costs ${formatRupees(SHIPPING_FEE_PAISE)} on every order shipped within India.`,
    /** Where the shop delivers. */
    where: "We deliver only to addresses in India, and only to PIN codes our couriers serve.",
    /** When orders leave the pharmacy. */
    dispatch: `Orders placed by ${formatCutoff(policy.dispatchCutoff)} India time, Monday to Saturday, leave our pharmacy the same day; later orders, and orders placed on Sunday, leave on the next working day.`,
    /** Cash on delivery, its cap and fee. */
    cod: `Cash on delivery is available where your PIN code allows it, for orders up to ${cap}, with ${codFee}. You pay the courier in cash when the parcel arrives.`,
  };
}
