// What an unconfirmed cash-on-delivery order may hold (issue 26 item 3, decisions/044): COD needs a
// verified email; one account has at most one COD order waiting for confirmation; the units of a
// product held unpaid (COD orders on the way included) stay within MAX_UNITS_PER_PRODUCT; the shopper
// or the staff confirms; the job runner cancels an unconfirmed order after COD_CONFIRM_HOURS and puts
// its stock back. Each of these failed on the code before: three COD orders of 10 units each from a
// fresh, unverified account emptied a low-stock product.
import { and, eq } from "drizzle-orm";
import { ORDER_PAGE_MESSAGES } from "#common/admin.ts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, outboundEmails, user } from "#server/db/schema.ts";
import { action as ordersAction } from "~/routes/admin/orders.tsx";
import { expireUnconfirmedCod } from "#server/modules/orders/expiry.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, pageContext, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct, stockOf, verifyEmailOf } from "./checkout-helpers.ts";

let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const cod = { shippingAddress: address, paymentMethod: "cod" };
const HOUR = 3_600_000;
const addToCart = (buyer: TestUser, productId: string, quantity: number) => api().post("/api/cart").set(buyer.headers).send({ productId, quantity }).expect(200);
const quote = (buyer: TestUser, body: object = cod) => api().post("/api/checkout/quote").set(buyer.headers).send(body);
const confirm = (buyer: TestUser, orderId: string) => api().post(`/api/orders/${orderId}/confirm-cod`).set(buyer.headers);

describe("who may hold stock by cash on delivery", () => {
  it("a new, unverified account cannot choose COD (quote and checkout say why); paying online stays open", async () => {
    const item = await makeProduct(shop.context, { pricePaise: 50_000, stock: 12 });
    const stranger = await buyerWithCart(shop, [{ productId: item.id, quantity: 10 }], { verified: false });
    const reason = "Cash on delivery needs a verified email address: open the link we emailed you (or send a new one from My Profile), or pay online";
    const quoted = await quote(stranger, { shippingAddress: address }).expect(200);
    expect(quoted.body.cod).toEqual({ allowed: false, reason });
    const refused = await checkout(shop, stranger, cod).expect(400);
    expect(refused.body).toMatchObject({ message: reason, errors: { paymentMethod: reason } });
    expect(await stockOf(shop.context, item.id)).toBe(12);
    await checkout(shop, stranger, { shippingAddress: address, paymentMethod: "razorpay" }).expect(201);
  });

  it("a verified mobile number counts as a verified email does (an account made by phone, decisions/050)", async () => {
    const item = await makeProduct(shop.context, { pricePaise: 50_000, stock: 12 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }], { verified: false });
    await shop.context.db.update(user).set({ phone: `7${String(Date.now()).slice(-9)}`, phoneVerified: true }).where(eq(user.id, buyer.id));
    const quoted = await quote(buyer, { shippingAddress: address }).expect(200);
    expect(quoted.body.cod).toMatchObject({ allowed: true });
  });

  it("one COD order waits for confirmation at a time; confirmed, the next may be placed", async () => {
    const [one, two] = [await makeProduct(shop.context, { stock: 50 }), await makeProduct(shop.context, { stock: 50 })];
    const buyer = await buyerWithCart(shop, [{ productId: one.id, quantity: 1 }]);
    const first = await checkout(shop, buyer, cod).expect(201);
    expect(first.body.order.codConfirmation).toEqual({ confirmed: false, confirmBy: expect.any(String) });
    const deadline = Date.parse(first.body.order.codConfirmation.confirmBy) - Date.parse(first.body.order.createdAt);
    expect(deadline).toBe(24 * HOUR);

    await addToCart(buyer, two.id, 1);
    const waiting = "Please confirm your cash-on-delivery order waiting for confirmation (on its order page) before placing another, or pay online";
    expect((await quote(buyer).expect(400)).body.message).toBe(waiting);
    expect((await quote(buyer, { shippingAddress: address }).expect(200)).body.cod).toEqual({ allowed: false, reason: waiting });
    expect((await checkout(shop, buyer, cod).expect(400)).body.message).toBe(waiting);
    expect(await stockOf(shop.context, two.id)).toBe(50);

    const confirmed = await confirm(buyer, first.body.order._id).expect(200);
    expect(confirmed.body.message).toBe("Thank you: your cash-on-delivery order is confirmed");
    expect(confirmed.body.order.codConfirmation).toEqual({ confirmed: true, confirmedAt: expect.any(String), confirmedBy: "customer" });
    // Twice is harmless.
    await confirm(buyer, first.body.order._id).expect(200);
    await checkout(shop, buyer, cod).expect(201);
    expect(await stockOf(shop.context, two.id)).toBe(49);
  });

  it("three COD orders on the way (MAX_OPEN_COD_ORDERS): the quote refuses and hides COD exactly as checkout does", async () => {
    const item = await makeProduct(shop.context, { stock: 50 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    for (let placed = 0; placed < 3; placed += 1) {
      const order = (await checkout(shop, buyer, cod).expect(201)).body.order;
      await confirm(buyer, order._id).expect(200);
      await addToCart(buyer, item.id, 1);
    }
    const open = "You already have 3 cash-on-delivery orders on the way; pay online, or order again once they arrive";
    // The quote asks the one decision checkout enforces (cash-on-delivery.ts codDecision).
    expect((await quote(buyer).expect(400)).body.message).toBe(open);
    expect((await quote(buyer, { shippingAddress: address }).expect(200)).body.cod).toEqual({ allowed: false, reason: open });
    expect((await checkout(shop, buyer, cod).expect(400)).body.message).toBe(open);
    expect(await stockOf(shop.context, item.id)).toBe(47);
  });

  it("units held by COD orders on the way count against the per-product cap (10), whatever the method", async () => {
    const scarce = await makeProduct(shop.context, { name: "Scarce syrup", stock: 25 });
    const buyer = await buyerWithCart(shop, [{ productId: scarce.id, quantity: 10 }]);
    const first = await checkout(shop, buyer, cod).expect(201);
    await confirm(buyer, first.body.order._id).expect(200);
    // Before: a second and a third COD order of 10 each went through (30 of 25 held by one account).
    await addToCart(buyer, scarce.id, 1);
    const limit = "You can buy at most 10 of Scarce syrup at a time. Please lower the quantity in your cart.";
    expect((await checkout(shop, buyer, cod).expect(400)).body.message).toBe(limit);
    expect((await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "razorpay" }).expect(400)).body.message).toBe(limit);
    expect(await stockOf(shop.context, scarce.id)).toBe(15);
  });

  it("the job runner cancels an order unconfirmed after the window and puts its stock back; a confirmed one stays", async () => {
    const item = await makeProduct(shop.context, { stock: 8 });
    const late = await buyerWithCart(shop, [{ productId: item.id, quantity: 4 }]);
    const prompt = await buyerWithCart(shop, [{ productId: item.id, quantity: 3 }]);
    const lateOrder = (await checkout(shop, late, cod).expect(201)).body.order;
    const promptOrder = (await checkout(shop, prompt, cod).expect(201)).body.order;
    await confirm(prompt, promptOrder._id).expect(200);
    expect(await stockOf(shop.context, item.id)).toBe(1);

    // Within the window nothing happens (other tests' orders are swept too: at least this one).
    expect(await expireUnconfirmedCod(shop.context, new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await expireUnconfirmedCod(shop.context, new Date(Date.now() + 25 * HOUR))).toBeGreaterThanOrEqual(1);
    expect(await stockOf(shop.context, item.id)).toBe(5);
    const cancelled = await api().get(`/api/orders/${lateOrder._id}`).set(late.headers).expect(200);
    expect(cancelled.body.status).toBe("Cancelled");
    expect(cancelled.body.statusHistory.at(-1)).toMatchObject({ status: "Cancelled", note: "Cash on delivery was not confirmed in time" });
    expect((await api().get(`/api/orders/${promptOrder._id}`).set(prompt.headers).expect(200)).body.status).toBe("Processing");
    // Too late to confirm; the email says why it was cancelled.
    expect((await confirm(late, lateOrder._id).expect(409)).body.message).toBe("The time to confirm this order has passed and it was cancelled. Please order again.");
    const [email] = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.subject, `Order ${lateOrder.orderNumber} cancelled`));
    expect(email?.text).toContain("It was not confirmed in time, so its items were released.");
  });
});

describe("confirming a COD order", () => {
  it("only its owner (404 for anyone else), only a COD order being prepared (409), and the staff for them", async () => {
    const item = await makeProduct(shop.context, { stock: 20 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const order = (await checkout(shop, buyer, cod).expect(201)).body.order;
    const other = await createCustomer(shop.context);
    await verifyEmailOf(shop, other);
    expect((await confirm(other, order._id).expect(404)).body.message).toBe("Order not found");
    await confirm(other, "not-an-id").expect(404);
    await api().post(`/api/orders/${order._id}/confirm-cod`).expect(401);
    // A customer cannot use the staff's call.
    await api().post(`/api/admin/orders/${order._id}/confirm-cod`).set(buyer.headers).expect(403);
    const staff = await api().post(`/api/admin/orders/${order._id}/confirm-cod`).set(admin.headers).expect(200);
    expect(staff.body.order.codConfirmation).toMatchObject({ confirmed: true, confirmedBy: "staff" });
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.codConfirmedBy).toBe("staff");

    const online = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const prepaid = (await checkout(shop, online, { shippingAddress: address, paymentMethod: "razorpay" }).expect(201)).body.order;
    expect((await confirm(online, prepaid._id).expect(409)).body.message).toBe("Only a cash-on-delivery order being prepared can be confirmed");
  });

  it("the admin order page's Confirm for the shopper (intent confirm-cod) is the same use case: staff-confirmed, audited, once", async () => {
    const item = await makeProduct(shop.context, { stock: 20 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const order = (await checkout(shop, buyer, cod).expect(201)).body.order;
    const post = (user: TestUser, id: string) =>
      ordersAction({
        request: new Request("http://localhost/admin/orders", { method: "POST", body: new URLSearchParams({ intent: "confirm-cod", id }) }),
        context: pageContext(shop.context, user),
        params: {},
      } as never) as unknown as Promise<{ data: { ok: boolean; message: string }; init: ResponseInit | null }>;
    const done = await post(admin, order._id);
    expect(done.data).toEqual({ ok: true, message: ORDER_PAGE_MESSAGES.codConfirmed });
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.codConfirmedBy).toBe("staff");
    const [entry] = await shop.context.db.select().from(auditLog).where(and(eq(auditLog.entityId, order._id), eq(auditLog.action, "order.cod-confirm")));
    expect(entry).toMatchObject({ actorId: admin.id });
    expect((await post(admin, "not-an-id")).data).toMatchObject({ ok: false, message: "Order not found" });
    // A shopper posting to the admin page is sent away before the action runs.
    await expect(post(buyer, order._id)).rejects.toBeInstanceOf(Response);
  });

  it("the order and its confirmation email carry the delivery date and the deadline", async () => {
    const item = await makeProduct(shop.context, { stock: 20 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const order = (await checkout(shop, buyer, cod).expect(201)).body.order;
    expect(order.estimatedDelivery).toEqual({ from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const [email] = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.subject, `Order ${order.orderNumber} confirmed`));
    expect(email?.text).toMatch(/Expected delivery by \w{3}, \d{1,2} \w{3}\./);
    expect(email?.text).toMatch(/Please confirm this cash-on-delivery order by \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) \(India time\) on your order page/);
    expect(email?.html).toContain("Expected delivery by");
  });
});
