// Data that must outlive deletion (issue 11, decisions/014): deleting a delivered order erased its
// tax invoice and payment (revenue 138 → 0, the invoice PDF 404). Orders with an invoice or a
// payment are archived instead; only orders without either are erased.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, orderLines, orders, payments } from "#server/db/schema.ts";
import { changeOrderStatus } from "#server/modules/orders/status.ts";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders.tsx";
import { loader as orderLoader } from "~/routes/admin/order.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, pageContext, type TestUser } from "../support/users.ts";
import { buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const ARCHIVED =
  "This order has an invoice or a payment, so it was archived instead of deleted: it stays in the revenue figures, the customer's orders and its invoice";

/** A real order: checkout, payment through the test gateway, then shipped and delivered by the shop. */
async function deliveredOrder(pricePaise = 13800) {
  const item = await makeProduct(shop.context, { pricePaise, stock: 5 });
  const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
  const order = (await checkout(shop, buyer).expect(201)).body.order;
  const signed = await api().post(`/api/payments/test/${order._id}/pay`).set(buyer.headers).expect(200);
  await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(signed.body).expect(200);
  // Shipped takes its parcel's courier and AWB (decisions/032).
  const shipment = { courier: "delhivery", awb: "1234567890123" };
  for (const status of ["Shipped", "Delivered"] as const) {
    expect(await changeOrderStatus(shop.context, order._id, status, { actor: "admin", shipment })).toMatchObject({ ok: true });
  }
  return { buyer, orderId: order._id as string };
}

const revenue = async () => (await api().get("/api/admin/stats").set(admin.headers).expect(200)).body.totalRevenue as number;
const adminListIds = async (query: Record<string, string> = {}) =>
  ((await api().get("/api/admin/orders").query({ limit: "100", ...query }).set(admin.headers).expect(200)).body as { _id: string }[]).map((o) => o._id);

describe("DELETE /api/admin/orders/:id on an order with an invoice and a payment", () => {
  it("archives it: revenue, the invoice PDF, the payment and the customer's orders all stay", async () => {
    const { buyer, orderId } = await deliveredOrder();
    const before = await revenue();
    expect(before).toBeGreaterThanOrEqual(138);
    await api().get(`/api/orders/${orderId}/invoice.pdf`).set(buyer.headers).expect(200);

    const res = await api().delete(`/api/admin/orders/${orderId}`).set(admin.headers).expect(200);
    expect(res.body).toEqual({ message: ARCHIVED, archived: true });

    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: "Delivered", isPaid: true, archivedAt: expect.any(Date) });
    expect(await shop.context.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
    expect(await shop.context.db.select().from(payments).where(eq(payments.orderId, orderId))).toMatchObject([{ status: "captured" }]);
    expect(await revenue()).toBe(before);
    await api().get(`/api/orders/${orderId}/invoice.pdf`).set(buyer.headers).expect(200).expect("Content-Type", /pdf/);
    const mine = await api().get("/api/orders/my-orders").set(buyer.headers).expect(200);
    expect(mine.body.map((o: { _id: string }) => o._id)).toContain(orderId);
    await api().get(`/api/orders/${orderId}`).set(buyer.headers).expect(200);

    // Hidden from the admin's list unless asked for.
    expect(await adminListIds()).not.toContain(orderId);
    expect(await adminListIds({ archived: "include" })).toContain(orderId);
    expect(await adminListIds({ archived: "only" })).toEqual([orderId]);

    // Again: still archived, the first archiving time kept.
    await api().delete(`/api/admin/orders/${orderId}`).set(admin.headers).expect(200, { message: ARCHIVED, archived: true });
    const [again] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(again!.archivedAt).toEqual(row!.archivedAt);
  });

  it("the database itself refuses to erase an order that has an invoice or a payment", async () => {
    const { orderId } = await deliveredOrder();
    await expect(shop.context.db.delete(orders).where(eq(orders.id, orderId))).rejects.toThrow();
    expect(await shop.context.db.select().from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
  });

  it("a cancelled order whose payment was refunded is archived too (the refund is a record)", async () => {
    const item = await makeProduct(shop.context, { stock: 5 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const order = (await checkout(shop, buyer).expect(201)).body.order;
    const signed = await api().post(`/api/payments/test/${order._id}/pay`).set(buyer.headers).expect(200);
    await api().post(`/api/checkout/${order._id}/verify`).set(buyer.headers).send(signed.body).expect(200);
    await api().post(`/api/orders/${order._id}/cancel`).set(buyer.headers).expect(200);

    await api().delete(`/api/admin/orders/${order._id}`).set(admin.headers).expect(200, { message: ARCHIVED, archived: true });
    expect(await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id))).toMatchObject([{ status: "refunded" }]);
  });
});

describe("DELETE /api/admin/orders/:id on an order with neither", () => {
  it("erases an unpaid cancelled order with its lines and its unused payment attempt", async () => {
    const item = await makeProduct(shop.context, { stock: 5 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const order = (await checkout(shop, buyer).expect(201)).body.order;
    await api().post(`/api/orders/${order._id}/cancel`).set(buyer.headers).expect(200);
    expect(await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id))).toMatchObject([{ status: "created" }]);

    await api().delete(`/api/admin/orders/${order._id}`).set(admin.headers).expect(200, { message: "Order deleted", archived: false });
    expect(await shop.context.db.select().from(orders).where(eq(orders.id, order._id))).toEqual([]);
    expect(await shop.context.db.select().from(orderLines).where(eq(orderLines.orderId, order._id))).toEqual([]);
    expect(await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id))).toEqual([]);
  });
});

describe("the admin pages say what will happen", () => {
  const form = (fields: Record<string, string>) =>
    new Request("http://localhost:3000/admin/orders", { method: "POST", body: new URLSearchParams(fields) });

  it("names Archive or Delete per order, archives through the page action with the same message, and hides archived orders", async () => {
    const { orderId } = await deliveredOrder();
    const item = await makeProduct(shop.context, { stock: 5 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const unpaid = (await checkout(shop, buyer).expect(201)).body.order;
    await api().post(`/api/orders/${unpaid._id}/cancel`).set(buyer.headers).expect(200);

    const context = pageContext(shop.context, admin);
    // The unpaid cancelled order is an unpaid attempt, listed when asked for (decisions/024).
    const list = (await ordersLoader({ request: new Request("http://localhost:3000/admin/orders?search=HP-&include=expired"), context, params: {} } as never)) as {
      orders: { _id: string; removal: string; archivedAt: string | null }[];
    };
    expect(list.orders.find((o) => o._id === orderId)).toMatchObject({ removal: "archive", archivedAt: null });
    expect(list.orders.find((o) => o._id === unpaid._id)).toMatchObject({ removal: "delete" });
    const page = (await orderLoader({ request: new Request(`http://localhost:3000/admin/orders/${orderId}`), context, params: { orderId } } as never)) as {
      order: { removal: string };
    };
    expect(page.order.removal).toBe("archive");

    const answer = await ordersAction({ request: form({ intent: "delete", id: orderId }), context, params: {} } as never);
    expect((answer as { data: unknown }).data).toEqual({ ok: true, message: ARCHIVED });
    const after = (await ordersLoader({ request: new Request("http://localhost:3000/admin/orders"), context, params: {} } as never)) as {
      orders: { _id: string }[];
    };
    expect(after.orders.map((o) => o._id)).not.toContain(orderId);
    const shown = (await ordersLoader({ request: new Request("http://localhost:3000/admin/orders?archived=include"), context, params: {} } as never)) as {
      orders: { _id: string; archivedAt: string | null }[];
    };
    expect(shown.orders.find((o) => o._id === orderId)?.archivedAt).toEqual(expect.any(String));
  });
});
