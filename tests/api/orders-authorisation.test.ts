// Every order and payment call × {signed out, owner A, other customer B, admin} (quality-bars.md,
// "Security"): nobody reads, pays, verifies or cancels an order that is not theirs.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

let shop: TestShop;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let orderId: string;
const api = () => request(shop.app);

beforeAll(async () => {
  shop = await createTestShop();
  const item = await makeProduct(shop.context);
  owner = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
  other = await createCustomer(shop.context);
  admin = await createAdmin(shop.context);
  orderId = (await checkout(shop, owner).expect(201)).body.order._id;
});
afterAll(() => shop?.close());

type Caller = "signed out" | "other customer" | "admin";
const headersOf = (caller: Caller) => (caller === "other customer" ? other.headers : caller === "admin" ? admin.headers : {});

const calls: [string, (headers: Record<string, string>) => request.Test, Record<Caller, number>][] = [
  ["GET /api/orders/:id", (h) => api().get(`/api/orders/${orderId}`).set(h), { "signed out": 401, "other customer": 404, admin: 200 }],
  ["POST /api/orders/:id/cancel", (h) => api().post(`/api/orders/${orderId}/cancel`).set(h), { "signed out": 401, "other customer": 404, admin: 404 }],
  [
    "POST /api/checkout/:id/verify",
    (h) => api().post(`/api/checkout/${orderId}/verify`).set(h).send({ razorpay_payment_id: "p", razorpay_order_id: "o", razorpay_signature: "s" }),
    { "signed out": 401, "other customer": 404, admin: 404 },
  ],
  ["POST /api/payments/test/:id/pay", (h) => api().post(`/api/payments/test/${orderId}/pay`).set(h), { "signed out": 401, "other customer": 404, admin: 404 }],
  ["POST /api/payments/test/:id/fail", (h) => api().post(`/api/payments/test/${orderId}/fail`).set(h), { "signed out": 401, "other customer": 404, admin: 404 }],
];

describe("order calls by callers who are not the owner", () => {
  for (const [name, send, expected] of calls) {
    for (const caller of Object.keys(expected) as Caller[]) {
      it(`${name} as ${caller} → ${expected[caller]}`, async () => {
        await send(headersOf(caller)).expect(expected[caller]);
      });
    }
  }

  it("left the order exactly as it was", async () => {
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: "Pending", isPaid: false });
  });

  it("my-orders is 401 signed out and never lists another customer's order", async () => {
    await api().get("/api/orders/my-orders").expect(401);
    expect((await api().get("/api/orders/my-orders").set(other.headers).expect(200)).body).toEqual([]);
    expect((await api().get("/api/orders/my-orders").set(admin.headers).expect(200)).body).toEqual([]);
    const mine = await api().get("/api/orders/my-orders").set(owner.headers).expect(200);
    expect(mine.body.map((o: { _id: string }) => o._id)).toEqual([orderId]);
  });

  it("checkout is 401 signed out; a cookie session from another site is refused", async () => {
    await api().post("/api/checkout").send({}).expect(401);
    await api()
      .post("/api/checkout")
      .set("Cookie", "better-auth.session_token=x")
      .set("Origin", "https://evil.example")
      .set("Sec-Fetch-Site", "cross-site")
      .send({})
      .expect(403);
  });

  it("the owner can do what the others could not", async () => {
    await api().get(`/api/orders/${orderId}`).set(owner.headers).expect(200);
    await api().post(`/api/payments/test/${orderId}/pay`).set(owner.headers).expect(200);
    await api().post(`/api/orders/${orderId}/cancel`).set(owner.headers).expect(200);
  });
});
