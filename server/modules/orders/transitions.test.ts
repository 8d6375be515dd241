import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "#server/db/schema.ts";
import { allowedNextStatuses, canTransition, type StatusActor } from "./transitions.ts";
import { orderTotals, splitInclusiveGst } from "./pricing.ts";

const actors: StatusActor[] = ["admin", "customer", "system"];

describe("order status transition table", () => {
  it("allows exactly these moves", () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.flatMap((to) => actors.filter((actor) => canTransition(from, to, actor)).map((actor) => `${from}→${to} by ${actor}`)),
    );
    expect(allowed.sort()).toEqual(
      [
        "Pending→Processing by system",
        "Pending→Cancelled by customer",
        "Pending→Cancelled by admin",
        "Pending→Cancelled by system",
        "Processing→Shipped by admin",
        "Processing→Shipped by system",
        "Processing→Cancelled by customer",
        "Processing→Cancelled by admin",
        "Processing→Cancelled by system",
        "Shipped→Delivered by admin",
        "Shipped→Delivered by system",
      ].sort(),
    );
  });

  it("never moves back to Pending, never ships from Pending, and ends at Delivered and Cancelled", () => {
    for (const from of ORDER_STATUSES) for (const actor of actors) expect(canTransition(from, "Pending", actor)).toBe(false);
    for (const actor of actors) expect(canTransition("Pending", "Shipped", actor)).toBe(false);
    expect(allowedNextStatuses("Delivered", "admin")).toEqual([]);
    expect(allowedNextStatuses("Cancelled", "admin")).toEqual([]);
    expect(allowedNextStatuses("Shipped", "customer")).toEqual([]);
    expect(allowedNextStatuses("Processing", "customer")).toEqual(["Cancelled"]);
  });
});

describe("GST-inclusive prices", () => {
  it("splits a line into taxable value and tax without losing a paisa", () => {
    expect(splitInclusiveGst(10500, 500)).toEqual({ taxablePaise: 10000, taxPaise: 500 });
    expect(splitInclusiveGst(33333, 1200)).toEqual({ taxablePaise: 29762, taxPaise: 3571 });
    expect(splitInclusiveGst(999, 0)).toEqual({ taxablePaise: 999, taxPaise: 0 });
    // 14 × 1200 / 11200 = 1.5 paise of tax: half rounds the tax up, as on the invoice.
    expect(splitInclusiveGst(14, 1200)).toEqual({ taxablePaise: 12, taxPaise: 2 });
    expect(splitInclusiveGst(2121, 1200)).toEqual({ taxablePaise: 1894, taxPaise: 227 });
    for (let total = 0; total < 5000; total += 7) {
      for (const rate of [0, 500, 1200, 1800, 2800]) {
        const { taxablePaise, taxPaise } = splitInclusiveGst(total, rate);
        expect(taxablePaise + taxPaise).toBe(total);
        expect(Math.abs(taxPaise - (total - total / (1 + rate / 10_000)))).toBeLessThanOrEqual(0.5 + 1e-9);
      }
    }
  });

  it("adds up an order in one place: free shipping, total = items, tax = sum of line taxes", () => {
    const totals = orderTotals([
      { unitPricePaise: 11000, quantity: 2, gstRateBps: 500 },
      { unitPricePaise: 33333, quantity: 1, gstRateBps: 1200 },
    ]);
    expect(totals).toEqual({ itemsPaise: 55333, shippingPaise: 0, totalPaise: 55333, taxPaise: 1048 + 3571, lineTaxes: [1048, 3571] });
  });
});
