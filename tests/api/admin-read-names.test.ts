// The admin's read queries of issue 27 item 8 on both databases: back-in-stock demand per product
// (and the "Waited for" list, most asked for first), the inbox's unread count, and the audit log's
// ids turned into order numbers and names.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditDiff, auditRecordName, type AuditEntryJson } from "#common/audit.ts";
import { listAdminProducts, waitingForStock } from "#server/modules/catalog/admin-products.ts";
import { unhandledMessageCount } from "#server/modules/content/inbox.ts";
import { auditRecordNames, listAuditEntries } from "#server/modules/audit/audit.ts";
import { pageOf } from "#server/schemas/input.ts";
import { buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context, { name: "Asha Admin" });
});
afterAll(() => shop?.close());

describe("back-in-stock demand", () => {
  it("counts pending requests per product and lists the waited-for products, the most asked for first", async () => {
    const once = await makeProduct(shop.context, { stock: 0 });
    const twice = await makeProduct(shop.context, { stock: 0 });
    for (const [product, emails] of [[once, ["a@example.com"]], [twice, ["b@example.com", "c@example.com"]]] as const) {
      for (const email of emails) await request(shop.app).post(`/api/products/${product.id}/notify-me`).send({ email }).expect((res) => expect(res.status).toBeLessThan(300));
    }
    expect(await waitingForStock(shop.context.db, [once.id, twice.id])).toEqual({ [once.id]: 1, [twice.id]: 2 });
    const waited = await listAdminProducts(shop.context.db, { waiting: "1" });
    if (!waited.ok) throw new Error(`refused: ${JSON.stringify(waited.errors)}`);
    expect(waited.items.map((product) => product._id)).toEqual([twice.id, once.id]);
    expect(waited.total).toBe(2);
  });
});

describe("the inbox's unread count", () => {
  it("counts the messages not marked handled", async () => {
    const before = await unhandledMessageCount(shop.context.db);
    await request(shop.app).post("/api/contact").send({ name: "Kavya", email: "kavya@example.com", message: "Do you deliver on Sundays?" }).expect(201);
    expect(await unhandledMessageCount(shop.context.db)).toBe(before + 1);
  });
});

describe("the audit log in names", () => {
  it("names the order, its payment and the product by number and name; fields in words, paise in rupees", async () => {
    const product = await makeProduct(shop.context, { name: "Audit Names Syrup", stock: 5 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const placed = await checkout(shop, buyer).expect(201);
    const order = placed.body.order as { _id: string; orderNumber: string };
    const signed = await request(shop.app).post(`/api/payments/test/${order._id}/pay`).set(buyer.headers).expect(200);
    await request(shop.app).post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(signed.body).expect(200);
    await request(shop.app).put(`/api/admin/orders/${order._id}`).set(admin.headers).send({ status: "Cancelled" }).expect(200);

    const { items } = pageOf(await listAuditEntries(shop.context.db, { entity: "order", entityId: order._id, page: 1, limit: 25 }));
    const names = await auditRecordNames(shop.context.db, items);
    expect(names[order._id]).toBe(`order ${order.orderNumber}`);
    const refund = items.find((entry) => entry.action === "payment.refunded") as AuditEntryJson;
    const rows = auditDiff(refund.before, refund.after, names);
    expect(rows.find((row) => row.field === "Payment")?.after).toMatch(new RegExp(`^Test payment gateway payment of ₹\\d+(\\.\\d{2})? for order ${order.orderNumber}$`));
    expect(rows.find((row) => row.field === "Refunded")?.after).toMatch(/^₹\d/);
    expect(JSON.stringify(rows)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(auditRecordName(refund, names)).toBe(`order ${order.orderNumber}`);
    // A record since deleted is named from its snapshot.
    expect(auditRecordName({ ...refund, entity: "product", entityId: "00000000-0000-4000-8000-000000000000", before: { name: "Gone Syrup" }, after: undefined }, {})).toBe("Gone Syrup");
  });
});
