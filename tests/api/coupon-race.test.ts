// The last uses of a capped coupon, raced for by shoppers in two shop processes on one PostgreSQL
// database (issue 15): exactly as many orders get it as the cap allows; everyone else is told
// "This coupon has been fully used" and no order is placed for them. (The same race inside one
// process, on the embedded database too, is in coupons-checkout.test.ts.)
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "#common/coupons.ts";
import { couponRedemptions, coupons, orders } from "#server/db/schema.ts";
import { projectPath } from "#server/paths.ts";
import { usingPostgres } from "../support/database.ts";
import { createTestShop } from "../support/test-shop.ts";
import { buyerWithCart, makeProduct } from "./checkout-helpers.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function startWorker(input: Record<string, unknown>) {
  const child = spawn(process.execPath, ["--import", "tsx", projectPath("tests/api/coupon-race-worker.ts"), JSON.stringify(input)], {
    cwd: projectPath("."),
    stdio: ["pipe", "pipe", "inherit"],
  });
  cleanups.push(async () => child.kill("SIGKILL"));
  const messages: Record<string, unknown>[] = [];
  const lines = createInterface({ input: child.stdout! });
  const waitFor = (predicate: (m: Record<string, unknown>) => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (messages.some(predicate)) return resolve();
      lines.on("line", () => messages.some(predicate) && resolve());
      child.on("exit", () => (messages.some(predicate) ? resolve() : reject(new Error(`worker exited: ${JSON.stringify(messages)}`))));
    });
  lines.on("line", (line) => {
    try {
      messages.push(JSON.parse(line));
    } catch {}
  });
  return { child, messages, waitFor };
}

describe("a capped coupon across processes", () => {
  it.runIf(usingPostgres())("16 shoppers in two processes race for its last 3 uses: exactly 3 orders get it", { timeout: 120_000 }, async () => {
    const shop = await createTestShop();
    cleanups.push(() => shop.close());
    const item = await makeProduct(shop.context, { stock: 100, pricePaise: 50_000 });
    const [coupon] = await shop.context.db.insert(coupons).values({ code: "LASTTHREE", type: "percent", percentBps: 2000, usageLimit: 3 }).returning();
    const buyers = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
        return { id: buyer.id, name: buyer.name, email: buyer.email };
      }),
    );
    const dataDir = await mkdtemp(path.join(tmpdir(), "coupon-race-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const workers = [buyers.slice(0, 8), buyers.slice(8)].map((half) =>
      startWorker({ databaseUrl: shop.config.databaseUrl, dataDir, buyers: half, couponCode: "lastthree" }),
    );
    await Promise.all(workers.map((w) => w.waitFor((m) => m.ready === true)));
    for (const worker of workers) worker.child.stdin!.write("go\n");
    await Promise.all(workers.map((w) => w.waitFor((m) => m.done === true)));

    const results = workers.flatMap((w) => w.messages.filter((m) => "buyer" in m));
    expect(results).toHaveLength(16);
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).every((r) => r.reason === "coupon" && r.message === COUPON_MESSAGES.fullyUsed)).toBe(true);
    const uses = await shop.context.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon!.id));
    expect(uses).toHaveLength(3);
    const placed = await shop.context.db.select().from(orders).where(inArray(orders.userId, buyers.map((b) => b.id)));
    expect(placed).toHaveLength(3);
    expect(placed.every((order) => order.couponCode === "LASTTHREE" && order.discountPaise === 10_000)).toBe(true);
  });
});
