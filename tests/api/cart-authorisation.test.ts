// Every cart call × every kind of caller (quality-bars.md, "Security"): no cell may read or
// change a cart it does not own. Guest ids are bearer-like secrets: whoever holds one holds
// that cart, so a guest's own cookie must never lead elsewhere and ids must not be guessable.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLines, carts } from "#server/db/schema.ts";
import { newGuestId } from "#server/modules/cart/cart.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { guestCookieValue, makeProduct } from "./cart-helpers.ts";

let shop: TestShop;
let customerA: TestUser;
let customerB: TestUser;
let admin: TestUser;
let onlyInA: string;
let onlyInB: string;
let guestA: string;
let guestB: string;

const api = () => request(shop.app);

interface Caller {
  headers?: Record<string, string>;
  cookie?: string;
  /** Owner fields: sent in the query for GET, in the body for the other calls. */
  ids?: { guestId?: unknown; userId?: unknown };
}

type CallName = "get" | "add" | "update" | "remove" | "merge";

function call(name: CallName, caller: Caller, productId = onlyInA) {
  const withCaller = (req: request.Test) => {
    if (caller.headers) req.set(caller.headers);
    if (caller.cookie) req.set("Cookie", caller.cookie);
    return req;
  };
  const ids = caller.ids ?? {};
  switch (name) {
    case "get":
      return withCaller(api().get("/api/cart").query(ids as Record<string, string>));
    case "add":
      return withCaller(api().post("/api/cart")).send({ productId, quantity: 1, ...ids });
    case "update":
      return withCaller(api().put("/api/cart")).send({ productId, quantity: 2, ...ids });
    case "remove":
      return withCaller(api().delete("/api/cart")).send({ productId, ...ids });
    case "merge":
      return withCaller(api().post("/api/cart/merge")).send({ ...ids });
  }
}

/** Product id → quantity of every line in a cart, straight from the database. */
async function linesOf(owner: { userId: string } | { guestId: string }) {
  const where = "userId" in owner ? eq(carts.userId, owner.userId) : eq(carts.guestId, owner.guestId);
  const rows = await shop.context.db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(carts)
    .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
    .where(where);
  return Object.fromEntries(rows.map((row) => [row.productId, row.quantity]));
}

async function victims() {
  return {
    guestA: await linesOf({ guestId: guestA }),
    customerA: await linesOf({ userId: customerA.id }),
  };
}

beforeAll(async () => {
  shop = await createTestShop();
  [customerA, customerB, admin] = await Promise.all([
    createCustomer(shop.context),
    createCustomer(shop.context),
    createAdmin(shop.context),
  ]);
  onlyInA = (await makeProduct(shop.context, { stock: 100 })).id;
  onlyInB = (await makeProduct(shop.context, { stock: 100 })).id;
  guestA = guestCookieValue(await api().post("/api/cart").send({ productId: onlyInA, quantity: 1 }).expect(201))!;
  guestB = guestCookieValue(await api().post("/api/cart").send({ productId: onlyInB, quantity: 1 }).expect(201))!;
  await api().post("/api/cart").set(customerA.headers).send({ productId: onlyInA, quantity: 1 }).expect(201);
  await api().post("/api/cart").set(customerB.headers).send({ productId: onlyInB, quantity: 1 }).expect(201);
});
afterAll(() => shop?.close());

const ALL_CALLS: CallName[] = ["get", "add", "update", "remove", "merge"];

describe("refused cells change nothing", () => {
  const cases: { who: string; caller: () => Caller; status: number; message: string; calls?: CallName[] }[] = [
    {
      who: "customer B naming customer A's userId",
      caller: () => ({ headers: customerB.headers, ids: { userId: customerA.id } }),
      status: 403,
      message: "You can only access your own cart",
    },
    {
      who: "an admin naming customer A's userId",
      caller: () => ({ headers: admin.headers, ids: { userId: customerA.id } }),
      status: 403,
      message: "You can only access your own cart",
    },
    {
      who: "a signed-out caller naming customer A's userId",
      caller: () => ({ ids: { userId: customerA.id } }),
      status: 401,
      message: "Please sign in",
    },
    {
      who: "a revoked or forged token naming customer A's userId",
      caller: () => ({ headers: { Authorization: "Bearer not-a-real-token" }, ids: { userId: customerA.id } }),
      status: 401,
      message: "Please sign in",
    },
    {
      who: "a signed-out caller with guest A's cookie naming customer A's userId",
      caller: () => ({ cookie: `guest_id=${guestA}`, ids: { userId: customerA.id } }),
      status: 401,
      message: "Please sign in",
    },
  ];

  for (const { who, caller, status, message, calls = ALL_CALLS } of cases) {
    it.each(calls)(`${who}: %s → ${status}`, async (name) => {
      const before = await victims();
      const res = await call(name, caller());
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expect(res.body.products).toBeUndefined();
      expect(await victims()).toEqual(before);
    });
  }

  it.each(["get", "add", "update", "remove"] as const)("a malformed guest id: %s → 400 Invalid guest id", async (name) => {
    const malformed: unknown[] = ["guest_1", "1700000000000", "guest_<script>", `guest_${"a".repeat(65)}`, [guestA, guestB]];
    // A query string has no objects (Express's simple parser); bodies do.
    if (name !== "get") malformed.push({ $ne: null }, { $gt: "" });
    for (const guestId of malformed) {
      const before = await victims();
      const res = await call(name, { cookie: `guest_id=${guestB}`, ids: { guestId } });
      expect(res.status, JSON.stringify(guestId)).toBe(400);
      expect(res.body.message).toBe("Invalid guest id");
      expect(await victims()).toEqual(before);
    }
  });

  it.each(["get", "update", "remove"] as const)("an unknown guest id: %s → 404, nothing revealed", async (name) => {
    const res = await call(name, { ids: { guestId: newGuestId() } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Cart not found");
  });

  it("an unknown guest id: add starts a new, empty cart of that id only", async () => {
    const guestId = newGuestId();
    const res = await call("add", { ids: { guestId } }, onlyInB).expect(201);
    expect(res.body.cart).toMatchObject({ guestId, products: [{ productId: onlyInB, quantity: 1 }] });
  });

  it("merge signed out is 401 whatever guest id is given", async () => {
    for (const caller of [{}, { cookie: `guest_id=${guestA}` }, { ids: { guestId: guestA } }] as Caller[]) {
      const res = await call("merge", caller).expect(401);
      expect(res.body.message).toBe("Please sign in");
    }
    expect(await linesOf({ guestId: guestA })).toEqual({ [onlyInA]: 1 });
  });
});

describe("signed out with no id at all", () => {
  it("GET is 404, PUT and DELETE are 404 Cart not found, merge is 401", async () => {
    expect((await call("get", {})).status).toBe(404);
    expect((await call("update", {})).body).toMatchObject({ message: "Cart not found" });
    expect((await call("remove", {})).status).toBe(404);
    expect((await call("merge", {})).status).toBe(401);
  });

  it("POST starts a brand-new guest, never an existing cart", async () => {
    const before = await victims();
    const res = await call("add", {}, onlyInB).expect(201);
    const guestId = guestCookieValue(res);
    expect(guestId).toBeDefined();
    expect([guestA, guestB]).not.toContain(guestId);
    expect(res.body.cart.products).toEqual([expect.objectContaining({ productId: onlyInB, quantity: 1 })]);
    expect(await victims()).toEqual(before);
  });
});

describe("guest A with its own cookie", () => {
  const asGuestA = (): Caller => ({ cookie: `guest_id=${guestA}` });

  it("reads and changes its own cart, and only that", async () => {
    const own = (await call("get", asGuestA()).expect(200)).body;
    expect(own.guestId).toBe(guestA);
    const b = await linesOf({ guestId: guestB });
    expect((await call("add", asGuestA()).expect(200)).body.cart.guestId).toBe(guestA);
    expect((await call("update", asGuestA()).expect(200)).body.cart.products).toMatchObject([{ productId: onlyInA, quantity: 2 }]);
    expect((await call("remove", asGuestA()).expect(200)).body.cart.products).toEqual([]);
    await call("add", asGuestA()).expect(200);
    expect(await linesOf({ guestId: guestA })).toEqual({ [onlyInA]: 1 });
    expect(await linesOf({ guestId: guestB })).toEqual(b);
  });
});

describe("guest B", () => {
  const asGuestB = (): Caller => ({ cookie: `guest_id=${guestB}` });

  it("with its own cookie never reaches guest A's cart", async () => {
    const before = await victims();
    const own = (await call("get", asGuestB()).expect(200)).body;
    expect(own.guestId).toBe(guestB);
    expect(own.products.map((line: { productId: string }) => line.productId)).toEqual([onlyInB]);
    // The line only guest A holds: absent from B's cart, whatever B tries.
    expect((await call("update", asGuestB(), onlyInA).expect(404)).body.message).toBe("Item not found in cart");
    expect((await call("remove", asGuestB(), onlyInA).expect(404)).body.message).toBe("Item not found in cart");
    const added = await call("add", asGuestB(), onlyInA).expect(200);
    expect(added.body.cart.guestId).toBe(guestB);
    await call("remove", asGuestB(), onlyInA).expect(200);
    expect(await victims()).toEqual(before);
  });

  it("holding guest A's id (query or body) acts on A's cart: guest ids are bearer secrets", async () => {
    const res = await call("get", { ...asGuestB(), ids: { guestId: guestA } }).expect(200);
    expect(res.body.guestId).toBe(guestA);
    const put = await call("update", { ...asGuestB(), ids: { guestId: guestA } }).expect(200);
    expect(put.body.cart.guestId).toBe(guestA);
    await api().put("/api/cart").send({ productId: onlyInA, quantity: 1, guestId: guestA }).expect(200);
    expect(await linesOf({ guestId: guestA })).toEqual({ [onlyInA]: 1 });
  });
});

describe("customer A", () => {
  it.each([
    ["bearer token", () => ({ headers: customerA.headers })],
    ["bearer token and its own userId", () => ({ headers: customerA.headers, ids: { userId: customerA.id } })],
    ["bearer token and guest B's id (ignored: signed in wins)", () => ({ headers: customerA.headers, ids: { guestId: guestB } })],
  ] as [string, () => Caller][])("with %s: every call is on A's own cart", async (_label, caller) => {
    const b = await linesOf({ guestId: guestB });
    expect((await call("get", caller()).expect(200)).body.user).toBe(customerA.id);
    expect((await call("add", caller()).expect(200)).body.cart.user).toBe(customerA.id);
    expect((await call("update", caller()).expect(200)).body.cart.products).toMatchObject([{ productId: onlyInA, quantity: 2 }]);
    expect((await call("remove", caller()).expect(200)).body.cart.products).toEqual([]);
    await call("add", caller()).expect(200);
    expect(await linesOf({ userId: customerA.id })).toEqual({ [onlyInA]: 1 });
    expect(await linesOf({ guestId: guestB })).toEqual(b);
  });

  it("merge without any guest id is 400 No guest cart to merge", async () => {
    const res = await call("merge", { headers: customerA.headers }).expect(400);
    expect(res.body.message).toBe("No guest cart to merge");
  });
});

describe("customer B", () => {
  it("without a userId sees only its own cart", async () => {
    const res = await call("get", { headers: customerB.headers }).expect(200);
    expect(res.body.user).toBe(customerB.id);
    expect(res.body.products.map((line: { productId: string }) => line.productId)).toEqual([onlyInB]);
    expect((await call("update", { headers: customerB.headers }, onlyInA).expect(404)).body.message).toBe("Item not found in cart");
  });

  it("with guest A's cookie still gets its own cart, and A's guest cart stays", async () => {
    const res = await call("get", { headers: customerB.headers, cookie: `guest_id=${guestA}` }).expect(200);
    expect(res.body.user).toBe(customerB.id);
    expect(await linesOf({ guestId: guestA })).toEqual({ [onlyInA]: 1 });
  });
});

describe("admin", () => {
  it("has a cart of its own like anyone else (no admin access to others' carts)", async () => {
    await call("get", { headers: admin.headers }).expect(404);
    const res = await call("add", { headers: admin.headers, ids: { userId: admin.id } }, onlyInB).expect(201);
    expect(res.body.cart.user).toBe(admin.id);
  });
});
