import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductJson } from "#common/catalog.ts";
import { orderLines, orders, products, reviews } from "#server/db/schema.ts";
import { MALFORMED_MESSAGE } from "#server/http/reject-malformed.ts";
import { addReview } from "#server/modules/catalog/reviews.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let catalogue: ProductJson[];

beforeAll(async () => {
  shop = await createTestShop({ SEED_DEMO: "1" });
  catalogue = (await request(shop.app).get("/api/products?limit=100")).body;
});
afterAll(() => shop?.close());

const product = (name: string) => catalogue.find((p) => p.name === name)!;
const reviewsPath = (id: string) => `/api/products/${id}/reviews`;
const fetchProduct = async (id: string) => (await request(shop.app).get(`/api/products/${id}`)).body as ProductJson;

/** A paid (or unpaid) order of the user containing the product, written directly. */
async function placeOrder(user: TestUser, item: ProductJson, { paid }: { paid: boolean }) {
  const pricePaise = Math.round(item.price * 100);
  const [order] = await shop.context.db
    .insert(orders)
    .values({
      orderNumber: `T-${crypto.randomUUID().slice(0, 12)}`,
      userId: user.id,
      customerName: user.name,
      customerEmail: user.email,
      status: paid ? "Processing" : "Pending",
      shippingAddress: {
        firstName: "Asha",
        lastName: "Rao",
        address: "12 MG Road",
        city: "Bengaluru",
        postalCode: "560001",
        country: "India",
        phone: "9876543210",
        email: user.email,
      },
      itemsPaise: pricePaise,
      shippingPaise: 0,
      taxPaise: 0,
      totalPaise: pricePaise,
      isPaid: paid,
      paidAt: paid ? new Date() : null,
    })
    .returning();
  await shop.context.db.insert(orderLines).values({
    orderId: order!.id,
    productId: item._id,
    name: item.name,
    sku: item.sku,
    gstRateBps: 500,
    unitPricePaise: pricePaise,
    mrpPaise: pricePaise,
    quantity: 1,
    taxPaise: 0,
  });
}

describe("POST /api/products/:id/reviews", () => {
  it("is a 401 when signed out", async () => {
    const res = await request(shop.app)
      .post(reviewsPath(product("Macnurish")._id))
      .send({ rating: 5, comment: "Great" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Please sign in to write a review");
  });

  it("is a 401 with a bearer token that is not a session", async () => {
    const res = await request(shop.app)
      .post(reviewsPath(product("Macnurish")._id))
      .set("Authorization", "Bearer not-a-real-token")
      .send({ rating: 5, comment: "Great" });
    expect(res.status).toBe(401);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["no comment", { rating: 5 }, "comment", "Comment is required"],
    ["a blank comment", { rating: 5, comment: "   " }, "comment", "Comment is required"],
    [
      "a 2,001-character comment",
      { rating: 5, comment: "x".repeat(2001) },
      "comment",
      "Comment is too long (2000 characters at most)",
    ],
    ["rating 0", { rating: 0, comment: "Fine" }, "rating", "Rating must be a whole number from 1 to 5"],
    ["rating 6", { rating: 6, comment: "Fine" }, "rating", "Rating must be a whole number from 1 to 5"],
    ["rating 4.5", { rating: 4.5, comment: "Fine" }, "rating", "Rating must be a whole number from 1 to 5"],
    [
      "a rating that is not a number",
      { rating: "many", comment: "Fine" },
      "rating",
      "Rating must be a whole number from 1 to 5",
    ],
    // Strict input (issue 19): only a whole number 1–5, as a number or a string of digits.
    ...(
      [
        ["rating '5 stars'", "5 stars"],
        ["rating '4.5'", "4.5"],
        ["rating ''", ""],
        ["rating null", null],
        ["rating true", true],
        ["rating [5]", [5]],
        ["rating {}", {}],
        ["rating '+5'", "+5"],
        ["rating '1e0'", "1e0"],
        ["rating '0x5'", "0x5"],
        ["no rating", undefined],
      ] as const
    ).map(([label, rating]): [string, Record<string, unknown>, string, string] => [
      label,
      { rating, comment: "Fine" },
      "rating",
      "Rating must be a whole number from 1 to 5",
    ]),
  ])("is a 400 for %s", async (_label, body, field, message) => {
    const customer = await createCustomer(shop.context);
    const res = await request(shop.app)
      .post(reviewsPath(product("Macnurish")._id))
      .set(customer.headers)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
  });

  it("is a 404 for an unknown or malformed product", async () => {
    const customer = await createCustomer(shop.context);
    const before = (await shop.context.db.select().from(reviews)).length;
    for (const id of ["no-such-product", "..%2Fetc"]) {
      const res = await request(shop.app)
        .post(reviewsPath(id))
        .set(customer.headers)
        .send({ rating: 4, comment: "Nice" });
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe("Product not found");
    }
    // A NUL is refused before any router as malformed input (tests/api/malformed-input.test.ts).
    const nul = await request(shop.app).post(reviewsPath("%00")).set(customer.headers).send({ rating: 4, comment: "Nice" });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(MALFORMED_MESSAGE);
    expect((await shop.context.db.select().from(reviews)).length).toBe(before);
  });

  it("creates the review, recomputes rating and numReviews, and refuses a second review with 409", async () => {
    const item = product("Brahmi Syrup for Kids");
    // The seeded figures are demo numbers; the first real review replaces them with real ones.
    const first = await createCustomer(shop.context, { name: "Asha Rao" });
    const res = await request(shop.app)
      .post(reviewsPath(item._id))
      .set(first.headers)
      .send({
        rating: 4,
        comment: "  My son likes the taste.  ",
        user: "someone-else",
        verifiedPurchase: true,
        name: "Admin",
      });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      name: "Asha Rao",
      rating: 4,
      comment: "My son likes the taste.",
      createdAt: expect.any(String),
      verifiedPurchase: false,
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(await fetchProduct(item._id)).toMatchObject({ rating: 4, numReviews: 1 });

    const second = await createCustomer(shop.context);
    const res2 = await request(shop.app)
      .post(reviewsPath(item._id))
      .set(second.headers)
      .send({ rating: 5, comment: "Good" });
    expect(res2.status).toBe(201);
    const third = await createCustomer(shop.context);
    await request(shop.app)
      .post(reviewsPath(item._id))
      .set(third.headers)
      .send({ rating: 5, comment: "Good" })
      .expect(201);
    // (4 + 5 + 5) / 3 = 4.67, stored with one decimal.
    expect(await fetchProduct(item._id)).toMatchObject({ rating: 4.7, numReviews: 3 });

    const again = await request(shop.app)
      .post(reviewsPath(item._id))
      .set(first.headers)
      .send({ rating: 1, comment: "Changed my mind" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You have already reviewed this product");
    expect(await fetchProduct(item._id)).toMatchObject({ rating: 4.7, numReviews: 3 });
    const rows = await shop.context.db.select().from(reviews).where(eq(reviews.productId, item._id));
    expect(rows).toHaveLength(3);
  });

  it("accepts a rating sent as a string of digits and refuses a review without one", async () => {
    const item = product("Kids Probiotic Sachets LGG");
    const one = await createCustomer(shop.context);
    const res = await request(shop.app)
      .post(reviewsPath(item._id))
      .set(one.headers)
      .send({ rating: "3", comment: "OK" });
    expect(res.status).toBe(201);
    expect(res.body.rating).toBe(3);
    const two = await createCustomer(shop.context);
    const res2 = await request(shop.app)
      .post(reviewsPath(item._id))
      .set(two.headers)
      .send({ comment: "No stars given" });
    expect(res2.status).toBe(400);
    expect(res2.body.message).toBe("Rating must be a whole number from 1 to 5");
    const res3 = await request(shop.app).post(reviewsPath(item._id)).set(two.headers).send({ rating: " 5 ", comment: "Five" });
    expect(res3.status).toBe(201);
    expect(res3.body.rating).toBe(5);
    expect(await fetchProduct(item._id)).toMatchObject({ rating: 4, numReviews: 2 });
  });

  it("marks a verified purchase only for a paid order containing the product", async () => {
    const item = product("Zinc 20 mg Dispersible Tablets");
    const other = product("Vitamin D3 400 IU Drops");

    const buyer = await createCustomer(shop.context);
    await placeOrder(buyer, item, { paid: true });
    const res = await request(shop.app)
      .post(reviewsPath(item._id))
      .set(buyer.headers)
      .send({ rating: 5, comment: "Works" });
    expect(res.status).toBe(201);
    expect(res.body.verifiedPurchase).toBe(true);

    const unpaid = await createCustomer(shop.context);
    await placeOrder(unpaid, item, { paid: false });
    const res2 = await request(shop.app)
      .post(reviewsPath(item._id))
      .set(unpaid.headers)
      .send({ rating: 4, comment: "Not paid yet" });
    expect(res2.body.verifiedPurchase).toBe(false);

    const boughtSomethingElse = await createCustomer(shop.context);
    await placeOrder(boughtSomethingElse, other, { paid: true });
    const res3 = await request(shop.app)
      .post(reviewsPath(item._id))
      .set(boughtSomethingElse.headers)
      .send({ rating: 4, comment: "Bought the drops" });
    expect(res3.body.verifiedPurchase).toBe(false);
  });

  it("counts one review when the same customer posts twice at once", async () => {
    const item = product("Letrozole 2.5 mg Tablets");
    const customer = await createCustomer(shop.context);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        request(shop.app).post(reviewsPath(item._id)).set(customer.headers).send({ rating: 2, comment: "Twice" }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await fetchProduct(item._id)).toMatchObject({ rating: 2, numReviews: 1 });
  });

  it("keeps the count right when different customers review at once", async () => {
    const item = product("Nitric Oxide Booster Capsules");
    const customers = await Promise.all([1, 2, 3, 4].map(() => createCustomer(shop.context)));
    const results = await Promise.all(
      customers.map((customer, i) =>
        addReview(shop.context, { productId: item._id, user: customer }, { rating: i + 1, comment: `Review ${i}` }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    // (1 + 2 + 3 + 4) / 4 = 2.5
    expect(await fetchProduct(item._id)).toMatchObject({ rating: 2.5, numReviews: 4 });
  });

  it("refuses a review of an unpublished product", async () => {
    const item = product("Spearmint Extract Capsules");
    await shop.context.db.update(products).set({ published: false }).where(eq(products.id, item._id));
    try {
      const customer = await createCustomer(shop.context);
      const res = await request(shop.app)
        .post(reviewsPath(item._id))
        .set(customer.headers)
        .send({ rating: 4, comment: "Hidden" });
      expect(res.status).toBe(404);
    } finally {
      await shop.context.db.update(products).set({ published: true }).where(eq(products.id, item._id));
    }
  });
});

describe("GET /api/products/:id/reviews", () => {
  it("lists reviews newest first, in the contract's shape", async () => {
    const item = product("Elderberry & Zinc Kids Syrup");
    const empty = await request(shop.app).get(reviewsPath(item._id));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);

    for (const [i, comment] of ["First", "Second", "Third"].entries()) {
      const customer = await createCustomer(shop.context, { name: `Reviewer ${i}` });
      await request(shop.app)
        .post(reviewsPath(item._id))
        .set(customer.headers)
        .send({ rating: 3 + i, comment })
        .expect(201);
    }
    const res = await request(shop.app).get(reviewsPath(item._id));
    expect(res.status).toBe(200);
    expect(res.body.map((r: { comment: string }) => r.comment)).toEqual(["Third", "Second", "First"]);
    expect(res.body[0]).toEqual({
      _id: expect.any(String),
      name: "Reviewer 2",
      rating: 5,
      comment: "Third",
      createdAt: expect.any(String),
      verifiedPurchase: false,
    });
    expect(Object.keys(res.body[0]).sort()).toEqual([
      "_id",
      "comment",
      "createdAt",
      "name",
      "rating",
      "verifiedPurchase",
    ]);
  });

  it("is revalidated on every use (no-cache) with an ETag", async () => {
    const path = reviewsPath(product("Elderberry & Zinc Kids Syrup")._id);
    const res = await request(shop.app).get(path);
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    expect(res.headers.vary).toMatch(/Authorization/);
    const again = await request(shop.app).get(path).set("If-None-Match", res.headers.etag);
    expect(again.status).toBe(304);

    const customer = await createCustomer(shop.context);
    await request(shop.app).post(path).set(customer.headers).send({ rating: 5, comment: "New" }).expect(201);
    const changed = await request(shop.app).get(path).set("If-None-Match", res.headers.etag);
    expect(changed.status).toBe(200);
    expect(changed.body[0].comment).toBe("New");
  });

  it("is a 404 for an unknown or malformed product", async () => {
    for (const id of ["no-such-product", "..%2Fetc", "x".repeat(300)]) {
      const res = await request(shop.app).get(reviewsPath(id));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Product not found");
    }
    const nul = await request(shop.app).get(reviewsPath("%00"));
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(MALFORMED_MESSAGE);
  });
});
