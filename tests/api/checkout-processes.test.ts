import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { orderLines, orders, payments, products } from "#server/db/schema.ts";
import { projectPath } from "#server/paths.ts";
import { usingPostgres } from "../support/database.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { buyerWithCart, makeProduct, stockOf } from "./checkout-helpers.ts";

interface Worker {
  child: ChildProcess;
  /** Every JSON line the worker printed so far. */
  messages: Record<string, unknown>[];
  waitFor(predicate: (message: Record<string, unknown>) => boolean): Promise<void>;
  exited: Promise<number | null>;
}

function startWorker(input: Record<string, unknown>): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", projectPath("tests/api/checkout-worker.ts"), JSON.stringify(input)], {
    cwd: projectPath("."),
    stdio: ["pipe", "pipe", "inherit"],
  });
  const messages: Record<string, unknown>[] = [];
  const waiters: { predicate: (m: Record<string, unknown>) => boolean; resolve: () => void }[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.predicate(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    messages,
    exited,
    waitFor(predicate) {
      if (messages.some(predicate)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        waiters.push({ predicate, resolve });
        exited.then(() => reject(new Error(`worker exited; printed ${JSON.stringify(messages)}`)));
      });
    },
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("checkout across processes", () => {
  it.runIf(usingPostgres())("20 buyers in two processes race for the last 3 units: exactly 3 orders", { timeout: 120_000 }, async () => {
    const shop: TestShop = await createTestShop();
    cleanups.push(() => shop.close());
    const item = await makeProduct(shop.context, { stock: 3 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
        return { id: buyer.id, name: buyer.name, email: buyer.email };
      }),
    );
    const dataDir = await mkdtemp(path.join(tmpdir(), "checkout-race-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const workers = [buyers.slice(0, 10), buyers.slice(10)].map((half) =>
      startWorker({ databaseUrl: shop.config.databaseUrl, dataDir, buyers: half, concurrency: 10 }),
    );
    cleanups.push(async () => workers.forEach((w) => w.child.kill("SIGKILL")));
    await Promise.all(workers.map((w) => w.waitFor((m) => m.ready === true)));
    for (const worker of workers) worker.child.stdin!.write("go\n");
    await Promise.all(workers.map((w) => w.waitFor((m) => m.done === true)));

    const results = workers.flatMap((w) => w.messages.filter((m) => "buyer" in m));
    expect(results).toHaveLength(20);
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => r.reason === "out-of-stock")).toBe(true);
    // Both processes took part in the race.
    expect(workers.every((w) => w.messages.some((m) => "buyer" in m))).toBe(true);
    expect(await stockOf(shop.context, item.id)).toBe(0);
    const sold = await shop.context.db
      .select({ quantity: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.productId, item.id));
    expect(sold[0]!.quantity).toBe(3);
  });

  it("a shop killed with SIGKILL mid-checkout keeps every acknowledged order and no half-written one", { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "checkout-crash-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (usingPostgres()) {
      const shop = await createTestShop();
      cleanups.push(() => shop.close());
      databaseUrl = shop.config.databaseUrl;
    }
    const stock = 25;
    const worker = startWorker({ databaseUrl, dataDir, setup: { buyers: 40, stock, quantity: 1 }, concurrency: 3 });
    cleanups.push(async () => worker.child.kill("SIGKILL"));
    await worker.waitFor((m) => m.ready === true);
    const productId = worker.messages.find((m) => "productId" in m)!.productId as string;
    worker.child.stdin!.write("go\n");
    await worker.waitFor(() => worker.messages.filter((m) => m.ok === true).length >= 5);
    worker.child.kill("SIGKILL");
    await worker.exited;
    const acknowledged = worker.messages.filter((m) => m.ok === true).map((m) => m.orderId as string);
    expect(worker.messages.some((m) => m.done === true)).toBe(false);

    // "Restart": open the same database again (PGlite takes over the dead process's lock).
    const database = await openDatabase(databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir });
    cleanups.push(() => database.close());
    await database.migrate();
    const db = database.db;
    const found = await db.select().from(orders).where(inArray(orders.id, acknowledged));
    expect(found).toHaveLength(acknowledged.length);
    for (const order of found) {
      expect(order.status).toBe("Pending");
      expect(order.providerOrderId).toMatch(/^order_test_/);
    }
    const acknowledgedPayments = await db.select().from(payments).where(inArray(payments.orderId, acknowledged));
    expect(acknowledgedPayments).toHaveLength(acknowledged.length);

    // No order without its lines, and every unit is either on the shelf or in an order.
    const all = await db.select().from(orders);
    const lines = await db.select().from(orderLines).where(eq(orderLines.productId, productId));
    for (const order of all) expect(lines.some((line) => line.orderId === order.id)).toBe(true);
    const reserved = lines.reduce((sum, line) => sum + line.quantity, 0);
    const [product] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    expect(product!.stock + reserved).toBe(stock);
    expect(product!.stock).toBeGreaterThanOrEqual(0);
    // Orders caught between the reservation and the provider order have no provider id yet; the
    // expiry sweep will cancel them and release their units like any other unpaid order.
    for (const order of all.filter((o) => !acknowledged.includes(o.id))) expect(order.status).toBe("Pending");
  });
});
