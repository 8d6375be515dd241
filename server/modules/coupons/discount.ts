/**
 * A coupon's discount on a cart's lines, in integer paise (issue 15, decisions/025). Pure: no
 * database, no clock. The discount is taken only from eligible lines (prescription-only lines are
 * left out unless the coupon includes them; a coupon restricted to sections or products takes
 * only those), is capped by the coupon's maximum, never exceeds the eligible value, and is shared
 * among the eligible lines in proportion to their value, the paise left over by rounding going to
 * the lines with the largest remainders, so the line shares add up exactly to the discount.
 */

export interface DiscountRule {
  type: "percent" | "fixed";
  percentBps: number | null;
  amountPaise: number | null;
  maxDiscountPaise: number | null;
  categories: readonly string[];
  productIds: readonly string[];
  includeRx: boolean;
}

export interface DiscountLine {
  productId: string;
  category: string;
  prescriptionRequired: boolean;
  unitPricePaise: number;
  quantity: number;
}

export interface Discount {
  /** The lines' value (before discount). */
  itemsPaise: number;
  /** The value of the lines the coupon applies to. */
  eligiblePaise: number;
  discountPaise: number;
  /** Each line's share, in the lines' order (0 for lines the coupon does not apply to). */
  lineDiscounts: number[];
}

export function isEligible(rule: DiscountRule, line: DiscountLine): boolean {
  if (line.prescriptionRequired && !rule.includeRx) return false;
  const restricted = rule.categories.length > 0 || rule.productIds.length > 0;
  if (!restricted) return true;
  return rule.categories.includes(line.category) || rule.productIds.includes(line.productId);
}

export function couponDiscount(rule: DiscountRule, lines: readonly DiscountLine[]): Discount {
  const values = lines.map((line) => line.unitPricePaise * line.quantity);
  const eligible = lines.map((line) => isEligible(rule, line));
  const itemsPaise = values.reduce((sum, value) => sum + value, 0);
  const eligiblePaise = values.reduce((sum, value, index) => sum + (eligible[index] ? value : 0), 0);
  let discountPaise =
    rule.type === "percent"
      ? // Half up, in integers: value × bps / 10000.
        Math.floor((2 * eligiblePaise * (rule.percentBps ?? 0) + 10_000) / 20_000)
      : (rule.amountPaise ?? 0);
  if (rule.maxDiscountPaise !== null) discountPaise = Math.min(discountPaise, rule.maxDiscountPaise);
  discountPaise = Math.max(0, Math.min(discountPaise, eligiblePaise));
  const lineDiscounts = allocate(
    discountPaise,
    values.map((value, index) => (eligible[index] ? value : 0)),
  );
  return { itemsPaise, eligiblePaise, discountPaise, lineDiscounts };
}

/**
 * Shares `amount` among `weights` in proportion (largest remainder): each share is the floor of
 * its exact part, and the paise still missing go one each to the largest fractional parts (ties:
 * the earlier line). A share never exceeds its weight when amount ≤ the weights' sum.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  // BigInt keeps amount × weight exact far beyond what an order can hold.
  const parts = weights.map((weight, index) => {
    const exact = BigInt(amount) * BigInt(weight);
    return { index, share: Number(exact / BigInt(total)), remainder: exact % BigInt(total) };
  });
  let missing = amount - parts.reduce((sum, part) => sum + part.share, 0);
  const order = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of order) {
    if (missing === 0) break;
    part.share += 1;
    missing -= 1;
  }
  return parts.map((part) => part.share);
}
