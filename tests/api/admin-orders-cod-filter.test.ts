// The orders list's cash-on-delivery confirmation (issue 31 follow-up, decisions/044): unpaid COD
// orders in Processing carry whether they were confirmed, and `?cod=unconfirmed` lists only those
// still awaiting confirmation, so the staff can hold them back from shipping.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codConfirmationLabel } from "#common/admin.ts";
import { orders } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createPharmacist, type TestUser } from "../support/users.ts";
import { placePaidOrder } from "./aftercare-helpers.ts";

let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const list = (query: Record<string, string>, user: TestUser = admin) => api().get("/api/admin/orders").query(query).set(user.headers);
const ids = (body: { _id: string }[]) => body.map((order) => order._id);

describe("GET /api/admin/orders?cod=unconfirmed", () => {
  it("lists only unpaid COD orders in Processing awaiting confirmation; confirmed, shipped or prepaid ones are left out", async () => {
    const waiting = await placePaidOrder(shop, [{ pricePaise: 30_000, quantity: 1 }], { cod: true });
    const confirmed = await placePaidOrder(shop, [{ pricePaise: 30_000, quantity: 1 }], { cod: true });
    const prepaid = await placePaidOrder(shop, [{ pricePaise: 30_000, quantity: 1 }]);
    await api().post(`/api/admin/orders/${confirmed.orderId}/confirm-cod`).set(admin.headers).expect(200);

    const awaiting = await list({ cod: "unconfirmed" }).expect(200);
    expect(ids(awaiting.body)).toContain(waiting.orderId);
    expect(ids(awaiting.body)).not.toContain(confirmed.orderId);
    expect(ids(awaiting.body)).not.toContain(prepaid.orderId);
    for (const order of awaiting.body) expect(codConfirmationLabel(order)).toBe("Awaiting confirmation");
    expect(Number(awaiting.headers["x-total-count"])).toBe(awaiting.body.length);

    const everything = await list({}).expect(200);
    const byId = new Map(everything.body.map((order: { _id: string }) => [order._id, order]));
    expect(codConfirmationLabel(byId.get(waiting.orderId) as never)).toBe("Awaiting confirmation");
    expect(codConfirmationLabel(byId.get(confirmed.orderId) as never)).toBe("Confirmed");
    expect(codConfirmationLabel(byId.get(prepaid.orderId) as never)).toBeNull();

    // Shipped, the order is no longer held back: out of the filter, and no label.
    await shop.context.db.update(orders).set({ status: "Shipped" }).where(eq(orders.id, waiting.orderId));
    expect(ids((await list({ cod: "unconfirmed" }).expect(200)).body)).not.toContain(waiting.orderId);
    const shipped = (await list({ search: (await shop.context.db.select().from(orders).where(eq(orders.id, waiting.orderId)))[0]!.orderNumber }).expect(200)).body[0];
    expect(codConfirmationLabel(shipped)).toBeNull();
  });

  it("refuses another value with a clear message, and pharmacists read the filter too", async () => {
    const bad = await list({ cod: "yes" }).expect(400);
    expect(bad.body.message).toBe("cod must be unconfirmed");
    const pharmacist = await createPharmacist(shop.context);
    await list({ cod: "unconfirmed" }, pharmacist).expect(200);
    await list({ cod: "UNCONFIRMED" }).expect(200);
  });
});
