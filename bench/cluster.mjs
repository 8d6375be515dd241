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
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = process.env.BUILD_DIR || "build";
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3597);
const CEILING_PORT = PORT + 1;
const SERVER_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const AUTOCANNON = path.join(root, "node_modules/autocannon/autocannon.js");

if (!existsSync(path.join(root, buildDir, "server/index.js"))) {
  console.error(`No production build in ${buildDir}/. Build first:\n  BUILD_DIR=${buildDir} npx react-router build`);
  process.exit(1);
}

let loggedErrors = 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

function autocannon(url, duration = DURATION) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, "-c", String(CONNECTIONS), "-d", String(duration), "-j", url], {
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

/** CPU time (user + system, ms) of a process and its children still alive, from /proc (Linux). */
function cpuMs(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // gone
    }
  }
  return total;
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

// A bare Node http server answering every request with the given bytes, in WORKERS processes.
const CEILING_SERVER = `
const cluster = require("node:cluster");
const workers = Number(process.env.WORKERS);
if (cluster.isPrimary && workers > 1) {
  let ready = 0;
  for (let i = 0; i < workers; i++) cluster.fork().on("message", (m) => {
    if (m === "ready" && ++ready === workers) console.log(JSON.stringify({ ready: Object.values(cluster.workers).map((w) => w.process.pid) }));
  });
  process.on("SIGTERM", () => { for (const w of Object.values(cluster.workers)) w.process.kill("SIGTERM"); process.exit(0); });
} else {
  const http = require("node:http");
  const body = require("node:fs").readFileSync(process.env.BODY_FILE);
  http.createServer((req, res) => {
    res.writeHead(200, { "Content-Type": process.env.CONTENT_TYPE, "Content-Length": body.length });
    res.end(body);
  }).listen(Number(process.env.PORT), "127.0.0.1", () => {
    if (cluster.isWorker) process.send("ready");
    else console.log(JSON.stringify({ ready: [process.pid] }));
  });
}
`;

/** Starts a process and resolves once `isReady(line)` has seen enough of its JSON lines; returns the child and the pids that serve. */
function startProcess(args, env, isReady, what, timeoutMs = 240_000) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  const pids = new Set([child.pid]);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} was not ready within ${timeoutMs / 1000} s`)), timeoutMs);
    child.once("exit", (code) => reject(new Error(`${what} exited with ${code}`)));
    createInterface({ input: child.stdout }).on("line", (line) => {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      // Renders cut short when autocannon closes its connections at the end are logged as errors; counted, not printed.
      if (entry.level >= 50) loggedErrors += 1;
      const served = isReady(entry);
      if (!served) return;
      for (const pid of served) pids.add(pid);
      clearTimeout(timer);
      resolve({ child, pids: [...pids] });
    });
  });
}

async function startCeiling(bodyFile, contentType, workers) {
  // A file rather than -e: cluster workers run the primary's script again.
  const script = path.join(dataDir, "ceiling.cjs");
  if (!existsSync(script)) writeFileSync(script, CEILING_SERVER);
  return startProcess(
    [script],
    { ...process.env, BODY_FILE: bodyFile, CONTENT_TYPE: contentType, PORT: String(CEILING_PORT), WORKERS: String(workers) },
    (entry) => entry.ready,
    "the ceiling server",
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-cluster-"));
const { default: pg } = await import("pg");
const name = `bench_cluster_${process.pid}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = new URL(SERVER_URL);
databaseUrl.pathname = `/${name}`;

function shopEnv(workers) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
    SEED_DEMO: "1",
    LOG_LEVEL: "info",
    WEB_CONCURRENCY: String(workers),
    BETTER_AUTH_SECRET: "bench-secret-" + randomBytes(16).toString("hex"),
  };
  return env;
}

/** The shop with `workers` processes; ready when every worker has logged "Shop ready". */
function startShop(workers) {
  const ready = new Set();
  return startProcess(
    ["server.mjs"],
    shopEnv(workers),
    (entry) => {
      if (typeof entry.msg === "string" && entry.msg.startsWith("Shop ready")) ready.add(entry.pid);
      return ready.size === workers ? [...ready] : undefined;
    },
    `the shop (WEB_CONCURRENCY=${workers})`,
  );
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
    failures: (result.non2xx ?? 0) + (result.errors ?? 0) + (result.timeouts ?? 0),
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
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
}
