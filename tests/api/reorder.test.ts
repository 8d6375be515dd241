// "Buy again" (issue 32, api-contract "Reorder and refills"): POST /api/orders/:id/reorder and the
// order page's intent "reorder" put an order's lines still sold into the owner's cart at today's
// prices, capped at stock and the per-product limit, and say what was left out and why.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEFT_OUT_MESSAGES, REORDER_MESSAGES } from "#common/cart.ts";
import { cartLines, carts, orderLines, products } from "#server/db/schema.ts";
import { action as orderAction } from "~/routes/order.tsx";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, pageContext, type TestUser } from "../support/users.ts";

let shop: TestShop;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  shop = await createTestShop({ MAX_UNITS_PER_PRODUCT: "10" });
  [owner, stranger] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context)]);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);

async function orderOf(user: TestUser, lines: { name: string; unitPricePaise: number; quantity: number }[]) {
  const order = await insertOrder(shop.context, { userId: user.id, status: "Delivered", lines });
  const rows = await shop.context.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const productOf = (name: string) => rows.find((row) => row.name === name)!.productId;
  return { order, productOf };
}

async function emptyCart(user: TestUser) {
  await shop.context.db.delete(carts).where(eq(carts.userId, user.id));
}

describe("POST /api/orders/:id/reorder", () => {
  it("puts every line into the owner's cart at today's price, added to what the cart holds", async () => {
    await emptyCart(owner);
    const { order, productOf } = await orderOf(owner, [
      { name: "Reorder Whey", unitPricePaise: 150000, quantity: 2 },
      { name: "Reorder Iron", unitPricePaise: 20000, quantity: 1 },
    ]);
    // The price went up since the order; the cart already holds one Iron.
    await shop.context.db.update(products).set({ pricePaise: 160000, mrpPaise: 170000 }).where(eq(products.id, productOf("Reorder Whey")));
    await api().post("/api/cart").set(owner.headers).send({ productId: productOf("Reorder Iron"), quantity: 1 }).expect(201);

    const res = await api().post(`/api/orders/${order.id}/reorder`).set(owner.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.skipped).toEqual([]);
    const lines = Object.fromEntries(res.body.cart.products.map((line: { name: string; quantity: number; price: number }) => [line.name, line]));
    expect(lines["Reorder Whey"]).toMatchObject({ quantity: 2, price: 1600 });
    expect(lines["Reorder Iron"]).toMatchObject({ quantity: 2, price: 200 });
    const cart = await api().get("/api/cart").set(owner.headers).expect(200);
    expect(cart.body.products).toHaveLength(2);
  });

  it("caps at stock and at the per-product limit, and names each line left out with why", async () => {
    await emptyCart(owner);
    const { order, productOf } = await orderOf(owner, [
      { name: "Reorder Scarce", unitPricePaise: 10000, quantity: 5 },
      { name: "Reorder Gone", unitPricePaise: 10000, quantity: 1 },
      { name: "Reorder Empty", unitPricePaise: 10000, quantity: 2 },
      { name: "Reorder Many", unitPricePaise: 10000, quantity: 8 },
    ]);
    const set = (name: string, values: Partial<typeof products.$inferInsert>) => shop.context.db.update(products).set(values).where(eq(products.id, productOf(name)));
    await set("Reorder Scarce", { stock: 3 });
    await set("Reorder Gone", { published: false });
    await set("Reorder Empty", { stock: 0 });
    await set("Reorder Many", { stock: 50 });
    await api().post("/api/cart").set(owner.headers).send({ productId: productOf("Reorder Many"), quantity: 4 }).expect(201);

    const res = await api().post(`/api/orders/${order.id}/reorder`).set(owner.headers).expect(200);
    const reasons = Object.fromEntries(res.body.skipped.map((line: { name: string; reason: string }) => [line.name, line.reason]));
    expect(reasons).toEqual({
      "Reorder Scarce": LEFT_OUT_MESSAGES.partInStock(3, 5),
      "Reorder Gone": LEFT_OUT_MESSAGES.noLongerSold,
      "Reorder Empty": LEFT_OUT_MESSAGES.outOfStock,
      "Reorder Many": LEFT_OUT_MESSAGES.partOverLimit(6, 8, 10),
    });
    for (const line of res.body.skipped) expect(line.productId).toBe(productOf(line.name));
    const quantities = Object.fromEntries(res.body.cart.products.map((line: { name: string; quantity: number }) => [line.name, line.quantity]));
    expect(quantities).toEqual({ "Reorder Scarce": 3, "Reorder Many": 10 });
  });

  it("is the owner's only: another customer's order, an unknown id and a signed-out caller change no cart", async () => {
    await emptyCart(stranger);
    const { order } = await orderOf(owner, [{ name: "Reorder Private", unitPricePaise: 10000, quantity: 1 }]);
    const foreign = await api().post(`/api/orders/${order.id}/reorder`).set(stranger.headers);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Order not found");
    await api().post("/api/orders/not-an-order/reorder").set(stranger.headers).expect(404);
    await api().post(`/api/orders/${"0".repeat(5000)}/reorder`).set(stranger.headers).expect(404);
    await api().post(`/api/orders/${order.id}/reorder`).expect(401);
    expect(await shop.context.db.select().from(carts).where(eq(carts.userId, stranger.id))).toEqual([]);
  });

  it("two reorders at once both count, never past the stock", async () => {
    await emptyCart(owner);
    const { order, productOf } = await orderOf(owner, [{ name: "Reorder Race", unitPricePaise: 10000, quantity: 3 }]);
    await shop.context.db.update(products).set({ stock: 5 }).where(eq(products.id, productOf("Reorder Race")));
    const answers = await Promise.all([1, 2].map(() => api().post(`/api/orders/${order.id}/reorder`).set(owner.headers)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [cart] = await shop.context.db.select().from(carts).where(eq(carts.userId, owner.id));
    const [line] = await shop.context.db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id));
    expect(line!.quantity).toBe(5);
  });
});

describe("the order page's Buy again (intent reorder)", () => {
  const post = (user: TestUser, orderId: string) =>
    orderAction({
      request: new Request(`http://localhost/order/${orderId}`, { method: "POST", body: new URLSearchParams({ intent: "reorder" }) }),
      context: pageContext(shop.context, user),
      params: { orderId },
    } as never) as unknown as Promise<{ data: { ok: boolean; message: string; skipped: { name: string; reason: string }[] }; init: ResponseInit | null }>;

  it("answers what was added and what was left out, from the same use case", async () => {
    await emptyCart(owner);
    const { order, productOf } = await orderOf(owner, [
      { name: "Page Reorder A", unitPricePaise: 10000, quantity: 1 },
      { name: "Page Reorder B", unitPricePaise: 10000, quantity: 1 },
    ]);
    expect((await post(owner, order.id)).data).toEqual({ ok: true, message: REORDER_MESSAGES.added, skipped: [] });

    await shop.context.db.update(products).set({ stock: 0 }).where(eq(products.id, productOf("Page Reorder B")));
    const partly = await post(owner, order.id);
    expect(partly.data).toMatchObject({ ok: true, message: REORDER_MESSAGES.partlyAdded, skipped: [{ name: "Page Reorder B", reason: LEFT_OUT_MESSAGES.outOfStock }] });

    await shop.context.db.update(products).set({ published: false }).where(eq(products.id, productOf("Page Reorder A")));
    expect((await post(owner, order.id)).data.message).toBe(REORDER_MESSAGES.nothingAdded);

    const foreign = await post(stranger, order.id);
    expect(foreign.data).toMatchObject({ ok: false, message: "Order not found" });
    expect(foreign.init?.status).toBe(404);
  });
});
