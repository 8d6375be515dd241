// "Notify me when back in stock" (issue 19, decisions/027): POST /api/products/:id/notify-me on an
// out-of-stock product, then exactly one email per request through the outbox when the product
// comes back, whichever code brings it back (admin edit, a released order, any UPDATE), and none
// twice, even with two senders at once.
import { count, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BACK_IN_STOCK_MESSAGES, backInStockRequestedMessage } from "#common/back-in-stock.ts";
import { EMAIL_MESSAGES } from "#common/messages.ts";
import { placeholderEmail } from "#server/db/no-email.ts";
import { orderLines, outboundEmails, products, rateLimit, stockNotifications } from "#server/db/schema.ts";
import { sendDueBackInStockEmails } from "#server/modules/back-in-stock/sender.ts";
import { LIMITS, countRequest } from "#server/modules/limits/limiter.ts";
import { releaseStock } from "#server/modules/orders/stock.ts";
import { makeProduct } from "./cart-helpers.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;
const db = () => shop.context.db;
const api = () => request(shop.app);
const notifyMe = (productId: string, body?: unknown, headers: Record<string, string> = {}) =>
  api().post(`/api/products/${productId}/notify-me`).set(headers).send(body as object);

const emailsTo = (to: string) => db().select().from(outboundEmails).where(eq(outboundEmails.to, to));
const send = () => sendDueBackInStockEmails(shop.context);

beforeAll(async () => {
  shop = await createTestShop({ RATE_LIMIT_SCALE: "1" });
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());
afterEach(() => db().delete(rateLimit));

describe("POST /api/products/:id/notify-me", () => {
  it("takes a guest's address once, and emails it exactly once when an admin restocks", async () => {
    const product = await makeProduct(shop.context, { name: "Sold Out Syrup", stock: 0 });
    const first = await notifyMe(product.id, { email: "  Guest.One@Example.com " });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: backInStockRequestedMessage("guest.one@example.com") });
    // Asking again is answered the same and changes nothing.
    expect((await notifyMe(product.id, { email: "guest.one@example.com" })).body).toEqual(first.body);
    const rows = await db().select().from(stockNotifications).where(eq(stockNotifications.productId, product.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "guest.one@example.com", userId: null, dueAt: null, notifiedAt: null });

    expect(await send()).toBe(0);
    await api().put(`/api/admin/products/${product.id}`).set(admin.headers).send({ countInStock: 5 }).expect(200);
    expect(await send()).toBe(1);
    expect(await send()).toBe(0);
    const emails = await emailsTo("guest.one@example.com");
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("Sold Out Syrup is back in stock");
    expect(emails[0]!.text).toContain(`/product/${product.id}`);
    expect(emails[0]!.text).toContain("This is the only email about that request");
    const [done] = await db().select().from(stockNotifications).where(eq(stockNotifications.productId, product.id));
    expect(done!.notifiedAt).toBeInstanceOf(Date);

    // Selling out and returning again sends nothing more for that request.
    await db().update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    await db().update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    expect(await send()).toBe(0);
    expect(await emailsTo("guest.one@example.com")).toHaveLength(1);
  });

  it("uses a signed-in shopper's account address, whatever the body says", async () => {
    const customer = await createCustomer(shop.context);
    const product = await makeProduct(shop.context, { stock: 0 });
    const res = await notifyMe(product.id, { email: "someone-else@example.com" }, customer.headers).expect(201);
    expect(res.body.message).toBe(backInStockRequestedMessage(customer.email));
    const [row] = await db().select().from(stockNotifications).where(eq(stockNotifications.productId, product.id));
    expect(row).toMatchObject({ email: customer.email, userId: customer.id });
  });

  it("an account made by phone without an email gives an address as a guest does, and is emailed there", async () => {
    const customer = await createCustomer(shop.context, { email: placeholderEmail() });
    const product = await makeProduct(shop.context, { stock: 0 });
    const missing = await notifyMe(product.id, {}, customer.headers).expect(400);
    expect(missing.body.errors.email).toEqual(expect.any(String));
    const res = await notifyMe(product.id, { email: "asha.phone@example.com" }, customer.headers).expect(201);
    expect(res.body.message).toBe(backInStockRequestedMessage("asha.phone@example.com"));
    const [row] = await db().select().from(stockNotifications).where(eq(stockNotifications.productId, product.id));
    expect(row).toMatchObject({ email: "asha.phone@example.com", userId: customer.id });
    await db().update(products).set({ stock: 4 }).where(eq(products.id, product.id));
    await send();
    expect(await emailsTo("asha.phone@example.com")).toHaveLength(1);
  });

  it("emails when a cancelled order's units come back, and waits again if the product sells out before the email", async () => {
    const order = await insertOrder(shop.context, { lines: [{ unitPricePaise: 10000, quantity: 2 }] });
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const productId = line!.productId!;
    await db().update(products).set({ stock: 0 }).where(eq(products.id, productId));
    await notifyMe(productId, { email: "waiting@example.com" }).expect(201);

    // Back and sold out again before the sender ran: no email, the request waits for the next return.
    await db().update(products).set({ stock: 1 }).where(eq(products.id, productId));
    await db().update(products).set({ stock: 0 }).where(eq(products.id, productId));
    expect(await send()).toBe(0);
    const [waiting] = await db().select().from(stockNotifications).where(eq(stockNotifications.productId, productId));
    expect(waiting).toMatchObject({ dueAt: null, notifiedAt: null });

    await db().transaction((tx) => releaseStock(tx, order.id));
    expect(await send()).toBe(1);
    expect(await emailsTo("waiting@example.com")).toHaveLength(1);
  });

  it("queues one email per request with two senders at once", async () => {
    const product = await makeProduct(shop.context, { stock: 0 });
    const addresses = Array.from({ length: 12 }, (_, i) => `race-${i}@example.com`);
    for (const email of addresses) await notifyMe(product.id, { email }).expect(201);
    await db().update(products).set({ stock: 10 }).where(eq(products.id, product.id));
    const sent = await Promise.all([sendDueBackInStockEmails(shop.context, 5), sendDueBackInStockEmails(shop.context, 5), send()]);
    expect(sent.reduce((a, b) => a + b, 0) + (await send())).toBe(12);
    for (const email of addresses) expect(await emailsTo(email)).toHaveLength(1);
  });

  it("refuses what it cannot take, with a sentence", async () => {
    const outOfStock = await makeProduct(shop.context, { stock: 0 });
    const inStock = await makeProduct(shop.context, { stock: 4 });
    const hidden = await makeProduct(shop.context, { stock: 0, published: false });
    const cases: [string, unknown, number, string][] = [
      [outOfStock.id, {}, 400, BACK_IN_STOCK_MESSAGES.emailRequired],
      [outOfStock.id, undefined, 400, BACK_IN_STOCK_MESSAGES.emailRequired],
      [outOfStock.id, { email: null }, 400, BACK_IN_STOCK_MESSAGES.emailRequired],
      [outOfStock.id, { email: "   " }, 400, BACK_IN_STOCK_MESSAGES.emailRequired],
      [outOfStock.id, { email: 42 }, 400, BACK_IN_STOCK_MESSAGES.invalid],
      [outOfStock.id, { email: ["a@example.com"] }, 400, BACK_IN_STOCK_MESSAGES.invalid],
      [outOfStock.id, { email: "not-an-address" }, 400, EMAIL_MESSAGES.invalid],
      [outOfStock.id, { email: `${"a".repeat(250)}@example.com` }, 400, EMAIL_MESSAGES.invalid],
      [outOfStock.id, [1, 2], 400, BACK_IN_STOCK_MESSAGES.emailRequired],
      [inStock.id, { email: "a@example.com" }, 409, BACK_IN_STOCK_MESSAGES.inStock],
      [hidden.id, { email: "a@example.com" }, 404, BACK_IN_STOCK_MESSAGES.notFound],
      ["no-such-product", { email: "a@example.com" }, 404, BACK_IN_STOCK_MESSAGES.notFound],
      ["bad id!", { email: "a@example.com" }, 404, BACK_IN_STOCK_MESSAGES.notFound],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await notifyMe(encodeURIComponent(id), body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    const [rows] = await db().select({ n: count() }).from(stockNotifications).where(eq(stockNotifications.productId, outOfStock.id));
    expect(rows!.n).toBe(0);
  });

  it("limits requests per client address and per named address (429 with Retry-After)", async () => {
    const product = await makeProduct(shop.context, { stock: 0 });
    for (let i = 0; i < 10; i++) await notifyMe(product.id, { email: "victim@example.com" }).expect(201);
    const perEmail = await notifyMe(product.id, { email: "victim@example.com" });
    expect(perEmail.status).toBe(429);
    expect(Number(perEmail.headers["retry-after"])).toBeGreaterThan(0);
    // Generous per client address (carrier NAT, decisions/042): the rest of it counted already.
    for (let i = 0; i < LIMITS.backInStockRequestsPerAddress.max - 20; i++) await countRequest(shop.context, "backInStockRequestsPerAddress", "127.0.0.1");
    for (let i = 0; i < 9; i++) await notifyMe(product.id, { email: `other-${i}@example.com` }).expect(201);
    const perAddress = await notifyMe(product.id, { email: "one-more@example.com" });
    expect(perAddress.status).toBe(429);
    expect(perAddress.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
  });
});
