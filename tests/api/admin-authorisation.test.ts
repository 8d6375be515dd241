// Every admin call × {signed out, customer, admin} (quality-bars.md, "Security"): guests get
// 401, customers 403 — before any input is read and without changing anything — and admins
// get the call's success status.
import { count, eq } from "drizzle-orm";
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, newsletterSubscribers, orders, products, reviews, shipments, user } from "#server/db/schema.ts";
import { makeProduct } from "./cart-helpers.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";
import { startFakeShiprocket, type FakeShiprocket } from "../support/fake-shiprocket.ts";
import { shiprocketEnv } from "./shiprocket-helpers.ts";

let shop: TestShop;
/** Shiprocket's stand-in: the shop ships through it (issue 31). */
let fake: FakeShiprocket;
let admin: TestUser;
let customer: TestUser;
let png: Buffer;
/** Targets of the refused calls: they must survive every one of them. */
let shared: Fresh;

const api = () => request(shop.app);

interface AdminCall {
  name: string;
  /** Builds the request; `fresh` runs once per caller, so admin deletions have their own targets. */
  send: (fresh: Fresh) => request.Test;
  success: number;
}

interface Fresh {
  userId: string;
  productId: string;
  orderId: string;
  /** Paid and Processing: ready to ship. */
  processingOrderId: string;
  /** Shipped through Shiprocket, with a label. */
  shippedOrderId: string;
  deliveredOrderId: string;
  messageId: string;
  reviewId: string;
}

async function freshTargets(): Promise<Fresh> {
  const { db } = shop.context;
  // The target needs no password, so it is written directly (much faster than signing up).
  const id = crypto.randomUUID();
  const [, product, order, processing, shipped, delivered, [message]] = await Promise.all([
    db.insert(user).values({ id, name: "Target Customer", email: `target-${id}@example.com` }),
    makeProduct(shop.context),
    insertOrder(shop.context, { isPaid: false }),
    insertOrder(shop.context),
    insertOrder(shop.context, { status: "Shipped" }),
    insertOrder(shop.context, { status: "Delivered" }),
    db.insert(contactMessages).values({ name: "Ravi", email: "ravi@example.com", message: "Where is my order?" }).returning(),
  ]);
  const [review] = await db.insert(reviews).values({ productId: product.id, userId: id, name: "Target Customer", rating: 2, comment: "Meh" }).returning();
  await db.insert(shipments).values({ orderId: shipped.id, providerOrderId: "1", providerShipmentId: "2", awb: `SR${Date.now()}${Math.random().toString().slice(2, 8)}`, courier: "Delhivery Surface", labelUrl: `${fake.url}/labels/2.pdf` });
  return {
    userId: id,
    productId: product.id,
    orderId: order.id,
    processingOrderId: processing.id,
    shippedOrderId: shipped.id,
    deliveredOrderId: delivered.id,
    messageId: message!.id,
    reviewId: review!.id,
  };
}

const CALLS: AdminCall[] = [
  { name: "GET /api/admin/users", send: () => api().get("/api/admin/users"), success: 200 },
  {
    name: "POST /api/admin/users",
    send: () => api().post("/api/admin/users").send({ name: "New Person", email: `new-${crypto.randomUUID()}@example.com`, password: "secret123" }),
    success: 201,
  },
  { name: "PUT /api/admin/users/:id", send: (f) => api().put(`/api/admin/users/${f.userId}`).send({ name: "Renamed" }), success: 200 },
  { name: "DELETE /api/admin/users/:id", send: (f) => api().delete(`/api/admin/users/${f.userId}`), success: 200 },
  { name: "GET /api/admin/products", send: () => api().get("/api/admin/products"), success: 200 },
  {
    name: "POST /api/admin/products",
    send: () => api().post("/api/admin/products").send({ name: "Auth Tonic", description: "Tonic", category: "Kids Nutrition", price: 99 }),
    success: 201,
  },
  { name: "PUT /api/admin/products/:id", send: (f) => api().put(`/api/admin/products/${f.productId}`).send({ price: 50, mrp: 60 }), success: 200 },
  { name: "PUT /api/products/:id", send: (f) => api().put(`/api/products/${f.productId}`).send({ countInStock: 7 }), success: 200 },
  { name: "DELETE /api/admin/products/:id", send: (f) => api().delete(`/api/admin/products/${f.productId}`), success: 200 },
  { name: "GET /api/admin/orders", send: () => api().get("/api/admin/orders"), success: 200 },
  { name: "PUT /api/admin/orders/:id", send: (f) => api().put(`/api/admin/orders/${f.orderId}`).send({ status: "Cancelled" }), success: 200 },
  { name: "DELETE /api/admin/orders/:id", send: (f) => api().delete(`/api/admin/orders/${f.deliveredOrderId}`), success: 200 },
  { name: "POST /api/admin/orders/:id/shipment", send: (f) => api().post(`/api/admin/orders/${f.processingOrderId}/shipment`).send({ weightKg: 0.5 }), success: 200 },
  { name: "GET /api/admin/orders/:id/shipment/label", send: (f) => api().get(`/api/admin/orders/${f.shippedOrderId}/shipment/label`), success: 200 },
  { name: "GET /api/admin/stats", send: () => api().get("/api/admin/stats"), success: 200 },
  { name: "GET /api/admin/messages", send: () => api().get("/api/admin/messages"), success: 200 },
  { name: "PUT /api/admin/messages/:id", send: (f) => api().put(`/api/admin/messages/${f.messageId}`).send({ handled: true }), success: 200 },
  { name: "GET /api/admin/subscribers", send: () => api().get("/api/admin/subscribers"), success: 200 },
  { name: "GET /api/admin/subscribers.csv", send: () => api().get("/api/admin/subscribers.csv"), success: 200 },
  { name: "GET /api/admin/serviceability", send: () => api().get("/api/admin/serviceability"), success: 200 },
  { name: "GET /api/admin/serviceability.csv", send: () => api().get("/api/admin/serviceability.csv"), success: 200 },
  {
    name: "POST /api/admin/serviceability/import",
    send: () =>
      api()
        .post("/api/admin/serviceability/import")
        .attach("file", Buffer.from("pinFrom,pinTo,state,city,minDays,maxDays,cod\r\n110001,110099,Delhi,,2,3,yes\r\n"), "ranges.csv"),
    success: 200,
  },
  { name: "GET /api/admin/reviews", send: () => api().get("/api/admin/reviews"), success: 200 },
  { name: "PUT /api/admin/reviews/:id", send: (f) => api().put(`/api/admin/reviews/${f.reviewId}`).send({ hidden: true }), success: 200 },
  { name: "DELETE /api/admin/reviews/:id", send: (f) => api().delete(`/api/admin/reviews/${f.reviewId}`), success: 200 },
  { name: "POST /api/upload", send: () => api().post("/api/upload").attach("image", png, "pack.png"), success: 201 },
];

/** Row counts and the targets' state: a refused call must leave all of it as it was. */
async function snapshot(f: Fresh) {
  const { db } = shop.context;
  const counts = await Promise.all(
    [user, products, orders, contactMessages, newsletterSubscribers, reviews].map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n),
  );
  const [target] = await db.select({ name: user.name }).from(user).where(eq(user.id, f.userId));
  const [product] = await db.select({ price: products.pricePaise, stock: products.stock }).from(products).where(eq(products.id, f.productId));
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, f.orderId));
  const [processing] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, f.processingOrderId));
  const shipmentRows = (await db.select({ n: count() }).from(shipments))[0]!.n;
  const [message] = await db.select({ handledAt: contactMessages.handledAt }).from(contactMessages).where(eq(contactMessages.id, f.messageId));
  const [review] = await db.select({ hiddenAt: reviews.hiddenAt }).from(reviews).where(eq(reviews.id, f.reviewId));
  const uploads = await readdir(path.join(shop.config.dataDir, "uploads")).catch(() => []);
  return { counts, target, product, order, processing, shipmentRows, message, review, uploads };
}

beforeAll(async () => {
  fake = await startFakeShiprocket();
  shop = await createTestShop(shiprocketEnv(fake));
  [admin, customer] = await Promise.all([createAdmin(shop.context), createCustomer(shop.context)]);
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a7" } }).png().toBuffer();
  await shop.context.db.insert(newsletterSubscribers).values({ email: "reader@example.com" });
  shared = await freshTargets();
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

describe.each(CALLS)("$name", ({ send, success }) => {
  it("is 401 for a signed-out caller and changes nothing", async () => {
    const before = await snapshot(shared);
    const res = await send(shared);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Please sign in");
    expect(await snapshot(shared)).toEqual(before);
  });

  it("is 401 for a forged bearer token and changes nothing", async () => {
    const before = await snapshot(shared);
    const res = await send(shared).set("Authorization", "Bearer not-a-session-token");
    expect(res.status).toBe(401);
    expect(await snapshot(shared)).toEqual(before);
  });

  it("is 403 for a customer and changes nothing", async () => {
    const before = await snapshot(shared);
    const res = await send(shared).set(customer.headers);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Only admins can do this");
    expect(await snapshot(shared)).toEqual(before);
  });

  it(`is ${success} for an admin`, async () => {
    const res = await send(await freshTargets()).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(success);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("the admin gate", () => {
  it("answers 401/403 for unknown admin paths too, so paths cannot be probed", async () => {
    await api().get("/api/admin/nothing-here").expect(401);
    await api().get("/api/admin/nothing-here").set(customer.headers).expect(403);
    await api().get("/api/admin/nothing-here").set(admin.headers).expect(404);
  });

  it("accepts the admin's session cookie, from the shop's own pages only", async () => {
    const signIn = await api().post("/api/users/login").send({ email: admin.email, password: admin.password }).expect(200);
    const cookie = (signIn.headers["set-cookie"] as unknown as string[]).map((line) => line.split(";")[0]).join("; ");
    await api().get("/api/admin/stats").set("Cookie", cookie).expect(200);
    const origin = shop.config.publicUrl;
    await api().put(`/api/admin/users/${customer.id}`).set("Cookie", cookie).set("Origin", origin).send({ name: customer.name }).expect(200);
    const crossSite = await api()
      .put(`/api/admin/users/${customer.id}`)
      .set("Cookie", cookie)
      .set("Origin", "https://evil.example")
      .set("Sec-Fetch-Site", "cross-site")
      .send({ name: "Pwned" });
    expect(crossSite.status).toBe(403);
    const [row] = await shop.context.db.select({ name: user.name }).from(user).where(eq(user.id, customer.id));
    expect(row!.name).toBe(customer.name);
  });

  it("follows role changes at once: a demoted admin is refused on the next call", async () => {
    const other = await createAdmin(shop.context);
    await api().get("/api/admin/users").set(other.headers).expect(200);
    await api().put(`/api/admin/users/${other.id}`).set(admin.headers).send({ role: "customer" }).expect(200);
    await api().get("/api/admin/users").set(other.headers).expect(403);
  });
});

describe("odd input from an admin", () => {
  const ODD_BODIES: unknown[] = [
    { name: ["array"], email: { $ne: null }, password: 123456, role: ["admin"] },
    { name: "x".repeat(5000), description: "<script>alert(1)</script>", category: 7, price: "1e3", mrp: 1e308 },
    { price: "NaN", countInStock: true, gstRate: "5%", expiryDate: 20270101, hsnCode: 1e20, tags: [1, { a: 1 }] },
    { images: [{ url: "/images/../../etc/passwd.png", altText: {} }], collections: "a,".repeat(100), sku: "'; DROP TABLE products; --" },
    { images: "not-a-list", published: "perhaps", bestseller: 2, form: ["Tablet"] },
    { status: { $gt: "" }, handled: null },
    { name: "Ünïcödé 🧪 \u202Etxt", email: "ünï@exämple.com", password: "\u0301\u0301\u0301\u0301\u0301\u0301" },
    [],
    "just a string",
  ];

  it("never answers 5xx on any admin write", async () => {
    const f = await freshTargets();
    const writes = [
      () => api().post("/api/admin/users"),
      () => api().put(`/api/admin/users/${f.userId}`),
      () => api().post("/api/admin/products"),
      () => api().put(`/api/admin/products/${f.productId}`),
      () => api().put(`/api/products/${f.productId}`),
      () => api().put(`/api/admin/orders/${f.orderId}`),
      () => api().post(`/api/admin/orders/${f.processingOrderId}/shipment`),
      () => api().put(`/api/admin/messages/${f.messageId}`),
      () => api().put(`/api/admin/reviews/${f.reviewId}`),
    ];
    for (const write of writes) {
      for (const body of ODD_BODIES) {
        const res = await write().set(admin.headers).send(body as object);
        expect(res.status, `${JSON.stringify(body).slice(0, 80)} → ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }
    }
  });

  it("never answers 5xx on odd list queries or ids", async () => {
    const queries = ["page=1&page=2", "limit=1e2", "search[$ne]=x", `search=${"%25".repeat(300)}`, "status[]=Shipped", "page=99999"];
    for (const path of ["/api/admin/users", "/api/admin/products", "/api/admin/orders", "/api/admin/messages", "/api/admin/subscribers"]) {
      for (const query of queries) {
        const res = await api().get(`${path}?${query}`).set(admin.headers);
        expect(res.status, `${path}?${query} → ${res.status}`).toBeLessThan(500);
      }
    }
    for (const id of ["%00", "..%2F..", "a".repeat(300), "' OR 1=1 --", "%F0%9F%A7%AA"]) {
      for (const path of ["users", "products", "orders", "messages"]) {
        const res = await api().delete(`/api/admin/${path}/${id}`).set(admin.headers);
        expect(res.status, `DELETE /api/admin/${path}/${id} → ${res.status}`).toBeLessThan(500);
      }
    }
  });
});

describe("a pharmacist in the admin API (decisions/020)", () => {
  it("reads the orders, and is 403 on every other admin call without changing anything", async () => {
    const pharmacist = await createPharmacist(shop.context);
    for (const { name, send } of CALLS) {
      const before = await snapshot(shared);
      const res = await send(shared).set(pharmacist.headers);
      if (name === "GET /api/admin/orders") {
        expect(res.status, name).toBe(200);
        continue;
      }
      expect(res.status, name).toBe(403);
      expect(res.body.message, name).toBe("Only admins can do this");
      expect(await snapshot(shared), name).toEqual(before);
    }
  });
});
