import { formatRupees } from "#common/money.ts";
import { SHIPPING_FEE_PAISE } from "#common/delivery-policy.ts";
import { gstIncludedPaise } from "#server/modules/invoices/tax.ts";

/**
 * Prices are GST-inclusive. The tax inside a line total is total − total / (1 + rate), rounded
 * once per line by the same function the invoice uses (so order and invoice agree to the paisa);
 * taxable value + tax always equals the line total.
 */
export function splitInclusiveGst(lineTotalPaise: number, gstRateBps: number): { taxablePaise: number; taxPaise: number } {
  const taxPaise = gstIncludedPaise(lineTotalPaise, gstRateBps);
  return { taxablePaise: lineTotalPaise - taxPaise, taxPaise };
}

export interface PricedLine {
  unitPricePaise: number;
  quantity: number;
  gstRateBps: number;
  /** This line's share of a coupon's discount (coupons/discount.ts); its GST is on the discounted value. */
  discountPaise?: number;
}

/** What is added to or taken off the lines: a coupon's discount and the cash-on-delivery fee (paise). */
export interface OrderCharges {
  discountPaise?: number;
  codFeePaise?: number;
}

/**
 * One place where an order's money is added up (checkout summary, quote and placed order alike):
 * total = items - discount + shipping + COD fee, the rule the orders table checks too. Shipping is
 * free. The GST is the GST contained in the lines (the COD fee is a charge of its own, decisions/022).
 */
export function orderTotals(lines: PricedLine[], charges: OrderCharges = {}) {
  let itemsPaise = 0;
  let taxPaise = 0;
  let lineDiscountPaise = 0;
  const lineTaxes = lines.map((line) => {
    const total = line.unitPricePaise * line.quantity;
    const lineDiscount = Math.min(line.discountPaise ?? 0, total);
    // GST on the discounted value (decisions/025): the line's price less its share of the coupon.
    const { taxPaise: tax } = splitInclusiveGst(total - lineDiscount, line.gstRateBps);
    itemsPaise += total;
    lineDiscountPaise += lineDiscount;
    taxPaise += tax;
    return tax;
  });
  const shippingPaise = SHIPPING_FEE_PAISE;
  const discountPaise = Math.min(lineDiscountPaise + (charges.discountPaise ?? 0), itemsPaise);
  const codFeePaise = charges.codFeePaise ?? 0;
  const totalPaise = itemsPaise - discountPaise + shippingPaise + codFeePaise;
  return { itemsPaise, discountPaise, taxPaise, shippingPaise, codFeePaise, totalPaise, lineTaxes };
}

export const COD_MESSAGES = {
  pin: "Cash on delivery is not available for this PIN code",
  cap: (maxOrderPaise: number) => `Cash on delivery is available for orders up to ${formatRupees(maxOrderPaise)}`,
} as const;

export type CodOption = { allowed: true } | { allowed: false; reason: string };

/**
 * What the order itself allows of cash on delivery: the PIN code allows it and the order's value
 * before the fee (items - discount + shipping) is within the configured cap. The account's part
 * and the one answer: cash-on-delivery.ts codDecision.
 */
export function codOption(pinAllowsCod: boolean, orderValuePaise: number, cod: { maxOrderPaise: number }): CodOption {
  if (!pinAllowsCod) return { allowed: false, reason: COD_MESSAGES.pin };
  if (orderValuePaise > cod.maxOrderPaise) return { allowed: false, reason: COD_MESSAGES.cap(cod.maxOrderPaise) };
  return { allowed: true };
}

/**
 * The order's money for a payment method: a COD order adds the configured fee; the value before it
 * is what the COD cap weighs (cash-on-delivery.ts codDecision). Shared by the quote and by placeOrder.
 */
export function priceOrder(
  lines: PricedLine[],
  options: { paymentMethod: "razorpay" | "cod"; discountPaise?: number },
  cod: { maxOrderPaise: number; feePaise: number },
) {
  const base = orderTotals(lines, { discountPaise: options.discountPaise });
  const totals = options.paymentMethod === "cod" ? orderTotals(lines, { discountPaise: options.discountPaise, codFeePaise: cod.feePaise }) : base;
  return { totals, valueBeforeFeePaise: base.totalPaise };
}
