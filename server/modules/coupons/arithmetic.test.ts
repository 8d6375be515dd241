// Property-style check of the money with a coupon (issue 15): over many random carts and coupons,
// the per-line discounts add up to the discount, each line's GST is on its discounted value, the
// invoice's columns (taxable + tax = line total after discount) add up to the paise, and the
// invoice's grand total is the order's total (items - discount + shipping + COD fee).
import { describe, expect, it } from "vitest";
import { orderTotals } from "#server/modules/orders/pricing.ts";
import { gstIncludedPaise, splitTax, sumSplits } from "#server/modules/invoices/tax.ts";
import { couponDiscount, type DiscountRule } from "./discount.ts";

let seed = 20_261_124;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

describe("order and invoice arithmetic with a coupon", () => {
  it("adds up to the paisa over 3000 random carts", () => {
    for (let run = 0; run < 3000; run++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => ({
        productId: `p${i}`,
        category: pick(["Women Care", "Sports Nutrition", "Kids Nutrition"]),
        prescriptionRequired: random() < 0.25,
        unitPricePaise: 1 + Math.floor(random() * 500_000),
        quantity: 1 + Math.floor(random() * 5),
        gstRateBps: pick([0, 500, 1200, 1800, 2800]),
      }));
      const percent = random() < 0.5;
      const rule: DiscountRule = {
        type: percent ? "percent" : "fixed",
        percentBps: percent ? 1 + Math.floor(random() * 10_000) : null,
        amountPaise: percent ? null : 1 + Math.floor(random() * 300_000),
        maxDiscountPaise: random() < 0.3 ? 1 + Math.floor(random() * 100_000) : null,
        categories: random() < 0.3 ? [pick(["Women Care", "Sports Nutrition"])] : [],
        productIds: random() < 0.1 ? ["p0"] : [],
        includeRx: random() < 0.3,
      };
      const discount = couponDiscount(rule, lines);
      const codFeePaise = random() < 0.3 ? 4900 : 0;
      const totals = orderTotals(
        lines.map((line, index) => ({ ...line, discountPaise: discount.lineDiscounts[index] })),
        { codFeePaise },
      );

      expect(discount.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(discount.discountPaise);
      expect(totals.discountPaise).toBe(discount.discountPaise);
      expect(totals.totalPaise).toBe(totals.itemsPaise - totals.discountPaise + totals.shippingPaise + codFeePaise);

      // The invoice: each line on its value after discount, with the tax the order stored.
      const invoiceLines = lines.map((line, index) => {
        const gross = line.unitPricePaise * line.quantity - discount.lineDiscounts[index]!;
        expect(gross).toBeGreaterThanOrEqual(0);
        expect(totals.lineTaxes[index]).toBe(gstIncludedPaise(gross, line.gstRateBps));
        const split = splitTax(gross, totals.lineTaxes[index]!, random() < 0.5);
        expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(gross);
        return split;
      });
      const sums = sumSplits(invoiceLines);
      expect(sums.taxPaise).toBe(totals.taxPaise);
      expect(sums.grossPaise).toBe(totals.itemsPaise - totals.discountPaise);
      expect(sums.taxablePaise + sums.taxPaise).toBe(sums.grossPaise);
      expect(sums.grossPaise + totals.shippingPaise + codFeePaise).toBe(totals.totalPaise);
    }
  });
});
