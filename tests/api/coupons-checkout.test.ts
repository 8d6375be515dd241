// Coupons in the cart and at checkout (issue 15, decisions/025): POST/DELETE /api/cart/coupon with
// the cart's owner rules and every message; the cart JSON's discount and savings; the quote and the
// checkout re-check the coupon (a coupon that stopped applying is refused with its sentence and
// taken off the cart, never charged differently); usage reserved at checkout, confirmed when paid
// (COD: placed), released when cancelled or replaced; GST on the discounted value, per line.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "#common/coupons.ts";
import { carts, couponRedemptions, coupons, orderLines, orders } from "#server/db/schema.ts";
import { issueInvoice, loadInvoice } from "#server/modules/invoices/invoices.ts";
import { expireReservations } from "#server/modules/orders/expiry.ts";
import { gstIncludedPaise } from "#server/modules/invoices/tax.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

let shop: TestShop;
const api = () => request(shop.app);
let n = 0;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await shop.context.db
    .insert(coupons)
    .values({ code: `SHOP${++n}`, type: "percent", percentBps: 1000, ...values })
    .returning();
  return row!;
}

const redemptions = (couponId: string) => shop.context.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));

describe("POST /api/cart/coupon", () => {
  it("applies a code in any case: coupon, discount, total after discount and savings on MRP", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 40_000, mrpPaise: 50_000 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 2 }]);
    const code = await coupon({ maxDiscountPaise: 5000 });
    const res = await api().post("/api/cart/coupon").set(buyer.headers).send({ code: code.code.toLowerCase() }).expect(200);
    expect(res.body).toMatchObject({ coupon: { code: code.code, discount: 50 }, discount: 50, itemsPrice: 800, totalPrice: 750, savings: 250 });
    expect((await api().get("/api/cart").set(buyer.headers).expect(200)).body.coupon).toEqual({ code: code.code, discount: 50 });
    const removed = await api().delete("/api/cart/coupon").set(buyer.headers).expect(200);
    expect(removed.body).toMatchObject({ coupon: null, discount: 0, totalPrice: 800, savings: 200 });
  });

  it("answers each rule with its sentence, unknown and inactive alike", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 20_000 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const expect400 = async (code: string, message: string) => {
      const res = await api().post("/api/cart/coupon").set(buyer.headers).send({ code }).expect(400);
      expect(res.body.message).toBe(message);
    };
    await expect400("NO-SUCH-CODE", COUPON_MESSAGES.invalid);
    await expect400((await coupon({ active: false })).code, COUPON_MESSAGES.invalid);
    await expect400((await coupon({ endsAt: new Date(Date.now() - 1000) })).code, COUPON_MESSAGES.expired);
    await expect400((await coupon({ startsAt: new Date(Date.now() + 86_400_000) })).code, COUPON_MESSAGES.notStarted);
    await expect400((await coupon({ minOrderPaise: 49_900 })).code, "Add items worth ₹299 to use this coupon");
    await expect400((await coupon({ categories: ["Kids Nutrition"] })).code, COUPON_MESSAGES.notApplicable);
    const res = await api().post("/api/cart/coupon").set(buyer.headers).send({}).expect(400);
    expect(res.body.message).toBe("Enter a coupon code");
    await api().post("/api/cart/coupon").set(buyer.headers).send({ code: ["A"] }).expect(400);
    await api().post("/api/cart/coupon").set(buyer.headers).send({ code: "x".repeat(10_000) }).expect(400);
  });

  it("follows the cart's owner rules: guests by id, another user's id refused, no cart 404", async () => {
    const product = await makeProduct(shop.context);
    const code = await coupon();
    const guestId = `guest_${crypto.randomUUID()}`;
    await api().post("/api/cart").send({ guestId, productId: product.id, quantity: 1 }).expect(201);
    const res = await api().post("/api/cart/coupon").send({ guestId, code: code.code }).expect(200);
    expect(res.body.coupon.code).toBe(code.code);
    const stranger = await createCustomer(shop.context);
    const other = await createCustomer(shop.context);
    await api().post("/api/cart/coupon").set(stranger.headers).send({ userId: other.id, code: code.code }).expect(403);
    await api().post("/api/cart/coupon").send({ userId: other.id, code: code.code }).expect(401);
    await api().post("/api/cart/coupon").set(stranger.headers).send({ code: code.code }).expect(404);
    await api().post("/api/cart/coupon").send({ guestId: "bad", code: code.code }).expect(400);
  });

  it("comes along when a guest's cart is merged into the customer's", async () => {
    const product = await makeProduct(shop.context);
    const code = await coupon();
    const guestId = `guest_${crypto.randomUUID()}`;
    await api().post("/api/cart").send({ guestId, productId: product.id, quantity: 1 }).expect(201);
    await api().post("/api/cart/coupon").send({ guestId, code: code.code }).expect(200);
    const customer = await createCustomer(shop.context);
    const merged = await api().post("/api/cart/merge").set(customer.headers).send({ guestId }).expect(200);
    expect(merged.body.coupon).toEqual({ code: code.code, discount: 6.9 });
  });

  it("is rate limited per guest cart (429)", async () => {
    // 3 attempts per guest cart at this scale (the per-address limit is generous, decisions/042).
    const limited = await createTestShop({ RATE_LIMIT_SCALE: "0.3" });
    try {
      const guestId = `guest_${crypto.randomUUID()}`;
      const product = await makeProduct(limited.context);
      await request(limited.app).post("/api/cart").send({ guestId, productId: product.id, quantity: 1 }).expect(201);
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await request(limited.app).post("/api/cart/coupon").send({ guestId, code: `GUESS${i}` })).status);
      expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("checkout with a coupon", () => {
  it("prices the order as quoted, GST per line on the discounted value, and reserves one use", async () => {
    const a = await makeProduct(shop.context, { pricePaise: 33_333, gstRateBps: 1200 });
    const b = await makeProduct(shop.context, { pricePaise: 10_001, gstRateBps: 500 });
    const buyer = await buyerWithCart(shop, [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 3 },
    ]);
    const code = await coupon({ type: "fixed", percentBps: null, amountPaise: 10_000, usageLimit: 5 });
    await api().post("/api/cart/coupon").set(buyer.headers).send({ code: code.code }).expect(200);
    const quote = await api().post("/api/checkout/quote").set(buyer.headers).send({ shippingAddress: address }).expect(200);
    const res = await checkout(shop, buyer).expect(201);
    const order = res.body.order;
    expect(order).toMatchObject({ itemsPrice: 633.36, discountPrice: 100, totalPrice: 533.36, coupon: { code: code.code } });
    expect(quote.body).toMatchObject({ itemsPrice: order.itemsPrice, discountPrice: order.discountPrice, taxPrice: order.taxPrice, totalPrice: order.totalPrice });
    const lines = await shop.context.db.select().from(orderLines).where(eq(orderLines.orderId, order._id));
    expect(lines.reduce((sum, line) => sum + line.discountPaise, 0)).toBe(10_000);
    for (const line of lines) expect(line.taxPaise).toBe(gstIncludedPaise(line.unitPricePaise * line.quantity - line.discountPaise, line.gstRateBps));
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.taxPaise).toBe(lines.reduce((sum, line) => sum + line.taxPaise, 0));
    expect(await redemptions(code.id)).toMatchObject([{ status: "reserved", orderId: order._id, discountPaise: 10_000 }]);

    // The tax invoice shows each line's discount; its columns and total add up to the order's.
    await shop.context.db.transaction((tx) => issueInvoice(tx, order._id));
    const invoice = (await loadInvoice(shop.context.db, order._id, shop.config.seller))!;
    expect(invoice).toMatchObject({ discountPaise: 10_000, couponCode: code.code, grandTotalPaise: 53_336 });
    for (const line of invoice.lines) {
      expect(line.grossPaise).toBe(line.amountPaise - line.discountPaise);
      expect(line.taxablePaise + line.taxPaise).toBe(line.grossPaise);
    }
    expect(invoice.totals.taxPaise).toBe(row!.taxPaise);
    const detail = await api().get(`/api/orders/${order._id}`).set(buyer.headers).expect(200);
    expect(detail.body.lines.map((line: { discount: number }) => line.discount).reduce((a: number, b: number) => a + b, 0)).toBe(100);
  });

  it("refuses a coupon that stopped applying with its sentence and takes it off the cart", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 30_000 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const code = await coupon();
    await api().post("/api/cart/coupon").set(buyer.headers).send({ code: code.code }).expect(200);
    await shop.context.db.update(coupons).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(coupons.id, code.id));
    const cart = await api().get("/api/cart").set(buyer.headers).expect(200);
    expect(cart.body).toMatchObject({ coupon: { code: code.code, discount: 0, message: COUPON_MESSAGES.expired }, discount: 0, totalPrice: 300 });
    const quote = await api().post("/api/checkout/quote").set(buyer.headers).send({ shippingAddress: address }).expect(400);
    expect(quote.body.message).toBe(COUPON_MESSAGES.expired);
    const res = await checkout(shop, buyer).expect(400);
    expect(res.body.message).toBe(COUPON_MESSAGES.expired);
    const [row] = await shop.context.db.select({ couponId: carts.couponId }).from(carts).where(eq(carts.userId, buyer.id));
    expect(row!.couponId).toBeNull();
    expect(await shop.context.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(0);
    // Without it, the checkout goes through at the full price.
    expect((await checkout(shop, buyer).expect(201)).body.order).toMatchObject({ discountPrice: 0, totalPrice: 300, coupon: null });
  });

  it("takes a couponCode in the body, and a typed wrong code leaves the cart's coupon alone", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 30_000 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const onCart = await coupon();
    await api().post("/api/cart/coupon").set(buyer.headers).send({ code: onCart.code }).expect(200);
    const wrong = await checkout(shop, buyer, { shippingAddress: address, couponCode: "NOT-A-REAL-ONE" }).expect(400);
    expect(wrong.body.message).toBe(COUPON_MESSAGES.invalid);
    const [row] = await shop.context.db.select({ couponId: carts.couponId }).from(carts).where(eq(carts.userId, buyer.id));
    expect(row!.couponId).toBe(onCart.id);
    const typed = await coupon({ type: "fixed", percentBps: null, amountPaise: 5000 });
    const res = await checkout(shop, buyer, { shippingAddress: address, couponCode: typed.code.toLowerCase() }).expect(201);
    expect(res.body.order).toMatchObject({ discountPrice: 50, coupon: { code: typed.code } });
  });

  it("releases the use when an unpaid order expires", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 30_000 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const code = await coupon({ usageLimit: 1 });
    const res = await checkout(shop, buyer, { shippingAddress: address, couponCode: code.code }).expect(201);
    expect(await redemptions(code.id)).toMatchObject([{ status: "reserved" }]);
    await shop.context.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, res.body.order._id));
    await expireReservations(shop.context);
    expect(await redemptions(code.id)).toMatchObject([{ status: "released" }]);
  });

  it("counts a COD order at once, keeps first-order coupons for first orders, and releases a cancelled order's use", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 30_000, stock: 50 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const first = await coupon({ firstOrderOnly: true, perCustomerLimit: 1 });
    const res = await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "cod", couponCode: first.code }).expect(201);
    expect(await redemptions(first.id)).toMatchObject([{ status: "confirmed", orderId: res.body.order._id }]);
    expect((await api().post("/api/cart").set(buyer.headers).send({ productId: product.id, quantity: 1 })).status).toBe(200);
    // Confirmed, so a second COD order may be placed (decisions/044).
    await api().post(`/api/orders/${res.body.order._id}/confirm-cod`).set(buyer.headers).expect(200);
    const again = await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "cod", couponCode: first.code }).expect(400);
    expect(again.body.message).toBe(COUPON_MESSAGES.alreadyUsed);
    const other = await coupon({ firstOrderOnly: true });
    const notFirst = await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "cod", couponCode: other.code }).expect(400);
    expect(notFirst.body.message).toBe(COUPON_MESSAGES.firstOrderOnly);

    await api().post(`/api/orders/${res.body.order._id}/cancel`).set(buyer.headers).expect(200);
    expect(await redemptions(first.id)).toMatchObject([{ status: "released" }]);
  });

  it("keeps an open attempt's coupon its shopper's: the cart and quote still apply it, others find it taken (issue 27)", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 24_900, stock: 50 });
    // One use in all and one per customer, as the welcome codes have.
    const code = await coupon({ usageLimit: 1, perCustomerLimit: 1, firstOrderOnly: true });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    await api().post("/api/cart/coupon").set(buyer.headers).send({ code: code.code }).expect(200);
    const first = await checkout(shop, buyer).expect(201);
    expect(first.body.order).toMatchObject({ status: "Pending", totalPrice: 224.1 });
    // The payment dialog was closed: the order waits, its use reserved. Reloading the checkout:
    const cart = await api().get("/api/cart").set(buyer.headers).expect(200);
    expect(cart.body).toMatchObject({ coupon: { code: code.code, discount: 24.9 }, discount: 24.9, totalPrice: 224.1 });
    expect(cart.body.coupon.message).toBeUndefined();
    const quote = await api().post("/api/checkout/quote").set(buyer.headers).send({ shippingAddress: address }).expect(200);
    expect(quote.body).toMatchObject({ discountPrice: 24.9, totalPrice: 224.1, cod: { allowed: true } });
    expect(quote.body.estimatedDelivery).toBeTruthy();
    // Someone else cannot take the use while the attempt is open.
    const other = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const taken = await api().post("/api/cart/coupon").set(other.headers).send({ code: code.code }).expect(400);
    expect(taken.body.message).toBe(COUPON_MESSAGES.fullyUsed);
    // Paying again charges what the page showed: the new order replaces the old one, the use moves to it.
    const again = await checkout(shop, buyer).expect(201);
    expect(again.body.order).toMatchObject({ totalPrice: 224.1, coupon: { code: code.code } });
    expect((await redemptions(code.id)).map((row) => [row.orderId, row.status]).sort()).toEqual(
      [
        [first.body.order._id, "released"],
        [again.body.order._id, "reserved"],
      ].sort(),
    );
  });

  it("gives the last use of a capped coupon to exactly one of two racing shoppers", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 25_000, stock: 50 });
    const code = await coupon({ usageLimit: 1 });
    const [one, two] = await Promise.all([buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]), buyerWithCart(shop, [{ productId: product.id, quantity: 1 }])]);
    const results = await Promise.all([one, two].map((buyer) => checkout(shop, buyer, { shippingAddress: address, couponCode: code.code })));
    expect(results.map((res) => res.status).sort()).toEqual([201, 400]);
    expect(results.find((res) => res.status === 400)!.body.message).toBe(COUPON_MESSAGES.fullyUsed);
    expect(await redemptions(code.id)).toHaveLength(1);
  });
});
