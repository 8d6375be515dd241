import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "#server/db/schema.ts";
import { SHIPMENT_MESSAGES } from "#common/couriers.ts";
import {
  allowedNextStatuses,
  canTransition,
  checkTransition,
  PRESCRIPTION_NOT_APPROVED,
  possibleNextStatuses,
  ORDER_TRANSITIONS,
  type StatusActor,
} from "./transitions.ts";
import { codOption, orderTotals, priceOrder, splitInclusiveGst } from "./pricing.ts";

const actors: StatusActor[] = ["admin", "customer", "system"];
/** A parcel's courier and AWB: what every move to Shipped needs (decisions/032). */
const shipment = { shipment: { courier: "delhivery", awb: "1234567890123" } };
const SHIPMENT_NEEDED = { ok: false, message: SHIPMENT_MESSAGES.needed, needs: "shipment" };

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
        "Shipped→Cancelled by admin",
        "Shipped→Cancelled by system",
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

describe("the table's guards (checkTransition)", () => {
  it("moves Pending → Processing only for the system recording a captured payment", () => {
    expect(checkTransition({ status: "Pending", isPaid: false, paymentCaptured: true }, "Processing", "system")).toEqual({ ok: true });
    expect(checkTransition({ status: "Pending", isPaid: false }, "Processing", "system")).toEqual({ ok: false, message: "This order is not paid yet" });
    // Even a row marked paid does not pass without the payment being recorded by this very move.
    expect(checkTransition({ status: "Pending", isPaid: true }, "Processing", "system").ok).toBe(false);
    for (const actor of ["admin", "customer"] as const) {
      expect(checkTransition({ status: "Pending", isPaid: false, paymentCaptured: true }, "Processing", actor)).toEqual({
        ok: false,
        message: "This order is not paid yet",
      });
    }
  });

  it("ships only a paid order", () => {
    expect(checkTransition({ status: "Processing", isPaid: true }, "Shipped", "admin", shipment)).toEqual({ ok: true });
    expect(checkTransition({ status: "Processing", isPaid: false }, "Shipped", "admin")).toEqual({ ok: false, message: "This order is not paid yet" });
    expect(checkTransition({ status: "Pending", isPaid: false }, "Shipped", "admin")).toEqual({ ok: false, message: "This order is not paid yet" });
  });

  it("says why a move outside the table is refused", () => {
    expect(checkTransition({ status: "Cancelled", isPaid: false }, "Cancelled", "customer")).toEqual({ ok: false, message: "This order is already cancelled" });
    expect(checkTransition({ status: "Shipped", isPaid: true }, "Cancelled", "customer")).toEqual({ ok: false, message: "This order can no longer be cancelled" });
    expect(checkTransition({ status: "Delivered", isPaid: true }, "Shipped", "admin")).toEqual({ ok: false, message: "An order cannot move from Delivered to Shipped" });
    expect(checkTransition({ status: "Processing", isPaid: true }, "Cancelled", "customer")).toEqual({ ok: true });
  });

  it("agrees with canTransition wherever no guard stands in the way", () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES)
        for (const actor of actors) {
          // An unpaid cash-on-delivery order once shipped (the only one that may come back: RTO).
          const facts = { status: from, isPaid: from !== "Shipped", paymentCaptured: true, paymentMethod: "cod" };
          expect(checkTransition(facts, to, actor, shipment).ok).toBe(canTransition(from, to, actor));
        }
  });

  it("ships only with a shipment: possible without one, so offered, but refused as incomplete", () => {
    const needs = (from: (typeof ORDER_STATUSES)[number], to: (typeof ORDER_STATUSES)[number]) => ORDER_TRANSITIONS[from]?.[to]?.needs;
    const moves = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => needs(from, to)).map((to) => `${from}→${to}: ${needs(from, to)}`));
    expect(moves).toEqual(["Processing→Shipped: shipment"]);
    for (const actor of ["admin", "system"] as const) {
      for (const facts of [{ isPaid: true }, { isPaid: false, paymentMethod: "cod" }]) {
        const order = { status: "Processing" as const, ...facts };
        expect(checkTransition(order, "Shipped", actor)).toEqual(SHIPMENT_NEEDED);
        expect(checkTransition(order, "Shipped", actor, { shipment: null })).toEqual(SHIPMENT_NEEDED);
        expect(checkTransition(order, "Shipped", actor, shipment)).toEqual({ ok: true });
        expect(possibleNextStatuses(order, actor)).toContain("Shipped");
      }
    }
    // An order that cannot ship is told why, not asked for a courier.
    expect(checkTransition({ status: "Processing", isPaid: false }, "Shipped", "admin")).toEqual({ ok: false, message: "This order is not paid yet" });
    expect(checkTransition({ status: "Processing", isPaid: true, prescriptionStatus: "pending" }, "Shipped", "admin")).toEqual({ ok: false, message: PRESCRIPTION_NOT_APPROVED });
    expect(possibleNextStatuses({ status: "Processing", isPaid: false }, "admin")).toEqual(["Cancelled"]);
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
    expect(totals).toEqual({
      itemsPaise: 55333,
      discountPaise: 0,
      shippingPaise: 0,
      codFeePaise: 0,
      totalPaise: 55333,
      taxPaise: 1048 + 3571,
      lineTaxes: [1048, 3571],
    });
    // total = items - discount + shipping + COD fee (the orders table checks the same rule).
    expect(orderTotals([{ unitPricePaise: 10000, quantity: 1, gstRateBps: 500 }], { discountPaise: 1500, codFeePaise: 4000 })).toMatchObject({
      itemsPaise: 10000,
      discountPaise: 1500,
      codFeePaise: 4000,
      totalPaise: 12500,
    });
  });
});

describe("cash on delivery (decisions/022)", () => {
  const cap = { maxOrderPaise: 500_000, feePaise: 4000 };
  const lines = (pricePaise: number) => [{ unitPricePaise: pricePaise, quantity: 1, gstRateBps: 500 }];

  it("is offered where the PIN allows it, up to the cap on the value before the fee", () => {
    expect(codOption(true, 500_000, cap)).toEqual({ allowed: true });
    expect(codOption(true, 500_001, cap)).toEqual({ allowed: false, reason: "Cash on delivery is available for orders up to ₹5,000" });
    expect(codOption(false, 100, cap)).toEqual({ allowed: false, reason: "Cash on delivery is not available for this PIN code" });
  });

  it("adds the fee only when chosen", () => {
    expect(priceOrder(lines(500_000), { paymentMethod: "cod" }, cap).totals).toMatchObject({ codFeePaise: 4000, totalPaise: 504_000 });
    expect(priceOrder(lines(500_000), { paymentMethod: "razorpay" }, cap).totals).toMatchObject({ codFeePaise: 0, totalPaise: 500_000 });
  });

  it("ships an unpaid COD order, and brings back only an unpaid COD order from Shipped", () => {
    expect(checkTransition({ status: "Processing", isPaid: false, paymentMethod: "cod" }, "Shipped", "admin", shipment)).toEqual({ ok: true });
    expect(checkTransition({ status: "Shipped", isPaid: false, paymentMethod: "cod" }, "Cancelled", "admin")).toEqual({ ok: true });
    const refusal = { ok: false, message: "Only an unpaid cash-on-delivery order can be cancelled after it was shipped" };
    expect(checkTransition({ status: "Shipped", isPaid: true, paymentMethod: "razorpay" }, "Cancelled", "admin")).toEqual(refusal);
    expect(checkTransition({ status: "Shipped", isPaid: true, paymentMethod: "cod" }, "Cancelled", "admin")).toEqual(refusal);
    expect(checkTransition({ status: "Shipped", isPaid: false, paymentMethod: "cod" }, "Cancelled", "customer").ok).toBe(false);
  });

  it("brings back any shipped order whose return Shiprocket's tracking confirmed (decisions/052), never to the customer", () => {
    const back = { status: "Shipped" as const, isPaid: true, paymentMethod: "razorpay", returnedToSender: true };
    expect(checkTransition(back, "Cancelled", "system")).toEqual({ ok: true });
    expect(checkTransition({ ...back, returnedToSender: false }, "Cancelled", "system").ok).toBe(false);
    expect(checkTransition(back, "Cancelled", "customer").ok).toBe(false);
    expect(checkTransition({ ...back, status: "Delivered" }, "Cancelled", "system").ok).toBe(false);
  });
});

describe("prescription-only orders (decisions/020)", () => {
  const paid = { status: "Processing" as const, isPaid: true };
  it("ship and deliver only once the prescription is approved (or none is needed)", () => {
    for (const prescriptionStatus of ["pending", "rejected"]) {
      expect(checkTransition({ ...paid, prescriptionStatus }, "Shipped", "admin")).toEqual({ ok: false, message: PRESCRIPTION_NOT_APPROVED });
      expect(checkTransition({ status: "Shipped", isPaid: true, prescriptionStatus }, "Delivered", "admin")).toEqual({ ok: false, message: PRESCRIPTION_NOT_APPROVED });
    }
    for (const prescriptionStatus of ["approved", null, undefined]) expect(checkTransition({ ...paid, prescriptionStatus }, "Shipped", "admin", shipment)).toEqual({ ok: true });
    expect(possibleNextStatuses({ ...paid, prescriptionStatus: "pending" }, "admin")).toEqual(["Cancelled"]);
    expect(possibleNextStatuses({ ...paid, prescriptionStatus: "approved" }, "admin")).toEqual(["Shipped", "Cancelled"]);
  });

  it("a pharmacist only cancels (by rejecting), never ships", () => {
    expect(allowedNextStatuses("Processing", "pharmacist")).toEqual(["Cancelled"]);
    expect(allowedNextStatuses("Pending", "pharmacist")).toEqual(["Cancelled"]);
    expect(allowedNextStatuses("Shipped", "pharmacist")).toEqual([]);
  });
});
