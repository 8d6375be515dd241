// A prepaid refill (decisions/057): the job places a Pending order and makes a Razorpay Payment
// Link for it (POST /v1/payment_links against the fake: paise, INR, reference_id = the order
// number, the shopper's contact, expire_by at least two days on), sends it to the shopper, and
// the signed webhook's payment_link.paid pays the order once (a replay changes nothing). Without
// Razorpay keys the offline test gateway's link is the order's page.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, outboundEmails, outboundMessages, paymentEvents, payments, refillRuns } from "#server/db/schema.ts";
import { runRefills } from "#server/modules/refills/job.ts";
import { startFakeRazorpay, type FakeRazorpay } from "../support/fake-razorpay.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";
import { makeProduct } from "./checkout-helpers.ts";

const WEBHOOK_SECRET = "whsec_refills_0123456789";

let fake: FakeRazorpay;
let shop: TestShop;
let offline: TestShop;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  [shop, offline] = await Promise.all([
    createTestShop({ RAZORPAY_KEY_ID: fake.keyId, RAZORPAY_KEY_SECRET: fake.keySecret, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, RAZORPAY_API_BASE: fake.url }),
    createTestShop(),
  ]);
});
afterAll(async () => {
  await shop?.close();
  await offline?.close();
  await fake?.close();
});

async function prepaidRefill(target: TestShop, pricePaise = 45000) {
  const buyer: TestUser = await createCustomer(target.context);
  const address = await request(target.app)
    .post("/api/users/addresses")
    .set(buyer.headers)
    .send({ fullName: "Meera Iyer", phone: "+91 98450 12345", line1: "4 Residency Road", city: "Bengaluru", state: "Karnataka", postalCode: "560025" })
    .expect(201);
  const item = await makeProduct(target.context, { pricePaise, stock: 10 });
  const res = await request(target.app)
    .post("/api/refills")
    .set(buyer.headers)
    .send({ items: [{ productId: item.id, quantity: 2 }], everyDays: 30, addressId: address.body._id, paymentMethod: "razorpay" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { buyer, item, refillId: res.body._id as string };
}

async function orderOfRefill(target: TestShop, refillId: string) {
  const [run] = await target.context.db.select().from(refillRuns).where(eq(refillRuns.refillId, refillId));
  const [order] = await target.context.db.select().from(orders).where(eq(orders.id, run!.orderId!));
  return order!;
}

function paidEvent(linkId: string, orderNumber: string, paymentId: string, amount: number) {
  return JSON.stringify({
    entity: "event",
    account_id: "acc_test",
    event: "payment_link.paid",
    contains: ["payment_link", "order", "payment"],
    payload: {
      payment_link: { entity: { id: linkId, amount, amount_paid: amount, currency: "INR", reference_id: orderNumber, status: "paid" } },
      order: { entity: { id: "order_linkinternal1", amount, amount_paid: amount, status: "paid" } },
      payment: { entity: { id: paymentId, entity: "payment", amount, currency: "INR", status: "captured", order_id: "order_linkinternal1", method: "upi" } },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

function sendWebhook(raw: string, eventId: string, signature = createHmac("sha256", WEBHOOK_SECRET).update(raw).digest("hex")) {
  return request(shop.app)
    .post("/api/payments/razorpay/webhook")
    .set("Content-Type", "application/json")
    .set("X-Razorpay-Signature", signature)
    .set("X-Razorpay-Event-Id", eventId)
    .send(raw);
}

describe("a prepaid refill with Razorpay", () => {
  it("places a Pending order with a payment link sent to the shopper; payment_link.paid pays it once", async () => {
    const { buyer, refillId } = await prepaidRefill(shop);
    const before = fake.requests.length;
    await Promise.all([runRefills(shop.context), runRefills(shop.context)]);
    await runRefills(shop.context);

    const order = await orderOfRefill(shop, refillId);
    expect(order).toMatchObject({ status: "Pending", isPaid: false, paymentMethod: "razorpay", totalPaise: 90000 });
    const calls = fake.requests.slice(before).filter((r) => r.path === "/v1/payment_links");
    expect(calls).toHaveLength(1);
    const body = calls[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ amount: 90000, currency: "INR", reference_id: order.orderNumber, customer: { contact: "+919845012345", name: buyer.name } });
    expect(body.expire_by as number).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 2 * 86_400);
    const link = [...fake.paymentLinks.values()].find((l) => l.reference_id === order.orderNumber)!;
    expect(order.providerOrderId).toBe(link.id);
    // The stock stays held while the link lives.
    expect(order.reservationExpiresAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 2 * 86_400_000);

    const messages = await shop.context.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, order.id));
    expect(messages.filter((m) => m.template === "refill_payment")).toHaveLength(1);
    expect(messages.find((m) => m.template === "refill_payment")!.params).toEqual(["Meera", order.orderNumber, "900.00", link.short_url]);
    const emails = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, buyer.email));
    expect(emails.filter((e) => e.text.includes(String(link.short_url)))).toHaveLength(1);

    // A badly signed event changes nothing.
    const raw = paidEvent(String(link.id), order.orderNumber, "pay_link_1", 90000);
    expect((await sendWebhook(raw, "evt_bad", "0".repeat(64))).status).toBe(400);
    expect((await shop.context.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.isPaid).toBe(false);

    expect((await sendWebhook(raw, "evt_link_paid_1")).status).toBe(200);
    const [paid] = await shop.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ isPaid: true, status: "Processing" });
    // Replayed (same id), and told again under another id: one payment, one Processing.
    expect((await sendWebhook(raw, "evt_link_paid_1")).status).toBe(200);
    expect((await sendWebhook(raw, "evt_link_paid_2")).status).toBe(200);
    const captured = await shop.context.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(captured.filter((p) => p.status === "captured")).toHaveLength(1);
    expect(captured.filter((p) => p.extra)).toHaveLength(0);
    const events = await shop.context.db.select().from(paymentEvents).where(eq(paymentEvents.type, "payment_link.paid"));
    expect(events).toHaveLength(2);
    expect((await shop.context.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ isPaid: true, status: "Processing" });
  });

  it("tries the link again on the next run when Razorpay fails, and never makes two", async () => {
    const { refillId } = await prepaidRefill(shop, 30000);
    fake.failNext(503);
    await runRefills(shop.context);
    const order = await orderOfRefill(shop, refillId);
    expect(order.providerOrderId).toBeNull();
    await runRefills(shop.context);
    await runRefills(shop.context);
    const [after] = await shop.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.providerOrderId).toMatch(/^plink_/);
    expect([...fake.paymentLinks.values()].filter((l) => l.reference_id === order.orderNumber)).toHaveLength(1);
  });
});

describe("a prepaid refill without Razorpay keys (the offline test gateway)", () => {
  it("sends the order's page as the link, where the test gateway takes the payment", async () => {
    const { buyer, refillId } = await prepaidRefill(offline);
    await runRefills(offline.context);
    const order = await orderOfRefill(offline, refillId);
    expect(order.providerOrderId).toMatch(/^plink_test_/);
    const [message] = await offline.context.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, order.id));
    expect(message!.params[3]).toBe(`${offline.config.publicUrl}/order/${order.id}`);
    // The order page's "Complete payment" and the test gateway pay it.
    const retry = await request(offline.app).post(`/api/orders/${order.id}/pay`).set(buyer.headers);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const signed = await request(offline.app).post(`/api/payments/test/${order.id}/pay`).set(buyer.headers).expect(200);
    await request(offline.app).post(`/api/checkout/${order.id}/verify`).set(buyer.headers).send(signed.body).expect(200);
    expect((await offline.context.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ isPaid: true, status: "Processing" });
  });
});
