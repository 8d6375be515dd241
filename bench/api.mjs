// Catalogue API and SSR product page under load, against a bare Node http server serving the
// same bytes (the ceiling), in one run. Needs a production build:
//   BUILD_DIR=build-bench npx react-router build && BUILD_DIR=build-bench node bench/api.mjs
// Env: CONNECTIONS (50), DURATION seconds (10), WARMUP seconds (3), BENCH_PORT (3595).
// The shop, the ceiling server and autocannon each run in a process of their own.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import {
  autocannon as runAutocannon,
  createDatabase,
  ensurePortFree,
  failures,
  loadAverage,
  measureLoad as measure,
  requireBuild,
  root,
  rssMb,
  shopEnv,
  startCeiling as startCeilingServer,
  stop,
  waitFor,
} from "./support.mjs";

const buildDir = process.env.BUILD_DIR || "build";
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3595);
const CEILING_PORT = PORT + 1;

requireBuild(buildDir);

// `rotate`: paths taken in turn instead of the URL's own (the uncached target).
const autocannon = (url, { duration = DURATION, rotate } = {}) => runAutocannon(url, { connections: CONNECTIONS, duration, rotate });
const measureLoad = (pid, url, { rotate } = {}) => measure(pid, url, { connections: CONNECTIONS, duration: DURATION, rotate });
const startCeiling = (bodyFile, contentType) =>
  startCeilingServer({ bodyFile, contentType, port: CEILING_PORT, dir: dataDir });

await ensurePortFree(PORT);
await ensurePortFree(CEILING_PORT);
const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-api-"));
// The embedded database, unless this run is the PostgreSQL half of a comparison (see the end).
// One process on both (on PostgreSQL server.mjs starts a cluster unless WEB_CONCURRENCY is 1).
const shopEnvironment = shopEnv({
  buildDir,
  port: PORT,
  dataDir,
  databaseUrl: process.env.BENCH_API_DATABASE_URL,
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
});

async function startShop() {
  const started = performance.now();
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: shopEnvironment,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/readyz`, child, "the shop");
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { child, readyMs: performance.now() - started };
}

// The first start creates the database and seeds the demo catalogue; the measured server is a
// restart on that data directory, as a deployed shop runs.
const firstStart = await startShop();
await stop(firstStart.child);
const { child: shop, readyMs } = await startShop();

const rows = [];
try {
  const base = `http://127.0.0.1:${PORT}`;
  const idleRss = rssMb(shop.pid);

  const [product] = await (await fetch(`${base}/api/products?search=macnurish&limit=1`)).json();
  if (!product) throw new Error("The demo catalogue has no Macnurish; is SEED_DEMO on?");
  // Uncached: 1,200 different URLs for the same 12 products, taken in turn, more than the kept
  // answers (1,000) and replies (500) hold, so every request is computed (list query and JSON;
  // each filter's match count is kept after its first request).
  const uncached = Array.from({ length: 1_200 }, (_, i) => `/api/products?limit=12&maxPrice=${100_000 + i}`);
  const targets = [
    { name: "GET /api/products?limit=12", path: "/api/products?limit=12" },
    { name: "… the same, uncached", path: uncached[0], rotate: uncached },
    { name: "GET /api/products/:id", path: `/api/products/${product._id}` },
    { name: "GET /api/products/facets", path: "/api/products/facets" },
    { name: "SSR /product/:id", path: `/product/${product._id}` },
  ];

  console.log(
    `Shop ready in ${Math.round(firstStart.readyMs)} ms on a new data directory (creates and seeds it), ` +
      `${Math.round(readyMs)} ms on restart; ${idleRss?.toFixed(0)} MB resident before load. ` +
      `autocannon -c ${CONNECTIONS} -d ${DURATION} per target after a ${WARMUP} s warm-up.\n`,
  );

  for (const target of targets) {
    const url = `${base}${target.path}`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${target.name}: ${response.status}`);
    const contentType = response.headers.get("content-type") ?? "application/octet-stream";
    const bodyFile = path.join(dataDir, "ceiling-body");
    writeFileSync(bodyFile, Buffer.from(await response.arrayBuffer()));

    await autocannon(url, { duration: WARMUP, rotate: target.rotate });
    const { result: measured, peakRss, cpuPerRequest } = await measureLoad(shop.pid, url, { rotate: target.rotate });

    const ceilingServer = await startCeiling(bodyFile, contentType);
    let ceiling;
    try {
      await autocannon(`http://127.0.0.1:${CEILING_PORT}/`, { duration: Math.min(WARMUP, 2) });
      ceiling = await measureLoad(ceilingServer.pids, `http://127.0.0.1:${CEILING_PORT}/`);
    } finally {
      await stop(ceilingServer.child);
    }

    rows.push({
      target: target.name,
      bytes: readFileSync(bodyFile).length,
      "req/s": Math.round(measured.requests.average),
      "p50 ms": measured.latency.p50,
      "p99 ms": measured.latency.p99,
      "ceiling req/s": Math.round(ceiling.result.requests.average),
      "ceiling p99 ms": ceiling.result.latency.p99,
      "% of ceiling": `${((measured.requests.average / ceiling.result.requests.average) * 100).toFixed(1)}%`,
      "CPU ms/req": +cpuPerRequest.toFixed(3),
      "ceiling CPU ms/req": +ceiling.cpuPerRequest.toFixed(3),
      "peak RSS MB": Math.round(peakRss),
      failures: failures(measured),
    });
    console.log(`${target.name}: done`);
  }
  console.log();
  console.table(rows);
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAverage(1)}`);
} finally {
  await stop(shop);
  rmSync(dataDir, { recursive: true, force: true });
}

// BENCH_DATABASE_URL=postgres://…/postgres: the same targets again on PostgreSQL, on a database
// bench_api_<pid> created beside it (dropped afterwards), and both side by side.
if (process.env.BENCH_API_ROWS_FILE) writeFileSync(process.env.BENCH_API_ROWS_FILE, JSON.stringify(rows));
else if (process.env.BENCH_DATABASE_URL) await compareWithPostgres(rows, process.env.BENCH_DATABASE_URL);

async function compareWithPostgres(pgliteRows, serverUrl) {
  const name = `bench_api_${process.pid}`;
  const database = await createDatabase(serverUrl, name);
  const rowsFile = path.join(tmpdir(), `${name}.json`);
  try {
    const url = new URL(database.url);
    console.log(`\nThe same on PostgreSQL (${url.host}/${name}):`);
    const child = spawn(process.execPath, [path.join(root, "bench/api.mjs")], {
      cwd: root,
      env: { ...process.env, BENCH_API_DATABASE_URL: url.toString(), BENCH_API_ROWS_FILE: rowsFile },
      stdio: "inherit",
    });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    if (code !== 0) throw new Error(`the PostgreSQL run exited with ${code}`);
    const postgresRows = JSON.parse(readFileSync(rowsFile, "utf8"));
    console.log("\nPGlite and PostgreSQL side by side (goal: PostgreSQL within 1.5× of PGlite's requests/s):");
    console.table(
      pgliteRows.map((row, i) => {
        const other = postgresRows[i] ?? {};
        return {
          target: row.target,
          "PGlite req/s": row["req/s"],
          "PostgreSQL req/s": other["req/s"],
          "PGlite ÷ PostgreSQL": +(row["req/s"] / other["req/s"]).toFixed(2),
          "PGlite p99 ms": row["p99 ms"],
          "PostgreSQL p99 ms": other["p99 ms"],
          "PGlite peak RSS MB": row["peak RSS MB"],
          "PostgreSQL peak RSS MB": other["peak RSS MB"],
        };
      }),
    );
  } finally {
    rmSync(rowsFile, { force: true });
    await database.drop();
  }
}
