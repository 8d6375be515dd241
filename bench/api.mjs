// Catalogue API and SSR product page under load, against a bare Node http server serving the
// same bytes (the ceiling), in one run. Needs a production build:
//   BUILD_DIR=build-bench npx react-router build && BUILD_DIR=build-bench node bench/api.mjs
// Env: CONNECTIONS (50), DURATION seconds (10), WARMUP seconds (3), BENCH_PORT (3595).
// The shop, the ceiling server and autocannon each run in a process of their own.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = process.env.BUILD_DIR || "build";
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3595);
const CEILING_PORT = PORT + 1;
const AUTOCANNON = path.join(root, "node_modules/autocannon/autocannon.js");

if (!existsSync(path.join(root, buildDir, "server/index.js"))) {
  console.error(`No production build in ${buildDir}/. Build first:\n  BUILD_DIR=${buildDir} npx react-router build`);
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `url` answers 2xx; a first start creates the database, which can take a while. */
async function waitFor(url, child, what, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${what} did not answer ${url}`);
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Runs autocannon in a process of its own; returns its JSON result. */
function autocannon(url, { connections = CONNECTIONS, duration = DURATION } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, "-c", String(connections), "-d", String(duration), "-j", url], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.stderr.on("data", (chunk) => (err += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      try {
        resolve(JSON.parse(out));
      } catch (error) {
        reject(new Error(`autocannon printed no JSON: ${out.slice(0, 200)} ${err.slice(0, 200)}`, { cause: error }));
      }
    });
  });
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time a process has used so far (user + system), in ms, from /proc (Linux). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

/** Runs a load against a server process; adds its CPU time per request (robust to a busy machine). */
async function measureLoad(pid, url) {
  const before = cpuMs(pid);
  const { result, peakRss } = await withPeakRss(pid, () => autocannon(url));
  const requests = result.requests.total || 1;
  return { result, peakRss, cpuPerRequest: (cpuMs(pid) - before) / requests };
}

/** Samples a process's resident memory every 200 ms while `work` runs; returns the peak. */
async function withPeakRss(pid, work) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
  }, 200);
  try {
    const result = await work();
    return { result, peakRss: Math.max(peak, rssMb(pid) ?? 0) };
  } finally {
    clearInterval(timer);
  }
}

// A bare Node http server answering every request with the given bytes (the ceiling).
const CEILING_SERVER = `
const http = require("node:http");
const fs = require("node:fs");
const body = fs.readFileSync(process.env.BODY_FILE);
const type = process.env.CONTENT_TYPE;
http.createServer((req, res) => {
  res.writeHead(200, { "Content-Type": type, "Content-Length": body.length });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
`;

async function startCeiling(bodyFile, contentType) {
  const child = spawn(process.execPath, ["-e", CEILING_SERVER], {
    env: { ...process.env, BODY_FILE: bodyFile, CONTENT_TYPE: contentType, PORT: String(CEILING_PORT) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${CEILING_PORT}/`, child, "the ceiling server");
  return child;
}

/** Refuses to measure someone else's server: nothing may answer on our ports yet. */
async function ensurePortFree(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(`Port ${port} is already in use; set BENCH_PORT to a free port`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-api-"));
const shopEnv = {
  ...process.env,
  NODE_ENV: "production",
  BUILD_DIR: buildDir,
  PORT: String(PORT),
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  DATA_DIR: dataDir,
  SEED_DEMO: "1",
  LOG_LEVEL: "warn",
  BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
};
// The embedded database, unless this run is the PostgreSQL half of a comparison (see the end).
// One process on both (on PostgreSQL server.mjs starts a cluster unless WEB_CONCURRENCY is 1).
if (process.env.BENCH_API_DATABASE_URL) {
  shopEnv.DATABASE_URL = process.env.BENCH_API_DATABASE_URL;
  shopEnv.WEB_CONCURRENCY ??= "1";
} else delete shopEnv.DATABASE_URL;

async function startShop() {
  const started = performance.now();
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: shopEnv,
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

await ensurePortFree(PORT);
await ensurePortFree(CEILING_PORT);
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
  const targets = [
    { name: "GET /api/products?limit=12", path: "/api/products?limit=12" },
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

    await autocannon(url, { duration: WARMUP });
    const { result: measured, peakRss, cpuPerRequest } = await measureLoad(shop.pid, url);

    const ceilingServer = await startCeiling(bodyFile, contentType);
    let ceiling;
    try {
      await autocannon(`http://127.0.0.1:${CEILING_PORT}/`, { duration: Math.min(WARMUP, 2) });
      ceiling = await measureLoad(ceilingServer.pid, `http://127.0.0.1:${CEILING_PORT}/`);
    } finally {
      await stop(ceilingServer);
    }

    const failures = (measured.non2xx ?? 0) + (measured.errors ?? 0) + (measured.timeouts ?? 0);
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
      failures,
    });
    console.log(`${target.name}: done`);
  }
  console.log();
  console.table(rows);
  console.log(
    `Node ${process.version}, ${(await import("node:os")).cpus().length} CPUs, load average ${(await import("node:os"))
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await stop(shop);
  rmSync(dataDir, { recursive: true, force: true });
}

// BENCH_DATABASE_URL=postgres://…/postgres: the same targets again on PostgreSQL, on a database
// bench_api_<pid> created beside it (dropped afterwards), and both side by side.
if (process.env.BENCH_API_ROWS_FILE) writeFileSync(process.env.BENCH_API_ROWS_FILE, JSON.stringify(rows));
else if (process.env.BENCH_DATABASE_URL) await compareWithPostgres(rows, process.env.BENCH_DATABASE_URL);

async function compareWithPostgres(pgliteRows, serverUrl) {
  const { default: pg } = await import("pg");
  const name = `bench_api_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const rowsFile = path.join(tmpdir(), `${name}.json`);
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
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
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}
