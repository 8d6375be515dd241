// The audit log (api-contract.md, "Operations (second release)"; decisions/015 and 033): every
// admin, pharmacist and payment change recorded with who, when, what, before and after, read
// through GET /api/admin/audit (admins only) with its filters, and kept when the changed record
// or the person who changed it is gone.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntryJson } from "#common/audit.ts";
import { istDay } from "#common/dates.ts";
import { auditLog } from "#server/db/schema.ts";
import { buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
let pharmacist: TestUser;

const api = () => request(shop.app);
const asAdmin = (req: request.Test) => req.set(admin.headers);
const audit = async (query: Record<string, string | number> = {}, user: TestUser = admin) => {
  const res = await api().get("/api/admin/audit").query(query).set(user.headers).expect(200);
  return { items: res.body as AuditEntryJson[], total: Number(res.headers["x-total-count"]) };
};
const entriesFor = async (entity: string, entityId: string) => (await audit({ entity, entityId, limit: 100 })).items;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context, { name: "Asha Admin" });
  customer = await createCustomer(shop.context);
  pharmacist = await createPharmacist(shop.context);
});
afterAll(() => shop?.close());

describe("GET /api/admin/audit: who may read it", () => {
  it("is admins only: 401 signed out, 403 for customers and pharmacists", async () => {
    await api().get("/api/admin/audit").expect(401);
    await api().get("/api/admin/audit").set(customer.headers).expect(403);
    await api().get("/api/admin/audit").set(pharmacist.headers).expect(403);
  });

  it("refuses filters that are not ones (a 400 with the field's sentence, never a 500)", async () => {
    await asAdmin(api().get("/api/admin/audit").query({ from: "2026-02-30" })).expect(400);
    await asAdmin(api().get("/api/admin/audit").query({ from: "2026-11-24", to: "2026-11-01" })).expect(400);
    await asAdmin(api().get("/api/admin/audit").query({ entity: "Robert'); DROP TABLE" })).expect(400);
    await asAdmin(api().get("/api/admin/audit").query({ limit: 100_000 })).expect(400);
    await asAdmin(api().get("/api/admin/audit").query({ entityId: "x".repeat(500) })).expect(400);
  });
});

describe("each kind of change appears", () => {
  it("products: created, changed (only what changed, before and after), deleted — still listed after", async () => {
    const created = await asAdmin(api().post("/api/admin/products"))
      .send({ name: "Audit Syrup", description: "Syrup", category: "Kids Nutrition", price: 50, mrp: 60, sku: "AUD-1" })
      .expect(201);
    const id: string = created.body._id;
    await asAdmin(api().put(`/api/admin/products/${id}`)).send({ price: 55, countInStock: 4 }).expect(200);
    await asAdmin(api().delete(`/api/admin/products/${id}`)).expect(200);

    const entries = await entriesFor("product", id);
    expect(entries.map((e) => e.action)).toEqual(["product.delete", "product.update", "product.create"]);
    const [deleted, updated, made] = entries;
    expect(made).toMatchObject({ actor: { _id: admin.id, name: "Asha Admin", role: "admin" }, entity: "product", entityId: id, after: { sku: "AUD-1", price: 50 } });
    expect(updated).toMatchObject({ before: { price: 50, countInStock: 0 }, after: { price: 55, countInStock: 4 } });
    expect(Object.keys(updated!.after as object).sort()).toEqual(["countInStock", "price"]);
    expect(deleted).toMatchObject({ before: { name: "Audit Syrup", price: 55 } });
    expect(deleted!.after).toBeUndefined();
    expect(Date.parse(deleted!.at)).toBeGreaterThanOrEqual(Date.parse(updated!.at));
  });

  it("users: a role change with its before and after, and a deleted user still listed", async () => {
    const someone = await createCustomer(shop.context, { name: "Ravi Customer" });
    await asAdmin(api().put(`/api/admin/users/${someone.id}`)).send({ role: "admin" }).expect(200);
    await asAdmin(api().put(`/api/admin/users/${someone.id}`)).send({ role: "customer" }).expect(200);
    await asAdmin(api().delete(`/api/admin/users/${someone.id}`)).expect(200);
    const entries = await entriesFor("user", someone.id);
    expect(entries.map((e) => e.action)).toEqual(["user.delete", "user.role", "user.role"]);
    expect(entries[2]).toMatchObject({ before: { role: "customer" }, after: { role: "admin" }, actor: { _id: admin.id } });
    expect(entries[0]).toMatchObject({ before: { name: "Ravi Customer", role: "customer" } });
  });

  it("orders and payments: captured (by the gateway), the admin's status change, the refund", async () => {
    const product = await makeProduct(shop.context, { stock: 5, pricePaise: 10000, mrpPaise: 10000 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const placed = await checkout(shop, buyer).expect(201);
    const orderId: string = placed.body.order._id;
    await api().post(`/api/payments/test/${orderId}/fail`).set(buyer.headers).send({ description: "Card declined" }).expect(200);
    const signed = await api().post(`/api/payments/test/${orderId}/pay`).set(buyer.headers).expect(200);
    await api().post(`/api/checkout/${orderId}/verify`).set(buyer.headers).send(signed.body).expect(200);
    await asAdmin(api().put(`/api/admin/orders/${orderId}`)).send({ status: "Cancelled" }).expect(200);

    const entries = (await entriesFor("order", orderId)).reverse();
    expect(entries.map((e) => e.action)).toEqual(["payment.failed", "payment.captured", "order.status", "payment.refunded", "order.status"]);
    const [failed, captured, paid, refunded, cancelled] = entries;
    expect(failed).toMatchObject({ actor: { _id: null, role: "gateway" }, after: { status: "failed", reason: "Card declined" } });
    expect(captured).toMatchObject({ actor: { _id: null, role: "gateway" }, after: { status: "captured", amountPaise: expect.any(Number) } });
    expect(paid).toMatchObject({ actor: { role: "gateway" }, before: { status: "Pending" }, after: { status: "Processing" } });
    expect(refunded).toMatchObject({ actor: { role: "gateway" }, before: { status: "captured" }, after: { status: "refunded" } });
    expect(cancelled).toMatchObject({ actor: { _id: admin.id, name: "Asha Admin" }, before: { status: "Processing" }, after: { status: "Cancelled" } });
  });

  it("a customer's own cancellation names the customer", async () => {
    const product = await makeProduct(shop.context, { stock: 5 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const placed = await checkout(shop, buyer).expect(201);
    const orderId: string = placed.body.order._id;
    await api().post(`/api/orders/${orderId}/cancel`).set(buyer.headers).expect(200);
    const [entry] = await entriesFor("order", orderId);
    expect(entry).toMatchObject({ action: "order.status", actor: { _id: buyer.id, role: "customer" }, after: { status: "Cancelled" } });
  });

  it("coupons, serviceability imports and contact messages", async () => {
    const coupon = await asAdmin(api().post("/api/admin/coupons")).send({ code: "AUDIT10", type: "percent", value: 10, active: true }).expect(201);
    expect((await entriesFor("coupon", coupon.body._id)).map((e) => e.action)).toEqual(["coupon.create"]);

    await asAdmin(api().post("/api/admin/serviceability/import"))
      .attach("file", Buffer.from("pinFrom,pinTo,state,city,minDays,maxDays,cod\r\n110001,110099,Delhi,,2,3,yes\r\n"), "r.csv")
      .expect(200);
    expect((await audit({ entity: "serviceability" })).items[0]).toMatchObject({ action: "serviceability.import", actor: { _id: admin.id } });

    await api().post("/api/contact").send({ name: "Meera", email: "meera@example.com", message: "Where is my parcel?" }).expect(201);
    const [message] = (await asAdmin(api().get("/api/admin/messages")).expect(200)).body as { _id: string }[];
    await asAdmin(api().put(`/api/admin/messages/${message!._id}`)).send({ handled: true }).expect(200);
    expect((await entriesFor("message", message!._id))[0]).toMatchObject({ action: "message.handled", before: { handled: false }, after: { handled: true } });
  });
});

describe("reading the log", () => {
  it("newest first, paged, with the total in X-Total-Count", async () => {
    const all = await audit({ limit: 100 });
    expect(all.total).toBe(all.items.length);
    const times = all.items.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page2 = await audit({ page: 2, limit: 2 });
    expect(page2.items.map((e) => e._id)).toEqual(all.items.slice(2, 4).map((e) => e._id));
    expect(page2.total).toBe(all.total);
  });

  it("filters by kind, record, actor (name or id) and Indian calendar days", async () => {
    const products = await audit({ entity: "product", limit: 100 });
    expect(products.items.length).toBeGreaterThan(0);
    expect(products.items.every((e) => e.entity === "product")).toBe(true);

    const byName = await audit({ actor: "asha", limit: 100 });
    expect(byName.items.length).toBeGreaterThan(0);
    expect(byName.items.every((e) => e.actor.name === "Asha Admin")).toBe(true);
    expect((await audit({ actor: admin.id, limit: 100 })).total).toBe(byName.total);
    expect((await audit({ actor: "%" })).total).toBe(0);

    const today = istDay();
    expect((await audit({ from: today, to: today, limit: 100 })).total).toBe((await audit({ limit: 100 })).total);
    expect((await audit({ to: "2020-01-01" })).total).toBe(0);
    // A change at 00:10 in India (18:40 UTC the day before) belongs to India's day.
    await shop.context.db.insert(auditLog).values({
      at: new Date("2026-03-09T18:40:00Z"),
      actorId: null,
      actorName: "Shop (automatic)",
      actorRole: "system",
      action: "order.status",
      entity: "order",
      entityId: "night-order",
    });
    expect((await audit({ from: "2026-03-10", to: "2026-03-10" })).items.map((e) => e.entityId)).toEqual(["night-order"]);
    expect((await audit({ from: "2026-03-09", to: "2026-03-09" })).total).toBe(0);
  });

  it("keeps the actor's id, name and role when their account is deleted", async () => {
    const temporary = await createAdmin(shop.context, { name: "Temporary Admin" });
    const created = await api()
      .post("/api/admin/products")
      .set(temporary.headers)
      .send({ name: "Kept", description: "d", category: "Women Care", price: 5, sku: "KEPT-1" })
      .expect(201);
    await asAdmin(api().delete(`/api/admin/users/${temporary.id}`)).expect(200);
    const [entry] = await entriesFor("product", created.body._id);
    expect(entry).toMatchObject({ action: "product.create", actor: { _id: temporary.id, name: "Temporary Admin", role: "admin" } });
    const [row] = await shop.context.db.select().from(auditLog).where(eq(auditLog.entityId, created.body._id));
    expect(row?.actorId).toBe(temporary.id);
  });
});
