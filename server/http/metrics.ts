// GET /metrics in Prometheus' text exposition format (issue 18 item 5, decisions/034), written by
// hand: a few counters and one histogram need no library, and the request path stays a handful
// of operations (a timestamp, one `finish` listener, a map lookup, a bucket loop).
//
// Two kinds of figures:
// - this process's: requests by route pattern, method and status class, their latency, unhandled
//   errors, background job runs and failures, the database pool, memory and CPU. They live in plain
//   objects that several processes' snapshots can be summed from (mergeSnapshots), so a primary
//   can answer for all its workers (docs/operations.md, "Metrics").
// - the shop's: orders placed and paid, payment failures, the email outbox's backlog and the age
//   of its oldest unsent email, read from the database when scraped: the same from every process.
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { Request, RequestHandler, Response } from "express";
import { sql } from "drizzle-orm";
import type { ShopContext } from "#server/context.ts";
import { jobCounters } from "#server/jobs/scheduler.ts";

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

interface Series {
  count: number;
  sum: number;
  /** Non-cumulative counts per bucket (the last one: above every bound). */
  buckets: number[];
}

/** This process's figures as plain data: summable across processes, sendable over IPC as JSON. */
export interface ProcessSnapshot {
  /** `METHOD route status_class` → the series. */
  requests: Record<string, Series>;
  unhandledErrors: number;
  /** Job name → runs and failed runs (server/jobs/scheduler.ts counts them). */
  jobs: Record<string, { runs: number; failures: number }>;
  /** The database pool (PostgreSQL), or the embedded database's one connection. */
  pool: { kind: "postgres" | "pglite"; max: number; total: number; idle: number | null; waiting: number | null };
  residentBytes: number;
  heapUsedBytes: number;
  cpuSeconds: number;
  startTimeSeconds: number;
  eventLoopDelayP99Seconds: number;
  processes: number;
}

const requests = new Map<string, Series>();
let unhandledErrors = 0;
const startTimeSeconds = Math.round(Date.now() / 1000 - process.uptime());
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();

function observe(key: string, seconds: number) {
  let series = requests.get(key);
  if (!series) {
    series = { count: 0, sum: 0, buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0) };
    requests.set(key, series);
  }
  series.count += 1;
  series.sum += seconds;
  let i = 0;
  while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]!) i += 1;
  series.buckets[i]! += 1;
}

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
  observe(`${METHODS.has(method) ? method : "OTHER"} ${route} ${statusClass}`, (performance.now() - startedAt) / 1000);
}

/** Counts and times every response; first in the app, so the time is the whole request's. */
export const requestMetrics: RequestHandler = (_req, res, next) => {
  res.locals.metricsStartedAt = performance.now();
  res.on("finish", recordFinish);
  next();
};

/** An error the error handler answered with a 5xx (server/app.ts). */
export function countUnhandledError(): void {
  unhandledErrors += 1;
}

interface PgPoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** This process's figures now. */
export function processSnapshot(shop: Pick<ShopContext, "database">): ProcessSnapshot {
  const client = (shop.database.db as unknown as { $client?: unknown }).$client as PgPoolLike | undefined;
  const pool: ProcessSnapshot["pool"] =
    shop.database.kind === "postgres" && client && typeof client.totalCount === "number"
      ? { kind: "postgres", max: client.options?.max ?? 10, total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount }
      : // PGlite runs in this process: one connection, queries take turns on it; no pool to wait for.
        { kind: "pglite", max: 1, total: 1, idle: null, waiting: null };
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    requests: Object.fromEntries([...requests].map(([key, series]) => [key, { ...series, buckets: [...series.buckets] }])),
    unhandledErrors,
    jobs: Object.fromEntries([...jobCounters()].map(([name, { runs, failures }]) => [name, { runs, failures }])),
    pool,
    residentBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    startTimeSeconds,
    eventLoopDelayP99Seconds: loopDelay.percentile(99) / 1e9,
    processes: 1,
  };
}

/** Several processes' snapshots as one: counts, sums and sizes add up; the earliest start and the worst loop delay stay. */
export function mergeSnapshots(snapshots: ProcessSnapshot[]): ProcessSnapshot {
  const [first, ...rest] = snapshots;
  if (!first) throw new Error("mergeSnapshots needs at least one snapshot");
  const merged: ProcessSnapshot = structuredClone(first);
  for (const snapshot of rest) {
    for (const [key, series] of Object.entries(snapshot.requests)) {
      const into = (merged.requests[key] ??= { count: 0, sum: 0, buckets: new Array(series.buckets.length).fill(0) });
      into.count += series.count;
      into.sum += series.sum;
      series.buckets.forEach((count, i) => {
        into.buckets[i] = (into.buckets[i] ?? 0) + count;
      });
    }
    merged.unhandledErrors += snapshot.unhandledErrors;
    for (const [job, { runs, failures }] of Object.entries(snapshot.jobs)) {
      const into = (merged.jobs[job] ??= { runs: 0, failures: 0 });
      into.runs += runs;
      into.failures += failures;
    }
    const add = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
    merged.pool = {
      kind: merged.pool.kind,
      max: merged.pool.max + snapshot.pool.max,
      total: merged.pool.total + snapshot.pool.total,
      idle: add(merged.pool.idle, snapshot.pool.idle),
      waiting: add(merged.pool.waiting, snapshot.pool.waiting),
    };
    merged.residentBytes += snapshot.residentBytes;
    merged.heapUsedBytes += snapshot.heapUsedBytes;
    merged.cpuSeconds += snapshot.cpuSeconds;
    merged.startTimeSeconds = Math.min(merged.startTimeSeconds, snapshot.startTimeSeconds);
    merged.eventLoopDelayP99Seconds = Math.max(merged.eventLoopDelayP99Seconds, snapshot.eventLoopDelayP99Seconds);
    merged.processes += snapshot.processes;
  }
  return merged;
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
}

export async function shopFigures(shop: Pick<ShopContext, "db">): Promise<ShopFigures> {
  const result = await shop.db.execute<Record<keyof ShopFigures, number | string | null>>(sql`
    select
      (select count(*) from orders where payment_method = 'cod' or is_paid)::int as "ordersPlaced",
      (select count(*) from orders where is_paid)::int as "ordersPaid",
      (select count(*) from payment_events where type = 'payment.failed')::int as "paymentFailures",
      (select count(*) from outbound_emails where status = 'queued')::int as "outboxQueued",
      (select count(*) from outbound_emails where status = 'queued' and last_error is not null)::int as "outboxRetrying",
      (select count(*) from outbound_emails where status = 'failed')::int as "outboxFailed",
      coalesce((select extract(epoch from (now() - min(created_at))) from outbound_emails where status = 'queued'), 0)::float8 as "outboxOldestAgeSeconds"
  `);
  const row = result.rows[0] ?? {};
  const number = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
  return {
    ordersPlaced: number(row.ordersPlaced),
    ordersPaid: number(row.ordersPaid),
    paymentFailures: number(row.paymentFailures),
    outboxQueued: number(row.outboxQueued),
    outboxRetrying: number(row.outboxRetrying),
    outboxFailed: number(row.outboxFailed),
    outboxOldestAgeSeconds: Math.max(0, number(row.outboxOldestAgeSeconds)),
  };
}

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');

/** The exposition text (format 0.0.4) of a (merged) snapshot and the shop's figures, or null when the database did not answer. */
export function renderMetrics(snapshot: ProcessSnapshot, figures: ShopFigures | null): string {
  const lines: string[] = [];
  const metric = (name: string, type: "counter" | "gauge" | "histogram", help: string) => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  };
  const value = (number: number) => (Number.isFinite(number) ? String(number) : "0");

  metric("http_requests_total", "counter", "HTTP responses by method, route pattern and status class.");
  const entries = Object.entries(snapshot.requests).sort(([a], [b]) => a.localeCompare(b));
  const labelsOf = (key: string) => {
    const [method = "", route = "", status = ""] = key.split(" ");
    return `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status="${escapeLabel(status)}"`;
  };
  for (const [key, series] of entries) lines.push(`http_requests_total{${labelsOf(key)}} ${series.count}`);

  metric("http_request_duration_seconds", "histogram", "Time from the request's arrival to the response's last byte handed to the operating system.");
  for (const [key, series] of entries) {
    const labels = labelsOf(key);
    let cumulative = 0;
    LATENCY_BUCKETS.forEach((bound, i) => {
      cumulative += series.buckets[i] ?? 0;
      lines.push(`http_request_duration_seconds_bucket{${labels},le="${bound}"} ${cumulative}`);
    });
    lines.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${series.count}`);
    lines.push(`http_request_duration_seconds_sum{${labels}} ${value(series.sum)}`);
    lines.push(`http_request_duration_seconds_count{${labels}} ${series.count}`);
  }

  metric("shop_unhandled_errors_total", "counter", "Requests answered 5xx by the error handler (each is logged with its request id).");
  lines.push(`shop_unhandled_errors_total ${snapshot.unhandledErrors}`);

  const jobs = Object.entries(snapshot.jobs).sort(([a], [b]) => a.localeCompare(b));
  metric("shop_job_runs_total", "counter", "Background job runs (server/jobs/scheduler.ts), failed or not.");
  for (const [job, { runs }] of jobs) lines.push(`shop_job_runs_total{job="${escapeLabel(job)}"} ${runs}`);
  metric("shop_job_failures_total", "counter", "Background job runs that failed (the job runs again at its next interval).");
  for (const [job, { failures }] of jobs) lines.push(`shop_job_failures_total{job="${escapeLabel(job)}"} ${failures}`);

  metric("shop_db_pool_max", "gauge", "Connections the pool may open (the embedded database: its one in-process connection).");
  lines.push(`shop_db_pool_max{kind="${snapshot.pool.kind}"} ${snapshot.pool.max}`);
  metric("shop_db_pool_connections", "gauge", "Connections open now.");
  lines.push(`shop_db_pool_connections{kind="${snapshot.pool.kind}"} ${snapshot.pool.total}`);
  if (snapshot.pool.idle !== null && snapshot.pool.waiting !== null) {
    metric("shop_db_pool_idle", "gauge", "Open connections not in use.");
    lines.push(`shop_db_pool_idle{kind="${snapshot.pool.kind}"} ${snapshot.pool.idle}`);
    metric("shop_db_pool_waiting", "gauge", "Queries waiting for a connection (the pool is exhausted while this stays above 0).");
    lines.push(`shop_db_pool_waiting{kind="${snapshot.pool.kind}"} ${snapshot.pool.waiting}`);
  }

  metric("shop_db_up", "gauge", "1 when the database answered this scrape's queries.");
  lines.push(`shop_db_up ${figures ? 1 : 0}`);
  if (figures) {
    metric("shop_orders_placed_total", "counter", "Orders placed (paid online, or cash on delivery), counted in the database: the same from every process.");
    lines.push(`shop_orders_placed_total ${figures.ordersPlaced}`);
    metric("shop_orders_paid_total", "counter", "Orders paid (online, or cash collected on delivery), counted in the database.");
    lines.push(`shop_orders_paid_total ${figures.ordersPaid}`);
    metric("shop_payment_failures_total", "counter", "Failed payments the gateway reported (payment.failed events, each once), counted in the database.");
    lines.push(`shop_payment_failures_total ${figures.paymentFailures}`);
    metric("shop_outbox_emails_queued", "gauge", "Emails waiting to be sent (the outbox backlog).");
    lines.push(`shop_outbox_emails_queued ${figures.outboxQueued}`);
    metric("shop_outbox_emails_retrying", "gauge", "Queued emails whose last delivery attempt failed.");
    lines.push(`shop_outbox_emails_retrying ${figures.outboxRetrying}`);
    metric("shop_outbox_emails_failed", "gauge", "Emails given up after their last delivery attempt (each logged as an error).");
    lines.push(`shop_outbox_emails_failed ${figures.outboxFailed}`);
    metric("shop_outbox_oldest_unsent_age_seconds", "gauge", "Age of the oldest email not yet sent (0 when none waits).");
    lines.push(`shop_outbox_oldest_unsent_age_seconds ${value(Math.round(figures.outboxOldestAgeSeconds))}`);
  }

  metric("shop_processes", "gauge", "Processes these figures add up (1, or the workers a primary collected).");
  lines.push(`shop_processes ${snapshot.processes}`);
  metric("process_resident_memory_bytes", "gauge", "Resident memory.");
  lines.push(`process_resident_memory_bytes ${snapshot.residentBytes}`);
  metric("nodejs_heap_used_bytes", "gauge", "V8 heap in use.");
  lines.push(`nodejs_heap_used_bytes ${snapshot.heapUsedBytes}`);
  metric("process_cpu_seconds_total", "counter", "User and system CPU time.");
  lines.push(`process_cpu_seconds_total ${value(snapshot.cpuSeconds)}`);
  metric("process_start_time_seconds", "gauge", "Start time since the Unix epoch (the earliest process's).");
  lines.push(`process_start_time_seconds ${snapshot.startTimeSeconds}`);
  metric("nodejs_eventloop_delay_p99_seconds", "gauge", "99th percentile of the event loop's delay since start (the worst process's).");
  lines.push(`nodejs_eventloop_delay_p99_seconds ${value(snapshot.eventLoopDelayP99Seconds)}`);
  return `${lines.join("\n")}\n`;
}

/**
 * Where /metrics gets the process figures from: this process alone by default. A cluster's worker
 * installs one that asks the primary for every worker's snapshot (docs/operations.md, "Metrics").
 */
let collectSnapshots: (shop: Pick<ShopContext, "database">) => Promise<ProcessSnapshot[]> = async (shop) => [processSnapshot(shop)];

export function setSnapshotCollector(collector: (shop: Pick<ShopContext, "database">) => Promise<ProcessSnapshot[]>): void {
  collectSnapshots = collector;
}

/**
 * In a cluster's worker: /metrics answers for every worker (the primary relays the snapshots,
 * server/http/metrics-relay.mjs), and this worker answers the primary's requests for its own.
 * Without an answer within `timeoutMs` this worker's figures alone are sent (shop_processes says so).
 */
export function joinClusterMetrics(shop: Pick<ShopContext, "database">, timeoutMs = 2000): void {
  const send = process.send?.bind(process);
  if (!send) return;
  const waiting = new Map<string, (snapshots: ProcessSnapshot[]) => void>();
  process.on("message", (message: { type?: string; id?: string; snapshots?: ProcessSnapshot[] } | null) => {
    if (message?.type === "shop:metrics:snapshot?") send({ type: "shop:metrics:snapshot", id: message.id, snapshot: processSnapshot(shop) });
    if (message?.type === "shop:metrics:snapshots" && message.id) waiting.get(message.id)?.(message.snapshots ?? []);
  });
  setSnapshotCollector(
    () =>
      new Promise((resolve) => {
        const id = randomUUID();
        const done = (snapshots: ProcessSnapshot[]) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(snapshots.length > 0 ? snapshots : [processSnapshot(shop)]);
        };
        const timer = setTimeout(() => done([]), timeoutMs);
        waiting.set(id, done);
        send({ type: "shop:metrics:collect", id });
      }),
  );
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
    const [snapshots, figures] = await Promise.all([
      collectSnapshots(shop),
      shopFigures(shop).catch((error: unknown) => {
        req.log?.warn({ err: error }, "metrics: the database did not answer");
        return null;
      }),
    ]);
    res.type("text/plain; version=0.0.4; charset=utf-8").send(renderMetrics(mergeSnapshots(snapshots), figures));
  };
}
