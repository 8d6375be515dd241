// GET /metrics (issue 18 item 5, decisions/034): Prometheus text, requests by route pattern (never
// by id) and status class with a latency histogram, the shop's orders, payment failures and email
// outbox from the database, job failures, the database pool; a bearer token when configured, 404
// in production without one; several processes' snapshots add up.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductJson } from "#common/catalog.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { orders, outboundEmails, user } from "#server/db/schema.ts";
import { AggregatorRegistry } from "prom-client";
import { LATENCY_BUCKETS, processMetrics, renderShopFigures } from "#server/http/metrics.ts";
import { every } from "#server/jobs/scheduler.ts";
import { projectPath } from "#server/paths.ts";
import { BENGALURU_ADDRESS, insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer } from "../support/users.ts";

/** `name{labels} value` lines → value by the whole series text. */
function parse(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

const series = (name: string, labels: Record<string, string>) =>
  `${name}{${Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(",")}}`;

let shop: TestShop;
let products: ProductJson[];
beforeAll(async () => {
  shop = await createTestShop({ SEED_DEMO: "1", PAYMENTS_TEST_MODE: "1" });
  products = (await request(shop.app).get("/api/products?limit=3").expect(200)).body;
}, 120_000);
afterAll(() => shop?.close());

async function scrape(app = shop.app) {
  const res = await request(app).get("/metrics").expect(200);
  return { res, values: parse(res.text) };
}

describe("GET /metrics", () => {
  it("is Prometheus text: requests by route pattern and status class, never by id, with a consistent histogram", async () => {
    const before = (await scrape()).values;
    const route = { method: "GET", route: "/api/products/:id", status: "2xx" };
    const missing = { method: "GET", route: "/api/products/:id", status: "4xx" };
    const countOf = (values: Map<string, number>, labels: Record<string, string>) => values.get(series("http_requests_total", labels)) ?? 0;

    for (const product of products) await request(shop.app).get(`/api/products/${product._id}`).expect(200);
    // A refusal answered by the error handler, after the router was left, keeps its pattern too.
    await request(shop.app).get("/api/products/no-such-id").expect(404);
    await request(shop.app).get(`/api/products/${products[0]!._id}/reviews`).expect(200);
    await request(shop.app).get("/api/no/such/endpoint/123").expect(404);

    const { res, values } = await scrape();
    expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(countOf(values, route) - countOf(before, route)).toBe(products.length);
    expect(countOf(values, missing) - countOf(before, missing)).toBe(1);
    expect(countOf(values, { method: "GET", route: "/api/products/:id/reviews", status: "2xx" })).toBeGreaterThanOrEqual(1);
    expect(countOf(values, { method: "GET", route: "/api/*", status: "4xx" })).toBeGreaterThanOrEqual(1);
    for (const product of products) expect(res.text).not.toContain(product._id);
    expect(res.text).not.toContain("no-such-id");
    expect(res.text).not.toContain("/api/no/such");

    // Every line is a comment or `name{labels} number` (prom-client leaves a blank line between metrics); each series has HELP and TYPE.
    for (const line of res.text.trimEnd().split("\n").filter((line) => line !== "")) {
      expect(line).toMatch(/^(# (HELP|TYPE) [a-z_][a-z0-9_]* .+|[a-z_][a-z0-9_]*(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})? -?[0-9.e+]+)$/);
    }
    // The histogram: cumulative buckets, +Inf equal to the count, the sum positive (prom-client writes `le` first).
    const labels = `method="GET",route="/api/products/:id",status="2xx"`;
    let previous = 0;
    for (const bound of [...LATENCY_BUCKETS.map(String), "+Inf"]) {
      const bucket = values.get(`http_request_duration_seconds_bucket{le="${bound}",${labels}}`)!;
      expect(bucket).toBeGreaterThanOrEqual(previous);
      previous = bucket;
    }
    expect(previous).toBe(values.get(`http_request_duration_seconds_count{${labels}}`));
    expect(values.get(`http_request_duration_seconds_sum{${labels}}`)).toBeGreaterThan(0);
  });

  it("counts orders placed and paid, payment failures and the email outbox from the database", async () => {
    const before = (await scrape()).values;
    const buyer = await createCustomer(shop.context);
    // Cash on delivery needs a verified email (decisions/044).
    await shop.context.db.update(user).set({ emailVerified: true }).where(eq(user.id, buyer.id));
    const product = products.find((p) => !p.prescriptionRequired && p.countInStock > 2)!;
    // A cash-on-delivery order is placed at once; a prepaid one only once it is paid.
    await request(shop.app).post("/api/cart").set(buyer.headers).send({ productId: product._id, quantity: 1 }).expect((r) => expect(r.status).toBeLessThan(300));
    await request(shop.app).post("/api/checkout").set(buyer.headers).send({ shippingAddress: BENGALURU_ADDRESS, paymentMethod: "cod" }).expect(201);
    await request(shop.app).post("/api/cart").set(buyer.headers).send({ productId: product._id, quantity: 1 }).expect((r) => expect(r.status).toBeLessThan(300));
    const prepaid = await request(shop.app).post("/api/checkout").set(buyer.headers).send({ shippingAddress: BENGALURU_ADDRESS, paymentMethod: "razorpay" }).expect(201);
    const orderId = prepaid.body.order._id as string;
    await request(shop.app).post(`/api/payments/test/${orderId}/fail`).set(buyer.headers).send({}).expect(200);
    const afterFailure = (await scrape()).values;
    expect(afterFailure.get("shop_orders_placed_total")! - before.get("shop_orders_placed_total")!).toBe(1);
    expect(afterFailure.get("shop_orders_paid_total")).toBe(before.get("shop_orders_paid_total"));
    expect(afterFailure.get("shop_payment_failures_total")! - before.get("shop_payment_failures_total")!).toBe(1);

    const fields = (await request(shop.app).post(`/api/payments/test/${orderId}/pay`).set(buyer.headers).send({}).expect(200)).body;
    await request(shop.app).post(`/api/checkout/${orderId}/verify`).set(buyer.headers).send(fields).expect(200);
    const paid = (await scrape()).values;
    expect(paid.get("shop_orders_paid_total")! - before.get("shop_orders_paid_total")!).toBe(1);
    expect(paid.get("shop_orders_placed_total")! - before.get("shop_orders_placed_total")!).toBe(2);

    // The order emails wait in the outbox (no dispatcher runs in tests); the oldest's age is its own.
    expect(paid.get("shop_outbox_emails_queued")).toBeGreaterThanOrEqual(2);
    await shop.context.db
      .update(outboundEmails)
      .set({ createdAt: sql`now() - interval '15 minutes'` })
      .where(eq(outboundEmails.to, buyer.email));
    const aged = (await scrape()).values;
    expect(aged.get("shop_outbox_oldest_unsent_age_seconds")).toBeGreaterThanOrEqual(900);
    expect(aged.get("shop_outbox_oldest_unsent_age_seconds")).toBeLessThan(1000);
    expect(aged.get("shop_db_up")).toBe(1);
  });

  it("reports the database pool and counts background job failures", async () => {
    const failing = every(
      {
        name: "metrics-test-job",
        intervalMs: 60_000,
        runAtStart: true,
        run: async () => {
          throw new Error("the test job fails");
        },
      },
      { error: () => {} },
    );
    await failing();
    const { values } = await scrape();
    expect(values.get(series("shop_job_failures_total", { job: "metrics-test-job" }))).toBe(1);
    expect(values.get(series("shop_job_runs_total", { job: "metrics-test-job" }))).toBe(1);

    const kind = shop.context.database.kind;
    expect(values.get(series("shop_db_pool_max", { kind }))).toBeGreaterThanOrEqual(1);
    expect(values.get(series("shop_db_pool_connections", { kind }))).toBeGreaterThanOrEqual(1);
    if (kind === "postgres") {
      expect(values.get(series("shop_db_pool_idle", { kind }))).toBeGreaterThanOrEqual(0);
      expect(values.get(series("shop_db_pool_waiting", { kind }))).toBe(0);
    } else {
      expect(values.has(series("shop_db_pool_waiting", { kind }))).toBe(false);
    }
    expect(values.get("process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(values.get("shop_processes")).toBe(1);
  });

  it("adds up several processes' figures (what a cluster's primary answers for its workers)", async () => {
    const one = await processMetrics(shop.context);
    const values = parse(await AggregatorRegistry.aggregate([one, structuredClone(one)]).metrics());
    const alone = parse(await AggregatorRegistry.aggregate([one]).metrics());
    const requests = [...alone].filter(([key]) => key.startsWith("http_request"));
    expect(requests.length).toBeGreaterThan(0);
    for (const [key, value] of requests) expect(values.get(key)).toBeCloseTo(value * 2);
    expect(values.get("shop_processes")).toBe(2);
    const kind = shop.context.database.kind;
    expect(values.get(series("shop_db_pool_max", { kind }))).toBe(alone.get(series("shop_db_pool_max", { kind }))! * 2);
    // The earliest start and the worst event loop delay stay as they are.
    expect(values.get("process_start_time_seconds")).toBe(alone.get("process_start_time_seconds"));
    expect(values.get("nodejs_eventloop_delay_p99_seconds")).toBe(alone.get("nodejs_eventloop_delay_p99_seconds"));
    const withoutDatabase = parse(await renderShopFigures(null));
    expect(withoutDatabase.get("shop_db_up")).toBe(0);
    expect(withoutDatabase.has("shop_orders_placed_total")).toBe(false);
  });
});

describe("orders placed", () => {
  it("is one figure on /metrics and the dashboard, whatever the orders' payment and fate", async () => {
    const admin = await createAdmin(shop.context);
    const cod = async (status: "Processing" | "Cancelled") => {
      const order = await insertOrder(shop.context, { isPaid: false, status });
      await shop.context.db.update(orders).set({ paymentMethod: "cod" }).where(eq(orders.id, order.id));
    };
    await cod("Processing");
    // Cancelled before dispatch: placed by the customer, but counted by neither.
    await cod("Cancelled");
    await insertOrder(shop.context, { isPaid: true, status: "Cancelled" });
    await insertOrder(shop.context, { isPaid: false, status: "Pending" });
    const { values } = await scrape();
    const dashboard = (await request(shop.app).get("/api/admin/stats").set(admin.headers).expect(200)).body;
    expect(values.get("shop_orders_placed_total")).toBeGreaterThan(0);
    expect(values.get("shop_orders_placed_total")).toBe(dashboard.totalOrders);
  });
});

describe("who may read /metrics", () => {
  it("with METRICS_TOKEN, only a caller sending it as a bearer token (401 otherwise)", async () => {
    const token = "metrics-token-0123456789";
    const guarded = await createTestShop({ METRICS_TOKEN: token });
    try {
      for (const header of [undefined, "Bearer wrong-token-0123456789", `Basic ${token}`, `Bearer ${token}x`, "Bearer "]) {
        const req = request(guarded.app).get("/metrics");
        const res = await (header ? req.set("Authorization", header) : req).expect(401);
        expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
        expect(res.body.message).toBe("Send the metrics token as Authorization: Bearer <token>.");
        expect(res.text).not.toContain("http_requests_total");
      }
      const res = await request(guarded.app).get("/metrics").set("Authorization", `Bearer ${token}`).expect(200);
      expect(res.text).toContain("# TYPE http_requests_total counter");
    } finally {
      await guarded.close();
    }
  });

  it("in production without a token, 404", async () => {
    const production = await createTestShop({
      NODE_ENV: "production",
      PUBLIC_URL: "https://shop.example.in",
      BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
    });
    try {
      await request(production.app).get("/metrics").expect(404);
    } finally {
      await production.close();
    }
  });

  it("a token shorter than 16 characters is a configuration error", () => {
    expect(() => loadConfig({ NODE_ENV: "test", METRICS_TOKEN: "short" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "test", METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});

describe("when the database is gone", () => {
  it("/metrics still answers (shop_db_up 0) and counts the 5xx answers", async () => {
    const before = (await scrape()).values;
    await shop.context.database.close();
    await request(shop.app).get(`/api/products/${products[0]!._id}/reviews`).expect(500);
    const { values } = await scrape();
    expect(values.get("shop_db_up")).toBe(0);
    expect(values.get("shop_unhandled_errors_total")! - before.get("shop_unhandled_errors_total")!).toBe(1);
    expect(values.get(series("http_requests_total", { method: "GET", route: "/api/products/:id/reviews", status: "5xx" }))).toBeGreaterThanOrEqual(1);
  });
});

describe("several worker processes on one port", () => {
  it("a scrape through the shared port adds up every worker, and keeps an exited worker's counts", async () => {
    const port = 3543;
    const child = spawn(process.execPath, ["--import", "tsx", projectPath("tests/api/metrics-cluster-worker.ts"), String(port)], {
      cwd: projectPath("."),
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines: Record<string, unknown>[] = [];
    createInterface({ input: child.stdout! }).on("line", (line) => {
      try {
        lines.push(JSON.parse(line));
      } catch {}
    });
    const until = async (predicate: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!predicate()) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the cluster did not get there: ${JSON.stringify(lines)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      await until(() => lines.some((line) => line.ready === port));
      const base = `http://127.0.0.1:${port}`;
      const pids = new Set<number>();
      // Fresh connections each time, so the primary hands them to both workers in turn.
      for (let i = 0; i < 20; i++) pids.add(((await (await fetch(`${base}/hit/${i}`, { headers: { Connection: "close" } })).json()) as { pid: number }).pid);
      expect(pids.size).toBe(2);
      const hits = `http_requests_total{method="GET",route="/hit/:n",status="2xx"}`;
      for (let i = 0; i < 4; i++) {
        // Whichever worker answers the scrape, it answers for both.
        const values = parse(await (await fetch(`${base}/metrics`, { headers: { Connection: "close" } })).text());
        expect(values.get(hits)).toBe(20);
        expect(values.get("shop_processes")).toBe(2);
      }
      await fetch(`${base}/exit`, { headers: { Connection: "close" } });
      await until(() => lines.some((line) => line.exited));
      const values = parse(await (await fetch(`${base}/metrics`, { headers: { Connection: "close" } })).text());
      expect(values.get("shop_processes")).toBe(1);
      expect(values.get(hits)).toBe(20);
    } finally {
      child.kill("SIGTERM");
    }
  }, 60_000);
});
