// GET /metrics in Prometheus' text exposition format (issue 18 item 5, decisions/034), through
// prom-client: its registry writes the text, its AggregatorRegistry adds up a cluster's workers.
//
// Two kinds of figures:
// - this process's (`processRegistry`): requests by route pattern, method and status class, their
//   latency, unhandled errors, background job runs and failures, the database pool, memory and CPU.
//   In a cluster the primary adds every worker's up (server/http/metrics-relay.mjs), each metric by
//   its `aggregator` (sum unless said).
// - the shop's: orders placed and paid, payment failures, the email outbox's backlog and the age
//   of its oldest unsent email, read from the database when scraped: the same from every process,
//   so they are never added up.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { Request, RequestHandler, Response } from "express";
import { sql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { ShopContext } from "#server/context.ts";
import { orders, type MessageChannel } from "#server/db/schema.ts";
import { jobCounters } from "#server/jobs/scheduler.ts";
import { ordersPlaced } from "#server/modules/orders/placed.ts";
import { shipmentCounters, webhookCounters } from "#server/modules/shipping/counters.ts";

declare global {
  namespace Express {
    interface Locals {
      /** performance.now() when the request arrived (requestMetrics). */
      metricsStartedAt?: number;
    }
  }
}

/** Seconds; Prometheus' conventional upper bounds, from 5 ms (a cached catalogue answer) to 10 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** This process's figures; a cluster's primary asks each worker for them (joinClusterMetrics). */
export const processRegistry = new Registry();
const registers = [processRegistry];

const requestsTotal = new Counter({
  name: "http_requests_total",
  help: "HTTP responses by method, route pattern and status class.",
  labelNames: ["method", "route", "status"] as const,
  registers,
});
const requestDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from the request's arrival to the response's last byte handed to the operating system.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [...LATENCY_BUCKETS],
  registers,
});
const unhandledErrors = new Counter({
  name: "shop_unhandled_errors_total",
  help: "Requests answered 5xx by the error handler (each is logged with its request id).",
  registers,
});
new Counter({
  name: "shop_job_runs_total",
  help: "Background job runs (server/jobs/scheduler.ts), failed or not.",
  labelNames: ["job"] as const,
  registers,
  collect() {
    this.reset();
    for (const [job, { runs }] of jobCounters()) this.inc({ job }, runs);
  },
});
new Counter({
  name: "shop_job_failures_total",
  help: "Background job runs that failed (the job runs again at its next interval).",
  labelNames: ["job"] as const,
  registers,
  collect() {
    this.reset();
    for (const [job, { failures }] of jobCounters()) this.inc({ job }, failures);
  },
});
new Counter({
  name: "shop_shiprocket_shipments_total",
  help: "Shipments through Shiprocket: created (order Shipped) or failed (Shiprocket refused a step or could not be reached).",
  labelNames: ["outcome"] as const,
  registers,
  collect() {
    this.reset();
    for (const [outcome, count] of shipmentCounters()) this.inc({ outcome }, count);
  },
});
new Counter({
  name: "shop_shiprocket_webhooks_total",
  help: "Shiprocket tracking webhooks received: recorded, ignored (an AWB not shipped by this shop) or refused (token, body, unconfirmed).",
  labelNames: ["outcome"] as const,
  registers,
  collect() {
    this.reset();
    for (const [outcome, count] of webhookCounters()) this.inc({ outcome }, count);
  },
});
const pool = {
  max: new Gauge({ name: "shop_db_pool_max", help: "Connections the pool may open (the embedded database: its one in-process connection).", labelNames: ["kind"] as const, registers }),
  connections: new Gauge({ name: "shop_db_pool_connections", help: "Connections open now.", labelNames: ["kind"] as const, registers }),
  idle: new Gauge({ name: "shop_db_pool_idle", help: "Open connections not in use.", labelNames: ["kind"] as const, registers }),
  waiting: new Gauge({
    name: "shop_db_pool_waiting",
    help: "Queries waiting for a connection (the pool is exhausted while this stays above 0).",
    labelNames: ["kind"] as const,
    registers,
  }),
};
new Gauge({
  name: "shop_processes",
  help: "Processes these figures add up (1, or the workers a primary collected).",
  registers,
  collect() {
    this.set(1);
  },
});
new Gauge({
  name: "process_resident_memory_bytes",
  help: "Resident memory.",
  registers,
  collect() {
    this.set(process.memoryUsage.rss());
  },
});
new Gauge({
  name: "nodejs_heap_used_bytes",
  help: "V8 heap in use.",
  registers,
  collect() {
    this.set(process.memoryUsage().heapUsed);
  },
});
new Counter({
  name: "process_cpu_seconds_total",
  help: "User and system CPU time.",
  registers,
  collect() {
    const cpu = process.cpuUsage();
    this.reset();
    this.inc((cpu.user + cpu.system) / 1e6);
  },
});
const startTimeSeconds = Math.round(Date.now() / 1000 - process.uptime());
new Gauge({
  name: "process_start_time_seconds",
  help: "Start time since the Unix epoch (the earliest process's).",
  aggregator: "min",
  registers,
  collect() {
    this.set(startTimeSeconds);
  },
});
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
new Gauge({
  name: "nodejs_eventloop_delay_p99_seconds",
  help: "99th percentile of the event loop's delay since start (the worst process's).",
  aggregator: "max",
  registers,
  collect() {
    this.set(loopDelay.percentile(99) / 1e9);
  },
});

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const OWN_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** Path segments of a route pattern (`/:id/reviews` → 2). */
function segmentCount(pattern: string): number {
  let count = 0;
  for (let i = 0; i < pattern.length; i += 1) if (pattern.charCodeAt(i) === 47 && i + 1 < pattern.length && pattern.charCodeAt(i + 1) !== 47) count += 1;
  return count;
}

/**
 * The request's route as a pattern, never the raw URL (ids would make a series per product): a
 * route as its router wrote it under its mount (`/api/products/:id`); otherwise a fixed name for
 * the area (`/api/auth/*`, `/api/*` for an unknown API path or a refusal before any route matched,
 * `/images/*`, `page` for every server-rendered page and its `.data` request). Once an error has
 * left the router, Express no longer says where it was mounted (req.baseUrl is restored): the
 * mount is then the path's leading segments the route did not match (routers are mounted at
 * fixed prefixes). A few string operations: this runs for every request.
 */
export function routeLabel(req: Request): string {
  const route = (req as { route?: { path?: unknown } }).route;
  const url = req.originalUrl;
  if (route && typeof route.path === "string") {
    const pattern = route.path === "/" ? "" : route.path;
    if (req.baseUrl) return req.baseUrl + pattern;
    if (!pattern.includes("*")) {
      const query = url.indexOf("?");
      let end = query === -1 ? url.length : query;
      while (end > 1 && url.charCodeAt(end - 1) === 47) end -= 1;
      for (let drop = segmentCount(pattern); drop > 0 && end > 0; drop -= 1) end = url.lastIndexOf("/", end - 1);
      return url.slice(0, Math.max(end, 0)) + pattern;
    }
  }
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (OWN_PATHS.has(path)) return path;
  if (path.startsWith("/api/auth/")) return "/api/auth/*";
  if (path.startsWith("/api/") || path === "/api") return "/api/*";
  if (path.startsWith("/images/")) return "/images/*";
  return "page";
}

/** One listener for every response (no closure per request): `this` is the response. */
function recordFinish(this: Response) {
  countRequest(this.req.method, routeLabel(this.req), this.statusCode, this.locals.metricsStartedAt ?? 0);
}

/** Counts one answered request under its route pattern, timed from `startedAt` (performance.now()). */
export function countRequest(method: string, route: string, status: number, startedAt: number): void {
  const statusClass = status >= 500 ? "5xx" : status >= 400 ? "4xx" : status >= 300 ? "3xx" : status >= 200 ? "2xx" : "1xx";
  const labels = { method: METHODS.has(method) ? method : "OTHER", route, status: statusClass };
  requestsTotal.inc(labels);
  requestDuration.observe(labels, (performance.now() - startedAt) / 1000);
}

/** Counts and times every response; first in the app, so the time is the whole request's. */
export const requestMetrics: RequestHandler = (_req, res, next) => {
  res.locals.metricsStartedAt = performance.now();
  res.on("finish", recordFinish);
  next();
};

/** An error the error handler answered with a 5xx (server/app.ts). */
export function countUnhandledError(): void {
  unhandledErrors.inc();
}

interface PgPoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** The pool's gauges as they are now (PostgreSQL), or the embedded database's one connection. */
function readPool(shop: Pick<ShopContext, "database">): void {
  const client = (shop.database.db as unknown as { $client?: unknown }).$client as PgPoolLike | undefined;
  for (const gauge of Object.values(pool)) gauge.reset();
  if (shop.database.kind === "postgres" && client && typeof client.totalCount === "number") {
    const kind = { kind: "postgres" };
    pool.max.set(kind, client.options?.max ?? 10);
    pool.connections.set(kind, client.totalCount);
    pool.idle.set(kind, client.idleCount);
    pool.waiting.set(kind, client.waitingCount);
  } else {
    // PGlite runs in this process: one connection, queries take turns on it; no pool to wait for.
    pool.max.set({ kind: "pglite" }, 1);
    pool.connections.set({ kind: "pglite" }, 1);
  }
}

/** This process's figures as prom-client's JSON, what a cluster's primary adds up (AggregatorRegistry.aggregate). */
export async function processMetrics(shop: Pick<ShopContext, "database">) {
  readPool(shop);
  return processRegistry.getMetricsAsJSON();
}

/** The shop's figures, from the database (the same whichever process is asked). */
export interface ShopFigures {
  ordersPlaced: number;
  ordersPaid: number;
  paymentFailures: number;
  outboxQueued: number;
  outboxRetrying: number;
  /** Emails given up after their last attempt (status failed). */
  outboxFailed: number;
  /** Seconds since the oldest unsent email was queued; 0 when none waits. */
  outboxOldestAgeSeconds: number;
  /** SMS and WhatsApp messages (decisions/054): sent (delivered and read included), failed, and waiting, per channel. */
  messages: Record<MessageChannel, { sent: number; failed: number; queued: number }>;
}

export async function shopFigures(shop: Pick<ShopContext, "db">): Promise<ShopFigures> {
  const result = await shop.db.execute<Record<keyof ShopFigures, number | string | null>>(sql`
    select
      (select ${ordersPlaced()} from ${orders})::int as "ordersPlaced",
      (select count(*) from orders where is_paid)::int as "ordersPaid",
      (select count(*) from payment_events where type = 'payment.failed')::int as "paymentFailures",
      (select count(*) from outbound_emails where status = 'queued')::int as "outboxQueued",
      (select count(*) from outbound_emails where status = 'queued' and last_error is not null)::int as "outboxRetrying",
      (select count(*) from outbound_emails where status = 'failed')::int as "outboxFailed",
      coalesce((select extract(epoch from (now() - min(created_at))) from outbound_emails where status = 'queued'), 0)::float8 as "outboxOldestAgeSeconds"
  `);
  const row = result.rows[0] ?? {};
  const number = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
  const byChannel = await shop.db.execute<{ channel: MessageChannel; sent: number | string; failed: number | string; queued: number | string }>(sql`
    select channel,
      count(*) filter (where status in ('sent', 'delivered', 'read'))::int as sent,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where status = 'queued')::int as queued
    from outbound_messages group by channel
  `);
  const messages: ShopFigures["messages"] = { sms: { sent: 0, failed: 0, queued: 0 }, whatsapp: { sent: 0, failed: 0, queued: 0 } };
  for (const counts of byChannel.rows) {
    if (counts.channel in messages) messages[counts.channel] = { sent: number(counts.sent), failed: number(counts.failed), queued: number(counts.queued) };
  }
  return {
    messages,
    ordersPlaced: number(row.ordersPlaced),
    ordersPaid: number(row.ordersPaid),
    paymentFailures: number(row.paymentFailures),
    outboxQueued: number(row.outboxQueued),
    outboxRetrying: number(row.outboxRetrying),
    outboxFailed: number(row.outboxFailed),
    outboxOldestAgeSeconds: Math.max(0, number(row.outboxOldestAgeSeconds)),
  };
}

/** The shop's figures in exposition text; without them (the database did not answer) only `shop_db_up 0`. */
export async function renderShopFigures(figures: ShopFigures | null): Promise<string> {
  const registry = new Registry();
  const registers = [registry];
  new Gauge({ name: "shop_db_up", help: "1 when the database answered this scrape's queries.", registers }).set(figures ? 1 : 0);
  if (figures) {
    const counter = (name: string, help: string, value: number) => new Counter({ name, help, registers }).inc(value);
    const gauge = (name: string, help: string, value: number) => new Gauge({ name, help, registers }).set(value);
    counter("shop_orders_placed_total", "Orders placed (paid, or cash on delivery open or dispatched: the dashboard's Total Orders), counted in the database: the same from every process.", figures.ordersPlaced);
    counter("shop_orders_paid_total", "Orders paid (online, or cash collected on delivery), counted in the database.", figures.ordersPaid);
    counter("shop_payment_failures_total", "Failed payments the gateway reported (payment.failed events, each once), counted in the database.", figures.paymentFailures);
    gauge("shop_outbox_emails_queued", "Emails waiting to be sent (the outbox backlog).", figures.outboxQueued);
    gauge("shop_outbox_emails_retrying", "Queued emails whose last delivery attempt failed.", figures.outboxRetrying);
    gauge("shop_outbox_emails_failed", "Emails given up after their last delivery attempt (each logged as an error).", figures.outboxFailed);
    gauge("shop_outbox_oldest_unsent_age_seconds", "Age of the oldest email not yet sent (0 when none waits).", Math.round(figures.outboxOldestAgeSeconds));
    const perChannel = (name: string, help: string) => new Counter({ name, help, labelNames: ["channel"] as const, registers });
    const sent = perChannel("shop_messages_sent_total", "SMS and WhatsApp messages the provider took (WhatsApp: sent, delivered or read), counted in the database.");
    const failed = perChannel("shop_messages_failed_total", "SMS and WhatsApp messages that failed (given up after their attempts, or reported failed by WhatsApp), counted in the database.");
    const queued = new Gauge({ name: "shop_messages_queued", help: "SMS and WhatsApp messages waiting to be sent.", labelNames: ["channel"] as const, registers });
    for (const [channel, counts] of Object.entries(figures.messages)) {
      sent.inc({ channel }, counts.sent);
      failed.inc({ channel }, counts.failed);
      queued.set({ channel }, counts.queued);
    }
  }
  return registry.metrics();
}

/**
 * Where /metrics gets the process figures from: this process alone by default. A cluster's worker
 * installs one that asks the primary for every worker's, added up (docs/operations.md, "Metrics").
 */
let collectProcessText: (shop: Pick<ShopContext, "database">) => Promise<string> = async (shop) => {
  readPool(shop);
  return processRegistry.metrics();
};

/**
 * In a cluster's worker: /metrics answers for every worker (the primary adds them up,
 * server/http/metrics-relay.mjs), and this worker answers the primary's requests for its own.
 * Without an answer within `timeoutMs` this worker's figures alone are sent (shop_processes says so).
 */
export function joinClusterMetrics(shop: Pick<ShopContext, "database">, timeoutMs = 2000): void {
  const send = process.send?.bind(process);
  if (!send) return;
  const alone = collectProcessText;
  const waiting = new Map<string, (text: string | undefined) => void>();
  process.on("message", (message: { type?: string; id?: string; text?: string } | null) => {
    if (message?.type === "shop:metrics:process?") {
      void processMetrics(shop).then((metrics) => send({ type: "shop:metrics:process", id: message.id, metrics }));
    }
    if (message?.type === "shop:metrics:added-up" && message.id) waiting.get(message.id)?.(message.text);
  });
  collectProcessText = () =>
    new Promise((resolve) => {
      const id = randomUUID();
      const done = (text: string | undefined) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(text ?? alone(shop));
      };
      const timer = setTimeout(() => done(undefined), timeoutMs);
      waiting.set(id, done);
      send({ type: "shop:metrics:collect", id });
    });
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The bearer token equals the configured one, compared in constant time (hashes of equal length). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * GET /metrics: with METRICS_TOKEN set, only for `Authorization: Bearer $METRICS_TOKEN` (401
 * otherwise); without one, 404 in production and open in development and tests.
 */
export function metricsHandler(shop: ShopContext): RequestHandler {
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const token = shop.config.metricsToken;
    if (!token && shop.config.isProduction) {
      res.status(404).json({ message: "Not found" });
      return;
    }
    if (token && !tokenMatches(req.headers.authorization, token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).json({ message: "Send the metrics token as Authorization: Bearer <token>." });
      return;
    }
    const [processText, figures] = await Promise.all([
      collectProcessText(shop),
      shopFigures(shop).catch((error: unknown) => {
        req.log?.warn({ err: error }, "metrics: the database did not answer");
        return null;
      }),
    ]);
    res.type(processRegistry.contentType).send(`${processText}\n${await renderShopFigures(figures)}`);
  };
}
