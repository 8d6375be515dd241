// Unfinished payments (issue 14 item 4, decisions/024): every click on Pay used to make another
// Pending order holding stock for 30 minutes, shown in My Orders with no way to finish paying.
// One open checkout per customer; "Complete payment" (POST /api/orders/:id/pay) makes a new
// provider order for the SAME order, and a payment through any of its provider orders pays it once.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStatusHistory, orders, payments } from "#server/db/schema.ts";
import { expireReservations } from "#server/modules/orders/expiry.ts";
import { signTestPayment } from "#server/modules/payments/test-gateway.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const orderRow = async (id: string) => (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const ordersOf = async (userId: string) => shop.context.db.select().from(orders).where(eq(orders.userId, userId));
const paymentRows = async (orderId: string) =>
  shop.context.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);
const historyOf = async (id: string) =>
  (await shop.context.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).map((h) => h.status);
const signed = (providerOrderId: string) => signTestPayment(shop.context.gateway!.signingSecret, providerOrderId);

async function pendingOrder(quantity = 2, stock = 20) {
  const item = await makeProduct(shop.context, { stock, pricePaise: 31500 });
  const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity }]);
  const res = await checkout(shop, buyer).expect(201);
  return { item, buyer, order: res.body.order, payment: res.body.payment };
}

const payAgain = (buyer: TestUser, orderId: string) => api().post(`/api/orders/${orderId}/pay`).set(buyer.headers);

describe("three Pay clicks make one order", () => {
  it("three checkouts in a row leave exactly one live Pending order and the stock held once", async () => {
    const item = await makeProduct(shop.context, { stock: 30 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 3 }]);
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) placed.push((await checkout(shop, buyer).expect(201)).body.order._id);

    const mine = await ordersOf(buyer.id);
    expect(mine.filter((o) => o.status === "Pending").map((o) => o.id)).toEqual([placed[2]]);
    expect(mine.filter((o) => o.status === "Cancelled")).toHaveLength(2);
    expect(await stockOf(shop.context, item.id)).toBe(27);

    // My Orders shows the one live order; the replaced attempts only when asked for.
    const listed = await api().get("/api/orders/my-orders").set(buyer.headers).expect(200);
    expect(listed.body.map((o: { _id: string }) => o._id)).toEqual([placed[2]]);
    expect(listed.body[0]).toMatchObject({ status: "Pending", reservationExpiresAt: expect.any(String) });
    const all = await api().get("/api/orders/my-orders?include=expired").set(buyer.headers).expect(200);
    expect(all.body.map((o: { _id: string }) => o._id)).toEqual([...placed].reverse());
    expect(all.body.slice(1).map((o: { reservationExpiresAt: string | null }) => o.reservationExpiresAt)).toEqual([null, null]);
  });

  it("three checkouts at once leave exactly one live Pending order and the stock held once", async () => {
    const item = await makeProduct(shop.context, { stock: 30 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 3 }]);
    const answers = await Promise.all([0, 1, 2].map(() => checkout(shop, buyer)));
    // Each is placed (201) or was replaced by a later one while its provider order was made (409).
    for (const res of answers) expect([201, 409]).toContain(res.status);
    expect(answers.some((res) => res.status === 201)).toBe(true);

    const mine = await ordersOf(buyer.id);
    const live = mine.filter((o) => o.status === "Pending");
    expect(live).toHaveLength(1);
    expect(mine).toHaveLength(3);
    expect(await stockOf(shop.context, item.id)).toBe(27);
    const listed = await api().get("/api/orders/my-orders").set(buyer.headers).expect(200);
    expect(listed.body.map((o: { _id: string }) => o._id)).toEqual([live[0]!.id]);
  });

  it("a retried payment (verify twice, then the test gateway again) marks the order paid once", async () => {
    const { buyer, order, item } = await pendingOrder();
    const fields = (await api().post(`/api/payments/test/${order._id}/pay`).set(buyer.headers).expect(200)).body;
    for (let i = 0; i < 2; i++) {
      const res = await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(fields).expect(200);
      expect(res.body.order).toMatchObject({ isPaid: true, status: "Processing" });
    }
    await api().post(`/api/payments/test/${order._id}/pay`).set(buyer.headers).expect(409);
    expect(await historyOf(order._id)).toEqual(["Pending", "Processing"]);
    expect((await paymentRows(order._id)).map((row) => [row.status, row.extra])).toEqual([["captured", false]]);
    expect(await stockOf(shop.context, item.id)).toBe(18);
  });
});

describe("POST /api/orders/:id/pay (Complete payment)", () => {
  it("makes a new provider order for the same order; nothing else changes", async () => {
    const { buyer, order, payment, item } = await pendingOrder();
    const before = await orderRow(order._id);

    const res = await payAgain(buyer, order._id).expect(200);
    expect(res.headers["cache-control"]).toMatch(/no-store/);
    expect(res.body.order).toMatchObject({ _id: order._id, orderNumber: order.orderNumber, status: "Pending", isPaid: false });
    expect(res.body.payment).toMatchObject({ provider: "test", amount: payment.amount, currency: "INR", keyId: payment.keyId });
    expect(res.body.payment.orderId).not.toBe(payment.orderId);

    const after = await orderRow(order._id);
    expect(after.providerOrderId).toBe(res.body.payment.orderId);
    // The reservation is not extended, and the stock is held once.
    expect(after.reservationExpiresAt).toEqual(before.reservationExpiresAt);
    expect(await stockOf(shop.context, item.id)).toBe(18);
    expect((await paymentRows(order._id)).map((row) => [row.providerOrderId, row.status, row.amountPaise])).toEqual([
      [payment.orderId, "created", payment.amount],
      [res.body.payment.orderId, "created", payment.amount],
    ]);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    // The test gateway's dialog now pays the new provider order.
    const fields = (await api().post(`/api/payments/test/${order._id}/pay`).set(buyer.headers).expect(200)).body;
    expect(fields.razorpay_order_id).toBe(res.body.payment.orderId);
  });

  it("a payment through the OLDER provider order pays the order; a second one through the newer is refunded, once", async () => {
    const { buyer, order, payment } = await pendingOrder();
    const retried = (await payAgain(buyer, order._id).expect(200)).body.payment;

    const old = signed(payment.orderId);
    const paid = await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(old).expect(200);
    expect(paid.body.order).toMatchObject({ isPaid: true, status: "Processing", paymentResult: old });

    const second = signed(retried.orderId);
    for (let i = 0; i < 2; i++) await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(second).expect(200);

    const rows = await paymentRows(order._id);
    expect(rows.map((row) => [row.providerOrderId, row.providerPaymentId, row.status, row.extra])).toEqual([
      [payment.orderId, old.razorpay_payment_id, "captured", false],
      [retried.orderId, null, "created", false],
      [retried.orderId, second.razorpay_payment_id, "refunded", true],
    ]);
    expect(rows[2]!.refundedPaise).toBe(payment.amount);
    expect(await historyOf(order._id)).toEqual(["Pending", "Processing"]);
  });

  it("a payment through the NEWER provider order pays it; a late one through the older is refunded, once", async () => {
    const { buyer, order, payment } = await pendingOrder();
    const retried = (await payAgain(buyer, order._id).expect(200)).body.payment;
    const fields = (await api().post(`/api/payments/test/${order._id}/pay`).set(buyer.headers).expect(200)).body;
    await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(fields).expect(200);

    const late = signed(payment.orderId);
    await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(late).expect(200);
    const rows = await paymentRows(order._id);
    expect(rows.map((row) => [row.providerOrderId, row.status, row.extra])).toEqual([
      [payment.orderId, "created", false],
      [retried.orderId, "captured", false],
      [payment.orderId, "refunded", true],
    ]);
    expect(await orderRow(order._id)).toMatchObject({ isPaid: true, status: "Processing" });
    expect(await historyOf(order._id)).toEqual(["Pending", "Processing"]);
    // Paid now: no more Complete payment.
    expect((await payAgain(buyer, order._id).expect(409)).body.message).toBe("This order is already paid.");
  });

  it("verify refuses a provider order that is not this order's (another customer's), and a forged signature", async () => {
    const mine = await pendingOrder();
    const theirs = await pendingOrder();
    const foreign = signed(theirs.payment.orderId);
    await api().post(`/api/checkout/${mine.order._id}/verify`).set(mine.buyer.headers).send(foreign).expect(400);
    const forged = { ...signed(mine.payment.orderId), razorpay_signature: "0".repeat(64) };
    await api().post(`/api/checkout/${mine.order._id}/verify`).set(mine.buyer.headers).send(forged).expect(400);
    expect(await orderRow(mine.order._id)).toMatchObject({ isPaid: false, status: "Pending" });
    expect(await orderRow(theirs.order._id)).toMatchObject({ isPaid: false, status: "Pending" });
  });

  it("is 404 for someone else's order (customer or admin), 401 signed out, 404 for a made-up id; nothing changes", async () => {
    const { order } = await pendingOrder();
    const stranger = await createCustomer(shop.context);
    const admin = await createAdmin(shop.context);
    expect((await payAgain(stranger, order._id).expect(404)).body.message).toBe("Order not found");
    expect((await payAgain(admin, order._id).expect(404)).body.message).toBe("Order not found");
    await api().post(`/api/orders/${order._id}/pay`).expect(401);
    await payAgain(stranger, "not-an-order").expect(404);
    await payAgain(stranger, "x".repeat(5000)).expect(404);
    expect(await paymentRows(order._id)).toHaveLength(1);
  });

  it("is 409 with a sentence once the reservation has run out, before and after the sweep; the stock is released", async () => {
    const { buyer, order, item } = await pendingOrder();
    await shop.context.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, order._id));
    const expired = await payAgain(buyer, order._id).expect(409);
    expect(expired.body.message).toBe(
      "The time to pay for this order has run out and its items were released. Please check out again from your cart.",
    );
    expect(await paymentRows(order._id)).toHaveLength(1);

    expect(await expireReservations(shop.context)).toBeGreaterThanOrEqual(1);
    expect(await stockOf(shop.context, item.id)).toBe(20);
    const cancelled = await payAgain(buyer, order._id).expect(409);
    expect(cancelled.body.message).toBe("This order was cancelled, so it can no longer be paid. Please check out again from your cart.");
    // The expired attempt has left My Orders (unless asked for).
    expect((await api().get("/api/orders/my-orders").set(buyer.headers).expect(200)).body).toEqual([]);
    expect((await api().get("/api/orders/my-orders?include=expired").set(buyer.headers).expect(200)).body).toHaveLength(1);
  });

  it("a payment through an older provider order after expiry is recorded and refunded, as any late payment", async () => {
    const { buyer, order, payment } = await pendingOrder();
    await payAgain(buyer, order._id).expect(200);
    await shop.context.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, order._id));
    await expireReservations(shop.context);
    await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(signed(payment.orderId)).expect(409);
    const rows = await paymentRows(order._id);
    expect(rows.map((row) => row.status)).toEqual(["refunded", "created"]);
    expect(await orderRow(order._id)).toMatchObject({ status: "Cancelled", isPaid: false });
    // Money moved, so it is no longer an unpaid attempt: My Orders keeps showing it.
    const listed = await api().get("/api/orders/my-orders").set(buyer.headers).expect(200);
    expect(listed.body.map((o: { _id: string }) => o._id)).toEqual([order._id]);
  });

  it("is 400 for a cash-on-delivery order and 409 for one no longer Pending", async () => {
    const cod = await pendingOrder();
    await shop.context.db.update(orders).set({ paymentMethod: "cod" }).where(eq(orders.id, cod.order._id));
    const res = await payAgain(cod.buyer, cod.order._id).expect(400);
    expect(res.body.message).toBe("This order is paid in cash on delivery, so there is nothing to pay online.");

    const replaced = await pendingOrder();
    await checkout(shop, replaced.buyer).expect(201);
    await payAgain(replaced.buyer, replaced.order._id).expect(409);
  });
});

describe("Complete payment is rate limited", () => {
  let limited: TestShop;
  beforeAll(async () => {
    limited = await createTestShop({ RATE_LIMIT_SCALE: "1" });
  });
  afterAll(() => limited?.close());

  it("answers 429 with Retry-After after 10 in 30 minutes, per customer", async () => {
    const item = await makeProduct(limited.context, { stock: 5 });
    const buyer = await buyerWithCart(limited, [{ productId: item.id, quantity: 1 }]);
    const order = (await checkout(limited, buyer).expect(201)).body.order;
    for (let i = 0; i < 10; i++) await request(limited.app).post(`/api/orders/${order._id}/pay`).set(buyer.headers).expect(200);
    const refused = await request(limited.app).post(`/api/orders/${order._id}/pay`).set(buyer.headers).expect(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.body.message).toEqual(expect.any(String));
    expect(await limited.context.db.select().from(payments).where(eq(payments.orderId, order._id))).toHaveLength(11);
  });
});
