// Shiprocket's tracking webhook (issue 31): POST /api/shipping/webhook with the token in x-api-key.
// Forged or missing tokens change nothing; an unknown AWB is ignored; each scan is recorded once
// (replays add nothing); DELIVERED makes a COD order Delivered and paid with its invoice, RTO
// DELIVERED makes it Cancelled "Returned to sender" with the stock back — each only after
// Shiprocket's tracking confirms it; a status never moves an order or its shipment back.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, orderLines, orderStatusHistory, orders, outboundMessages, payments, shipmentEvents, shipments } from "#server/db/schema.ts";
import { parseShiprocketTime, recheckSilentShipments } from "#server/modules/orders/shipping-webhook.ts";
import { startFakeShiprocket, type FakeShiprocket } from "../support/fake-shiprocket.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";
import { placePaidOrder } from "./aftercare-helpers.ts";
import { stockOf } from "./checkout-helpers.ts";
import { shiprocketEnv, WEBHOOK_TOKEN } from "./shiprocket-helpers.ts";

let fake: FakeShiprocket;
let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  fake = await startFakeShiprocket();
  shop = await createTestShop(shiprocketEnv(fake));
  admin = await createAdmin(shop.context);
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const api = () => request(shop.app);
const db = () => shop.context.db;
const hook = (body: unknown, token: string | null = WEBHOOK_TOKEN) => {
  const call = api().post("/api/shipping/webhook").set("Content-Type", "application/json");
  return (token === null ? call : call.set("x-api-key", token)).send(JSON.stringify(body));
};
const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const eventsOf = async (orderId: string) => {
  const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
  return db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment!.id));
};

/** An order placed (COD unless told), shipped through Shiprocket; its AWB. */
async function shipped(options: { cod?: boolean } = { cod: true }) {
  const placed = await placePaidOrder(shop, [{ pricePaise: 45000, quantity: 2 }], options);
  if (options.cod) await api().post(`/api/admin/orders/${placed.orderId}/confirm-cod`).set(admin.headers).expect(200);
  await api().post(`/api/admin/orders/${placed.orderId}/shipment`).set(admin.headers).send({ weightKg: 0.5 }).expect(200);
  const row = await orderRow(placed.orderId);
  const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
  return { ...placed, awb: row.trackingNumber!, productId: line!.productId };
}

const update = (awb: string, status: string, extra: Record<string, unknown> = {}) => ({
  awb,
  courier_name: "Delhivery Surface",
  current_status: status,
  shipment_status: status,
  current_timestamp: "30 11 2026 14:05:00",
  etd: "2026-12-03 18:00:00",
  scans: [
    { date: "2026-11-29 10:15:00", status: "X-PPOM", activity: "Shipment picked up", location: "Bengaluru_Hub (Karnataka)" },
    { date: "2026-11-30 14:05:00", status: "X-UCI", activity: "In transit to destination", location: "Mumbai_Hub (Maharashtra)" },
  ],
  is_return: 0,
  ...extra,
});

describe("POST /api/shipping/webhook", () => {
  it("reads Shiprocket's times as India's wall clock", () => {
    expect(parseShiprocketTime("2026-11-30 14:05:00")?.toISOString()).toBe("2026-11-30T08:35:00.000Z");
    expect(parseShiprocketTime("30 11 2026 14:05:00")?.toISOString()).toBe("2026-11-30T08:35:00.000Z");
    expect(parseShiprocketTime("30-11-2026 14:05")?.toISOString()).toBe("2026-11-30T08:35:00.000Z");
    expect(parseShiprocketTime("2026-13-01 10:00:00")).toBeNull();
    expect(parseShiprocketTime("yesterday")).toBeNull();
  });

  it("refuses a missing or forged token with 401 and changes nothing", async () => {
    const { orderId, awb } = await shipped();
    for (const token of [null, "", "webhook-token-0123456789abcdeX", WEBHOOK_TOKEN.slice(0, -1)]) {
      const res = await hook(update(awb, "DELIVERED"), token).expect(401);
      expect(res.body.message).toBe("The x-api-key header does not match this shop's Shiprocket webhook token");
    }
    expect(await eventsOf(orderId)).toHaveLength(0);
    expect((await orderRow(orderId)).status).toBe("Shipped");
  });

  it("answers an unknown AWB with 200 and ignores it; refuses a body without an AWB or not JSON, and one too large", async () => {
    expect((await hook(update("NOT-OURS-123", "DELIVERED")).expect(200)).body).toEqual({ ok: true, ignored: true });
    expect((await hook({ current_status: "DELIVERED" }).expect(400)).body.message).toBe("The body must be Shiprocket's tracking update as JSON with an awb");
    await api().post("/api/shipping/webhook").set("x-api-key", WEBHOOK_TOKEN).set("Content-Type", "application/json").send("{not json").expect(400);
    const huge = update("NOT-OURS-123", "IN TRANSIT", { padding: "x".repeat(70 * 1024) });
    await hook(huge).expect(413);
  });

  it("records each scan once (a replay adds nothing), and the owner's order shows them newest first with the expected date", async () => {
    const { buyer, orderId, awb } = await shipped({ cod: false });
    expect((await hook(update(awb, "IN TRANSIT")).expect(200)).body).toEqual({ ok: true });
    await hook(update(awb, "IN TRANSIT")).expect(200);
    expect(await eventsOf(orderId)).toHaveLength(2);
    const own = await api().get(`/api/orders/${orderId}`).set(buyer.headers).expect(200);
    expect(own.body.shipment).toMatchObject({ awb, currentStatus: "IN TRANSIT", expectedDelivery: "2026-12-03" });
    expect(own.body.shipment.events).toEqual([
      { at: "2026-11-30T08:35:00.000Z", status: "X-UCI", activity: "In transit to destination", location: "Mumbai_Hub (Maharashtra)" },
      { at: "2026-11-29T04:45:00.000Z", status: "X-PPOM", activity: "Shipment picked up", location: "Bengaluru_Hub (Karnataka)" },
    ]);
    // A server-to-server call: no Origin check stands in its way, and nothing else is reachable under its prefix.
    await hook(update(awb, "IN TRANSIT")).set("Origin", "https://elsewhere.example").expect(200);
    await api().post("/api/shipping/other").set("x-api-key", WEBHOOK_TOKEN).send({}).expect(404);
  });

  it("tells the shopper once that the parcel is out for delivery, however often (and however concurrently) the scan is reported", async () => {
    const { orderId, awb } = await shipped({ cod: false });
    const outForDelivery = () =>
      db().select().from(outboundMessages).where(and(eq(outboundMessages.orderId, orderId), eq(outboundMessages.template, "order_out_for_delivery")));
    await hook(update(awb, "IN TRANSIT")).expect(200);
    expect(await outForDelivery()).toEqual([]);
    const answers = await Promise.all([1, 2, 3].map(() => hook(update(awb, "OUT FOR DELIVERY"))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await hook(update(awb, "OUT FOR DELIVERY")).expect(200);
    const messages = await outForDelivery();
    expect(messages.map((message) => message.channel)).toEqual(["sms"]);
    expect(messages[0]!.params).toEqual([expect.any(String), expect.stringMatching(/^HP-/), expect.stringContaining(`/order/${orderId}`)]);
  });

  it("makes a COD order Delivered and paid, with its invoice, only once Shiprocket's tracking says DELIVERED", async () => {
    const { orderId, awb } = await shipped();
    // Tracking still says IN TRANSIT: the scans are kept, the order is not delivered on the webhook's word alone.
    await hook(update(awb, "DELIVERED")).expect(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "Shipped", isPaid: false });

    fake.setTracking(awb, "Delivered");
    await hook(update(awb, "DELIVERED", { current_timestamp: "01 12 2026 11:00:00" })).expect(200);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: "Delivered", isPaid: true, isDelivered: true });
    expect(await db().select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((entry) => entry.note)).toContain("Delivered (reported by the courier through Shiprocket)");

    // A late update never takes the order or the shipment back.
    await hook(update(awb, "IN TRANSIT", { current_timestamp: "30 11 2026 09:00:00" })).expect(200);
    await hook(update(awb, "RTO DELIVERED", { current_timestamp: "02 12 2026 09:00:00" })).expect(200);
    expect((await orderRow(orderId)).status).toBe("Delivered");
    const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(shipment!.currentStatus).toBe("RTO DELIVERED");
    await hook(update(awb, "IN TRANSIT", { current_timestamp: "30 11 2026 09:00:00" })).expect(200);
    const [after] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(after!.currentStatus).toBe("RTO DELIVERED");
  });

  it("makes a COD parcel delivered back to the shop Cancelled 'Returned to sender' with its stock back", async () => {
    const { orderId, awb, productId } = await shipped();
    const stock = await stockOf(shop.context, productId);
    fake.setTracking(awb, "RTO DELIVERED");
    await hook(update(awb, "RTO DELIVERED", { is_return: 1 })).expect(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled", isPaid: false });
    expect(await stockOf(shop.context, productId)).toBe(stock + 2);
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.at(-1)).toMatchObject({ status: "Cancelled", note: "Returned to sender" });
    // Replayed: the stock comes back once.
    await hook(update(awb, "RTO DELIVERED", { is_return: 1 })).expect(200);
    expect(await stockOf(shop.context, productId)).toBe(stock + 2);
  });

  it("cancels a prepaid parcel delivered back to the shop: 'Returned to sender', stock back, the payment refunded", async () => {
    const { orderId, awb, productId } = await shipped({ cod: false });
    const stock = await stockOf(shop.context, productId);
    // An admin cannot cancel a shipped prepaid order by hand: only a return confirmed by the tracking does.
    await api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Cancelled" }).expect(409);
    fake.setTracking(awb, "RTO DELIVERED");
    await hook(update(awb, "RTO DELIVERED", { is_return: 1 })).expect(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled", isPaid: true });
    expect(await stockOf(shop.context, productId)).toBe(stock + 2);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: "refunded", refundedPaise: payment!.amountPaise });
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.at(-1)).toMatchObject({ status: "Cancelled", note: "Returned to sender" });
    // Replayed: refunded once, stock back once.
    await hook(update(awb, "RTO DELIVERED", { is_return: 1 })).expect(200);
    expect(await stockOf(shop.context, productId)).toBe(stock + 2);
    expect((await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!.refundedPaise).toBe(payment!.amountPaise);
  });

  it("a return whose refund cannot be made stays Shipped with the reason shown to the staff, and is tried again by the hourly job", async () => {
    const { buyer, orderId, awb, productId } = await shipped({ cod: false });
    const stock = await stockOf(shop.context, productId);
    // The payment's provider is not the one configured now: the refund cannot start.
    await db().update(payments).set({ provider: "razorpay" }).where(eq(payments.orderId, orderId));
    fake.setTracking(awb, "RTO DELIVERED");
    await hook(update(awb, "RTO DELIVERED", { is_return: 1 })).expect(200);
    expect((await orderRow(orderId)).status).toBe("Shipped");
    expect(await stockOf(shop.context, productId)).toBe(stock);
    const problem = "The refund could not be started: the payment provider of this order is not configured";
    const adminView = await api().get(`/api/orders/${orderId}`).set(admin.headers).expect(200);
    expect(adminView.body.shipment.returnProblem).toBe(problem);
    const ownView = await api().get(`/api/orders/${orderId}`).set(buyer.headers).expect(200);
    expect(ownView.body.shipment).not.toHaveProperty("returnProblem");

    // Still failing: the job leaves it as it is.
    await recheckSilentShipments(shop.context);
    expect((await orderRow(orderId)).status).toBe("Shipped");
    // The provider back: the next run cancels, refunds and clears the task.
    await db().update(payments).set({ provider: "test" }).where(eq(payments.orderId, orderId));
    await recheckSilentShipments(shop.context);
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled" });
    expect(await stockOf(shop.context, productId)).toBe(stock + 2);
    expect((await db().select().from(payments).where(eq(payments.orderId, orderId)))[0]!.status).toBe("refunded");
    const [after] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(after!.returnProblem).toBeNull();
  });

  it("changes nothing when Shiprocket's tracking cannot be read to confirm a delivery (503: Shiprocket sends it again)", async () => {
    const { orderId, awb } = await shipped();
    fake.refuse(`/v1/external/courier/track/awb/${awb}`, "Internal server error", { status: 500 });
    const res = await hook(update(awb, "DELIVERED")).expect(503);
    expect(res.body.message).toBe("Shiprocket's tracking could not be read to confirm this status; send it again later");
    expect((await orderRow(orderId)).status).toBe("Shipped");
    expect(await eventsOf(orderId)).toHaveLength(0);
  });
});

describe("/metrics", () => {
  it("counts shipments created and webhooks by outcome", async () => {
    const value = async (series: string) => {
      const text = (await api().get("/metrics").expect(200)).text;
      const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
      return line ? Number(line.split(" ")[1]) : 0;
    };
    const created = await value('shop_shiprocket_shipments_total{outcome="created"}');
    const refused = await value('shop_shiprocket_webhooks_total{outcome="refused"}');
    const ignored = await value('shop_shiprocket_webhooks_total{outcome="ignored"}');
    await shipped();
    await hook(update("NOT-OURS-999", "IN TRANSIT")).expect(200);
    await hook(update("NOT-OURS-999", "IN TRANSIT"), "forged-token-0000000000").expect(401);
    expect(await value('shop_shiprocket_shipments_total{outcome="created"}')).toBe(created + 1);
    expect(await value('shop_shiprocket_webhooks_total{outcome="ignored"}')).toBe(ignored + 1);
    expect(await value('shop_shiprocket_webhooks_total{outcome="refused"}')).toBe(refused + 1);
  });
});

describe("without Shiprocket settings", () => {
  it("answers 404 and changes nothing", async () => {
    const plain = await createTestShop();
    try {
      await request(plain.app).post("/api/shipping/webhook").set("x-api-key", WEBHOOK_TOKEN).send({ awb: "X1" }).expect(404);
    } finally {
      await plain.close();
    }
  });
});

describe("the re-read of silent shipments", () => {
  it("reads the tracking of a shipment silent for two days, once a day, and applies a delivery it missed", async () => {
    const { orderId, awb } = await shipped();
    const [row] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
    const { recheckSilentShipments } = await import("#server/modules/orders/shipping-webhook.ts");
    const track = `/v1/external/courier/track/awb/${awb}`;
    const reads = () => fake.calls(track).length;
    const before = reads();
    // Not silent yet: nothing read.
    await recheckSilentShipments(shop.context, { now: new Date(row!.pickupBookedAt!.getTime() + 60 * 60 * 1000) });
    expect(reads()).toBe(before);
    fake.setTracking(awb, "Delivered");
    const later = new Date(row!.pickupBookedAt!.getTime() + 2 * 24 * 60 * 60 * 1000 + 60_000);
    await recheckSilentShipments(shop.context, { now: later });
    expect(reads()).toBe(before + 1);
    expect(await orderRow(orderId)).toMatchObject({ status: "Delivered", isPaid: true });
    // Delivered now: not read again.
    await recheckSilentShipments(shop.context, { now: new Date(later.getTime() + 2 * 24 * 60 * 60 * 1000) });
    expect(reads()).toBe(before + 1);
  });

  it("is one of the shop's jobs", async () => {
    const { shopJobs } = await import("#server/jobs/shop-jobs.ts");
    expect(shopJobs(shop.context).map((job) => job.name)).toContain("shipment-recheck");
  });
});
