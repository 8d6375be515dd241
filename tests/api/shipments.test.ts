// Shipping with a courier and AWB (issue 17 item 5, decisions/032): PUT /api/admin/orders/:id
// { status: "Shipped", courier, awb } records both through applyStatusChange; both or neither,
// a known courier, a valid AWB (India Post's S10 format); the status alone is refused (400: the
// transition table needs the shipment, a change to the contract's call); the customer sees courier, AWB and tracking link in the API and the email.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COURIERS, SHIPMENT_MESSAGES, trackingLink } from "#common/couriers.ts";
import { orders, outboundEmails } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";
import { placePaidOrder } from "./aftercare-helpers.ts";

let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const db = () => shop.context.db;
const ship = (orderId: string, body: Record<string, unknown>, user = admin) => api().put(`/api/admin/orders/${orderId}`).set(user.headers).send({ status: "Shipped", ...body });
const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

describe("marking an order Shipped with a courier and AWB", () => {
  it("records them (AWB without spaces, upper case), and the customer sees them with the tracking link, in the API and the email", async () => {
    const { buyer, orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    await ship(orderId, { courier: "delhivery", awb: " 1234 5678 90123 " }).expect(200);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: "Shipped", courier: "delhivery", trackingNumber: "1234567890123" });
    expect(row.shippedAt).toBeInstanceOf(Date);

    const aftercare = await api().get(`/api/orders/${orderId}/returns`).set(buyer.headers).expect(200);
    expect(aftercare.body.shipment).toEqual({
      courier: "delhivery",
      courierName: "Delhivery",
      awb: "1234567890123",
      trackingUrl: "https://www.delhivery.com/track/package/1234567890123",
      shippedAt: row.shippedAt!.toISOString(),
    });
    const [email] = await db().select().from(outboundEmails).where(eq(outboundEmails.subject, `Order ${row.orderNumber}: Shipped`));
    expect(email!.text).toContain("Courier: Delhivery. AWB / tracking number: 1234567890123.");
    expect(email!.text).toContain("Track your parcel: https://www.delhivery.com/track/package/1234567890123");
    expect(email!.html).toContain("https://www.delhivery.com/track/package/1234567890123");
  });

  it("shows an 'Other' courier's AWB without a link", async () => {
    const { buyer, orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    await ship(orderId, { courier: "other", awb: "LOCAL-77812" }).expect(200);
    const aftercare = await api().get(`/api/orders/${orderId}/returns`).set(buyer.headers).expect(200);
    expect(aftercare.body.shipment).toMatchObject({ courierName: "Other", awb: "LOCAL-77812", trackingUrl: null });
  });

  it("refuses an unknown courier, a bad AWB, one without the other and wrong types, field by field, changing nothing", async () => {
    const { orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ courier: "fedex-moon", awb: "1234567890" }, { courier: "Choose the courier" }],
      [{ courier: "bluedart", awb: "12" }, { awb: "Enter the AWB or tracking number: 6 to 30 letters and digits" }],
      [{ courier: "bluedart", awb: "<script>alert(1)</script>" }, { awb: "Enter the AWB or tracking number: 6 to 30 letters and digits" }],
      [{ courier: "bluedart", awb: "9".repeat(5000) }, { awb: "Enter the AWB or tracking number: 6 to 30 letters and digits" }],
      [{ courier: "indiapost", awb: "1234567890" }, { awb: "India Post tracking numbers look like EE123456789IN" }],
      [{ courier: "delhivery" }, { awb: "Enter the AWB or tracking number: 6 to 30 letters and digits" }],
      [{ awb: "1234567890" }, { courier: "Choose the courier" }],
      [{ courier: 7, awb: { $gt: "" } }, { courier: "Choose the courier", awb: "Enter the AWB or tracking number: 6 to 30 letters and digits" }],
    ];
    for (const [body, errors] of cases) {
      const res = await ship(orderId, body).expect(400);
      expect(res.body.errors).toEqual(errors);
      expect(res.body.message).toBe(Object.values(errors)[0]);
    }
    expect(await orderRow(orderId)).toMatchObject({ status: "Processing", courier: null, trackingNumber: null });
    await ship(orderId, { courier: "indiapost", awb: "ee123456789in" }).expect(200);
    expect(await orderRow(orderId)).toMatchObject({ courier: "indiapost", trackingNumber: "EE123456789IN" });
  });

  it("refuses { status } alone (the transition table needs the shipment), and never lets a customer or pharmacist ship", async () => {
    const { buyer, orderId } = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    await ship(orderId, { courier: "delhivery", awb: "1234567890123" }, buyer).expect(403);
    await ship(orderId, { courier: "delhivery", awb: "1234567890123" }, await createPharmacist(shop.context)).expect(403);
    const bare = await ship(orderId, {}).expect(400);
    expect(bare.body).toMatchObject({ message: SHIPMENT_MESSAGES.needed, errors: { courier: SHIPMENT_MESSAGES.courier, awb: SHIPMENT_MESSAGES.awb } });
    expect(await orderRow(orderId)).toMatchObject({ status: "Processing", courier: null, trackingNumber: null, shippedAt: null });
    const aftercare = await api().get(`/api/orders/${orderId}/returns`).set(buyer.headers).expect(200);
    expect(aftercare.body.shipment).toBeNull();
    // Someone else's order's shipment is not found.
    await api().get(`/api/orders/${orderId}/returns`).set((await createCustomer(shop.context)).headers).expect(404);
    await api().get(`/api/orders/${orderId}/returns`).expect(401);
  });

  it("gives every listed courier but Other a tracking link with the AWB in it", () => {
    for (const courier of COURIERS) {
      const link = trackingLink(courier.id, "AB123456789IN");
      if (courier.id === "other") expect(link).toBeNull();
      else expect(link).toMatch(/^https:\/\/[^ ]+AB123456789IN/);
    }
  });
});
