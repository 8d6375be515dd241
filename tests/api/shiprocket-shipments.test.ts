// Shipping through Shiprocket (issue 31): POST /api/admin/orders/:id/shipment drives the real
// adapter against a fake Shiprocket — adhoc order (the order number as order_id, lines, address,
// phone, COD or Prepaid, sub total, pickup location), AWB, label, pickup — and the order is Shipped;
// a refusal is a 502 with Shiprocket's reason and the order unchanged; a retry continues the same
// Shiprocket order; two requests at once make one; the label PDF comes through the shop.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, shipments } from "#server/db/schema.ts";
import { FAKE_LABEL_PDF, startFakeShiprocket, type FakeShiprocket } from "../support/fake-shiprocket.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createPharmacist, type TestUser } from "../support/users.ts";
import { placePaidOrder } from "./aftercare-helpers.ts";
import { shiprocketEnv } from "./shiprocket-helpers.ts";

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

const CREATE = "/v1/external/orders/create/adhoc";
const AWB = "/v1/external/courier/assign/awb";
const LABEL = "/v1/external/courier/generate/label";
const PICKUP = "/v1/external/courier/generate/pickup";
const api = () => request(shop.app);
const ship = (orderId: string, body: Record<string, unknown> = { weightKg: 0.4 }, user = admin) =>
  api().post(`/api/admin/orders/${orderId}/shipment`).set(user.headers).send(body);
const orderRow = async (orderId: string) => (await shop.context.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const createsFor = (orderNumber: string) => fake.calls(CREATE).filter((call) => call.body.order_id === orderNumber);

describe("POST /api/admin/orders/:id/shipment", () => {
  it("creates the Shiprocket order, assigns the AWB, generates the label, books the pickup, and the order is Shipped", async () => {
    const { buyer, orderId } = await placePaidOrder(shop, [{ pricePaise: 24050, quantity: 2 }, { pricePaise: 9900, quantity: 1 }]);
    const row = await orderRow(orderId);
    const res = await ship(orderId, { weightKg: "0.75", lengthCm: 25, breadthCm: 18, heightCm: 12, courierId: 24 }).expect(200);
    const sent = createsFor(row.orderNumber);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      order_id: row.orderNumber,
      pickup_location: "Bengaluru warehouse",
      billing_customer_name: "Asha",
      billing_pincode: "560001",
      billing_phone: "9876543210",
      payment_method: "Prepaid",
      sub_total: 580,
      weight: 0.75,
      length: 25,
      breadth: 18,
      height: 12,
    });
    expect(sent[0]!.body.order_items).toHaveLength(2);
    const remote = fake.orders.get(row.orderNumber)!;
    expect(fake.calls(AWB).at(-1)!.body).toEqual({ shipment_id: String(remote.shipmentId), courier_id: 24 });
    expect(fake.calls(LABEL).at(-1)!.body).toEqual({ shipment_id: [String(remote.shipmentId)] });
    expect(fake.calls(PICKUP).at(-1)!.body).toEqual({ shipment_id: [String(remote.shipmentId)] });

    expect(res.body.order).toMatchObject({ _id: orderId, status: "Shipped" });
    expect(res.body.order.shipment).toEqual({
      provider: "shiprocket",
      courier: "Delhivery Surface",
      awb: remote.awb,
      trackingUrl: `https://shiprocket.co/tracking/${remote.awb}`,
      labelUrl: `/api/admin/orders/${orderId}/shipment/label`,
      expectedDelivery: "2026-12-04",
      currentStatus: null,
      events: [],
    });
    expect(await orderRow(orderId)).toMatchObject({ status: "Shipped", courier: "Delhivery Surface", trackingNumber: remote.awb });

    // The owner sees the shipment too (without the admin's label address); the aftercare view links Shiprocket's tracking.
    const own = await api().get(`/api/orders/${orderId}`).set(buyer.headers).expect(200);
    expect(own.body.shipment).toMatchObject({ awb: remote.awb, labelUrl: null, expectedDelivery: "2026-12-04", events: [] });
    const aftercare = await api().get(`/api/orders/${orderId}/returns`).set(buyer.headers).expect(200);
    expect(aftercare.body.shipment.trackingUrl).toBe(`https://shiprocket.co/tracking/${remote.awb}`);

    // Audited like the other admin order actions.
    const audits = await shop.context.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
    expect(audits.find((entry) => entry.action === "order.status" && (entry.after as { status?: string }).status === "Shipped")).toMatchObject({ actorId: admin.id });

    // Shipped once: a second call is 409, and nothing more reaches Shiprocket.
    const before = fake.requests.length;
    expect((await ship(orderId).expect(409)).body.message).toBe("This order has already been shipped");
    expect(fake.requests.length).toBe(before);
  });

  it("sends a COD order as COD with the amount to collect (items, shipping and fee, less the discount)", async () => {
    const { orderId } = await placePaidOrder(shop, [{ pricePaise: 45000, quantity: 1 }], { cod: true });
    const row = await orderRow(orderId);
    await api().post(`/api/admin/orders/${orderId}/confirm-cod`).set(admin.headers).expect(200);
    await ship(orderId).expect(200);
    const body = createsFor(row.orderNumber)[0]!.body;
    expect(body.payment_method).toBe("COD");
    expect((body.sub_total as number) + (body.shipping_charges as number) - (body.total_discount as number)).toBe(row.totalPaise / 100);
  });

  it("answers a refusal with 502 and Shiprocket's reason, the order unchanged; the retry continues the same Shiprocket order", async () => {
    const { orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    const { orderNumber } = await orderRow(orderId);
    fake.refuse(AWB, "No courier serviceable for the selected pincode", { status: 400 });
    const failedBefore = Number(/shop_shiprocket_shipments_total\{outcome="failed"\} (\d+)/.exec((await api().get("/metrics")).text)?.[1] ?? 0);
    const refused = await ship(orderId).expect(502);
    expect(Number(/shop_shiprocket_shipments_total\{outcome="failed"\} (\d+)/.exec((await api().get("/metrics")).text)?.[1])).toBe(failedBefore + 1);
    expect(refused.body.message).toBe("Shiprocket refused to assign an AWB: No courier serviceable for the selected pincode");
    expect(await orderRow(orderId)).toMatchObject({ status: "Processing", courier: null, trackingNumber: null });
    const [stored] = await shop.context.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(stored).toMatchObject({ providerOrderId: String(fake.orders.get(orderNumber)!.orderId), awb: null, claimedUntil: null });

    fake.refuse(PICKUP, "Pickup could not be generated", { status: 400 });
    expect((await ship(orderId).expect(502)).body.message).toBe("Shiprocket refused to book the pickup: Pickup could not be generated");
    expect((await orderRow(orderId)).status).toBe("Processing");

    const done = await ship(orderId).expect(200);
    expect(done.body.order.status).toBe("Shipped");
    expect(createsFor(orderNumber)).toHaveLength(1);
    const remote = fake.orders.get(orderNumber)!;
    const awbCalls = fake.calls(AWB).filter((call) => call.body.shipment_id === String(remote.shipmentId));
    // The refused AWB call, then the one that succeeded; none after the AWB was stored.
    expect(awbCalls).toHaveLength(2);
  });

  it("a create whose answer was lost is looked up by the order number on the retry, never sent twice", async () => {
    const { orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    const { orderNumber } = await orderRow(orderId);
    fake.loseNextCreateAnswer();
    const lost = await ship(orderId).expect(502);
    expect(lost.body.message).toBe("Shiprocket refused to create the order: Gateway Time-out");
    // Shiprocket made the order; the shop never heard its ids.
    expect(fake.orders.has(orderNumber)).toBe(true);
    const [stored] = await shop.context.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(stored).toMatchObject({ providerShipmentId: null, createSentAt: expect.any(Date) });

    const searches = () => fake.calls("/v1/external/orders").filter((call) => call.query.search === orderNumber).length;
    const before = searches();
    const done = await ship(orderId).expect(200);
    expect(done.body.order.status).toBe("Shipped");
    expect(searches()).toBe(before + 1);
    expect(createsFor(orderNumber)).toHaveLength(1);
    const [after] = await shop.context.db.select().from(shipments).where(eq(shipments.orderId, orderId));
    expect(after!.providerShipmentId).toBe(String(fake.orders.get(orderNumber)!.shipmentId));
  });

  it("a first create does not look the order up (nothing was sent before)", async () => {
    const { orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    const { orderNumber } = await orderRow(orderId);
    await ship(orderId).expect(200);
    expect(fake.calls("/v1/external/orders").filter((call) => call.query.search === orderNumber)).toHaveLength(0);
  });

  it("makes one Shiprocket order when two requests race; the other is told it is in progress or already shipped", async () => {
    const { orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    const { orderNumber } = await orderRow(orderId);
    const [a, b] = await Promise.all([ship(orderId), ship(orderId)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(["This order is being shipped right now; wait a moment and reload the page", "This order has already been shipped"]).toContain(loser.body.message);
    expect(createsFor(orderNumber)).toHaveLength(1);
  });

  it("refuses what cannot ship: bad parcel, unknown order, a cancelled one, a prescription not approved; only admins may call", async () => {
    const { buyer, orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    const bad = await ship(orderId, { weightKg: 0, lengthCm: "x", courierId: 1.5 }).expect(400);
    expect(bad.body.errors).toEqual({
      weightKg: "Enter the parcel's weight in kg: more than 0, at most 100",
      lengthCm: "Enter the box size in cm: more than 0, at most 300",
      courierId: "Shiprocket's courier id is a whole number",
    });
    await ship(orderId, {}).expect(400);
    await ship("0".repeat(24)).expect(404);
    await ship(orderId, { weightKg: 1 }, buyer).expect(403);
    await ship(orderId, { weightKg: 1 }, await createPharmacist(shop.context)).expect(403);
    await api().post(`/api/admin/orders/${orderId}/shipment`).send({ weightKg: 1 }).expect(401);

    await api().post(`/api/orders/${orderId}/cancel`).set(buyer.headers).expect(200);
    const before = fake.requests.length;
    expect((await ship(orderId).expect(409)).body.message).toBe("An order cannot move from Cancelled to Shipped");
    expect(fake.requests.length).toBe(before);

    await shop.context.db.update(orders).set({ status: "Processing", prescriptionStatus: "pending", cancelledAt: null }).where(eq(orders.id, orderId));
    expect((await ship(orderId).expect(409)).body.message).toBe("This order's prescription has not been approved yet");
    expect(fake.requests.length).toBe(before);
  });

  it("serves the label PDF through the shop; 404 for an order without one", async () => {
    const { orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    await api().get(`/api/admin/orders/${orderId}/shipment/label`).set(admin.headers).expect(404);
    await ship(orderId).expect(200);
    const label = await api().get(`/api/admin/orders/${orderId}/shipment/label`).set(admin.headers).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(label.headers["content-type"]).toBe("application/pdf");
    expect(label.headers["cache-control"]).toBe("private, no-store");
    expect(label.body).toEqual(FAKE_LABEL_PDF);
  });
});

describe("without Shiprocket settings", () => {
  it("keeps the hand-typed shipment, and the Shiprocket call says it is not configured", async () => {
    const plain = await createTestShop();
    try {
      const plainAdmin = await createAdmin(plain.context);
      const { orderId } = await placePaidOrder(plain, [{ pricePaise: 6900, quantity: 1 }]);
      const refused = await request(plain.app).post(`/api/admin/orders/${orderId}/shipment`).set(plainAdmin.headers).send({ weightKg: 1 }).expect(409);
      expect(refused.body.message).toBe("Shiprocket is not configured: enter the courier and AWB by hand");
      const shipped = await request(plain.app).put(`/api/admin/orders/${orderId}`).set(plainAdmin.headers).send({ status: "Shipped", courier: "delhivery", awb: "1234567890123" }).expect(200);
      expect(shipped.body.status).toBe("Shipped");
      const detail = await request(plain.app).get(`/api/orders/${orderId}`).set(plainAdmin.headers).expect(200);
      expect(detail.body.shipment).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
