// Serviceability from Shiprocket's courier network (issue 31 item 3, decisions/052): with Shiprocket
// configured, the PIN check asks GET /courier/serviceability/ (from the pickup address's PIN, read
// from the account) and keeps the answer a day per PIN in the database; the quote and the checkout
// take their date and cash on delivery from that same answer. Shiprocket refusing or down: the
// uploaded PIN list answers, logged and counted, and an outage is not asked again for a minute.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { courierServiceability, orders } from "#server/db/schema.ts";
import { findDeliveryPromise, resetCourierBackoff } from "#server/modules/delivery/courier-network.ts";
import { DEFAULT_DISPATCH, estimateDelivery, findServiceability } from "#server/modules/delivery/serviceability.ts";
import { serviceabilityCounters } from "#server/modules/shipping/counters.ts";
import { FAKE_PICKUP, startFakeShiprocket, type FakeShiprocket } from "../support/fake-shiprocket.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { address, buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";
import { shiprocketEnv } from "./shiprocket-helpers.ts";

let fake: FakeShiprocket;
let shop: TestShop;
beforeAll(async () => {
  fake = await startFakeShiprocket();
  shop = await createTestShop(shiprocketEnv(fake));
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});
beforeEach(() => resetCourierBackoff());

const SERVICEABILITY = "/v1/external/courier/serviceability/";
const api = () => request(shop.app);
const counter = (outcome: "asked" | "cached" | "fallback") => serviceabilityCounters().get(outcome) ?? 0;
const days = (n: number) => estimateDelivery(new Date(), n, n);

describe("GET /api/serviceability/:pin with Shiprocket", () => {
  it("asks the courier network from the pickup address's PIN, promises the recommended courier's days and COD, and keeps the answer a day", async () => {
    fake.setServiceability("560034", {
      couriers: [
        { id: 12, name: "Delhivery Surface", days: 5, cod: false, state: "Karnataka", city: "Bengaluru" },
        { id: 24, name: "Blue Dart", days: 2, cod: true, state: "Karnataka", city: "Bengaluru" },
      ],
      recommendedId: 24,
    });
    const before = fake.calls(SERVICEABILITY).length;
    const askedBefore = counter("asked");
    const res = await api().get("/api/serviceability/560034").expect(200);
    expect(res.body).toEqual({ pin: "560034", serviceable: true, state: "Karnataka", city: "Bengaluru", cod: true, estimatedDelivery: days(2) });
    const calls = fake.calls(SERVICEABILITY).slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query).toEqual({ pickup_postcode: FAKE_PICKUP.pin, delivery_postcode: "560034", weight: "0.5", cod: "0" });
    expect(counter("asked")).toBe(askedBefore + 1);

    // Kept in the database: the second check (any process) does not ask again.
    const [row] = await shop.context.db.select().from(courierServiceability).where(eq(courierServiceability.pin, "560034"));
    expect(row).toMatchObject({ serviceable: true, state: "Karnataka", cod: true, days: 2, courier: "Blue Dart" });
    const cachedBefore = counter("cached");
    expect((await api().get("/api/serviceability/560034").expect(200)).body).toEqual(res.body);
    expect(fake.calls(SERVICEABILITY).length).toBe(before + 1);
    expect(counter("cached")).toBe(cachedBefore + 1);

    // A day later it asks again, and a changed answer replaces the row.
    await shop.context.db.update(courierServiceability).set({ checkedAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(courierServiceability.pin, "560034"));
    fake.setServiceability("560034", { couriers: [{ id: 12, name: "Delhivery Surface", days: 4, cod: false, state: "KARNATAKA" }] });
    expect((await api().get("/api/serviceability/560034").expect(200)).body).toEqual({ pin: "560034", serviceable: true, state: "Karnataka", cod: false, estimatedDelivery: days(4) });
    expect(fake.calls(SERVICEABILITY).length).toBe(before + 2);
  });

  it("serves a PIN outside the uploaded list when a courier does, and refuses one inside it when none does", async () => {
    fake.setServiceability("990001", { couriers: [{ id: 7, name: "India Post", days: 9, cod: false, state: "Delhi" }] });
    expect((await api().get("/api/serviceability/990001").expect(200)).body).toEqual({ pin: "990001", serviceable: true, state: "Delhi", cod: false, estimatedDelivery: days(9) });
    expect((await findServiceability(shop.context.db, "990001")).serviceable).toBe(false);

    fake.setServiceability("682555", "unserviceable");
    expect((await findServiceability(shop.context.db, "682555")).serviceable).toBe(true);
    expect((await api().get("/api/serviceability/682555").expect(200)).body).toEqual({ pin: "682555", serviceable: false });
  });

  it("takes the state from the uploaded list when Shiprocket names none, and leaves a PIN it cannot place to the list", async () => {
    fake.setServiceability("560001", { couriers: [{ id: 12, name: "Delhivery Surface", days: 3, cod: true }] });
    expect((await api().get("/api/serviceability/560001").expect(200)).body).toMatchObject({ serviceable: true, state: "Karnataka", cod: true, estimatedDelivery: days(3) });

    // Served by a courier, but no state named anywhere: the shop cannot place it (the invoice's place of supply), so the list's "no".
    fake.setServiceability("990002", { couriers: [{ id: 12, name: "Delhivery Surface", days: 3, cod: true }] });
    const fallbacks = counter("fallback");
    expect((await api().get("/api/serviceability/990002").expect(200)).body).toEqual({ pin: "990002", serviceable: false });
    expect(counter("fallback")).toBe(fallbacks + 1);
  });

  it("falls back to the uploaded list when Shiprocket fails, counts it, and leaves an outage alone for a minute", async () => {
    fake.refuse(SERVICEABILITY, "Internal Server Error", { status: 500 });
    const fallbacks = counter("fallback");
    const listed = await findServiceability(shop.context.db, "682030");
    const res = await api().get("/api/serviceability/682030").expect(200);
    expect(res.body).toEqual(listed);
    expect(counter("fallback")).toBe(fallbacks + 1);
    expect(await shop.context.db.select().from(courierServiceability).where(eq(courierServiceability.pin, "682030"))).toEqual([]);

    // Within the minute the next check does not wait on Shiprocket again.
    const before = fake.calls(SERVICEABILITY).length;
    expect((await api().get("/api/serviceability/682031").expect(200)).body.serviceable).toBe(true);
    expect(fake.calls(SERVICEABILITY).length).toBe(before);

    // A refusal about one PIN (422) is not an outage: the next PIN asks Shiprocket.
    resetCourierBackoff();
    fake.refuse(SERVICEABILITY, "Oops! Invalid Data.", { status: 422 });
    expect((await api().get("/api/serviceability/682030").expect(200)).body).toEqual(listed);
    await api().get("/api/serviceability/682032").expect(200);
    expect(fake.calls(SERVICEABILITY).length).toBe(before + 2);
  });

  it("answers a client sweeping new PINs from the uploaded list past its hourly allowance; cached PINs and the checkout still use Shiprocket's answer", async () => {
    // One new PIN an hour per address (the limit scaled down for the test).
    const tight = { ...shop.context, config: { ...shop.context.config, rateLimitScale: 1 / 300 } };
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    fake.setServiceability("110011", { couriers: [{ id: 7, name: "India Post", days: 2, cod: false, state: "Delhi" }] });
    fake.setServiceability("110012", { couriers: [{ id: 7, name: "India Post", days: 2, cod: false, state: "Delhi" }] });
    const now = new Date();
    const before = fake.calls(SERVICEABILITY).length;
    expect(await findDeliveryPromise(tight, "110011", now, DEFAULT_DISPATCH, ip)).toMatchObject({ serviceable: true, cod: false });
    // The second new PIN from the same address: the list's answer (COD yes in the seeded list), no call.
    expect(await findDeliveryPromise(tight, "110012", now, DEFAULT_DISPATCH, ip)).toEqual(await findServiceability(shop.context.db, "110012", now));
    expect(fake.calls(SERVICEABILITY).length).toBe(before + 1);
    // A PIN already asked about is answered from the cache; the checkout (no address) asks.
    expect(await findDeliveryPromise(tight, "110011", now, DEFAULT_DISPATCH, ip)).toMatchObject({ cod: false });
    expect(await findDeliveryPromise(tight, "110012", now, DEFAULT_DISPATCH)).toMatchObject({ cod: false });
    expect(fake.calls(SERVICEABILITY).length).toBe(before + 2);
  });

  it("never asks Shiprocket about a malformed PIN", async () => {
    const before = fake.requests.length;
    for (const pin of ["056001", "56001", "560001&cod=1", "5600011"]) await api().get(`/api/serviceability/${encodeURIComponent(pin)}`).expect(400);
    expect(fake.requests.length).toBe(before);
  });
});

describe("the quote and the checkout keep the PIN check's promise", () => {
  it("dates the order and allows or refuses COD by the same answer", async () => {
    const pin = "560095";
    fake.setServiceability(pin, { couriers: [{ id: 24, name: "Blue Dart", days: 6, cod: false, state: "Karnataka", city: "Bengaluru" }] });
    const checked = (await api().get(`/api/serviceability/${pin}`).expect(200)).body;
    expect(checked).toMatchObject({ cod: false, estimatedDelivery: days(6) });

    const item = await makeProduct(shop.context, { pricePaise: 20_000, stock: 10 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const shippingAddress = { ...address, postalCode: pin };
    const quoted = await api().post("/api/checkout/quote").set(buyer.headers).send({ shippingAddress }).expect(200);
    expect(quoted.body.estimatedDelivery).toEqual(checked.estimatedDelivery);
    expect(quoted.body.cod).toEqual({ allowed: false, reason: expect.stringMatching(/PIN code/) });
    const refused = await checkout(shop, buyer, { shippingAddress, paymentMethod: "cod" }).expect(400);
    expect(refused.body.message).toBe(quoted.body.cod.reason);

    const placed = await checkout(shop, buyer, { shippingAddress, paymentMethod: "razorpay" }).expect(201);
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, placed.body.order._id));
    expect({ from: row!.deliveryFrom, to: row!.deliveryTo }).toEqual(checked.estimatedDelivery);
  });

  it("refuses a checkout to a PIN no courier serves, even one in the uploaded list", async () => {
    fake.setServiceability("682556", "unserviceable");
    const item = await makeProduct(shop.context, { pricePaise: 20_000, stock: 10 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const refused = await checkout(shop, buyer, { shippingAddress: { ...address, postalCode: "682556", city: "Kavaratti" }, paymentMethod: "razorpay" }).expect(400);
    expect(refused.body.message).toBe("We do not deliver to this PIN code yet");
  });
});
