import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductJson } from "#common/catalog.ts";
import { createApp } from "#server/app.ts";
import { createAuth } from "#server/auth.ts";
import { createShopContext } from "#server/context.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { usingPostgres } from "../support/database.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { makeProduct } from "./cart-helpers.ts";

/**
 * The catalogue's kept responses (server/api/products.ts, catalogue-cache.ts) on a database
 * shared by several server processes: shop A and shop B each have a connection pool of their
 * own on one PostgreSQL database, as two processes do. A change committed through A is seen by
 * the very next read through B, though B kept the earlier answer.
 */
let a: TestShop;
let bHandle: DatabaseHandle | undefined;
let b: ReturnType<typeof createApp>;

beforeAll(async () => {
  a = await createTestShop();
  if (!usingPostgres()) return;
  bHandle = await openDatabase({ kind: "postgres", url: a.config.databaseUrl!, maxConnections: 3 });
  const context = createShopContext({
    config: a.config,
    database: bHandle,
    auth: createAuth(a.config, bHandle.db),
    logger: createLogger(a.config),
  });
  b = createApp(context);
});
afterAll(async () => {
  await bHandle?.close();
  await a?.close();
});

describe("catalogue responses kept by another process", () => {
  it.runIf(usingPostgres())("a product changed through A is answered changed by B at once", async () => {
    const item = await makeProduct(a.context, { stock: 7, pricePaise: 10_000, mrpPaise: 30_000 });
    const detail = `/api/products/${item.id}`;
    const listing = "/api/products?limit=100";
    const inListing = (res: request.Response) => (res.body as ProductJson[]).find((p) => p._id === item.id);

    // B answers and keeps both; asking again answers the kept copies (same ETag).
    const first = await request(b).get(detail).expect(200);
    expect(first.body.countInStock).toBe(7);
    expect(inListing(await request(b).get(listing).expect(200))?.countInStock).toBe(7);
    expect((await request(b).get(detail).expect(200)).headers.etag).toBe(first.headers.etag);

    // Stock alone (which does not move the filter version) and price, changed through A's connection.
    await a.context.db.update(products).set({ stock: 3 }).where(eq(products.id, item.id));
    const afterStock = await request(b).get(detail).expect(200);
    expect(afterStock.body.countInStock).toBe(3);
    expect(afterStock.headers.etag).not.toBe(first.headers.etag);
    expect(inListing(await request(b).get(listing).expect(200))?.countInStock).toBe(3);

    // A change inside a transaction is seen once it commits, and not before.
    await a.context.db.transaction(async (tx) => {
      await tx.update(products).set({ pricePaise: 25_000 }).where(eq(products.id, item.id));
      expect((await request(b).get(detail).expect(200)).body.price).toBe(100);
    });
    expect((await request(b).get(detail).expect(200)).body.price).toBe(250);

    // Unpublished through A: B no longer lists it nor answers its page.
    await a.context.db.update(products).set({ published: false }).where(eq(products.id, item.id));
    await request(b).get(detail).expect(404);
    expect(inListing(await request(b).get(listing).expect(200))).toBeUndefined();
  });

  it.runIf(usingPostgres())("many reads at once through B while A changes stock never answer an older stock after a newer one was committed", async () => {
    const item = await makeProduct(a.context, { stock: 50 });
    const detail = `/api/products/${item.id}`;
    for (let stock = 49; stock >= 45; stock--) {
      await a.context.db.update(products).set({ stock }).where(eq(products.id, item.id));
      const answers = await Promise.all(Array.from({ length: 20 }, () => request(b).get(detail).expect(200)));
      for (const answer of answers) expect(answer.body.countInStock).toBe(stock);
    }
  });

  it("a change through the shop's own connection is answered at once (PGlite and PostgreSQL)", async () => {
    const item = await makeProduct(a.context, { stock: 5 });
    const detail = `/api/products/${item.id}`;
    expect((await request(a.app).get(detail).expect(200)).body.countInStock).toBe(5);
    expect((await request(a.app).get(detail).expect(200)).body.countInStock).toBe(5);
    await a.context.db.update(products).set({ stock: 2 }).where(eq(products.id, item.id));
    expect((await request(a.app).get(detail).expect(200)).body.countInStock).toBe(2);
  });
});
