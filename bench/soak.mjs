// Memory over a long mixed load (issue 20, decisions/039): the built shop under autocannon for
// SOAK_MINUTES, its resident memory and V8 heap in use sampled every SAMPLE_SECONDS, printed as
// a table with the load average, and the growth between the first and the last minutes.
//   BUILD_DIR=build-bench npx react-router build && BUILD_DIR=build-bench node bench/soak.mjs
// Env: SOAK_MINUTES (10), SAMPLE_SECONDS (10), CONNECTIONS (50), BENCH_PORT (3599),
// BENCH_DATABASE_URL (postgres://…/postgres: runs on PostgreSQL, on a database bench_soak_<pid>
// created beside it and dropped afterwards; without it, PGlite on a temporary data directory).
// The load cycles through the catalogue list (several pages, a search, a category), product
// details, facets, the SSR product and listing pages, and a guest's add to cart (a new guest
// cart each time, as new visitors make them).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import {
  autocannon,
  createDatabase,
  ensurePortFree,
  failures,
  loadAverage,
  requireBuild,
  root,
  rssMb,
  shopEnv,
  sleep,
  stop,
  waitFor,
} from "./support.mjs";

const buildDir = process.env.BUILD_DIR || "build";
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_SECONDS = Number(process.env.SAMPLE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3599);
const METRICS_TOKEN = randomBytes(24).toString("hex");

requireBuild(buildDir);
await ensurePortFree(PORT);

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-soak-"));
const database = process.env.BENCH_DATABASE_URL
  ? await createDatabase(process.env.BENCH_DATABASE_URL, `bench_soak_${process.pid}`)
  : undefined;
const env = shopEnv({
  buildDir,
  port: PORT,
  dataDir,
  databaseUrl: database?.url,
  WEB_CONCURRENCY: "1",
  METRICS_TOKEN,
  // One client (autocannon) makes every guest cart: the per-client limits would refuse most.
  RATE_LIMIT_SCALE: "1000000",
});
const base = `http://127.0.0.1:${PORT}`;

async function startShop() {
  const child = spawn(process.execPath, ["server.mjs"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  try {
    await waitFor(`${base}/readyz`, child, "the shop");
  } catch (error) {
    await stop(child);
    throw error;
  }
  return child;
}

/** The V8 heap in use, in MB, from the shop's own /metrics (decisions/034). */
async function heapUsedMb() {
  try {
    const text = await (
      await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(5000) })
    ).text();
    const match = /^nodejs_heap_used_bytes (\d+)/m.exec(text);
    return match ? Number(match[1]) / 1048576 : undefined;
  } catch {
    return undefined;
  }
}

/** The requests each connection cycles through. */
async function mixedRequests() {
  const products = await (await fetch(`${base}/api/products?limit=12`)).json();
  if (products.length < 4) throw new Error("The demo catalogue has fewer than 4 products; is SEED_DEMO on?");
  const ids = products.map((product) => product._id);
  const category = products.find((product) => product.category)?.category;
  const get = (p) => ({ method: "GET", path: p });
  const addToCart = (productId) => ({
    method: "POST",
    path: "/api/cart",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ productId, quantity: 1 }),
  });
  return [
    get("/api/products?limit=12"),
    get(`/api/products/${ids[0]}`),
    get("/api/products/facets"),
    get(`/product/${ids[1]}`),
    get("/api/products?limit=12&page=2"),
    get(`/api/products/${ids[2]}`),
    get("/collections/all"),
    get("/api/products?search=tablet&limit=12"),
    addToCart(ids[3]),
    get(`/product/${ids[4 % ids.length]}`),
    get(category ? `/api/products?category=${encodeURIComponent(category)}&limit=12` : "/api/products?limit=24"),
    get(`/api/products/${ids[5 % ids.length]}`),
  ];
}

/** The non-2xx status codes of an autocannon result, e.g. " (429: 12)". */
function statuses(result) {
  const codes = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith("2"));
  return codes.length ? ` (${codes.map(([code, { count }]) => `${code}: ${count}`).join(", ")})` : "";
}

const fmt = (n, digits = 0) => (n === undefined ? "–" : +n.toFixed(digits));

let shop;
try {
  // The first start creates the database and seeds the demo catalogue; the measured shop is a
  // restart on it, as a deployed shop runs.
  await stop(await startShop());
  shop = await startShop();
  const requests = await mixedRequests();
  for (const request of requests) {
    const response = await fetch(`${base}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    if (!response.ok) throw new Error(`${request.method} ${request.path}: ${response.status} ${await response.text()}`);
  }
  const samples = [];
  const sample = async (elapsedS) => {
    samples.push({
      "t s": elapsedS,
      "RSS MB": fmt(rssMb(shop.pid)),
      "heap used MB": fmt(await heapUsedMb()),
      "load avg 1 min": +os.loadavg()[0].toFixed(2),
    });
    const last = samples.at(-1);
    console.log(`${String(elapsedS).padStart(5)} s  RSS ${last["RSS MB"]} MB  heap used ${last["heap used MB"]} MB  load ${last["load avg 1 min"]}`);
  };
  console.log(
    `Soak on ${database ? "PostgreSQL" : "PGlite"}: ${MINUTES} min, ${CONNECTIONS} connections cycling through ${requests.length} requests; ` +
      `a sample every ${SAMPLE_SECONDS} s. Load average before: ${loadAverage()}.`,
  );
  await sample(0);
  const started = Date.now();
  const load = autocannon(base, { connections: CONNECTIONS, duration: MINUTES * 60, requests });
  let done = false;
  load.finally(() => (done = true)).catch(() => {});
  while (!done) {
    const next = started + (samples.length * SAMPLE_SECONDS * 1000);
    await Promise.race([sleep(Math.max(0, next - Date.now())), load.catch(() => {})]);
    if (!done) await sample(Math.round((Date.now() - started) / 1000));
  }
  const result = await load;
  await sleep(SAMPLE_SECONDS * 1000);
  await sample(Math.round((Date.now() - started) / 1000));

  console.log();
  console.table(samples);
  const rssOf = (from, to) => samples.filter((s) => s["t s"] >= from && s["t s"] < to && typeof s["RSS MB"] === "number");
  const median = (rows, key) => {
    const values = rows.map((row) => row[key]).filter((value) => typeof value === "number").sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)] : undefined;
  };
  const end = MINUTES * 60;
  const first = rssOf(60, 120);
  const last = rssOf(end - 60, end + 1);
  const peak = Math.max(...samples.map((s) => (typeof s["RSS MB"] === "number" ? s["RSS MB"] : 0)));
  console.log(
    `${Math.round(result.requests.total / 1000)}k requests (${Math.round(result.requests.average)}/s), ${failures(result)} failures${statuses(result)}, ` +
      `p99 ${result.latency.p99} ms. RSS: peak ${peak} MB; median of minute 2 ${median(first, "RSS MB")} MB, ` +
      `of the last minute ${median(last, "RSS MB")} MB; heap used ${median(first, "heap used MB")} → ${median(last, "heap used MB")} MB. ` +
      `Load average after: ${loadAverage()}. Node ${process.version}, ${os.cpus().length} CPUs.`,
  );
} finally {
  if (shop) await stop(shop);
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
}
