// The admin's orders, dashboard and inbox (api-contract.md, "Admin"): order list with filters,
// status changes through the orders module's transition table, deletion rules, the dashboard's
// figures, contact messages and the subscribers' CSV export.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contactMessages,
  newsletterSubscribers,
  orderLines,
  orderStatusHistory,
  orders,
  payments,
  products,
} from "#server/db/schema.ts";
import { csvCell } from "#server/csv.ts";
import { adminStats, lastDays } from "#server/modules/orders/dashboard.ts";
import { buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;

const api = () => request(shop.app);
const asAdmin = (req: request.Test) => req.set(admin.headers);

async function stockOfFirstLine(orderId: string) {
  const [line] = await shop.context.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const [product] = await shop.context.db.select({ stock: products.stock }).from(products).where(eq(products.id, line!.productId));
  return { quantity: line!.quantity, stock: product!.stock };
}

beforeAll(async () => {
  shop = await createTestShop();
  [admin, customer] = await Promise.all([createAdmin(shop.context), createCustomer(shop.context, { name: "Kiran Shah" })]);
});
afterAll(() => shop?.close());

describe("GET /api/admin/orders", () => {
  it("lists orders newest first with the customer, a status filter, search, paging and X-Total-Count", async () => {
    const marker = crypto.randomUUID().slice(0, 6);
    const shipped = await insertOrder(shop.context, { userId: customer.id, status: "Shipped", customerName: `Shipped ${marker}` });
    const pending = await insertOrder(shop.context, { isPaid: false, customerName: `Pending ${marker}`, customerEmail: `p-${marker}@example.com` });

    const all = await asAdmin(api().get("/api/admin/orders").query({ search: marker })).expect(200);
    expect(all.headers["x-total-count"]).toBe("2");
    expect(all.body.map((order: { _id: string }) => order._id)).toEqual([pending.id, shipped.id]);
    expect(all.body[1]).toMatchObject({
      _id: shipped.id,
      orderNumber: shipped.orderNumber,
      user: { _id: customer.id, name: `Shipped ${marker}`, email: "asha@example.com" },
      status: "Shipped",
      isPaid: true,
      totalPrice: 481,
      orderItems: [expect.objectContaining({ price: 240.5, quantity: 2 })],
    });

    const onlyShipped = await asAdmin(api().get("/api/admin/orders").query({ search: marker, status: "shipped" })).expect(200);
    expect(onlyShipped.body.map((order: { _id: string }) => order._id)).toEqual([shipped.id]);
    const everyStatus = await asAdmin(api().get("/api/admin/orders").query({ search: marker, status: "all" })).expect(200);
    expect(everyStatus.body).toHaveLength(2);
    const byEmail = await asAdmin(api().get("/api/admin/orders").query({ search: `P-${marker}@` })).expect(200);
    expect(byEmail.body.map((order: { _id: string }) => order._id)).toEqual([pending.id]);
    const byNumber = await asAdmin(api().get("/api/admin/orders").query({ search: shipped.orderNumber })).expect(200);
    expect(byNumber.body.map((order: { _id: string }) => order._id)).toEqual([shipped.id]);
    const paged = await asAdmin(api().get("/api/admin/orders").query({ search: marker, limit: 1, page: 2 })).expect(200);
    expect(paged.body.map((order: { _id: string }) => order._id)).toEqual([shipped.id]);

    const bad = await asAdmin(api().get("/api/admin/orders").query({ status: "Lost" })).expect(400);
    expect(bad.body.message).toMatch(/^Status must be one of/);
  });
});

describe("PUT /api/admin/orders/:id", () => {
  it("moves a paid order along Processing → Shipped → Delivered, recording each step", async () => {
    const order = await insertOrder(shop.context, { userId: customer.id });
    const shipped = await asAdmin(api().put(`/api/admin/orders/${order.id}`)).send({ status: "Shipped", courier: "delhivery", awb: "1234567890123" }).expect(200);
    expect(shipped.body).toMatchObject({ _id: order.id, status: "Shipped", isDelivered: false });
    const delivered = await asAdmin(api().put(`/api/admin/orders/${order.id}`)).send({ status: "delivered" }).expect(200);
    expect(delivered.body).toMatchObject({ status: "Delivered", isDelivered: true, deliveredAt: expect.any(String) });
    const history = await shop.context.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((entry) => entry.status).sort()).toEqual(["Delivered", "Shipped"]);
  });

  it("refuses moves the transition table does not allow, changing nothing", async () => {
    const unpaid = await insertOrder(shop.context, { isPaid: false });
    const ship = await asAdmin(api().put(`/api/admin/orders/${unpaid.id}`)).send({ status: "Shipped" }).expect(409);
    expect(ship.body.message).toBeTruthy();
    const pay = await asAdmin(api().put(`/api/admin/orders/${unpaid.id}`)).send({ status: "Processing" }).expect(409);
    expect(pay.body.message).toBeTruthy();
    const delivered = await insertOrder(shop.context, { status: "Delivered" });
    await asAdmin(api().put(`/api/admin/orders/${delivered.id}`)).send({ status: "Cancelled" }).expect(409);
    const [row] = await shop.context.db.select({ status: orders.status }).from(orders).where(eq(orders.id, unpaid.id));
    expect(row!.status).toBe("Pending");
  });

  it("cancels an unpaid order and puts its stock back", async () => {
    const order = await insertOrder(shop.context, { isPaid: false });
    const before = await stockOfFirstLine(order.id);
    const res = await asAdmin(api().put(`/api/admin/orders/${order.id}`)).send({ status: "Cancelled" }).expect(200);
    expect(res.body.status).toBe("Cancelled");
    expect((await stockOfFirstLine(order.id)).stock).toBe(before.stock + before.quantity);
  });

  it("cancels a paid order: the stock comes back and the payment is refunded through the gateway", async () => {
    const product = await makeProduct(shop.context, { stock: 10, pricePaise: 24900, mrpPaise: 24900 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 3 }]);
    const placed = await checkout(shop, buyer).expect(201);
    const orderId: string = placed.body.order._id;
    expect(await stockOf(shop.context, product.id)).toBe(7);
    const signed = await api().post(`/api/payments/test/${orderId}/pay`).set(buyer.headers).expect(200);
    await api().post(`/api/checkout/${orderId}/verify`).set(buyer.headers).send(signed.body).expect(200);

    const res = await asAdmin(api().put(`/api/admin/orders/${orderId}`)).send({ status: "Cancelled" }).expect(200);
    expect(res.body).toMatchObject({ _id: orderId, status: "Cancelled", isPaid: true });
    expect(await stockOf(shop.context, product.id)).toBe(10);
    const [payment] = await shop.context.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: "refunded", refundedPaise: 3 * 24900, refundId: expect.stringMatching(/^rfnd_test_/) });
    // Cancelling again (refused as already cancelled, or a no-op) changes nothing and refunds nothing more.
    const again = await asAdmin(api().put(`/api/admin/orders/${orderId}`)).send({ status: "Cancelled" });
    expect([200, 409]).toContain(again.status);
    expect(await stockOf(shop.context, product.id)).toBe(10);
    const [after] = await shop.context.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(after!.refundedPaise).toBe(3 * 24900);
  });

  it("validates the status and answers 404 for unknown orders", async () => {
    const order = await insertOrder(shop.context);
    const res = await asAdmin(api().put(`/api/admin/orders/${order.id}`)).send({ status: "Pending" }).expect(400);
    expect(res.body.message).toBe("Status must be one of Processing, Shipped, Delivered, Cancelled");
    await asAdmin(api().put(`/api/admin/orders/${order.id}`)).send({}).expect(400);
    await asAdmin(api().put("/api/admin/orders/no-such-order")).send({ status: "Shipped" }).expect(404);
  });
});

describe("DELETE /api/admin/orders/:id", () => {
  it("erases an unpaid cancelled order with its lines; a paid delivered one is archived (order-archive.test.ts)", async () => {
    const order = await insertOrder(shop.context, { status: "Cancelled", isPaid: false });
    const res = await asAdmin(api().delete(`/api/admin/orders/${order.id}`)).expect(200);
    expect(res.body).toEqual({ message: "Order deleted", archived: false });
    expect(await shop.context.db.select().from(orders).where(eq(orders.id, order.id))).toEqual([]);
    expect(await shop.context.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).toEqual([]);

    const delivered = await insertOrder(shop.context, { status: "Delivered" });
    const kept = await asAdmin(api().delete(`/api/admin/orders/${delivered.id}`)).expect(200);
    expect(kept.body.archived).toBe(true);
    expect(await shop.context.db.select().from(orders).where(eq(orders.id, delivered.id))).toHaveLength(1);
    await asAdmin(api().delete("/api/admin/orders/no-such-order")).expect(404);
  });

  it("refuses orders still in progress (stock reserved or money owed)", async () => {
    for (const [status, isPaid] of [["Pending", false], ["Processing", true], ["Shipped", true]] as const) {
      const order = await insertOrder(shop.context, { status, isPaid });
      const res = await asAdmin(api().delete(`/api/admin/orders/${order.id}`)).expect(409);
      expect(res.body.message).toBe("Only cancelled or delivered orders can be deleted or archived; cancel the order first");
      expect(await shop.context.db.select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
    }
  });
});

describe("GET /api/admin/stats", () => {
  it("adds up revenue from paid orders only, counts orders (not unpaid attempts, decisions/024) and charts the last 30 days", async () => {
    const fresh = await createTestShop();
    try {
      const { db } = fresh.context;
      const freshAdmin = await createAdmin(fresh.context);
      await createCustomer(fresh.context);
      const now = new Date();
      const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
      const placed = async (input: Parameters<typeof insertOrder>[1], createdAt: Date) => {
        const order = await insertOrder(fresh.context, input);
        await db.update(orders).set({ createdAt }).where(eq(orders.id, order.id));
        return order;
      };
      await placed({ lines: [{ unitPricePaise: 10000, quantity: 1 }] }, daysAgo(0)); // paid today: 100
      await placed({ lines: [{ unitPricePaise: 5050, quantity: 2 }], status: "Delivered" }, daysAgo(2)); // paid: 101
      await placed({ lines: [{ unitPricePaise: 7000, quantity: 1 }], isPaid: false }, daysAgo(2)); // unpaid: 0, not counted
      await placed({ lines: [{ unitPricePaise: 9900, quantity: 1 }], status: "Cancelled" }, daysAgo(1)); // refunded: 0
      await placed({ lines: [{ unitPricePaise: 20000, quantity: 1 }] }, daysAgo(45)); // paid, outside the chart: 200

      const res = await request(fresh.app).get("/api/admin/stats").set(freshAdmin.headers).expect(200);
      const stats = res.body;
      expect(stats.totalRevenue).toBe(401);
      expect(stats.totalOrders).toBe(4);
      expect(stats.totalProducts).toBe(5);
      expect(stats.totalUsers).toBe(2);
      expect(stats.recentOrders).toHaveLength(5);
      expect(stats.recentOrders[0].totalPrice).toBe(100);
      expect(stats.recentOrders[4].totalPrice).toBe(200);

      expect(stats.salesByDay).toHaveLength(30);
      expect(stats.salesByDay.map((day: { date: string }) => day.date)).toEqual(lastDays(now, 30));
      const byDate = Object.fromEntries(stats.salesByDay.map((day: { date: string }) => [day.date, day]));
      const date = (when: Date) => lastDays(when, 1)[0]!;
      expect(byDate[date(daysAgo(0))]).toEqual({ date: date(daysAgo(0)), revenue: 100, orders: 1 });
      expect(byDate[date(daysAgo(1))]).toEqual({ date: date(daysAgo(1)), revenue: 0, orders: 1 });
      expect(byDate[date(daysAgo(2))]).toEqual({ date: date(daysAgo(2)), revenue: 101, orders: 1 });
      const charted = stats.salesByDay.reduce((sum: number, day: { orders: number }) => sum + day.orders, 0);
      expect(charted).toBe(3);

      // An order placed just after midnight in India falls on the Indian day, not the UTC one.
      const istMidnight = new Date(`${date(now)}T00:00:00+05:30`);
      const late = await adminStats(db, new Date(istMidnight.getTime() + 60_000));
      expect(late.salesByDay.at(-1)!.date).toBe(date(now));
    } finally {
      await fresh.close();
    }
  });

  it("answers zeros and 30 empty days for a new shop", async () => {
    const fresh = await createTestShop();
    try {
      const stats = await adminStats(fresh.context.db);
      expect(stats).toMatchObject({ totalRevenue: 0, totalOrders: 0, totalProducts: 0, totalUsers: 0, recentOrders: [] });
      expect(stats.salesByDay).toHaveLength(30);
      expect(stats.salesByDay.every((day) => day.revenue === 0 && day.orders === 0)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe("contact messages", () => {
  it("lists the contact form's messages, unhandled first, and marks them handled", async () => {
    await api().post("/api/contact").send({ name: "Old Note", email: "old@example.com", message: "First" }).expect(201);
    await api().post("/api/contact").send({ name: "New Note", email: "new@example.com", message: "Second <b>bold</b>" }).expect(201);
    const list = await asAdmin(api().get("/api/admin/messages")).expect(200);
    expect(list.headers["x-total-count"]).toBe("2");
    expect(list.body.map((m: { name: string }) => m.name)).toEqual(["New Note", "Old Note"]);
    expect(list.body[0]).toMatchObject({ email: "new@example.com", message: "Second <b>bold</b>", handled: false, handledAt: null });

    const oldId = list.body[1]._id;
    const handled = await asAdmin(api().put(`/api/admin/messages/${oldId}`)).send({ handled: true }).expect(200);
    expect(handled.body).toMatchObject({ _id: oldId, handled: true, handledAt: expect.any(String) });
    // Marking again keeps the first time.
    const again = await asAdmin(api().put(`/api/admin/messages/${oldId}`)).send({ handled: "true" }).expect(200);
    expect(again.body.handledAt).toBe(handled.body.handledAt);

    const newest = await asAdmin(api().put(`/api/admin/messages/${list.body[0]._id}`)).send({ handled: true }).expect(200);
    const reopened = await asAdmin(api().put(`/api/admin/messages/${oldId}`)).send({ handled: false }).expect(200);
    expect(reopened.body).toMatchObject({ handled: false, handledAt: null });
    const after = await asAdmin(api().get("/api/admin/messages")).expect(200);
    expect(after.body.map((m: { _id: string }) => m._id)).toEqual([oldId, newest.body._id]);

    await asAdmin(api().put(`/api/admin/messages/${oldId}`)).send({}).expect(400);
    await asAdmin(api().put(`/api/admin/messages/${oldId}`)).send({ handled: "maybe" }).expect(400);
    await asAdmin(api().put("/api/admin/messages/no-such-message")).send({ handled: true }).expect(404);
    const [row] = await shop.context.db.select().from(contactMessages).where(eq(contactMessages.id, oldId));
    expect(row!.handledAt).toBeNull();
  });
});

describe("newsletter subscribers", () => {
  it("lists subscribers with paging and exports them as CSV, escaped and safe to open in a spreadsheet", async () => {
    await api().post("/api/subscribe").send({ email: "plain@example.com" }).expect(201);
    // Confirmed as by the emailed link (double opt-in; newsletter.test.ts); unconfirmed addresses are not listed.
    await shop.context.db.update(newsletterSubscribers).set({ confirmedAt: new Date() }).where(eq(newsletterSubscribers.email, "plain@example.com"));
    const confirmedAt = new Date("2026-01-06T00:00:00Z");
    await shop.context.db.insert(newsletterSubscribers).values([
      { email: '=HYPERLINK("http://evil.example","x")@example.com', createdAt: new Date("2026-01-02T00:00:00Z"), confirmedAt },
      { email: "+91,comma@example.com", createdAt: new Date("2026-01-03T00:00:00Z"), confirmedAt },
      { email: "-minus@example.com", createdAt: new Date("2026-01-04T00:00:00Z"), confirmedAt },
      { email: "@at@example.com", createdAt: new Date("2026-01-05T00:00:00Z"), confirmedAt },
      { email: "never-confirmed@example.com", createdAt: new Date("2026-01-05T00:00:00Z") },
    ]);
    const list = await asAdmin(api().get("/api/admin/subscribers").query({ limit: 2 })).expect(200);
    expect(list.headers["x-total-count"]).toBe("5");
    expect(list.body).toHaveLength(2);
    expect(list.body[0]).toMatchObject({ email: "plain@example.com", createdAt: expect.any(String) });

    const csv = await asAdmin(api().get("/api/admin/subscribers.csv")).expect(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.split("\r\n");
    expect(lines[0]).toBe("email,subscribed_at");
    expect(lines.slice(1, 5)).toEqual([
      `"'=HYPERLINK(""http://evil.example"",""x"")@example.com",2026-01-02T00:00:00.000Z`,
      `"'+91,comma@example.com",2026-01-03T00:00:00.000Z`,
      `'-minus@example.com,2026-01-04T00:00:00.000Z`,
      `'@at@example.com,2026-01-05T00:00:00.000Z`,
    ]);
    expect(lines[5]).toMatch(/^plain@example\.com,\d{4}-/);
    expect(lines[6]).toBe("");
  });

  it("quotes cells with quotes and line breaks (RFC 4180)", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("\tTAB")).toBe("'\tTAB");
    expect(csvCell("=1+1")).toBe("'=1+1");
  });
});

describe("the order number in the admin (api-contract.md, \"Operations (second release)\")", () => {
  it("every listed order carries the customer's orderNumber, and search finds it by any part, in any case", async () => {
    const order = await insertOrder(shop.context, { userId: customer.id });
    const listed = await asAdmin(api().get("/api/admin/orders").query({ limit: 100 })).expect(200);
    expect(listed.body.length).toBeGreaterThan(0);
    for (const item of listed.body as { orderNumber: unknown }[]) expect(item.orderNumber).toEqual(expect.stringMatching(/^HP-/));

    const tail = order.orderNumber.slice(-6).toLowerCase();
    const found = await asAdmin(api().get("/api/admin/orders").query({ search: tail })).expect(200);
    expect(found.body.map((item: { orderNumber: string }) => item.orderNumber)).toContain(order.orderNumber);
    const wildcard = await asAdmin(api().get("/api/admin/orders").query({ search: "HP-%" })).expect(200);
    expect(wildcard.body).toEqual([]);
  });
});
