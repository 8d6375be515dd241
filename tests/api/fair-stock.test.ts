// Fair stock (issue 11, decisions/014): one account could reserve a product's whole stock in one
// unpaid order for 30 minutes and hold five such orders. Each test replays that attack.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLines, carts, orderStatusHistory, orders, outboundEmails } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer } from "../support/users.ts";
import { buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const LIMIT = "You can buy at most 10 of one product at a time";

/** The refusal names the limit, for the form's quantity field too. */
const limitMessage = (text: string) => (res: request.Response) => {
  expect(res.body).toMatchObject({ message: text, errors: { quantity: text } });
};

async function ordersOf(userId: string) {
  return shop.context.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.createdAt);
}

async function emailCount() {
  return (await shop.context.db.select({ id: outboundEmails.id }).from(outboundEmails)).length;
}

describe("per-customer cap on units of one product (MAX_UNITS_PER_PRODUCT, default 10)", () => {
  it("refuses adding the whole stock (496 units) to a cart with a 400 naming the limit, and changes nothing", async () => {
    const item = await makeProduct(shop.context, { stock: 496 });
    const hoarder = await createCustomer(shop.context);
    const res = await api().post("/api/cart").set(hoarder.headers).send({ productId: item.id, quantity: 496 }).expect(400);
    expect(res.body).toMatchObject({ message: LIMIT, errors: { quantity: LIMIT } });
    expect(await shop.context.db.select().from(carts).where(eq(carts.userId, hoarder.id))).toEqual([]);

    // Up to the limit is fine; one more, by adding or by setting the quantity, is not.
    await api().post("/api/cart").set(hoarder.headers).send({ productId: item.id, quantity: 10 }).expect(201);
    await api().post("/api/cart").set(hoarder.headers).send({ productId: item.id, quantity: 1 }).expect(400).expect(limitMessage(LIMIT));
    await api().put("/api/cart").set(hoarder.headers).send({ productId: item.id, quantity: 496 }).expect(400).expect(limitMessage(LIMIT));
    const cart = await api().get("/api/cart").set(hoarder.headers).expect(200);
    expect(cart.body.products.map((line: { quantity: number }) => line.quantity)).toEqual([10]);
    expect(await stockOf(shop.context, item.id)).toBe(496);
  });

  it("checkout refuses a cart line above the limit (e.g. from before the limit) with a 400 naming the product; nothing is reserved", async () => {
    const item = await makeProduct(shop.context, { stock: 496 });
    const hoarder = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const [cart] = await shop.context.db.select().from(carts).where(eq(carts.userId, hoarder.id));
    await shop.context.db.update(cartLines).set({ quantity: 496 }).where(and(eq(cartLines.cartId, cart!.id), eq(cartLines.productId, item.id)));

    const res = await checkout(shop, hoarder).expect(400);
    expect(res.body.message).toBe(`You can buy at most 10 of ${item.name} at a time. Please lower the quantity in your cart.`);
    expect(await stockOf(shop.context, item.id)).toBe(496);
    expect(await ordersOf(hoarder.id)).toEqual([]);
  });
});

describe("one unpaid order per customer (MAX_UNPAID_ORDERS, default 1): a new checkout replaces, never stacks", () => {
  it("five checkouts in a row leave one Pending order; the others are cancelled, their stock released, without emails", async () => {
    const item = await makeProduct(shop.context, { stock: 50 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 10 }]);
    const emailsBefore = await emailCount();
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) placed.push((await checkout(shop, buyer).expect(201)).body.order._id);

    expect(await stockOf(shop.context, item.id)).toBe(40);
    const mine = await ordersOf(buyer.id);
    expect(mine.filter((o) => o.status === "Pending").map((o) => o.id)).toEqual([placed[4]]);
    expect(mine.filter((o) => o.status === "Cancelled")).toHaveLength(4);
    const notes = await shop.context.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed[0]!));
    expect(notes.map((h) => [h.status, h.note])).toEqual([
      ["Pending", "Order placed"],
      ["Cancelled", "Replaced by a newer checkout"],
    ]);
    expect(await emailCount()).toBe(emailsBefore);

    // A replaced order cannot be paid any more; the current one can.
    await api().post(`/api/payments/test/${placed[0]}/pay`).set(buyer.headers).expect(409);
    await api().post(`/api/payments/test/${placed[4]}/pay`).set(buyer.headers).expect(200);
  });

  it("five checkouts in parallel (Promise.all) still hold one reservation", async () => {
    const item = await makeProduct(shop.context, { stock: 50 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 10 }]);
    const results = await Promise.all(Array.from({ length: 5 }, () => checkout(shop, buyer)));

    for (const res of results) {
      if (res.status === 201) continue;
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/replaced by a newer one/);
    }
    expect(results.some((res) => res.status === 201)).toBe(true);
    const pending = (await ordersOf(buyer.id)).filter((o) => o.status === "Pending");
    expect(pending).toHaveLength(1);
    expect(await stockOf(shop.context, item.id)).toBe(40);
  });

  it("a checkout that fails (out of stock) keeps the unpaid order it would have replaced", async () => {
    const item = await makeProduct(shop.context, { stock: 3 });
    const other = await makeProduct(shop.context, { stock: 1 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 2 }]);
    const first = (await checkout(shop, buyer).expect(201)).body.order;
    await api().post("/api/cart").set(buyer.headers).send({ productId: other.id, quantity: 1 }).expect(200);
    // Someone else takes the last unit of the other product meanwhile.
    const rival = await buyerWithCart(shop, [{ productId: other.id, quantity: 1 }]);
    await checkout(shop, rival).expect(201);

    expect((await checkout(shop, buyer).expect(409)).body.message).toBe(`${other.name} is out of stock`);
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, first._id));
    expect(row!.status).toBe("Pending");
    expect(await stockOf(shop.context, item.id)).toBe(1);
  });
});

describe("configured limits (MAX_UNPAID_ORDERS=2, MAX_UNITS_PER_PRODUCT=3)", () => {
  let wide: TestShop;
  beforeAll(async () => {
    wide = await createTestShop({ MAX_UNPAID_ORDERS: "2", MAX_UNITS_PER_PRODUCT: "3" });
  });
  afterAll(() => wide?.close());

  it("keeps two unpaid orders, replaces the oldest with a third, and caps a product's units across them", async () => {
    const item = await makeProduct(wide.context, { stock: 20 });
    const spare = await makeProduct(wide.context, { stock: 20 });
    const buyer = await buyerWithCart(wide, [{ productId: item.id, quantity: 2 }]);
    await request(wide.app).post("/api/cart").set(buyer.headers).send({ productId: item.id, quantity: 2 }).expect(400).expect(limitMessage("You can buy at most 3 of one product at a time"));
    const first = (await checkout(wide, buyer).expect(201)).body.order;

    // A second order may not hold more of the same product than the limit, counting the first.
    const second = await checkout(wide, buyer).expect(400);
    expect(second.body.message).toBe(`You can buy at most 3 of ${item.name} at a time. Please lower the quantity in your cart.`);
    expect(await stockOf(wide.context, item.id)).toBe(18);

    const cart = (body: { productId: string; quantity: number }) =>
      request(wide.app).put("/api/cart").set(buyer.headers).send(body).expect(200);
    await cart({ productId: item.id, quantity: 0 });
    await request(wide.app).post("/api/cart").set(buyer.headers).send({ productId: spare.id, quantity: 3 }).expect(200);
    const kept = (await checkout(wide, buyer).expect(201)).body.order;
    // The third replaces the oldest (the first, whose 2 units come back) and keeps the second.
    await cart({ productId: spare.id, quantity: 0 });
    await request(wide.app).post("/api/cart").set(buyer.headers).send({ productId: item.id, quantity: 1 }).expect(200);
    const third = (await checkout(wide, buyer).expect(201)).body.order;

    const statuses = Object.fromEntries(
      (await wide.context.db.select().from(orders).where(eq(orders.userId, buyer.id))).map((o) => [o.id, o.status]),
    );
    expect(statuses).toEqual({ [first._id]: "Cancelled", [kept._id]: "Pending", [third._id]: "Pending" });
    expect(await stockOf(wide.context, item.id)).toBe(19);
    expect(await stockOf(wide.context, spare.id)).toBe(17);
  });
});
