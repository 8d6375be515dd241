// Quality bar: every API endpoint × {signed out, customer A, customer B, admin}, no cell allowing
// what it should not. Admin-only calls have their own table (admin-authorisation.test.ts) and the
// cart its own (cart-authorisation.test.ts); this table covers everything a customer owns —
// orders, payments, invoices, the profile — plus the calls any signed-in customer may make.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { eq } from "drizzle-orm";
import { orderPrescriptions, orders, prescriptions, user as users } from "#server/db/schema.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";
import { checkout, makeProduct } from "./checkout-helpers.ts";

type Who = "signed out" | "customer A" | "customer B" | "admin";
const WHO: Who[] = ["signed out", "customer A", "customer B", "admin"];

let shop: TestShop;
let a: TestUser;
let b: TestUser;
let admin: TestUser;
/** A's orders: one paid (with an invoice), one awaiting payment. */
let paidOrderId: string;
let pendingOrderId: string;

function as(who: Who, method: "get" | "post", url: string) {
  const call = request(shop.app)[method](url);
  const user = { "signed out": undefined, "customer A": a, "customer B": b, admin }[who];
  return user ? call.set(user.headers) : call;
}

async function placeOrder(buyer: TestUser): Promise<string> {
  const product = await makeProduct(shop.context, { stock: 10 });
  const added = await request(shop.app).post("/api/cart").set(buyer.headers).send({ productId: product.id, quantity: 1 });
  expect([200, 201]).toContain(added.status);
  const res = await checkout(shop, buyer);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order._id;
}

beforeAll(async () => {
  shop = await createTestShop();
  [a, b, admin] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context), createAdmin(shop.context)]);
  paidOrderId = await placeOrder(a);
  const signed = await as("customer A", "post", `/api/payments/test/${paidOrderId}/pay`).expect(200);
  await as("customer A", "post", `/api/checkout/${paidOrderId}/verify`).send(signed.body).expect(200);
  pendingOrderId = await placeOrder(a);
});
afterAll(() => shop?.close());

/** Expected status per caller; the owner is customer A. */
const MATRIX: { call: string; method: "get" | "post"; url: () => string; body?: () => object; expect: Record<Who, number> }[] = [
  {
    call: "GET /api/orders/:id",
    method: "get",
    url: () => `/api/orders/${paidOrderId}`,
    expect: { "signed out": 401, "customer A": 200, "customer B": 404, admin: 200 },
  },
  {
    call: "GET /api/orders/:id/invoice.pdf",
    method: "get",
    url: () => `/api/orders/${paidOrderId}/invoice.pdf`,
    expect: { "signed out": 401, "customer A": 200, "customer B": 404, admin: 200 },
  },
  {
    call: "POST /api/checkout/:orderId/verify (a forged signature)",
    method: "post",
    url: () => `/api/checkout/${pendingOrderId}/verify`,
    body: () => ({ razorpay_payment_id: "pay_forged", razorpay_order_id: "order_forged", razorpay_signature: "0".repeat(64) }),
    expect: { "signed out": 401, "customer A": 400, "customer B": 404, admin: 404 },
  },
  {
    call: "POST /api/payments/test/:orderId/fail",
    method: "post",
    url: () => `/api/payments/test/${pendingOrderId}/fail`,
    expect: { "signed out": 401, "customer A": 200, "customer B": 404, admin: 404 },
  },
  {
    // Shiprocket's tracking webhook answers to its token alone: no session opens it (here Shiprocket is not configured).
    call: "POST /api/shipping/webhook (no x-api-key)",
    method: "post",
    url: () => "/api/shipping/webhook",
    body: () => ({ awb: "SR123456", current_status: "DELIVERED" }),
    expect: { "signed out": 404, "customer A": 404, "customer B": 404, admin: 404 },
  },
  {
    call: "POST /api/orders/:id/cancel (another's order)",
    method: "post",
    url: () => `/api/orders/${pendingOrderId}/cancel`,
    expect: { "signed out": 401, "customer A": 200, "customer B": 404, admin: 404 },
  },
  // Better Auth's own endpoints are closed to everyone (the full route table is walked in auth-door.test.ts).
  ...(
    [
      ["get", "/api/auth/get-session"],
      ["get", "/api/auth/list-sessions"],
      ["post", "/api/auth/sign-out"],
      ["post", "/api/auth/update-user"],
      ["post", "/api/auth/change-password"],
      ["post", "/api/auth/revoke-sessions"],
      ["post", "/api/auth/delete-user"],
      ["post", "/api/auth/admin/set-role"],
      ["post", "/api/auth/admin/impersonate-user"],
      ["post", "/api/auth/admin/remove-user"],
    ] as const
  ).map(([method, path]) => ({
    call: `${method.toUpperCase()} ${path}`,
    method,
    url: () => path,
    body: () => ({ name: "Side Door", userId: a.id, role: "admin", currentPassword: a.password, newPassword: "hijacked-1" }),
    expect: { "signed out": 404, "customer A": 404, "customer B": 404, admin: 404 },
  })),
];

describe.each(MATRIX)("$call", ({ method, url, body, expect: expected }) => {
  // The owner goes last: for calls that change state, everyone else is refused first.
  const ownerLast: Who[] = [...WHO.filter((who) => who !== "customer A"), "customer A"];
  it.each(ownerLast)("%s", async (who) => {
    const res = await as(who, method, url()).send(body?.() ?? {});
    expect(res.status, JSON.stringify(res.body)).toBe(expected[who]);
  });
});

describe("lists and the profile answer only the caller's own", () => {
  it.each(WHO)("GET /api/orders/my-orders as %s", async (who) => {
    // include=expired: the pending order is cancelled unpaid by the cancel row above, an attempt listed only when asked for (decisions/024).
    const res = await as(who, "get", "/api/orders/my-orders?include=expired");
    if (who === "signed out") return expect(res.status).toBe(401);
    expect(res.status).toBe(200);
    const ids = (res.body as { _id: string }[]).map((order) => order._id);
    if (who === "customer A") expect(ids).toEqual(expect.arrayContaining([paidOrderId, pendingOrderId]));
    else expect(ids).not.toContain(paidOrderId);
  });

  it.each(WHO)("GET /api/users/profile as %s", async (who) => {
    const res = await as(who, "get", "/api/users/profile");
    if (who === "signed out") return expect(res.status).toBe(401);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe({ "customer A": a, "customer B": b, admin }[who].email);
  });

  it.each(["POST /api/checkout", "POST /api/checkout/quote", "POST /api/products/:id/reviews", "POST /api/users/logout"])(
    "%s signed out changes nothing it should not",
    async (call) => {
      const product = await makeProduct(shop.context, { stock: 5 });
      const url = {
        "POST /api/checkout": "/api/checkout",
        "POST /api/checkout/quote": "/api/checkout/quote",
        "POST /api/products/:id/reviews": `/api/products/${product.id}/reviews`,
        "POST /api/users/logout": "/api/users/logout",
      }[call]!;
      const res = await request(shop.app).post(url).send({ rating: 5, comment: "Great" });
      // Logging out while signed out is harmless (idempotent); the others need a customer.
      expect(res.status).toBe(call === "POST /api/users/logout" ? 200 : 401);
    },
  );
});

it("B's own order stays out of A's reach as well", async () => {
  const bOrder = await placeOrder(b);
  await as("customer A", "get", `/api/orders/${bOrder}`).expect(404);
  await as("customer A", "post", `/api/orders/${bOrder}/cancel`).expect(404);
  await as("customer B", "get", `/api/orders/${bOrder}`).expect(200);
});

describe("the address book answers only the caller's own (GET/POST /api/users/addresses, PUT/DELETE /:id)", () => {
  const ADDRESS = { fullName: "Asha Rao", phone: "+91 98450 12345", line1: "Flat 4B", city: "Bengaluru", postalCode: "560102" };
  let addressId: string;
  const call = (who: Who, method: "get" | "post" | "put" | "delete", url: string) => {
    const req = request(shop.app)[method](url);
    const user = { "signed out": undefined, "customer A": a, "customer B": b, admin }[who];
    return user ? req.set(user.headers) : req;
  };
  beforeAll(async () => {
    addressId = (await call("customer A", "post", "/api/users/addresses").send(ADDRESS).expect(201)).body._id;
  });

  it.each(WHO)("GET /api/users/addresses as %s", async (who) => {
    const res = await call(who, "get", "/api/users/addresses");
    if (who === "signed out") return expect(res.status).toBe(401);
    expect(res.status).toBe(200);
    const ids = (res.body as { _id: string }[]).map((address) => address._id);
    if (who === "customer A") expect(ids).toContain(addressId);
    else expect(ids).not.toContain(addressId);
  });

  // The owner goes last, so the others are refused while the address still exists.
  it.each([
    ["put", "signed out", 401],
    ["put", "customer B", 404],
    ["put", "admin", 404],
    ["delete", "signed out", 401],
    ["delete", "customer B", 404],
    ["delete", "admin", 404],
    ["put", "customer A", 200],
    ["delete", "customer A", 200],
  ] as const)("%s /api/users/addresses/:id as %s → %i", async (method, who, status) => {
    const res = await call(who, method, `/api/users/addresses/${addressId}`).send({ ...ADDRESS, fullName: `Changed by ${who}` });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  it.each(WHO)("POST /api/users/addresses as %s", async (who) => {
    const res = await call(who, "post", "/api/users/addresses").send(ADDRESS);
    expect(res.status).toBe(who === "signed out" ? 401 : 201);
  });

  it.each(WHO)("GET /api/serviceability/:pin as %s (public)", async (who) => {
    await call(who, "get", "/api/serviceability/560102").expect(200);
  });
});

describe("account self-service (decisions/023): the caller's own account only", () => {
  const SIGNED_IN_CALLS = [
    ["put", "/api/users/password"],
    ["put", "/api/users/profile"],
    ["put", "/api/users/email"],
    ["post", "/api/users/email/verification"],
    ["post", "/api/users/logout/all"],
    ["get", "/api/users/me/export"],
    ["delete", "/api/users/me"],
    ["post", "/api/users/me/deletion-code"],
    // Two-factor sign-in (decisions/051): only the caller's own account.
    ["post", "/api/users/2fa/setup"],
    ["post", "/api/users/2fa/enable"],
    ["post", "/api/users/2fa/disable"],
  ] as const;

  it.each(SIGNED_IN_CALLS)("%s %s signed out is 401, whatever the body", async (method, url) => {
    const res = await request(shop.app)[method](url).send({ password: a.password, name: "Intruder", userId: a.id });
    expect(res.status).toBe(401);
  });

  it.each(WHO.filter((who) => who !== "signed out"))("GET /api/users/me/export as %s holds only the caller's data", async (who) => {
    const res = await as(who, "get", "/api/users/me/export").expect(200);
    const caller = { "customer A": a, "customer B": b, admin }[who as Exclude<Who, "signed out">];
    expect(res.body.profile.id).toBe(caller.id);
    const orderIds = (res.body.orders as { id: string }[]).map((order) => order.id);
    if (who === "customer A") expect(orderIds).toEqual(expect.arrayContaining([paidOrderId, pendingOrderId]));
    else expect(orderIds).not.toContain(paidOrderId);
  });

  it("a body naming another user changes only the caller (PUT /api/users/profile)", async () => {
    await request(shop.app).put("/api/users/profile").set(b.headers).send({ name: "Bee", userId: a.id, _id: a.id, email: "x@example.com" }).expect(200);
    expect((await as("customer A", "get", "/api/users/profile")).body.name).toBe(a.name);
    expect((await as("customer B", "get", "/api/users/profile")).body).toMatchObject({ name: "Bee", email: b.email });
  });

  it.each(WHO.filter((who) => who !== "signed out"))("POST /api/users/2fa/setup as %s with another's password is refused (400)", async (who) => {
    const res = await as(who, "post", "/api/users/2fa/setup").send({ password: who === "customer A" ? b.password : a.password, userId: a.id });
    expect(res.status).toBe(400);
  });

  it.each(WHO)("POST /api/users/login/2fa as %s: a challenge is the only credential, a made-up one opens nothing", async (who) => {
    const res = await as(who, "post", "/api/users/login/2fa").send({ challenge: `2fa-${a.id}.forged`, code: "123456", userId: a.id });
    expect(res.status).toBe(401);
    expect(res.body.token).toBeUndefined();
  });

  it("DELETE /api/users/me with another's password is refused (400) and deletes no one", async () => {
    const res = await request(shop.app).delete("/api/users/me").set(b.headers).send({ password: a.password });
    expect(res.status).toBe(400);
    await as("customer A", "get", "/api/users/profile").expect(200);
    await as("customer B", "get", "/api/users/profile").expect(200);
  });
});

// ---------------------------------------------------------------------------
// The pharmacist (issue 13, decisions/020): every call a pharmacist is given or refused ×
// {signed out, customer A, customer B, pharmacist, admin}. Only a pharmacist decides a review;
// pharmacists read orders through the admin calls, not the customers' own.
// ---------------------------------------------------------------------------
describe("pharmacist rows", () => {
  type Caller = Who | "pharmacist";
  const CALLERS: Caller[] = ["signed out", "customer A", "customer B", "pharmacist", "admin"];
  let pharmacist: TestUser;
  /** A's paid order made prescription-only, awaiting review. */
  let rxOrderId: string;

  const call = (who: Caller, method: "get" | "post" | "put" | "delete", url: string) => {
    const req = request(shop.app)[method](url);
    const user = { "signed out": undefined, "customer A": a, "customer B": b, admin, pharmacist }[who];
    return user ? req.set(user.headers) : req;
  };

  beforeAll(async () => {
    pharmacist = await createPharmacist(shop.context);
    rxOrderId = await placeOrder(a);
    const signed = await call("customer A", "post", `/api/payments/test/${rxOrderId}/pay`).expect(200);
    await call("customer A", "post", `/api/checkout/${rxOrderId}/verify`).send(signed.body).expect(200);
    const { db } = shop.context;
    await db.update(orders).set({ prescriptionStatus: "pending" }).where(eq(orders.id, rxOrderId));
    const [row] = await db
      .insert(prescriptions)
      .values({ userId: a.id, storageKey: `matrix-${crypto.randomUUID()}.png`, fileName: "rx.png", contentType: "image/png", sizeBytes: 10 })
      .returning();
    await db.insert(orderPrescriptions).values({ orderId: rxOrderId, prescriptionId: row!.id });
  });

  const ROWS: { call: string; method: "get" | "post" | "put" | "delete"; url: () => string; body?: () => object; expect: Record<Caller, number> }[] = [
    {
      call: "GET /api/admin/prescriptions?status=pending",
      method: "get",
      url: () => "/api/admin/prescriptions?status=pending",
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, pharmacist: 200, admin: 200 },
    },
    {
      call: "GET /api/admin/reports/h1-register.csv",
      method: "get",
      url: () => "/api/admin/reports/h1-register.csv?from=2026-01-01&to=2026-01-31",
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, pharmacist: 200, admin: 200 },
    },
    {
      call: "GET /api/admin/orders (read-only for a pharmacist)",
      method: "get",
      url: () => "/api/admin/orders",
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, pharmacist: 200, admin: 200 },
    },
    {
      call: "PUT /api/admin/orders/:id (Shipped before approval)",
      method: "put",
      url: () => `/api/admin/orders/${rxOrderId}`,
      body: () => ({ status: "Shipped" }),
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, pharmacist: 403, admin: 409 },
    },
    {
      call: "DELETE /api/admin/orders/:id",
      method: "delete",
      url: () => `/api/admin/orders/${rxOrderId}`,
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, pharmacist: 403, admin: 409 },
    },
    {
      call: "PUT /api/admin/users/:id",
      method: "put",
      url: () => `/api/admin/users/${b.id}`,
      body: () => ({ name: b.name }),
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, pharmacist: 403, admin: 200 },
    },
    {
      call: "GET /api/admin/stats (admins only)",
      method: "get",
      url: () => "/api/admin/stats",
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, pharmacist: 403, admin: 200 },
    },
    {
      call: "GET /api/admin/coupons (admins only, issue 15)",
      method: "get",
      url: () => "/api/admin/coupons",
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, pharmacist: 403, admin: 200 },
    },
    {
      call: "POST /api/admin/coupons (admins only)",
      method: "post",
      url: () => "/api/admin/coupons",
      body: () => ({ code: "MATRIX10", type: "percent", value: 10 }),
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, pharmacist: 403, admin: 201 },
    },
    {
      call: "GET /api/orders/:id (a customer's own call; pharmacists read through the admin calls)",
      method: "get",
      url: () => `/api/orders/${rxOrderId}`,
      expect: { "signed out": 401, "customer A": 200, "customer B": 404, pharmacist: 404, admin: 200 },
    },
    {
      // The deciding call last: everyone else is refused first, then the pharmacist decides.
      call: "POST /api/admin/orders/:id/prescription-review",
      method: "post",
      url: () => `/api/admin/orders/${rxOrderId}/prescription-review`,
      body: () => ({ decision: "approve", prescriberName: "Dr Meera Iyer", prescriberRegistration: "KMC 56789" }),
      expect: { "signed out": 401, "customer A": 403, "customer B": 403, admin: 403, pharmacist: 200 },
    },
  ];

  describe.each(ROWS)("$call", ({ method, url, body, expect: expected }) => {
    const order = Object.keys(expected) as Caller[];
    it.each(order.filter((who) => CALLERS.includes(who)))("%s", async (who) => {
      const res = await call(who, method, url()).send(body?.() ?? {});
      expect(res.status, JSON.stringify(res.body)).toBe(expected[who]);
    });
  });
});

describe("phone sign-in and the account's number (decisions/050): every caller", () => {
  const phoneOf = (who: Who) => ({ "signed out": "9000000001", "customer A": "9000000002", "customer B": "9000000003", admin: "9000000004" })[who];
  const codes = new Map<string, string>();

  beforeAll(async () => {
    const { phoneCodes } = await import("#server/db/schema.ts");
    // The codes come from the offline outbox: this shop has no MSG91 settings.
    const { readdir, readFile } = await import("node:fs/promises");
    const path = await import("node:path");
    for (const who of WHO) {
      await request(shop.app).post("/api/users/otp").send({ phone: phoneOf(who) }).expect(200);
      const directory = path.join(shop.config.dataDir, "outbox");
      const file = (await readdir(directory)).filter((name) => name.includes(`91${phoneOf(who)}`)).sort().at(-1)!;
      codes.set(who, /^Code: (\d{6})$/m.exec(await readFile(path.join(directory, file), "utf8"))![1]!);
      await shop.context.db.update(phoneCodes).set({ sentAt: new Date(Date.now() - 60_000) }).where(eq(phoneCodes.phone, phoneOf(who)));
    }
  });

  it.each(WHO)("POST /api/users/otp as %s: the same 200 for anyone (public)", async (who) => {
    const res = await as(who, "post", "/api/users/otp").send({ phone: `91000000${WHO.indexOf(who)}9` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), resendAfter: 30 });
  });

  it.each(WHO)("POST /api/users/otp/verify as %s: a wrong code is 400 for anyone, and signs in no one", async (who) => {
    const res = await as(who, "post", "/api/users/otp/verify").send({ phone: phoneOf(who), code: codes.get(who) === "000000" ? "111111" : "000000" });
    expect(res.status).toBe(400);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it.each(WHO)("POST /api/users/phone as %s: signed in only", async (who) => {
    const res = await as(who, "post", "/api/users/phone").send({ phone: `92000000${WHO.indexOf(who)}8` });
    expect(res.status).toBe(who === "signed out" ? 401 : 200);
  });

  it.each(WHO)("POST /api/users/phone/verify as %s: signed in only, and a sign-in code does not set a number", async (who) => {
    const res = await as(who, "post", "/api/users/phone/verify").send({ phone: phoneOf(who), code: codes.get(who) });
    expect(res.status).toBe(who === "signed out" ? 401 : 400);
  });

  it("the admin's verified number never signs in by code (403)", async () => {
    await shop.context.db.update(users).set({ phone: phoneOf("admin"), phoneVerified: true }).where(eq(users.id, admin.id));
    const res = await request(shop.app).post("/api/users/otp/verify").send({ phone: phoneOf("admin"), code: codes.get("admin") });
    expect(res.status).toBe(403);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });
});
