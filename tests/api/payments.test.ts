import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStatusHistory, orders, paymentEvents, payments } from "#server/db/schema.ts";
import { startFakeRazorpay, type FakeRazorpay } from "../support/fake-razorpay.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

const WEBHOOK_SECRET = "whsec_for_tests_0123456789";

let fake: FakeRazorpay;
let shop: TestShop;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  shop = await createTestShop({
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_BASE: fake.url,
  });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const api = () => request(shop.app);
let paymentCounter = 0;

async function placeOrder(stock = 10, quantity = 1, pricePaise = 24900) {
  const item = await makeProduct(shop.context, { stock, pricePaise });
  const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity }]);
  const res = await checkout(shop, buyer).expect(201);
  return { item, buyer, order: res.body.order, payment: res.body.payment };
}

function razorpayFields(providerOrderId: string, secret = fake.keySecret) {
  const paymentId = `pay_fake${++paymentCounter}${Date.now()}`;
  return {
    razorpay_payment_id: paymentId,
    razorpay_order_id: providerOrderId,
    razorpay_signature: createHmac("sha256", secret).update(`${providerOrderId}|${paymentId}`).digest("hex"),
  };
}

function webhookEvent(event: string, entity: Record<string, unknown>) {
  return JSON.stringify({
    entity: "event",
    account_id: "acc_test",
    event,
    contains: ["payment"],
    payload: { payment: { entity: { entity: "payment", currency: "INR", method: "upi", ...entity } } },
    created_at: Math.floor(Date.now() / 1000),
  });
}

function sendWebhook(raw: string, eventId: string, signature = createHmac("sha256", WEBHOOK_SECRET).update(raw).digest("hex")) {
  return api()
    .post("/api/payments/razorpay/webhook")
    .set("Content-Type", "application/json")
    .set("X-Razorpay-Signature", signature)
    .set("X-Razorpay-Event-Id", eventId)
    .send(raw);
}

const orderRow = async (id: string) => (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const historyOf = async (id: string) =>
  (await shop.context.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))).map((h) => h.status);

describe("the Razorpay adapter against a fake Razorpay", () => {
  it("creates the provider order with Basic auth, integer paise, INR, our order number as receipt", async () => {
    const before = fake.requests.length;
    const { order, payment } = await placeOrder(10, 3, 33333);
    const sent = fake.requests.slice(before).filter((r) => r.path === "/v1/orders");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString("base64")}`);
    expect(sent[0]!.body).toEqual({ amount: 99999, currency: "INR", receipt: order.orderNumber, notes: { orderId: order._id, orderNumber: order.orderNumber } });
    expect(payment).toEqual({ provider: "razorpay", keyId: fake.keyId, orderId: expect.stringMatching(/^order_/), amount: 99999, currency: "INR" });
    expect(fake.orders.has(payment.orderId)).toBe(true);
    // The browser never receives the secret.
    expect(JSON.stringify({ order, payment })).not.toContain(fake.keySecret);
  });

  it("answers 502 when Razorpay fails, cancelling the order and releasing its stock", async () => {
    const item = await makeProduct(shop.context, { stock: 2 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 2 }]);
    fake.failNext(500);
    const res = await checkout(shop, buyer).expect(502);
    expect(res.body.message).toBe("The payment could not be started. Please try again in a moment.");
    expect(await stockOf(shop.context, item.id)).toBe(2);
    const mine = await shop.context.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(mine.map((o) => [o.status, o.providerOrderId])).toEqual([["Cancelled", null]]);
    // The cart is intact, so trying again works.
    await checkout(shop, buyer).expect(201);
    expect(await stockOf(shop.context, item.id)).toBe(0);
  });

  it("verifies with the key secret and the provider order id stored on our order", async () => {
    const { buyer, order, payment } = await placeOrder();
    const other = await placeOrder();
    // A signature valid for ANOTHER order of ours is not accepted for this one.
    const foreign = razorpayFields(other.payment.orderId);
    await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(foreign).expect(400, /Payment verification failed/);
    await api()
      .post(`/api/checkout/${order._id}/verify`)
      .set(buyer.headers)
      .send({ ...foreign, razorpay_order_id: payment.orderId })
      .expect(400);
    await api()
      .post(`/api/checkout/${order._id}/verify`)
      .set(buyer.headers)
      .send(razorpayFields(payment.orderId, "wrong_secret"))
      .expect(400);
    expect((await orderRow(order._id)).isPaid).toBe(false);

    const fields = razorpayFields(payment.orderId);
    const res = await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(fields).expect(200);
    expect(res.body.order).toMatchObject({ isPaid: true, status: "Processing", paymentResult: fields });
    // The method comes from Razorpay's payment record (GET /v1/payments/:id), for the order page.
    const detail = await api().get(`/api/orders/${order._id}`).set(buyer.headers).expect(200);
    expect(detail.body.payment).toMatchObject({ method: "card", status: "captured", providerPaymentId: fields.razorpay_payment_id });
    // The test gateway's endpoints are closed while Razorpay is configured.
    await api().post(`/api/payments/test/${other.order._id}/pay`).set(other.buyer.headers).expect(404);
  });

  it("refunds a cancelled paid order with the idempotency header; a failed refund changes nothing", async () => {
    const { item, buyer, order, payment } = await placeOrder(5, 2);
    const fields = razorpayFields(payment.orderId);
    await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(fields).expect(200);
    expect(await stockOf(shop.context, item.id)).toBe(3);

    fake.failNext(503);
    const failed = await api().post(`/api/orders/${order._id}/cancel`).set(buyer.headers).expect(502);
    expect(failed.body.message).toMatch(/refund could not be made/);
    expect(await orderRow(order._id)).toMatchObject({ status: "Processing", isPaid: true });
    expect(await stockOf(shop.context, item.id)).toBe(3);

    const before = fake.requests.length;
    const res = await api().post(`/api/orders/${order._id}/cancel`).set(buyer.headers).expect(200);
    expect(res.body.order.status).toBe("Cancelled");
    expect(await stockOf(shop.context, item.id)).toBe(5);
    const refundCalls = fake.requests.slice(before).filter((r) => r.path.endsWith("/refund"));
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.path).toBe(`/v1/payments/${fields.razorpay_payment_id}/refund`);
    expect(refundCalls[0]!.body).toMatchObject({ amount: 49800 });
    const key = refundCalls[0]!.headers["x-refund-idempotency"];
    expect(key).toMatch(/^[A-Za-z0-9_-]{10,}$/);
    // The failed attempt used the same key, so a refund that did happen behind a timeout is not repeated.
    const attempts = fake.requests.filter((r) => r.path.endsWith(`${fields.razorpay_payment_id}/refund`));
    expect(new Set(attempts.map((r) => r.headers["x-refund-idempotency"]))).toEqual(new Set([key]));
    const [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(paymentRow).toMatchObject({ status: "refunded", refundedPaise: 49800, refundId: fake.refunds.get(key as string)!.id });
    const detail = await api().get(`/api/orders/${order._id}`).set(buyer.headers).expect(200);
    expect(detail.body.payment).toMatchObject({ status: "refunded", refunded: 498 });
  });
});

describe("POST /api/payments/razorpay/webhook", () => {
  it("marks the order paid once however often a captured event is delivered", async () => {
    const { item, buyer, order, payment } = await placeOrder(4, 1);
    const paymentId = `pay_webhook${Date.now()}`;
    const raw = webhookEvent("payment.captured", { id: paymentId, order_id: payment.orderId, amount: payment.amount });
    for (let i = 0; i < 5; i++) {
      const res = await sendWebhook(raw, "evt_replayed_1").expect(200);
      expect(res.body).toEqual(i === 0 ? { ok: true } : { ok: true, duplicate: true });
    }
    // The same capture under another event id, and order.paid, are also harmless.
    await sendWebhook(raw, "evt_replayed_2").expect(200);
    await sendWebhook(
      JSON.stringify({
        event: "order.paid",
        payload: {
          payment: { entity: { id: paymentId, order_id: payment.orderId, amount: payment.amount, currency: "INR", method: "upi" } },
          order: { entity: { id: payment.orderId } },
        },
      }),
      "evt_replayed_3",
    ).expect(200);

    expect(await orderRow(order._id)).toMatchObject({ isPaid: true, status: "Processing" });
    expect(await historyOf(order._id)).toEqual(["Pending", "Processing"]);
    const events = await shop.context.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, "evt_replayed_1"));
    expect(events).toHaveLength(1);
    const [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(paymentRow).toMatchObject({ status: "captured", providerPaymentId: paymentId, method: "upi" });
    expect(await stockOf(shop.context, item.id)).toBe(3);
    const cart = await api().get("/api/cart").set(buyer.headers).expect(200);
    expect(cart.body.products).toEqual([]);

    // The browser's verify arriving after the webhook is the same 200.
    const signature = createHmac("sha256", fake.keySecret).update(`${payment.orderId}|${paymentId}`).digest("hex");
    const verified = await api()
      .post(`/api/checkout/${order._id}/verify`)
      .set(buyer.headers)
      .send({ razorpay_payment_id: paymentId, razorpay_order_id: payment.orderId, razorpay_signature: signature })
      .expect(200);
    expect(verified.body.order.isPaid).toBe(true);
    expect(await historyOf(order._id)).toEqual(["Pending", "Processing"]);
  });

  it("records payment.failed without giving up the order; a later payment.captured still pays it", async () => {
    const { order, payment } = await placeOrder();
    const failed = webhookEvent("payment.failed", {
      id: "pay_failed_1",
      order_id: payment.orderId,
      amount: payment.amount,
      status: "failed",
      error_description: "Payment was declined by the bank",
    });
    await sendWebhook(failed, `evt_failed_${order._id}`).expect(200);
    let [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(paymentRow).toMatchObject({ status: "failed", failureReason: "Payment was declined by the bank" });
    expect(await orderRow(order._id)).toMatchObject({ isPaid: false, status: "Pending" });

    const captured = webhookEvent("payment.captured", { id: "pay_retry_1", order_id: payment.orderId, amount: payment.amount });
    await sendWebhook(captured, `evt_captured_${order._id}`).expect(200);
    [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(paymentRow).toMatchObject({ status: "captured", providerPaymentId: "pay_retry_1", failureReason: null });
    expect(await orderRow(order._id)).toMatchObject({ isPaid: true, status: "Processing" });
    // A late failure event for the first attempt does not undo the capture.
    await sendWebhook(failed, `evt_failed_late_${order._id}`).expect(200);
    [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(paymentRow!.status).toBe("captured");
  });

  it("ignores a capture whose amount or currency differs from the order", async () => {
    const { order, payment } = await placeOrder();
    await sendWebhook(
      webhookEvent("payment.captured", { id: "pay_short", order_id: payment.orderId, amount: payment.amount - 100 }),
      `evt_short_${order._id}`,
    ).expect(200);
    await sendWebhook(
      webhookEvent("payment.captured", { id: "pay_usd", order_id: payment.orderId, amount: payment.amount, currency: "USD" }),
      `evt_usd_${order._id}`,
    ).expect(200);
    expect(await orderRow(order._id)).toMatchObject({ isPaid: false, status: "Pending" });
    const [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(paymentRow).toMatchObject({ status: "created", providerPaymentId: null });
  });

  it("is 400 for a bad or missing signature and changes nothing", async () => {
    const { order, payment } = await placeOrder();
    const raw = webhookEvent("payment.captured", { id: "pay_forged", order_id: payment.orderId, amount: payment.amount });
    const signedWithKeySecret = createHmac("sha256", fake.keySecret).update(raw).digest("hex");
    await sendWebhook(raw, "evt_forged_1", signedWithKeySecret).expect(400, /Invalid webhook signature/);
    await sendWebhook(raw, "evt_forged_2", "").expect(400);
    // Signed over a re-serialised body, not the bytes sent.
    const reserialised = createHmac("sha256", WEBHOOK_SECRET).update(JSON.stringify(JSON.parse(raw), null, 2)).digest("hex");
    await sendWebhook(raw, "evt_forged_3", reserialised).expect(400);
    await api().post("/api/payments/razorpay/webhook").set("Content-Type", "application/json").send(raw).expect(400);
    expect(await orderRow(order._id)).toMatchObject({ isPaid: false });
    const stored = await shop.context.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, "evt_forged_1"));
    expect(stored).toHaveLength(0);
  });

  it("answers 400, never 500, for signed bodies that are not events", async () => {
    for (const raw of ["null", "5", "[]", "not json", '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"p\\u0000"}}}}']) {
      await sendWebhook(raw, `evt_odd_${raw.length}_${Math.random()}`).expect(400);
    }
    // A signed event of a type we do not act on is recorded and acknowledged.
    await sendWebhook('{"event":"refund.processed","payload":{"payment":"odd"}}', "evt_other_type").expect(200, { ok: true });
  });

  it("accepts the webhook even with a foreign cookie and Origin (no same-origin check on it)", async () => {
    const { order, payment } = await placeOrder();
    const raw = webhookEvent("payment.captured", { id: `pay_cookie${Date.now()}`, order_id: payment.orderId, amount: payment.amount });
    await sendWebhook(raw, `evt_cookie_${order._id}`).set("Cookie", "x=1").set("Origin", "https://razorpay.com").expect(200);
    expect((await orderRow(order._id)).isPaid).toBe(true);
  });
});

describe("concurrent payment reports", () => {
  it("verify and webhooks racing for one payment mark it paid exactly once", async () => {
    const { order, buyer, payment } = await placeOrder();
    const fields = razorpayFields(payment.orderId);
    const raw = webhookEvent("payment.captured", { id: fields.razorpay_payment_id, order_id: payment.orderId, amount: payment.amount });
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(fields)),
      ...Array.from({ length: 4 }, (_, i) => sendWebhook(raw, `evt_race_${order._id}_${i % 2}`)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await historyOf(order._id)).toEqual(["Pending", "Processing"]);
    const rows = await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "captured", providerPaymentId: fields.razorpay_payment_id });
  });

  it("a payment racing the reservation expiry ends either paid or cancelled and refunded, never both", async () => {
    const { expireReservations } = await import("#server/modules/orders/expiry.ts");
    const { item, order, buyer, payment } = await placeOrder(3, 1);
    await shop.context.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, order._id));
    const fields = razorpayFields(payment.orderId);
    const [verified] = await Promise.all([
      api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(fields),
      expireReservations(shop.context),
    ]);
    const row = await orderRow(order._id);
    const [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id));
    if (verified.status === 200) {
      expect(row).toMatchObject({ status: "Processing", isPaid: true });
      expect(paymentRow!.status).toBe("captured");
      expect(await stockOf(shop.context, item.id)).toBe(2);
    } else {
      expect(verified.status).toBe(409);
      expect(row).toMatchObject({ status: "Cancelled", isPaid: false });
      expect(paymentRow).toMatchObject({ status: "refunded", refundedPaise: payment.amount });
      expect(await stockOf(shop.context, item.id)).toBe(3);
    }
  });
});

describe("the adapter when Razorpay cannot be reached", () => {
  it("throws a GatewayError without secrets in its message", async () => {
    const { createRazorpayGateway } = await import("#server/modules/payments/razorpay.ts");
    const { GatewayError } = await import("#server/modules/payments/gateway.ts");
    const closed = await startFakeRazorpay();
    await closed.close();
    const gateway = createRazorpayGateway({ keyId: "rzp_test_x", keySecret: "very_secret_value", apiBase: closed.url, timeoutMs: 2000 });
    const error = await gateway.createOrder({ amountPaise: 1000, receipt: "r", notes: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(String((error as Error).message)).not.toContain("very_secret_value");
    await expect(gateway.createOrder({ amountPaise: 99, receipt: "r", notes: {} })).rejects.toThrow(/at least 100 paise/);
    await expect(gateway.refund({ paymentId: "pay_x", amountPaise: 1000, idempotencyKey: "short" })).rejects.toThrow(/idempotency key/);
  });
});

describe("without a webhook secret", () => {
  it("answers 503 so Razorpay retries once it is configured", async () => {
    const bare = await createTestShop({ RAZORPAY_KEY_ID: fake.keyId, RAZORPAY_KEY_SECRET: fake.keySecret, RAZORPAY_API_BASE: fake.url });
    try {
      await request(bare.app)
        .post("/api/payments/razorpay/webhook")
        .set("Content-Type", "application/json")
        .set("X-Razorpay-Signature", "00")
        .send("{}")
        .expect(503);
    } finally {
      await bare.close();
    }
  });
});

// Issue 11: a second captured payment on a paid order (the customer paid twice) was ignored
// without a record or a refund. It is now an `extra` payment row, refunded in full exactly once.
describe("an extra captured payment on a paid order", () => {
  const refundCallsFor = (paymentId: string) => fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/payments/${paymentId}/refund`);
  const paymentRows = async (orderId: string) =>
    shop.context.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);

  it("a second payment.captured (replayed, and again as order.paid) is recorded and refunded once", async () => {
    const { buyer, order, payment } = await placeOrder();
    const first = razorpayFields(payment.orderId);
    await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(first).expect(200);

    const second = `pay_twice${Date.now()}`;
    const raw = webhookEvent("payment.captured", { id: second, order_id: payment.orderId, amount: payment.amount });
    await sendWebhook(raw, "evt_extra_1").expect(200, { ok: true });
    await sendWebhook(raw, "evt_extra_1").expect(200, { ok: true, duplicate: true });
    await sendWebhook(raw, "evt_extra_2").expect(200, { ok: true });
    const orderPaid = JSON.stringify({
      event: "order.paid",
      payload: {
        payment: { entity: { id: second, order_id: payment.orderId, amount: payment.amount, currency: "INR", method: "upi" } },
        order: { entity: { id: payment.orderId } },
      },
    });
    await sendWebhook(orderPaid, "evt_extra_3").expect(200, { ok: true });

    expect(refundCallsFor(second)).toHaveLength(1);
    expect(refundCallsFor(second)[0]!.body).toMatchObject({ amount: payment.amount });
    expect(refundCallsFor(first.razorpay_payment_id)).toHaveLength(0);
    const rows = await paymentRows(order._id);
    expect(rows.map((row) => [row.providerPaymentId, row.status, row.extra, row.refundedPaise])).toEqual([
      [first.razorpay_payment_id, "captured", false, 0],
      [second, "refunded", true, payment.amount],
    ]);
    // The order is paid once, by the first payment; the events point at the payment they report.
    expect(await orderRow(order._id)).toMatchObject({ isPaid: true, status: "Processing" });
    expect(await historyOf(order._id)).toEqual(["Pending", "Processing"]);
    const detail = await api().get(`/api/orders/${order._id}`).set(buyer.headers).expect(200);
    expect(detail.body.paymentResult.razorpay_payment_id).toBe(first.razorpay_payment_id);
    expect(detail.body.payment).toMatchObject({ providerPaymentId: first.razorpay_payment_id, status: "captured" });
    const [event] = await shop.context.db.select().from(paymentEvents).where(eq(paymentEvents.providerEventId, "evt_extra_1"));
    expect(event!.paymentId).toBe(rows[1]!.id);

    // Cancelling the order later refunds the order's payment, never the extra one again.
    await api().post(`/api/orders/${order._id}/cancel`).set(buyer.headers).expect(200);
    expect(refundCallsFor(first.razorpay_payment_id)).toHaveLength(1);
    expect(refundCallsFor(second)).toHaveLength(1);
  });

  it("verify with a different payment id on a paid order is answered 200 and that payment refunded once", async () => {
    const { buyer, order, payment } = await placeOrder();
    const first = razorpayFields(payment.orderId);
    await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(first).expect(200);
    const again = razorpayFields(payment.orderId);
    for (let i = 0; i < 3; i++) {
      const res = await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(again).expect(200);
      expect(res.body.order).toMatchObject({ isPaid: true, paymentResult: first });
    }
    expect(refundCallsFor(again.razorpay_payment_id)).toHaveLength(1);
    expect((await paymentRows(order._id)).map((row) => [row.status, row.extra])).toEqual([
      ["captured", false],
      ["refunded", true],
    ]);
  });

  it("verify and a webhook racing with two different payments: one pays the order, the other is refunded once", async () => {
    const { buyer, order, payment } = await placeOrder();
    const viaVerify = razorpayFields(payment.orderId);
    const viaWebhook = `pay_race${Date.now()}`;
    const raw = webhookEvent("payment.captured", { id: viaWebhook, order_id: payment.orderId, amount: payment.amount });
    await Promise.all([
      api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(viaVerify).expect(200),
      sendWebhook(raw, `evt_race_${Date.now()}`).expect(200),
      sendWebhook(raw, `evt_race_b_${Date.now()}`).expect(200),
    ]);
    const rows = await paymentRows(order._id);
    expect(rows.filter((row) => !row.extra)).toHaveLength(1);
    expect(rows.filter((row) => row.extra).map((row) => row.status)).toEqual(["refunded"]);
    const extra = rows.find((row) => row.extra)!;
    expect(refundCallsFor(extra.providerPaymentId!)).toHaveLength(1);
    expect(await historyOf(order._id)).toEqual(["Pending", "Processing"]);
  });

  it("a refund the gateway refused is kept on record and made by the next sweep, once", async () => {
    const { refundDueExtraPayments } = await import("#server/modules/payments/refunds.ts");
    const { buyer, order, payment } = await placeOrder();
    await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(razorpayFields(payment.orderId)).expect(200);
    const second = `pay_later${Date.now()}`;
    fake.failNext(503);
    const raw = webhookEvent("payment.captured", { id: second, order_id: payment.orderId, amount: payment.amount });
    await sendWebhook(raw, `evt_fail_${Date.now()}`).expect(200);
    expect((await paymentRows(order._id)).map((row) => [row.status, row.extra])).toEqual([
      ["captured", false],
      ["captured", true],
    ]);

    expect(await refundDueExtraPayments(shop.context)).toBe(1);
    expect(await refundDueExtraPayments(shop.context)).toBe(0);
    expect((await paymentRows(order._id)).map((row) => row.status)).toEqual(["captured", "refunded"]);
    const keys = new Set(refundCallsFor(second).map((r) => r.headers["x-refund-idempotency"]));
    expect(keys.size).toBe(1);
    expect(fake.refunds.get([...keys][0] as string)).toMatchObject({ payment_id: second, amount: payment.amount });
  });
});
