// Quality bars "No oversell" and "No lost orders", on real server processes: buyers racing for
// the last units on one embedded database and across two processes on one PostgreSQL, and a
// server killed with SIGKILL in the middle of checkouts, then restarted on the same data.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../support/database.ts";
import { ensureBuild, freePort, startServer, waitUntilReady, withTimeout, type ServerProcess } from "../support/server-process.ts";

const ADMIN = { email: "admin@reliability.test", password: "reliability-Admin-1" };
const ADDRESS = {
  firstName: "Asha",
  lastName: "Rao",
  address: "12 MG Road",
  city: "Bengaluru",
  postalCode: "560001",
  country: "India",
  phone: "9876543210",
};

const servers: ServerProcess[] = [];
const dirs: string[] = [];

beforeAll(() => ensureBuild(), 300_000);
afterEach(() => {
  for (const { child } of servers.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = startServer(await freePort(), {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The built-in test gateway, allowed in production only when asked for.
    PAYMENTS_TEST_MODE: "1",
    ...env,
  });
  servers.push(server);
  await waitUntilReady(server, 90_000);
  return server;
}

async function call(server: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function signIn(server: ServerProcess, credentials: { email: string; password: string }): Promise<string> {
  const res = await call(server, "POST", "/api/users/login", undefined, credentials);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token;
}

async function createProduct(server: ServerProcess, stock: number): Promise<string> {
  const admin = await signIn(server, ADMIN);
  const res = await call(server, "POST", "/api/admin/products", admin, {
    name: `Last Units ${stock} ${Date.now()}`,
    description: "A product with very few units left.",
    category: "Women Care",
    price: 250,
    countInStock: stock,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id;
}

/** A new customer with one unit of the product in the cart; returns the bearer token. */
async function buyerWithCart(server: ServerProcess, productId: string, n: number): Promise<string> {
  const password = "buyer-Passw0rd-1";
  const email = `buyer-${n}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@reliability.test`;
  const registered = await call(server, "POST", "/api/users/register", undefined, {
    name: `Buyer ${n}`,
    email,
    password,
    confirmPassword: password,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const token = registered.body.token as string;
  const added = await call(server, "POST", "/api/cart", token, { productId, quantity: 1 });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return token;
}

const checkout = (server: ServerProcess, token: string) =>
  call(server, "POST", "/api/checkout", token, { shippingAddress: ADDRESS, paymentMethod: "razorpay" });

async function stockOf(server: ServerProcess, productId: string): Promise<number> {
  const res = await call(server, "GET", `/api/products/${productId}`);
  expect(res.status).toBe(200);
  return res.body.countInStock;
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-reliability-"));
  dirs.push(dir);
  return dir;
}

describe.skipIf(usingPostgres())("on the embedded database", () => {
  it(
    "eight buyers racing for three units: three orders, five refusals naming the product, stock 0",
    async () => {
      const server = await start({ DATA_DIR: tempDir() });
      const productId = await createProduct(server, 3);
      const tokens = await Promise.all(Array.from({ length: 8 }, (_, n) => buyerWithCart(server, productId, n)));
      const results = await Promise.all(tokens.map((token) => checkout(server, token)));
      const statuses = results.map((res) => res.status).sort();
      expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
      for (const res of results.filter((r) => r.status === 409)) expect(res.body.message).toMatch(/Last Units/);
      expect(await stockOf(server, productId)).toBe(0);
    },
    180_000,
  );

  it(
    "a server killed with SIGKILL mid-checkout keeps every order it acknowledged, and no half-written one",
    async () => {
      const dataDir = tempDir();
      const STOCK = 40;
      const first = await start({ DATA_DIR: dataDir });
      const productId = await createProduct(first, STOCK);
      const tokens = await Promise.all(Array.from({ length: 16 }, (_, n) => buyerWithCart(first, productId, n)));

      // Every checkout is sent; the process dies as soon as the first one is acknowledged.
      const acknowledged: { token: string; order: { _id: string; totalPrice: number } }[] = [];
      let killed = false;
      await Promise.all(
        tokens.map(async (token) => {
          try {
            const res = await checkout(first, token);
            if (res.status === 201) acknowledged.push({ token, order: res.body.order });
            if (!killed) {
              killed = true;
              first.child.kill("SIGKILL");
            }
          } catch {
            // The connection died with the server: not acknowledged.
          }
        }),
      );
      await withTimeout(first.exited, 15_000, () => "the server did not die");
      expect(acknowledged.length).toBeGreaterThan(0);

      const second = await start({ DATA_DIR: dataDir });
      for (const { token, order } of acknowledged) {
        const res = await call(second, "GET", `/api/orders/${order._id}`, token);
        expect(res.status, `acknowledged order ${order._id}`).toBe(200);
        expect(res.body.totalPrice).toBe(order.totalPrice);
        expect(res.body.orderItems).toHaveLength(1);
      }
      // Whatever else was written is whole: every order has its line, and the units in orders
      // plus the stock left are exactly the stock there was.
      let reserved = 0;
      for (const token of tokens) {
        const mine = await call(second, "GET", "/api/orders/my-orders", token);
        expect(mine.status).toBe(200);
        for (const order of mine.body) {
          expect(order.orderItems).toHaveLength(1);
          if (order.status !== "Cancelled") reserved += order.orderItems[0].quantity;
        }
      }
      expect(reserved).toBeGreaterThanOrEqual(acknowledged.length);
      expect(reserved + (await stockOf(second, productId))).toBe(STOCK);
    },
    240_000,
  );
});

describe.runIf(usingPostgres())("two server processes on one PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.release());

  it(
    "ten buyers on two processes racing for four units: four orders, stock 0",
    async () => {
      const env = { DATABASE_URL: database.url!, DATA_DIR: tempDir() };
      // One after the other: the first creates the admin account.
      const a = await start(env);
      const b = await start({ ...env, DATA_DIR: tempDir() });
      const productId = await createProduct(a, 4);
      const buyers = await Promise.all(
        Array.from({ length: 10 }, async (_, n) => {
          const server = n % 2 === 0 ? a : b;
          return { server, token: await buyerWithCart(server, productId, n) };
        }),
      );
      const results = await Promise.all(buyers.map(({ server, token }) => checkout(server, token)));
      expect(results.filter((res) => res.status === 201)).toHaveLength(4);
      expect(results.filter((res) => res.status === 409)).toHaveLength(6);
      expect(await stockOf(a, productId)).toBe(0);
      expect(await stockOf(b, productId)).toBe(0);
    },
    180_000,
  );
});
