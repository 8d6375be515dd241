// Abandoned checkouts must not inflate anyone's figures (issue 14 item 4, decisions/024): every
// click on Pay used to leave a Pending order that counted in the dashboard's Total Orders. Unpaid
// attempts are in no dashboard figure, and the admin's order list and My Orders hide the expired
// ones unless asked (?include=expired).
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStatusHistory, orders } from "#server/db/schema.ts";
import { istDay } from "#common/dates.ts";
import { adminStats } from "#server/modules/orders/dashboard.ts";
import { newOrderNumber } from "#server/modules/orders/checkout.ts";
import { expireReservations } from "#server/modules/orders/expiry.ts";
import { loader as profileLoader } from "~/routes/profile.tsx";
import { insertOrder } from "../support/orders.ts";
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
const stats = async () => (await api().get("/api/admin/stats").set(admin.headers).expect(200)).body;
const today = (body: { salesByDay: { orders: number; revenue: number }[] }) => body.salesByDay.at(-1)!;
const adminListIds = async (query = "") =>
  (await api().get(`/api/admin/orders${query}`).set(admin.headers).expect(200)).body.map((o: { _id: string }) => o._id) as string[];

describe("unpaid attempts in the admin's figures and lists", () => {
  it("three Pay clicks and an expired attempt add nothing to the dashboard; the paid order adds itself once", async () => {
    const before = await stats();
    const item = await makeProduct(shop.context, { stock: 20, pricePaise: 45000 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 2 }]);
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) placed.push((await checkout(shop, buyer).expect(201)).body.order._id);

    // Two replaced attempts and one live Pending order: no order counted, no revenue.
    let now = await stats();
    expect(now.totalOrders).toBe(before.totalOrders);
    expect(now.totalRevenue).toBe(before.totalRevenue);
    expect(today(now).orders).toBe(today(before).orders);
    const recent = now.recentOrders.map((o: { _id: string }) => o._id);
    expect(recent).not.toContain(placed[0]);
    expect(recent).not.toContain(placed[1]);

    // The admin's list hides the replaced attempts unless asked for them.
    const listed = await adminListIds();
    expect(listed).toContain(placed[2]);
    expect(listed).not.toContain(placed[0]);
    expect(listed).not.toContain(placed[1]);
    expect(await adminListIds("?include=expired")).toEqual(expect.arrayContaining(placed));

    // Paid: one order, its total in the revenue, on today's chart.
    const fields = (await api().post(`/api/payments/test/${placed[2]}/pay`).set(buyer.headers).expect(200)).body;
    await api().post(`/api/checkout/${placed[2]}/verify`).set(buyer.headers).send(fields).expect(200);
    now = await stats();
    expect(now.totalOrders).toBe(before.totalOrders + 1);
    expect(now.totalRevenue).toBe(before.totalRevenue + 900);
    expect(today(now)).toMatchObject({ orders: today(before).orders + 1, revenue: today(before).revenue + 900 });
  });

  it("an attempt whose reservation expired leaves the figures, My Orders and the admin list (unless include=expired)", async () => {
    const before = await stats();
    const item = await makeProduct(shop.context, { stock: 5 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const order = (await checkout(shop, buyer).expect(201)).body.order;
    await shop.context.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, order._id));
    expect(await expireReservations(shop.context)).toBeGreaterThanOrEqual(1);

    const now = await stats();
    expect(now.totalOrders).toBe(before.totalOrders);
    expect(now.totalRevenue).toBe(before.totalRevenue);
    expect(now.recentOrders.map((o: { _id: string }) => o._id)).not.toContain(order._id);
    expect(await adminListIds()).not.toContain(order._id);
    expect(await adminListIds("?include=expired")).toContain(order._id);
    expect(await adminListIds("?include=expired&status=Cancelled")).toContain(order._id);
    // The admin can still open it.
    await api().get(`/api/orders/${order._id}`).set(admin.headers).expect(200);

    expect((await api().get("/api/orders/my-orders").set(buyer.headers).expect(200)).body).toEqual([]);
    const all = await api().get("/api/orders/my-orders?include=expired").set(buyer.headers).expect(200);
    expect(all.body.map((o: { _id: string; status: string }) => [o._id, o.status])).toEqual([[order._id, "Cancelled"]]);

    // The profile page: hidden by default, shown behind "Show expired attempts".
    const page = async (url: string) => {
      const result = await profileLoader({
        request: new Request(`http://shop.test${url}`),
        context: pageContext(shop.context, buyer),
        params: {},
      } as Parameters<typeof profileLoader>[0]);
      return result as { orders: { _id: string }[]; showingExpired: boolean };
    };
    expect(await page("/profile")).toMatchObject({ orders: [], showingExpired: false });
    const shown = await page("/profile?include=expired");
    expect(shown.showingExpired).toBe(true);
    expect(shown.orders.map((o) => o._id)).toEqual([order._id]);
  });

  it("cash on delivery counts once placed, not when cancelled before dispatch, and still after a refusal at the door", async () => {
    const { db } = shop.context;
    const fresh = async () => adminStats(db);
    const before = await fresh();
    const cod = (status: "Processing" | "Cancelled") => insertOrder(shop.context, { isPaid: false, status });
    const open = await cod("Processing");
    const cancelledEarly = await cod("Cancelled");
    const refused = await cod("Cancelled");
    await db.update(orders).set({ paymentMethod: "cod" }).where(eq(orders.id, open.id));
    await db.update(orders).set({ paymentMethod: "cod" }).where(eq(orders.id, cancelledEarly.id));
    await db.update(orders).set({ paymentMethod: "cod" }).where(eq(orders.id, refused.id));
    await db.insert(orderStatusHistory).values({ orderId: refused.id, status: "Shipped", note: "Handed to the courier" });

    const after = await fresh();
    // The open COD order and the one refused after dispatch count; none of them is revenue until the cash is collected.
    expect(after.totalOrders).toBe(before.totalOrders + 2);
    expect(after.totalRevenue).toBe(before.totalRevenue);
    // A COD order cancelled before dispatch is an order the customer placed, so the lists keep it.
    expect(await adminListIds()).toEqual(expect.arrayContaining([open.id, cancelledEarly.id, refused.id]));
  });

  it("a paid order later cancelled (refunded) still counts as an order, not as revenue; a cancelled unpaid one does not count", async () => {
    const before = await adminStats(shop.context.db);
    const refunded = await insertOrder(shop.context, { isPaid: true, status: "Cancelled" });
    const attempt = await insertOrder(shop.context, { isPaid: false, status: "Cancelled" });
    const after = await adminStats(shop.context.db);
    expect(after.totalOrders).toBe(before.totalOrders + 1);
    expect(after.totalRevenue).toBe(before.totalRevenue);
    const listed = await adminListIds();
    expect(listed).toContain(refunded.id);
    expect(listed).not.toContain(attempt.id);
  });
});

describe("days are Indian days (decisions/030)", () => {
  it("an order placed at 20:08 UTC on 23 Nov counts on 24 Nov, one at 18:29 UTC on the 23rd; the order number carries the Indian day", async () => {
    const { db } = shop.context;
    const now = new Date("2026-10-05T12:00:00Z");
    const day = (body: Awaited<ReturnType<typeof adminStats>>, date: string) => body.salesByDay.find((entry) => entry.date === date)!;
    const before = await adminStats(db, now);
    expect(before.salesByDay.at(-1)!.date).toBe("2026-10-05");

    const late = await insertOrder(shop.context, { lines: [{ unitPricePaise: 10000, quantity: 1 }] });
    const early = await insertOrder(shop.context, { lines: [{ unitPricePaise: 20000, quantity: 1 }] });
    await db.update(orders).set({ createdAt: new Date("2026-10-03T20:08:00Z") }).where(eq(orders.id, late.id));
    await db.update(orders).set({ createdAt: new Date("2026-10-03T18:29:00Z") }).where(eq(orders.id, early.id));

    const after = await adminStats(db, now);
    expect(day(after, "2026-10-04")).toMatchObject({
      orders: day(before, "2026-10-04").orders + 1,
      revenue: day(before, "2026-10-04").revenue + 100,
    });
    expect(day(after, "2026-10-03")).toMatchObject({
      orders: day(before, "2026-10-03").orders + 1,
      revenue: day(before, "2026-10-03").revenue + 200,
    });

    expect(newOrderNumber(new Date("2026-11-23T20:08:00Z"))).toMatch(/^HP-261124-[0-9A-Z]{8}$/);
    expect(newOrderNumber(new Date("2026-11-23T18:29:00Z"))).toMatch(/^HP-261123-/);
  });

  it("the subscribers CSV is named by today's Indian day", async () => {
    const res = await api().get("/api/admin/subscribers.csv").set(admin.headers).expect(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="newsletter-subscribers-${istDay(new Date())}.csv"`);
  });

  it("recent orders carry the customer's order number", async () => {
    const order = await insertOrder(shop.context);
    const body = await stats();
    expect(body.recentOrders.find((o: { _id: string }) => o._id === order.id)).toMatchObject({ orderNumber: order.orderNumber });
  });
});
