import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers, user as users } from "#server/db/schema.ts";
import { expectConsoleError } from "../support/console.ts";
import { usingPostgres } from "../support/database.ts";
import { databasesStartingWith, withMaintenanceClient } from "../support/postgres.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer } from "../support/users.ts";

// The helpers every API test relies on: isolated databases, signed-in users, the console guard.

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

describe("createTestShop", () => {
  it("starts from an empty, migrated database of the expected kind", async () => {
    expect(shop.context.database.kind).toBe(usingPostgres() ? "postgres" : "pglite");
    expect(await shop.context.database.isReady()).toBe(true);
    expect(await shop.context.db.select().from(users)).toEqual([]);
    expect(shop.config).toMatchObject({ env: "test", seedDemo: false });
  });

  it("gives every shop its own database", async () => {
    const other = await createTestShop();
    try {
      await request(other.app).post("/api/subscribe").send({ email: "only-in-other@example.com" }).expect(201);
      expect(await other.context.db.select().from(newsletterSubscribers)).toHaveLength(1);
      expect(await shop.context.db.select().from(newsletterSubscribers)).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it.runIf(usingPostgres())("drops its PostgreSQL clone on close", async () => {
    const other = await createTestShop();
    const url = other.config.databaseUrl!;
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    await other.close();
    const left = await withMaintenanceClient(url, (client) => databasesStartingWith(client, name));
    expect(left).toEqual([]);
  });

  it("applies environment overrides", async () => {
    const other = await createTestShop({ PUBLIC_URL: "https://shop.example.in", SELLER_NAME: "Test Pharmacy" });
    try {
      expect(other.config.publicUrl).toBe("https://shop.example.in");
      expect(other.config.seller.name).toBe("Test Pharmacy");
    } finally {
      await other.close();
    }
  });

  it("runs the start-up seed when asked", async () => {
    const seeded = await createTestShop({}, { seed: true });
    try {
      const rows = await seeded.context.db.select({ email: users.email, role: users.role }).from(users);
      expect(rows).toEqual([{ email: "admin@example.com", role: "admin" }]);
    } finally {
      await seeded.close();
    }
  });
});

describe("user factory", () => {
  it("creates a customer whose bearer token signs requests in", async () => {
    const customer = await createCustomer(shop.context, { name: "Asha Rao", email: "Asha@Example.com" });
    expect(customer).toMatchObject({ name: "Asha Rao", email: "asha@example.com", role: "customer" });
    const res = await request(shop.app).get("/api/users/profile").set(customer.headers).expect(200);
    expect(res.body).toMatchObject({ _id: customer.id, email: "asha@example.com", role: "customer" });
  });

  it("creates an admin", async () => {
    const admin = await createAdmin(shop.context);
    const res = await request(shop.app).get("/api/users/profile").set(admin.headers).expect(200);
    expect(res.body).toMatchObject({ _id: admin.id, role: "admin" });
  });

  it("gives distinct users by default", async () => {
    const [a, b] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context)]);
    expect(a.email).not.toBe(b.email);
    expect(a.token).not.toBe(b.token);
  });

  it("a bad bearer token is no session", async () => {
    const res = await request(shop.app).get("/api/users/profile").set("Authorization", "Bearer not-a-token");
    expect(res.status).toBe(401);
  });
});

describe("console guard", () => {
  it("lets a test that expects console.error log, and records what it logged", () => {
    const logged = expectConsoleError();
    console.error("expected failure", 42);
    expect(logged).toEqual([["expected failure", 42]]);
  });
});
