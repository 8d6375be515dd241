// The admin's user management (api-contract.md, "Admin"): list with search and paging, create
// with a hashed password and a default role, update with validation, delete — never yourself,
// never the last admin (neither by deleting nor by demoting).
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, carts, orders, session, user } from "#server/db/schema.ts";
import { deleteUserAccount, updateUserAccount } from "#server/modules/users/accounts-admin.ts";
import { makeProduct } from "./cart-helpers.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;

const api = () => request(shop.app);
const asAdmin = (req: request.Test) => req.set(admin.headers);

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context, { name: "Head Admin", email: "head-admin@example.com" });
});
afterAll(() => shop?.close());

describe("GET /api/admin/users", () => {
  it("lists users newest first with paging, search and X-Total-Count, never passwords", async () => {
    const marker = crypto.randomUUID().slice(0, 8);
    for (const n of [1, 2, 3]) {
      await createCustomer(shop.context, { name: `Paged ${marker} ${n}`, email: `paged-${marker}-${n}@example.com` });
    }
    const first = await asAdmin(api().get("/api/admin/users").query({ search: marker, limit: 2 })).expect(200);
    expect(first.headers["x-total-count"]).toBe("3");
    expect(first.body.map((u: { name: string }) => u.name)).toEqual([`Paged ${marker} 3`, `Paged ${marker} 2`]);
    expect(Object.keys(first.body[0]).sort()).toEqual(["_id", "createdAt", "email", "name", "pharmacistRegistration", "phone", "phoneVerified", "role", "twoFactorEnabled"]);
    const second = await asAdmin(api().get("/api/admin/users").query({ search: marker, limit: 2, page: 2 })).expect(200);
    expect(second.body.map((u: { name: string }) => u.name)).toEqual([`Paged ${marker} 1`]);

    const byEmail = await asAdmin(api().get("/api/admin/users").query({ search: `PAGED-${marker}-2@` })).expect(200);
    expect(byEmail.body).toHaveLength(1);
  });

  it("takes % and _ in a search literally", async () => {
    const res = await asAdmin(api().get("/api/admin/users").query({ search: "%" })).expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
  });

  it("refuses bad paging with 400", async () => {
    for (const query of [{ page: "0" }, { page: "x" }, { limit: "101" }, { limit: "-1" }]) {
      const res = await asAdmin(api().get("/api/admin/users").query(query)).expect(400);
      expect(res.body.message).toMatch(/must be a whole number/);
    }
  });
});

describe("POST /api/admin/users", () => {
  it("creates a customer by default, with a password that signs in and is stored hashed", async () => {
    const res = await asAdmin(api().post("/api/admin/users"))
      .send({ name: "  Meera Iyer ", email: " Meera@Example.com ", password: "pass word 1", role: "" })
      .expect(201);
    expect(res.body.message).toBe("User created");
    expect(res.body.user).toMatchObject({ name: "Meera Iyer", email: "meera@example.com", role: "customer" });
    expect(res.body.user.password).toBeUndefined();

    const [credential] = await shop.context.db.select().from(account).where(eq(account.userId, res.body.user._id));
    expect(credential!.providerId).toBe("credential");
    expect(credential!.password).not.toContain("pass word 1");
    // Creating an account signs nobody in.
    expect(await shop.context.db.select().from(session).where(eq(session.userId, res.body.user._id))).toEqual([]);

    const login = await api().post("/api/users/login").send({ email: "meera@example.com", password: "pass word 1" }).expect(200);
    expect(login.body.user.role).toBe("customer");
  });

  it("creates an admin when asked", async () => {
    const res = await asAdmin(api().post("/api/admin/users"))
      .send({ name: "Second Admin", email: "second-admin@example.com", password: "secret12", role: "admin" })
      .expect(201);
    expect(res.body.user.role).toBe("admin");
    const login = await api().post("/api/users/login").send({ email: "second-admin@example.com", password: "secret12" }).expect(200);
    await api().get("/api/admin/stats").set("Authorization", `Bearer ${login.body.token}`).expect(200);
  });

  it("answers 409 for an email that exists in any case, and writes nothing", async () => {
    const existing = await createCustomer(shop.context);
    const before = await shop.context.db.select().from(user);
    const res = await asAdmin(api().post("/api/admin/users"))
      .send({ name: "Copy", email: existing.email.toUpperCase(), password: "secret12" })
      .expect(409);
    expect(res.body.message).toBe("User already exists");
    expect(await shop.context.db.select().from(user)).toHaveLength(before.length);
  });

  it("validates with the register page's messages and refuses unknown roles", async () => {
    const res = await asAdmin(api().post("/api/admin/users")).send({ name: "", email: "nope", password: "123", role: "root" }).expect(400);
    expect(res.body.errors).toEqual({
      name: "Name is required",
      email: "Email is invalid",
      password: "Password must be at least 6 characters",
      role: "Role must be customer, pharmacist or admin",
    });
    const missing = await asAdmin(api().post("/api/admin/users")).send({}).expect(400);
    expect(missing.body.errors).toMatchObject({ name: "Name is required", email: "Email is required", password: "Password is required" });
  });
});

describe("names an admin sets follow the one name rule", () => {
  const HOSTILE: [string, unknown, string][] = [
    ["90 KB", "n".repeat(90 * 1024), "Name must be at most 100 characters"],
    ["whitespace", " \t\n ", "Name is required"],
    ["an array", ["Meera", "Iyer"], "Name must be text"],
    ["an object", { first: "Meera" }, "Name must be text"],
    ["a line break", "Meera\nIyer", "Name cannot contain line breaks or control characters"],
    ["a bidi override", "\u202EreyI areeM", "Name cannot contain line breaks or control characters"],
  ];

  it.each(HOSTILE)("create with a name that is %s → 400, nothing stored", async (_label, name, message) => {
    const before = await shop.context.db.select().from(user);
    const res = await asAdmin(api().post("/api/admin/users")).send({ name, email: `named-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "secret12" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: message });
    expect(await shop.context.db.select().from(user)).toEqual(before);
  });

  it.each(HOSTILE)("update with a name that is %s → 400, nothing changed", async (_label, name, message) => {
    const target = await createCustomer(shop.context, { name: "Kept Name" });
    const before = await shop.context.db.select().from(user);
    const res = await asAdmin(api().put(`/api/admin/users/${target.id}`)).send({ name });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: message });
    expect(await shop.context.db.select().from(user)).toEqual(before);
  });

  it("a 5 MB name is refused by the body limit before it is parsed", async () => {
    const target = await createCustomer(shop.context, { name: "Kept Name" });
    const before = await shop.context.db.select().from(user);
    const name = "n".repeat(5 * 1024 * 1024);
    expect((await asAdmin(api().post("/api/admin/users")).send({ name, email: "huge@example.com", password: "secret12" })).status).toBe(413);
    expect((await asAdmin(api().put(`/api/admin/users/${target.id}`)).send({ name })).status).toBe(413);
    expect(await shop.context.db.select().from(user)).toEqual(before);
  });
});

describe("PUT /api/admin/users/:id", () => {
  it("changes name, email and role, and ignores fields it does not know", async () => {
    const target = await createCustomer(shop.context);
    const res = await asAdmin(api().put(`/api/admin/users/${target.id}`))
      .send({ name: "New Name", email: `changed-${target.id.slice(0, 6)}@example.com`, role: "admin", banned: true, password: "x" })
      .expect(200);
    expect(res.body.message).toBe("User updated");
    expect(res.body.user).toMatchObject({ _id: target.id, name: "New Name", role: "admin" });
    const [row] = await shop.context.db.select().from(user).where(eq(user.id, target.id));
    expect(row!.banned).toBe(false);
    expect(row!.email).toBe(`changed-${target.id.slice(0, 6)}@example.com`);
  });

  it("refuses an email another user has (409), invalid input (400), unknown users (404) and empty bodies (400)", async () => {
    const [a, b] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context)]);
    const taken = await asAdmin(api().put(`/api/admin/users/${a.id}`)).send({ email: b.email.toUpperCase() }).expect(409);
    expect(taken.body.message).toBe("User already exists");
    const invalid = await asAdmin(api().put(`/api/admin/users/${a.id}`)).send({ email: "not-an-email", role: "owner" }).expect(400);
    expect(invalid.body.errors).toEqual({ email: "Email is invalid", role: "Role must be customer, pharmacist or admin" });
    await asAdmin(api().put(`/api/admin/users/${a.id}`)).send({ name: "   " }).expect(400);
    await asAdmin(api().put("/api/admin/users/no-such-user")).send({ name: "X" }).expect(404);
    await asAdmin(api().put("/api/admin/users/..%2F..%2Fetc")).send({ name: "X" }).expect(404);
    const empty = await asAdmin(api().put(`/api/admin/users/${a.id}`)).send({}).expect(400);
    expect(empty.body.message).toBe("Nothing to update");
  });

  it("refuses to change the caller's own role", async () => {
    const res = await asAdmin(api().put(`/api/admin/users/${admin.id}`)).send({ role: "customer" }).expect(409);
    expect(res.body.message).toBe("You cannot change your own role");
    // Their own name is fine.
    await asAdmin(api().put(`/api/admin/users/${admin.id}`)).send({ name: "Head Admin", role: "admin" }).expect(200);
  });
});

describe("DELETE /api/admin/users/:id", () => {
  it("deletes a user with their sessions; their token stops working", async () => {
    const target = await createCustomer(shop.context);
    await api().get("/api/users/profile").set(target.headers).expect(200);
    const res = await asAdmin(api().delete(`/api/admin/users/${target.id}`)).expect(200);
    expect(res.body.message).toBe("User deleted");
    expect(await shop.context.db.select().from(user).where(eq(user.id, target.id))).toEqual([]);
    await api().get("/api/users/profile").set(target.headers).expect(401);
    await asAdmin(api().delete(`/api/admin/users/${target.id}`)).expect(404);
  });

  it("keeps the orders of a deleted customer (without the link) and drops their cart", async () => {
    const target = await createCustomer(shop.context);
    const order = await insertOrder(shop.context, { userId: target.id, customerName: "Gone Customer" });
    const product = await makeProduct(shop.context);
    await api().post("/api/cart").set(target.headers).send({ productId: product.id, quantity: 1 }).expect(201);
    await asAdmin(api().delete(`/api/admin/users/${target.id}`)).expect(200);
    const [kept] = await shop.context.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: null, customerName: "Gone Customer" });
    expect(await shop.context.db.select().from(carts).where(eq(carts.userId, target.id))).toEqual([]);
  });

  it("never deletes the caller", async () => {
    const res = await asAdmin(api().delete(`/api/admin/users/${admin.id}`)).expect(409);
    expect(res.body.message).toBe("You cannot delete your own account");
    expect(await shop.context.db.select().from(user).where(eq(user.id, admin.id))).toHaveLength(1);
  });
});

describe("the last admin", () => {
  it("cannot be deleted or demoted, through the API or the module", async () => {
    const { db } = shop.context;
    // Leave exactly one other admin besides the caller, then remove it: the caller remains.
    const admins = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
    for (const { id } of admins) if (id !== admin.id) await asAdmin(api().delete(`/api/admin/users/${id}`)).expect(200);

    const other = await createAdmin(shop.context);
    await api().delete(`/api/admin/users/${other.id}`).set(admin.headers).expect(200);
    // `admin` is the last admin now. Another admin session cannot exist, so use the module as the page actions do.
    const ghost = crypto.randomUUID();
    expect(await deleteUserAccount(db, ghost, admin.id)).toEqual({ ok: false, reason: "last-admin" });
    expect(await updateUserAccount(db, ghost, admin.id, { role: "customer" })).toEqual({ ok: false, reason: "last-admin" });

    // With a second admin, one of them may go.
    const second = await createAdmin(shop.context);
    const demoted = await api().put(`/api/admin/users/${admin.id}`).set(second.headers).send({ role: "customer" });
    expect(demoted.status).toBe(200);
    const last = await api().delete(`/api/admin/users/${admin.id}`).set(second.headers);
    expect(last.status).toBe(200);
    const refused = await api().put(`/api/admin/users/${second.id}`).set(second.headers).send({ role: "customer" }).expect(409);
    expect(refused.body.message).toBe("You cannot change your own role");
    expect(await deleteUserAccount(db, ghost, second.id)).toEqual({ ok: false, reason: "last-admin" });
    admin = second;
  });

  it("survives two admins demoting each other at the same moment", async () => {
    const { db } = shop.context;
    const admins = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
    const extra = await createAdmin(shop.context);
    for (const { id } of admins) if (id !== admin.id) await asAdmin(api().delete(`/api/admin/users/${id}`)).expect(200);
    // Two admins exist: `admin` and `extra`. Each demotes the other at once.
    const results = await Promise.all([
      updateUserAccount(db, admin.id, extra.id, { role: "customer" }),
      updateUserAccount(db, extra.id, admin.id, { role: "customer" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const left = await db.select({ id: user.id }).from(user).where(eq(user.role, "admin"));
    expect(left).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "last-admin" });
  });
});
