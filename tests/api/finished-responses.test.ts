// Anonymous catalogue reads answered from memory before Express (server/http/finished-responses.ts,
// decisions/040): the same bytes and headers as the app's own answer, with this request's id and
// nonce, logged and counted as the app does, and never an answer older than the products.
import { get, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "#server/app.ts";
import { products } from "#server/db/schema.ts";
import { processMetrics } from "#server/http/metrics.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";
import { makeProduct } from "./cart-helpers.ts";

let shop: TestShop;
let app: ReturnType<typeof createApp>;
let customer: TestUser;
const logLines: Record<string, unknown>[] = [];
/** Requests that reached Express's router (a kept answer never does). */
let routed = 0;

beforeAll(async () => {
  shop = await createTestShop();
  customer = await createCustomer(shop.context);
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
      callback();
    },
  });
  app = createApp({ ...shop.context, logger: pino({ level: "info" }, sink) });
  const router = (app as unknown as { router: { handle: (...args: unknown[]) => unknown } }).router;
  const handle = router.handle.bind(router);
  vi.spyOn(router, "handle").mockImplementation((...args: unknown[]) => {
    routed++;
    return handle(...args);
  });
  // The embedded database's change notifications are listened to from the first catalogue read on.
  await request(app).get("/api/products/new-arrivals").expect(200);
});
afterAll(() => shop?.close());
beforeEach(() => {
  routed = 0;
});

/** Headers that differ between two answers of the same bytes: this response's own. */
const OWN = new Set(["x-request-id", "content-security-policy", "date", "content-length", "transfer-encoding", "connection", "keep-alive"]);
const sameHeaders = (res: request.Response) =>
  Object.fromEntries(Object.entries(res.headers).filter(([name]) => !OWN.has(name)));
const nonceOf = (res: request.Response) => /'nonce-([^']+)'/.exec(res.headers["content-security-policy"])?.[1];

describe("a kept catalogue answer", () => {
  it("is the app's own answer again, with this request's id and nonce, without going through Express", async () => {
    const item = await makeProduct(shop.context, { stock: 9 });
    const url = `/api/products/${item.id}`;
    const first = await request(app).get(url).expect(200);
    expect(routed).toBe(1);
    const second = await request(app).get(url).expect(200);
    const third = await request(app).get(url).expect(200);
    expect(routed).toBe(1);

    for (const again of [second, third]) {
      expect(again.text).toBe(first.text);
      expect(sameHeaders(again)).toEqual(sameHeaders(first));
      expect(Number(again.headers["content-length"])).toBe(Buffer.byteLength(first.text));
      expect(again.headers["content-security-policy"].replaceAll(nonceOf(again)!, "N")).toBe(
        first.headers["content-security-policy"].replaceAll(nonceOf(first)!, "N"),
      );
    }
    const ids = [first, second, third].map((res) => res.headers["x-request-id"]);
    expect(new Set(ids).size).toBe(3);
    expect(new Set([first, second, third].map(nonceOf)).size).toBe(3);
    expect(second.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it("is kept compressed per Accept-Encoding, and answered with its length", async () => {
    // Above compression's 1 KB threshold.
    for (let i = 0; i < 4; i++) await makeProduct(shop.context);
    const url = "/api/products?limit=12&sort=newest";
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const first = await rawGet(port, url, "gzip");
      const second = await rawGet(port, url, "gzip");
      expect(routed).toBe(1);
      expect(first.headers["content-encoding"]).toBe("gzip");
      expect(second.headers["content-encoding"]).toBe("gzip");
      expect(second.headers.vary).toContain("Accept-Encoding");
      expect(Number(second.headers["content-length"])).toBe(second.body.length);
      expect(second.body.equals(first.body)).toBe(true);

      // Another encoding is another answer, made by the app.
      const plain = await rawGet(port, url, "identity");
      expect(routed).toBe(2);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(gunzipSync(first.body).toString());
    } finally {
      server.close();
    }
  });

  it("is not answered once the products change: the next read is made afresh", async () => {
    const item = await makeProduct(shop.context, { stock: 5 });
    const url = `/api/products/${item.id}`;
    expect((await request(app).get(url).expect(200)).body.countInStock).toBe(5);
    await request(app).get(url).expect(200);
    expect(routed).toBe(1);
    await shop.context.db.update(products).set({ stock: 2 }).where(eq(products.id, item.id));
    expect((await request(app).get(url).expect(200)).body.countInStock).toBe(2);
    expect(routed).toBe(2);
    await shop.context.db.update(products).set({ published: false }).where(eq(products.id, item.id));
    await request(app).get(url).expect(404);
    await request(app).get(url).expect(404);
    expect(routed).toBe(4);
  });

  it("is never given to a request with credentials, a conditional request, or another method", async () => {
    const item = await makeProduct(shop.context);
    const url = `/api/products/${item.id}`;
    const first = await request(app).get(url).expect(200);
    await request(app).get(url).expect(200);
    expect(routed).toBe(1);

    const signedIn = await request(app).get(url).set("Authorization", `Bearer ${customer.token}`).expect(200);
    expect(signedIn.headers["cache-control"]).toMatch(/^private/);
    await request(app).get(url).set("Cookie", "theme=dark").expect(200);
    await request(app).get(url).set("If-None-Match", first.headers.etag).expect(304);
    await request(app).head(url).expect(200);
    expect(routed).toBe(5);
  });

  it("keeps only 200 answers of routes that say so", async () => {
    const missing = "/api/products/00000000-0000-4000-8000-000000000000";
    await request(app).get(missing).expect(404);
    await request(app).get(missing).expect(404);
    const item = await makeProduct(shop.context);
    await request(app).get(`/api/products/${item.id}/reviews`).expect(200);
    await request(app).get(`/api/products/${item.id}/reviews`).expect(200);
    expect(routed).toBe(4);
  });

  it("is logged and counted as the app logs and counts any request", async () => {
    const item = await makeProduct(shop.context);
    const url = `/api/products/${item.id}`;
    await request(app).get(url).expect(200);
    const answered = async () => {
      const requests = (await processMetrics(shop.context)).find((metric) => metric.name === "http_requests_total");
      const labels = { method: "GET", route: "/api/products/:id", status: "2xx" };
      return requests?.values.find((value) => JSON.stringify(value.labels) === JSON.stringify(labels))?.value ?? 0;
    };
    const before = await answered();
    const kept = await request(app).get(url).set("X-Request-Id", "trace<1>").expect(200);
    expect(routed).toBe(1);
    expect(await answered()).toBe(before + 1);
    const line = logLines.find((entry) => entry.requestId === kept.headers["x-request-id"]);
    expect(line).toMatchObject({
      msg: "request completed",
      clientRequestId: "trace_1_",
      req: { method: "GET", url },
      res: { statusCode: 200 },
    });
    expect(typeof line?.responseTime).toBe("number");
  });
});

/** A GET through a real socket, the body as sent (supertest would decompress it). */
function rawGet(port: number, path: string, encoding: string) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get({ host: "127.0.0.1", port, path, headers: { "Accept-Encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}
