import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts, products } from "#server/db/schema.ts";
import { GUEST_ID_PATTERN, newGuestId } from "#server/modules/cart/cart.ts";
import { every } from "#server/jobs/scheduler.ts";
import { guestCartCleanupJob } from "#server/modules/cart/cleanup.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";
import { guestCookieValue, guestSetCookie, makeProduct } from "./cart-helpers.ts";

let shop: TestShop;
let customer: TestUser;
beforeAll(async () => {
  shop = await createTestShop();
  customer = await createCustomer(shop.context);
});
afterAll(() => shop?.close());

const product = (values: Parameters<typeof makeProduct>[1] = {}) => makeProduct(shop.context, values);
const api = () => request(shop.app);
const cookie = (guestId: string) => `guest_id=${guestId}`;

/** Starts a guest cart the way the shop's pages do (no id; the server sets the cookie). */
async function guestWithCart(productId: string, quantity = 1) {
  const res = await api().post("/api/cart").send({ productId, quantity }).expect(201);
  return guestCookieValue(res)!;
}

describe("GET /api/cart", () => {
  it("is 404 Cart not found without any identity, and never cached", async () => {
    const res = await api().get("/api/cart").expect(404);
    expect(res.body).toMatchObject({ message: "Cart not found" });
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("is 404 for a well-formed guest id without a cart", async () => {
    await api().get("/api/cart").query({ guestId: newGuestId() }).expect(404, /Cart not found/);
    await api().get("/api/cart").set("Cookie", cookie(newGuestId())).expect(404);
  });

  it("returns the cart itself (not wrapped), by cookie or by guestId in the query", async () => {
    const item = await product({ pricePaise: 24050 });
    const guestId = await guestWithCart(item.id, 2);
    const byCookie = await api().get("/api/cart").set("Cookie", cookie(guestId)).expect(200);
    expect(byCookie.headers["cache-control"]).toBe("private, no-store");
    expect(byCookie.body).toEqual({
      _id: expect.any(String),
      guestId,
      products: [
        {
          productId: item.id,
          name: item.name,
          image: item.images[0]!.url,
          price: 240.5,
          quantity: 2,
          subcategory: "Protein",
          prescriptionRequired: false,
          countInStock: 10,
          expiryDate: null,
          quantityLabel: "200g",
        },
      ],
      totalPrice: 481,
      // Coupons (issue 15): no coupon, so nothing off; MRP equals the price here.
      itemsPrice: 481,
      coupon: null,
      discount: 0,
      savings: 0,
      updatedAt: expect.any(String),
    });
    expect(new Date(byCookie.body.updatedAt).toISOString()).toBe(byCookie.body.updatedAt);
    const byQuery = await api().get("/api/cart").query({ guestId }).expect(200);
    expect(byQuery.body).toEqual(byCookie.body);
  });

  it("refreshes the guest cookie when the cart is read through it", async () => {
    const guestId = await guestWithCart((await product()).id);
    const res = await api().get("/api/cart").set("Cookie", cookie(guestId)).expect(200);
    expect(guestCookieValue(res)).toBe(guestId);
  });
});

describe("POST /api/cart", () => {
  it("starts a guest cart without an id: 201, an httpOnly SameSite=Lax cookie for 30 days, { ...cart, cart }", async () => {
    const item = await product();
    const res = await api().post("/api/cart").send({ productId: item.id, quantity: 1 }).expect(201);
    const line = guestSetCookie(res)!;
    expect(line).toMatch(/^guest_id=guest_[0-9a-f-]{36};/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; Max-Age=2592000/);
    expect(line).not.toMatch(/Secure/);
    const guestId = guestCookieValue(res)!;
    expect(GUEST_ID_PATTERN.test(guestId)).toBe(true);
    expect(res.body.guestId).toBe(guestId);
    const { cart, ...rest } = res.body;
    expect(cart).toEqual(rest);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("adds to the existing cart with 200 and refreshes the cookie", async () => {
    const item = await product();
    const guestId = await guestWithCart(item.id, 1);
    const res = await api().post("/api/cart").set("Cookie", cookie(guestId)).send({ productId: item.id, quantity: 2 }).expect(200);
    expect(res.body.cart.products).toMatchObject([{ productId: item.id, quantity: 3 }]);
    expect(guestCookieValue(res)).toBe(guestId);
  });

  it("answers the cart as a read of it would: every line in the order added, the added one as written, unpublished ones left out", async () => {
    const first = await product({ pricePaise: 12000, stock: 9 });
    const second = await product({ pricePaise: 34500, stock: 9 });
    const hidden = await product();
    const guestId = await guestWithCart(first.id, 1);
    const post = (productId: string, quantity: number) => api().post("/api/cart").set("Cookie", cookie(guestId)).send({ productId, quantity }).expect(200);
    await post(hidden.id, 1);
    await post(second.id, 2);
    await shop.context.db.update(products).set({ published: false }).where(eq(products.id, hidden.id));
    const added = await post(first.id, 3);
    const read = await api().get("/api/cart").set("Cookie", cookie(guestId)).expect(200);
    expect(added.body.cart.products.map((line: { productId: string; quantity: number }) => [line.productId, line.quantity])).toEqual([
      [first.id, 4],
      [second.id, 2],
    ]);
    expect({ ...added.body.cart, updatedAt: undefined }).toEqual({ ...read.body, updatedAt: undefined });
  });

  it("uses a guestId from the body without setting a cookie", async () => {
    const item = await product();
    const guestId = newGuestId();
    const res = await api().post("/api/cart").send({ productId: item.id, quantity: 1, guestId }).expect(201);
    expect(res.body.guestId).toBe(guestId);
    expect(guestSetCookie(res)).toBeUndefined();
    await api().post("/api/cart").send({ productId: item.id, quantity: 1, guestId }).expect(200);
  });

  it("ignores a price (and any other field) the client sends", async () => {
    const item = await product({ pricePaise: 50000 });
    const res = await api()
      .post("/api/cart")
      .send({ productId: item.id, quantity: 2, price: 1, totalPrice: 1, user: customer.id, _id: "mine" })
      .expect(201);
    expect(res.body.cart).toMatchObject({ products: [{ price: 500 }], totalPrice: 1000 });
    expect(res.body.cart.user).toBeUndefined();
    expect(res.body.cart._id).not.toBe("mine");
  });

  it("shows the product table's current price on the next read", async () => {
    const item = await product({ pricePaise: 10000 });
    const guestId = await guestWithCart(item.id, 3);
    await shop.context.db.update(products).set({ pricePaise: 8999, mrpPaise: 12000 }).where(eq(products.id, item.id));
    const res = await api().get("/api/cart").query({ guestId }).expect(200);
    expect(res.body).toMatchObject({ products: [{ price: 89.99 }], totalPrice: 269.97 });
  });

  it.each([
    [{}, "Please choose a product (productId is missing)"],
    [{ productId: "" }, "Please choose a product (productId is missing)"],
    [{ productId: 42 }, "Please choose a product (productId is missing)"],
    [{ productId: "x", quantity: 0 }, "Quantity must be a whole number of at least 1"],
    [{ productId: "x", quantity: -1 }, "Quantity must be a whole number of at least 1"],
    [{ productId: "x", quantity: 1.5 }, "Quantity must be a whole number of at least 1"],
    [{ productId: "x", quantity: "two" }, "Quantity must be a whole number of at least 1"],
    [{ productId: "x", quantity: [1] }, "Quantity must be a whole number of at least 1"],
    [{ productId: "x", quantity: 1001 }, "Quantity can be at most 1000"],
  ])("refuses %j with 400 %s", async (body, message) => {
    const res = await api().post("/api/cart").send(body).expect(400);
    expect(res.body.message).toBe(message);
    expect(guestSetCookie(res)).toBeUndefined();
  });

  it("accepts a quantity sent as a numeric string and defaults a missing one to 1", async () => {
    const item = await product();
    const guestId = newGuestId();
    await api().post("/api/cart").send({ productId: item.id, quantity: "2", guestId }).expect(201);
    const res = await api().post("/api/cart").send({ productId: item.id, guestId }).expect(200);
    expect(res.body.cart.products[0].quantity).toBe(3);
  });

  it("is 404 Product not found for unknown, malformed and unpublished products, creating no cart", async () => {
    const hidden = await product({ published: false });
    for (const productId of [hidden.id, crypto.randomUUID(), "<script>alert(1)</script>", "' or 1=1 --"]) {
      const guestId = newGuestId();
      const res = await api().post("/api/cart").send({ productId, quantity: 1, guestId }).expect(404);
      expect(res.body.message).toBe("Product not found");
      await api().get("/api/cart").query({ guestId }).expect(404);
    }
  });

  it("is 409 Only n items available when the line would exceed stock, counting the existing line", async () => {
    const item = await product({ stock: 5 });
    const guestId = newGuestId();
    expect((await api().post("/api/cart").send({ productId: item.id, quantity: 6, guestId }).expect(409)).body.message).toBe(
      "Only 5 items available",
    );
    await api().post("/api/cart").send({ productId: item.id, quantity: 4, guestId }).expect(201);
    expect((await api().post("/api/cart").send({ productId: item.id, quantity: 2, guestId }).expect(409)).body.message).toBe(
      "Only 5 items available",
    );
    await api().post("/api/cart").send({ productId: item.id, quantity: 1, guestId }).expect(200);
    const soldOut = await product({ stock: 0 });
    expect((await api().post("/api/cart").send({ productId: soldOut.id, quantity: 1, guestId }).expect(409)).body.message).toBe(
      "Only 0 items available",
    );
    expect((await api().get("/api/cart").query({ guestId })).body.products).toMatchObject([{ productId: item.id, quantity: 5 }]);
  });

  it("never oversells a line: 20 parallel adds against a stock of 5 end at 5, with no 500s", async () => {
    const item = await product({ stock: 5 });
    const guestId = newGuestId();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => api().post("/api/cart").send({ productId: item.id, quantity: 1, guestId })),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 409)).toHaveLength(5);
    const cart = (await api().get("/api/cart").query({ guestId }).expect(200)).body;
    expect(cart.products).toMatchObject([{ productId: item.id, quantity: 5 }]);
    expect(await shop.context.db.select().from(carts).where(eq(carts.guestId, guestId))).toHaveLength(1);
  });
});

describe("PUT /api/cart", () => {
  it("sets a line's quantity, removes it with 0, and answers { ...cart, cart }", async () => {
    const item = await product({ stock: 8, pricePaise: 1000 });
    const guestId = await guestWithCart(item.id, 1);
    const res = await api().put("/api/cart").set("Cookie", cookie(guestId)).send({ productId: item.id, quantity: 8 }).expect(200);
    expect(res.body.cart).toMatchObject({ products: [{ quantity: 8 }], totalPrice: 80 });
    expect(res.body.totalPrice).toBe(80);
    const removed = await api().put("/api/cart").send({ productId: item.id, quantity: 0, guestId }).expect(200);
    expect(removed.body.cart).toMatchObject({ products: [], totalPrice: 0 });
  });

  it("is 409 above stock, 404 for a missing cart or line, 400 for a negative or fractional quantity", async () => {
    const item = await product({ stock: 3 });
    const other = await product();
    const guestId = await guestWithCart(item.id, 1);
    expect((await api().put("/api/cart").send({ productId: item.id, quantity: 4, guestId }).expect(409)).body.message).toBe(
      "Only 3 items available",
    );
    expect((await api().put("/api/cart").send({ productId: other.id, quantity: 1, guestId }).expect(404)).body.message).toBe(
      "Item not found in cart",
    );
    expect(
      (await api().put("/api/cart").send({ productId: item.id, quantity: 1, guestId: newGuestId() }).expect(404)).body.message,
    ).toBe("Cart not found");
    expect((await api().put("/api/cart").send({ productId: item.id, quantity: 1 }).expect(404)).body.message).toBe(
      "Cart not found",
    );
    for (const quantity of [-1, 0.5, "x", null]) {
      const res = await api().put("/api/cart").send({ productId: item.id, quantity, guestId }).expect(400);
      expect(res.body.message).toBe("Quantity must be a whole number of at least 0");
    }
    expect((await api().put("/api/cart").send({ quantity: 1, guestId }).expect(400)).body.message).toBe("Please choose a product (productId is missing)");
  });
});

describe("DELETE /api/cart", () => {
  it("removes a line and answers { ...cart, cart }; 404 for a missing line or cart", async () => {
    const a = await product({ pricePaise: 1000 });
    const b = await product({ pricePaise: 2500 });
    const guestId = await guestWithCart(a.id, 1);
    await api().post("/api/cart").set("Cookie", cookie(guestId)).send({ productId: b.id, quantity: 2 }).expect(200);
    const res = await api().delete("/api/cart").set("Cookie", cookie(guestId)).send({ productId: a.id }).expect(200);
    expect(res.body.cart).toMatchObject({ products: [{ productId: b.id }], totalPrice: 50 });
    expect((await api().delete("/api/cart").send({ productId: a.id, guestId }).expect(404)).body.message).toBe(
      "Item not found in cart",
    );
    expect((await api().delete("/api/cart").send({ productId: a.id, guestId: newGuestId() }).expect(404)).body.message).toBe(
      "Cart not found",
    );
    expect((await api().delete("/api/cart").send({ guestId }).expect(400)).body.message).toBe("Please choose a product (productId is missing)");
  });
});

describe("signed-in carts", () => {
  it("use the user's cart with a bearer token, with or without a matching userId", async () => {
    const user = await createCustomer(shop.context);
    const item = await product();
    await api().get("/api/cart").set(user.headers).expect(404);
    const created = await api().post("/api/cart").set(user.headers).send({ productId: item.id, quantity: 1 }).expect(201);
    expect(created.body.cart.user).toBe(user.id);
    expect(created.body.cart.guestId).toBeUndefined();
    expect(guestSetCookie(created)).toBeUndefined();
    await api().post("/api/cart").set(user.headers).send({ productId: item.id, quantity: 1, userId: user.id }).expect(200);
    const res = await api().get("/api/cart").set(user.headers).query({ userId: user.id }).expect(200);
    expect(res.body).toMatchObject({ user: user.id, products: [{ quantity: 2 }] });
  });

  it("use the user's cart even when a guestId is given (merging is explicit)", async () => {
    const user = await createCustomer(shop.context);
    const item = await product();
    const guestId = await guestWithCart(item.id, 1);
    const res = await api().post("/api/cart").set(user.headers).set("Cookie", cookie(guestId)).send({ productId: item.id, guestId });
    expect(res.status).toBe(201);
    expect(res.body.cart.user).toBe(user.id);
    expect((await api().get("/api/cart").query({ guestId })).body.products).toMatchObject([{ quantity: 1 }]);
  });

  it("work with the session cookie the shop's pages use", async () => {
    const user = await createCustomer(shop.context);
    const signIn = await api()
      .post("/api/users/login")
      .set("Origin", shop.config.publicUrl)
      .send({ email: user.email, password: user.password })
      .expect(200);
    const sessionCookie = (signIn.headers["set-cookie"] as unknown as string[])
      .map((line) => line.split(";")[0])
      .filter((pair) => pair.startsWith("better-auth."))
      .join("; ");
    expect(sessionCookie).toMatch(/better-auth\.session_token=/);
    const item = await product();
    const res = await api()
      .post("/api/cart")
      .set("Cookie", sessionCookie)
      .set("Origin", shop.config.publicUrl)
      .send({ productId: item.id, quantity: 1 })
      .expect(201);
    expect(res.body.cart.user).toBe(user.id);
    await api().get("/api/cart").set("Cookie", sessionCookie).expect(200);
  });
});

describe("POST /api/cart/merge", () => {
  it("adds the guest lines to the user's cart (summed, capped at stock, unavailable dropped), deletes the guest cart, clears the cookie", async () => {
    const user = await createCustomer(shop.context);
    const summed = await product({ stock: 10 });
    const capped = await product({ stock: 4 });
    const soldOut = await product({ stock: 2 });
    const hidden = await product({ stock: 2 });
    await api().post("/api/cart").set(user.headers).send({ productId: summed.id, quantity: 1 }).expect(201);
    await api().post("/api/cart").set(user.headers).send({ productId: capped.id, quantity: 3 }).expect(200);
    const guestId = await guestWithCart(summed.id, 2);
    for (const [item, quantity] of [[capped, 3], [soldOut, 1], [hidden, 1]] as const) {
      await api().post("/api/cart").set("Cookie", cookie(guestId)).send({ productId: item.id, quantity }).expect(200);
    }
    await shop.context.db.update(products).set({ stock: 0 }).where(eq(products.id, soldOut.id));
    await shop.context.db.update(products).set({ published: false }).where(eq(products.id, hidden.id));

    const res = await api().post("/api/cart/merge").set(user.headers).set("Cookie", cookie(guestId)).send({}).expect(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const quantities = Object.fromEntries(
      (res.body.cart.products as { productId: string; quantity: number }[]).map((line) => [line.productId, line.quantity]),
    );
    expect(quantities).toEqual({ [summed.id]: 3, [capped.id]: 4 });
    expect(res.body.user).toBe(user.id);
    expect(guestSetCookie(res)).toMatch(/^guest_id=;.*Expires=Thu, 01 Jan 1970/);
    await api().get("/api/cart").query({ guestId }).expect(404);
    expect(await shop.context.db.select().from(carts).where(eq(carts.guestId, guestId))).toHaveLength(0);
  });

  it("merges a guestId from the body (the spec's clients) and leaves an unrelated cookie alone", async () => {
    const user = await createCustomer(shop.context);
    const item = await product();
    const guestId = await guestWithCart(item.id, 2);
    const res = await api().post("/api/cart/merge").set(user.headers).send({ guestId }).expect(200);
    expect(res.body.cart).toMatchObject({ user: user.id, products: [{ productId: item.id, quantity: 2 }] });
    expect(guestSetCookie(res)).toBeUndefined();
  });

  it("returns the user's cart when the guest cart is gone, 404 when neither exists", async () => {
    const user = await createCustomer(shop.context);
    const res = await api().post("/api/cart/merge").set(user.headers).send({ guestId: newGuestId() }).expect(404);
    expect(res.body.message).toBe("Guest cart not found");
    await api().post("/api/cart").set(user.headers).send({ productId: (await product()).id }).expect(201);
    const merged = await api().post("/api/cart/merge").set(user.headers).send({ guestId: newGuestId() }).expect(200);
    expect(merged.body.cart.user).toBe(user.id);
  });

  it("needs a signed-in user (401), a guest id (400 No guest cart to merge), a valid one (400)", async () => {
    const guestId = await guestWithCart((await product()).id);
    expect((await api().post("/api/cart/merge").send({ guestId }).expect(401)).body.message).toBe("Please sign in");
    expect((await api().post("/api/cart/merge").set(customer.headers).send({}).expect(400)).body.message).toBe(
      "No guest cart to merge",
    );
    expect((await api().post("/api/cart/merge").set(customer.headers).expect(400)).body.message).toBe("No guest cart to merge");
    for (const bad of ["guest_1", "1700000000000", { $ne: null }, ["guest_abcdefgh"]]) {
      const res = await api().post("/api/cart/merge").set(customer.headers).send({ guestId: bad }).expect(400);
      expect(res.body.message).toBe("Invalid guest id");
    }
    await api().get("/api/cart").query({ guestId }).expect(200);
  });
});

describe("guest cookie", () => {
  it("is Secure when the shop is served over https", async () => {
    const secureShop = await createTestShop({ PUBLIC_URL: "https://shop.example" });
    try {
      const item = await makeProduct(secureShop.context);
      const res = await request(secureShop.app).post("/api/cart").send({ productId: item.id }).expect(201);
      expect(guestSetCookie(res)).toMatch(/; Secure/);
    } finally {
      await secureShop.close();
    }
  });

  it("is ignored when malformed: reads find nothing, writes start a fresh guest", async () => {
    const item = await product();
    await api().get("/api/cart").set("Cookie", "guest_id=not-a-guest").expect(404);
    const res = await api().post("/api/cart").set("Cookie", "guest_id=guest_%27%3B").send({ productId: item.id }).expect(201);
    expect(guestCookieValue(res)).toMatch(/^guest_[0-9a-f-]{36}$/);
  });

  it("cannot be used from another site: a cross-site write with it is 403 and changes nothing", async () => {
    const item = await product();
    const guestId = await guestWithCart(item.id, 1);
    const res = await api()
      .post("/api/cart")
      .set("Cookie", cookie(guestId))
      .set("Origin", "https://evil.example")
      .send({ productId: item.id, quantity: 1 })
      .expect(403);
    expect(res.body.message).toBe("Cross-site requests are not allowed");
    await api().delete("/api/cart").set("Cookie", cookie(guestId)).set("Sec-Fetch-Site", "cross-site").send({ productId: item.id }).expect(403);
    expect((await api().get("/api/cart").query({ guestId })).body.products).toMatchObject([{ quantity: 1 }]);
  });
});

describe("stale guest carts", () => {
  it("are deleted at start-up by the cleanup schedule, users' carts kept", async () => {
    const item = await product();
    const staleId = await guestWithCart(item.id);
    const freshId = await guestWithCart(item.id);
    await api().post("/api/cart").set(customer.headers).send({ productId: item.id }).expect((res) => expect([200, 201]).toContain(res.status));
    await shop.context.db.update(carts).set({ updatedAt: sql`now() - interval '31 days'` }).where(eq(carts.guestId, staleId));
    await shop.context.db.update(carts).set({ updatedAt: sql`now() - interval '90 days'` }).where(eq(carts.userId, customer.id));

    // The job runs at start; stop() waits for that run.
    const stop = every(guestCartCleanupJob(shop.context.db, shop.context.logger), shop.context.logger);
    await stop();
    await api().get("/api/cart").query({ guestId: staleId }).expect(404);
    await api().get("/api/cart").query({ guestId: freshId }).expect(200);
    await api().get("/api/cart").set(customer.headers).expect(200);
  });
});
