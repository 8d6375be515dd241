// Worker processes on PostgreSQL (decisions/036): the catalogue API and the SSR product page
// under autocannon with WEB_CONCURRENCY=1 and =2, beside the bare-Node ceiling (a plain http
// server returning the same bytes) in one process and in two (node:cluster), all in one run.
// Needs a production build and a PostgreSQL server:
//   BUILD_DIR=build-bench npx react-router build && BUILD_DIR=build-bench node bench/cluster.mjs
// Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres; a database
// bench_cluster_<pid> is created beside it and dropped afterwards), CONNECTIONS (50), DURATION
// seconds (10), WARMUP seconds (3), BENCH_PORT (3597). autocannon runs in a process of its own on
// the same machine, so it competes for the same cores: compare the columns with each other, not
// with another machine's figures.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import {
  autocannon as runAutocannon,
  cpuMs,
  createDatabase,
  failures,
  loadAverage,
  requireBuild,
  shopEnv,
  sleep,
  startCeiling as startCeilingServer,
  startProcess,
  stop,
} from "./support.mjs";

const buildDir = process.env.BUILD_DIR || "build";
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3597);
const CEILING_PORT = PORT + 1;
const SERVER_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

requireBuild(buildDir);

let loggedErrors = 0;
const autocannon = (url, duration = DURATION) => runAutocannon(url, { connections: CONNECTIONS, duration });
const startCeiling = (bodyFile, contentType, workers) =>
  startCeilingServer({ bodyFile, contentType, port: CEILING_PORT, workers, dir: dataDir });

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-cluster-"));
const database = await createDatabase(SERVER_URL, `bench_cluster_${process.pid}`);
const databaseUrl = new URL(database.url);

/** The shop with `workers` processes; ready when every worker has logged "Shop ready". */
function startShop(workers) {
  const ready = new Set();
  return startProcess(["server.mjs"], {
    env: shopEnv({ buildDir, port: PORT, dataDir, databaseUrl: database.url, logLevel: "info", WEB_CONCURRENCY: String(workers) }),
    // Renders cut short when autocannon closes its connections at the end are logged as errors; counted, not printed.
    onLine: (entry) => {
      if (entry.level >= 50) loggedErrors += 1;
    },
    isReady: (entry) => {
      if (typeof entry.msg === "string" && entry.msg.startsWith("Shop ready")) ready.add(entry.pid);
      return ready.size === workers ? [...ready] : undefined;
    },
    what: `the shop (WEB_CONCURRENCY=${workers})`,
  });
}

async function measure(url, pids) {
  await autocannon(url, WARMUP);
  const before = cpuMs(pids);
  const result = await autocannon(url);
  const requests = result.requests.total || 1;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: +((cpuMs(pids) - before) / requests).toFixed(3),
    failures: failures(result),
  };
}

const rows = [];
const loadBefore = loadAverage();
try {
  // The first start migrates and seeds the demo catalogue; the measured shops start on that database.
  const seeding = await startShop(1);
  await stop(seeding.child);

  const base = `http://127.0.0.1:${PORT}`;
  const targets = [];
  const results = new Map();
  for (const workers of [1, 2]) {
    const shop = await startShop(workers);
    try {
      if (targets.length === 0) {
        const [product] = await (await fetch(`${base}/api/products?search=macnurish&limit=1`)).json();
        if (!product) throw new Error("The demo catalogue has no Macnurish; is SEED_DEMO on?");
        targets.push({ name: "GET /api/products?limit=12", path: "/api/products?limit=12" });
        targets.push({ name: "SSR /product/:id", path: `/product/${product._id}` });
        for (const target of targets) {
          const response = await fetch(`${base}${target.path}`);
          if (!response.ok) throw new Error(`${target.name}: ${response.status}`);
          target.contentType = response.headers.get("content-type") ?? "application/octet-stream";
          target.bodyFile = path.join(dataDir, `ceiling-${targets.indexOf(target)}`);
          writeFileSync(target.bodyFile, Buffer.from(await response.arrayBuffer()));
        }
      }
      for (const target of targets) {
        results.set(`${target.name} shop ${workers}`, await measure(`${base}${target.path}`, shop.pids));
        console.log(`${target.name}, WEB_CONCURRENCY=${workers}: done (load average ${loadAverage()})`);
      }
    } finally {
      const code = await stop(shop.child);
      if (code !== 0) console.error(`the shop exited with ${code} on SIGTERM`);
    }
  }
  for (const target of targets) {
    for (const workers of [1, 2]) {
      const ceiling = await startCeiling(target.bodyFile, target.contentType, workers);
      try {
        results.set(`${target.name} ceiling ${workers}`, await measure(`http://127.0.0.1:${CEILING_PORT}/`, ceiling.pids));
      } finally {
        await stop(ceiling.child);
      }
    }
    const get = (key) => results.get(`${target.name} ${key}`);
    rows.push({
      target: target.name,
      bytes: readFileSync(target.bodyFile).length,
      "req/s ×1": get("shop 1").rps,
      "req/s ×2": get("shop 2").rps,
      "×2 ÷ ×1": +(get("shop 2").rps / get("shop 1").rps).toFixed(2),
      "p99 ms ×1": get("shop 1").p99,
      "p99 ms ×2": get("shop 2").p99,
      "CPU ms/req ×1": get("shop 1").cpuPerRequest,
      "CPU ms/req ×2": get("shop 2").cpuPerRequest,
      "ceiling req/s ×1": get("ceiling 1").rps,
      "ceiling req/s ×2": get("ceiling 2").rps,
      failures: get("shop 1").failures + get("shop 2").failures,
    });
  }
  console.log();
  console.table(rows);
  console.log(
    `PostgreSQL ${databaseUrl.host}, Node ${process.version}, ${os.cpus().length} CPUs; autocannon -c ${CONNECTIONS} -d ${DURATION} ` +
      `after ${WARMUP} s; load average before ${loadBefore}, after ${loadAverage()} (1, 5, 15 min). ` +
      `${loggedErrors} error lines in the shops' logs (renders cut off when a run's connections close).`,
  );
  if (process.env.BENCH_CLUSTER_ROWS_FILE) writeFileSync(process.env.BENCH_CLUSTER_ROWS_FILE, JSON.stringify(rows));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await sleep(200);
  await database.drop();
}
