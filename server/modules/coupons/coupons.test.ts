import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "#common/coupons.ts";
import { couponRedemptions, coupons } from "#server/db/schema.ts";
import { insertOrder } from "#tests/support/orders.ts";
import { createTestShop, type TestShop } from "#tests/support/test-shop.ts";
import { createCustomer } from "#tests/support/users.ts";
import { checkCoupon, confirmCouponUse, releaseCouponUse, reserveCouponUse } from "./coupons.ts";
import type { DiscountLine } from "./discount.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const db = () => shop.context.db;
const now = new Date("2026-11-20T10:00:00Z");
let n = 0;

async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db()
    .insert(coupons)
    .values({ code: `RULE${++n}`, type: "percent", percentBps: 1000, ...values })
    .returning();
  return row!;
}

const cart: DiscountLine[] = [{ productId: "p1", category: "Women Care", prescriptionRequired: false, unitPricePaise: 50_000, quantity: 2 }];
const message = async (...args: Parameters<typeof checkCoupon>) => {
  const result = await checkCoupon(...args);
  return result.ok ? "ok" : result.message;
};

describe("checkCoupon", () => {
  it("answers an unknown code and an inactive code alike, in any case", async () => {
    const inactive = await coupon({ active: false, endsAt: new Date("2020-01-01") });
    expect(await message(db(), "NOPE-NOT-HERE", null, cart, now)).toBe(COUPON_MESSAGES.invalid);
    expect(await message(db(), inactive.code, null, cart, now)).toBe(COUPON_MESSAGES.invalid);
    expect(await message(db(), "x", null, cart, now)).toBe(COUPON_MESSAGES.invalid);
    const active = await coupon();
    expect(await message(db(), `  ${active.code.toLowerCase()} `, null, cart, now)).toBe("ok");
  });

  it("tells an expired code and one not started yet", async () => {
    const expired = await coupon({ endsAt: new Date("2026-11-20T09:59:59Z") });
    const later = await coupon({ startsAt: new Date("2026-11-21T00:00:00Z") });
    expect(await message(db(), expired.code, null, cart, now)).toBe(COUPON_MESSAGES.expired);
    expect(await message(db(), later.code, null, cart, now)).toBe(COUPON_MESSAGES.notStarted);
  });

  it("names the amount still missing for the minimum order (items before discount)", async () => {
    const minimum = await coupon({ minOrderPaise: 150_000 });
    expect(await message(db(), minimum.code, null, cart, now)).toBe("Add items worth ₹500 to use this coupon");
    const exact = await coupon({ minOrderPaise: 100_000 });
    expect(await message(db(), exact.code, null, cart, now)).toBe("ok");
  });

  it("counts a customer's uses by account and address, and the total cap, released uses excepted", async () => {
    const customer = await createCustomer(shop.context);
    const who = { userId: customer.id, email: customer.email };
    const once = await coupon({ perCustomerLimit: 1, usageLimit: 2 });
    // The customer's own open attempt (Pending, unpaid) is theirs: their next checkout replaces it (decisions/024).
    const attempt = await insertOrder(shop.context, { userId: customer.id, isPaid: false, status: "Pending" });
    await db().transaction((tx) =>
      reserveCouponUse(tx, { couponId: once.id, orderId: attempt.id, userId: customer.id, email: customer.email, discountPaise: 100, confirmed: false, now }),
    );
    expect(await message(db(), once.code, who, cart, now)).toBe("ok");
    expect(await message(db(), once.code, { userId: "someone-else", email: customer.email.toUpperCase() }, cart, now)).toBe(COUPON_MESSAGES.alreadyUsed);
    await db().transaction((tx) => releaseCouponUse(tx, attempt.id, now));
    const order = await insertOrder(shop.context, { userId: customer.id, isPaid: true, status: "Processing" });
    await db().transaction((tx) =>
      reserveCouponUse(tx, { couponId: once.id, orderId: order.id, userId: customer.id, email: customer.email, discountPaise: 100, confirmed: false, now }),
    );
    expect(await message(db(), once.code, who, cart, now)).toBe(COUPON_MESSAGES.alreadyUsed);
    // Same address, another account.
    expect(await message(db(), once.code, { userId: "someone-else", email: customer.email.toUpperCase() }, cart, now)).toBe(COUPON_MESSAGES.alreadyUsed);
    await db().transaction((tx) => releaseCouponUse(tx, order.id, now));
    expect(await message(db(), once.code, who, cart, now)).toBe("ok");

    const other = await createCustomer(shop.context);
    const orders = [await insertOrder(shop.context, { isPaid: false, status: "Pending" }), await insertOrder(shop.context, { isPaid: false, status: "Pending" })];
    for (const placed of orders) {
      await db().transaction((tx) =>
        reserveCouponUse(tx, { couponId: once.id, orderId: placed.id, userId: other.id, email: `x${placed.id}@example.com`, discountPaise: 100, confirmed: false, now }),
      );
    }
    await db().transaction((tx) => confirmCouponUse(tx, orders[0]!.id, now));
    expect(await message(db(), once.code, who, cart, now)).toBe(COUPON_MESSAGES.fullyUsed);
    const rows = await db().select().from(couponRedemptions);
    expect(rows.filter((row) => row.status === "confirmed")).toHaveLength(1);
  });

  it("keeps first-order coupons for customers without a paid or cash-on-delivery order", async () => {
    const first = await coupon({ firstOrderOnly: true });
    const customer = await createCustomer(shop.context);
    const who = { userId: customer.id, email: customer.email };
    await insertOrder(shop.context, { userId: customer.id, isPaid: false, status: "Cancelled" });
    expect(await message(db(), first.code, who, cart, now)).toBe("ok");
    await insertOrder(shop.context, { userId: customer.id, isPaid: true });
    expect(await message(db(), first.code, who, cart, now)).toBe(COUPON_MESSAGES.firstOrderOnly);
    // A guest's cart is not told yet: checkout asks again with the customer.
    expect(await message(db(), first.code, null, cart, now)).toBe("ok");
  });

  it("refuses a cart with nothing the coupon applies to", async () => {
    const sports = await coupon({ categories: ["Sports Nutrition"] });
    expect(await message(db(), sports.code, null, cart, now)).toBe(COUPON_MESSAGES.notApplicable);
    const rxOnly: DiscountLine[] = [{ ...cart[0]!, prescriptionRequired: true }];
    const plain = await coupon();
    expect(await message(db(), plain.code, null, rxOnly, now)).toBe(COUPON_MESSAGES.notApplicable);
  });
});
