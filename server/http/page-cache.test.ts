import compression from "compression";
import { eq } from "drizzle-orm";
import express, { type RequestHandler } from "express";
import pino from "pino";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "#tests/support/database.ts";
import { contentSecurityPolicy } from "./csp.ts";
import { pageCache } from "./page-cache.ts";
import { requestLogging } from "./request-log.ts";

let database: TestDatabase;
let renders = 0;
let productId: string;

/** A stand-in for the React Router handler: a page naming a product, its nonce and request id. */
const render: RequestHandler = async (req, res) => {
  renders++;
  const [product] = await database.handle.db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  if (req.query.status) res.status(Number(req.query.status));
  if (req.query.cookie) res.setHeader("Set-Cookie", "flash=; Max-Age=0");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache");
  res.write(`<html><head><meta name="request-id" content="${req.id}"><script nonce="${res.locals.cspNonce}">1</script>`);
  res.end(`</head><body><h1>${product?.name} ₹69</h1><script nonce="${res.locals.cspNonce}">2</script></body></html>`);
};

/** The app, after one request: the cache starts keeping pages once the change listener is set up. */
async function app() {
  const server = express();
  server.use(requestLogging(pino({ level: "silent" })));
  server.use(contentSecurityPolicy(loadConfig({ NODE_ENV: "test" }), false));
  server.use(compression({ threshold: 0 }));
  server.use(pageCache(database.handle, render));
  await request(server).get("/warm-up");
  return server;
}

const nonceOf = (res: request.Response) => /'nonce-([^']+)'/.exec(res.headers["content-security-policy"])![1];
const expectedPage = (res: request.Response, name: string) =>
  `<html><head><meta name="request-id" content="${res.headers["x-request-id"]}"><script nonce="${nonceOf(res)}">1</script>` +
  `</head><body><h1>${name} ₹69</h1><script nonce="${nonceOf(res)}">2</script></body></html>`;

beforeAll(async () => {
  database = await createTestDatabase();
  const [row] = await database.handle.db
    .insert(products)
    .values({ name: "Macnurish", description: "Sachet", pricePaise: 6900, mrpPaise: 6900, category: "Women Care", sku: "PC-1" })
    .returning({ id: products.id });
  productId = row!.id;
});
afterAll(() => database?.release());
afterEach(() => vi.useRealTimers());

describe.skipIf(usingPostgres())("anonymous pages on the embedded database", () => {
  it("are rendered once and answered again with each request's own nonce and request id", async () => {
    const shop = await app();
    // Compressed the first time, not the second: the kept page is the plain body.
    const first = await request(shop).get("/product/a").set("Accept-Encoding", "gzip");
    expect(first.headers["content-encoding"]).toBe("gzip");
    const rendersAfterFirst = renders;
    const second = await request(shop).get("/product/a").set("Accept-Encoding", "identity");
    expect(second.headers["content-encoding"]).toBeUndefined();
    expect(renders).toBe(rendersAfterFirst);
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect(first.text).toBe(expectedPage(first, "Macnurish"));
    expect(second.text).toBe(expectedPage(second, "Macnurish"));
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers["cache-control"]).toBe("no-cache");
  });

  it("are rendered afresh once products change", async () => {
    const shop = await app();
    await request(shop).get("/product/b");
    await database.handle.db.update(products).set({ name: "Macnurish Plus" }).where(eq(products.id, productId));
    const before = renders;
    const after = await request(shop).get("/product/b");
    expect(renders).toBe(before + 1);
    expect(after.text).toBe(expectedPage(after, "Macnurish Plus"));
    await database.handle.db.update(products).set({ name: "Macnurish" }).where(eq(products.id, productId));
  });

  it("are kept for a minute at most", async () => {
    const shop = await app();
    vi.useFakeTimers({ toFake: ["Date"] });
    await request(shop).get("/product/c");
    const before = renders;
    vi.setSystemTime(Date.now() + 59_000);
    await request(shop).get("/product/c");
    expect(renders).toBe(before);
    vi.setSystemTime(Date.now() + 2_000);
    await request(shop).get("/product/c");
    expect(renders).toBe(before + 1);
  });

  it.each([
    ["a request with a cookie", (r: request.Test) => r.set("Cookie", "guest=1")],
    ["a request with credentials", (r: request.Test) => r.set("Authorization", "Bearer x")],
  ])("%s is never answered from, nor kept in, the cache", async (_name, decorate) => {
    const shop = await app();
    const url = `/product/d-${renders}`;
    await decorate(request(shop).get(url));
    await decorate(request(shop).get(url));
    const before = renders;
    await request(shop).get(url);
    expect(renders).toBe(before + 1);
  });

  it.each([
    ["a response that sets a cookie", "?cookie=1"],
    ["an error page", "?status=404"],
  ])("%s is not kept", async (_name, query) => {
    const shop = await app();
    await request(shop).get(`/product/e${query}`);
    const before = renders;
    await request(shop).get(`/product/e${query}`);
    expect(renders).toBe(before + 1);
  });

  it("keeps crawlers' pages apart from browsers'", async () => {
    const shop = await app();
    await request(shop).get("/product/f").set("User-Agent", "Mozilla/5.0 Chrome/140");
    const before = renders;
    await request(shop).get("/product/f").set("User-Agent", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    expect(renders).toBe(before + 1);
  });
});

describe.runIf(usingPostgres())("anonymous pages on PostgreSQL", () => {
  it("are kept until products change through another connection, as another process changes them (decisions/038)", async () => {
    const shop = await app();
    await request(shop).get("/product/a");
    const before = renders;
    await request(shop).get("/product/a");
    expect(renders).toBe(before);

    const other = await openDatabase({ kind: "postgres", url: database.url!, maxConnections: 1 });
    try {
      await other.db.update(products).set({ name: "Macnurish Plus" }).where(eq(products.id, productId));
    } finally {
      await other.close();
    }
    const res = await request(shop).get("/product/a");
    expect(renders).toBe(before + 1);
    expect(res.text).toBe(expectedPage(res, "Macnurish Plus"));
  });
});
