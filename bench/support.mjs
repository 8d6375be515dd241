// What the benchmarks share: autocannon in a process of its own, the bare-Node ceiling server,
// resident memory and CPU time of a process from /proc (Linux), and starting, polling and
// stopping the processes under test.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { MALLOC_ENV } from "../server/malloc-env.mjs";

export const root = path.resolve(import.meta.dirname, "..");
const AUTOCANNON = path.join(root, "node_modules/autocannon/autocannon.js");
const CLOCK_TICKS_PER_SECOND = 100;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The 1, 5 and 15 minute load averages, e.g. "1.23 0.98 0.70". */
export const loadAverage = (digits = 2) =>
  os
    .loadavg()
    .map((n) => n.toFixed(digits))
    .join(" ");

/** Exits with a sentence when `buildDir` holds no production build. */
export function requireBuild(buildDir) {
  if (existsSync(path.join(root, buildDir, "server/index.js"))) return;
  console.error(`No production build in ${buildDir}/. Build first:\n  BUILD_DIR=${buildDir} npx react-router build`);
  process.exit(1);
}

/** Polls until `url` answers 2xx; a first start creates the database, which can take a while. */
export async function waitFor(url, child, what, timeoutMs = 180_000) {
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

/** SIGTERM, then resolves with the exit code once the process has exited. */
export function stop(child) {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

/** Refuses to measure someone else's server: nothing may answer on our ports yet. */
export async function ensurePortFree(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(`Port ${port} is already in use; set BENCH_PORT to a free port`);
}

/** Resident memory of a process in MB, from /proc (Linux); undefined once it is gone. */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, ms) the given processes have used so far, from /proc (Linux); gone ones count 0. */
export function cpuMs(pids) {
  let total = 0;
  for (const pid of Array.isArray(pids) ? pids : [pids]) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
      // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    } catch {
      // gone
    }
  }
  return total;
}

/** Samples a process's resident memory every 200 ms while `work` runs; returns the peak. */
export async function withPeakRss(pid, work) {
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

/**
 * Runs autocannon in a process of its own (so it does not share the measured process's event
 * loop); resolves with its JSON result. `url` may be one URL; `options.requests` lists several
 * paths autocannon cycles through (then `url` is the base).
 */
export function autocannon(url, { connections = 50, duration = 10, requests, rotate } = {}) {
  const common = { cwd: root, stdio: ["ignore", "pipe", "pipe"] };
  const child =
    requests || rotate
    ? // autocannon's command line takes one URL; several requests go through its programmatic API.
      spawn(process.execPath, ["--input-type=module", "-e", MULTI_AUTOCANNON], {
        ...common,
        env: {
          ...process.env,
          URL: url,
          CONNECTIONS: String(connections),
          DURATION: String(duration),
          ...(rotate ? { ROTATE: JSON.stringify(rotate) } : { REQUESTS: JSON.stringify(requests) }),
        },
      })
    : spawn(process.execPath, [AUTOCANNON, "-c", String(connections), "-d", String(duration), "-j", url], common);
  return new Promise((resolve, reject) => {
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

// autocannon through its API, cycling through REQUESTS ([{ method, path, headers, body }]).
const MULTI_AUTOCANNON = `
import autocannon from ${JSON.stringify(path.join(root, "node_modules/autocannon/autocannon.js"))};
// ROTATE: paths taken in turn across all connections (each URL comes back only after all the others).
const rotate = process.env.ROTATE ? JSON.parse(process.env.ROTATE) : undefined;
let next = 0;
const result = await autocannon({
  url: process.env.URL,
  connections: Number(process.env.CONNECTIONS),
  duration: Number(process.env.DURATION),
  requests: rotate ? [{ setupRequest: (request) => ({ ...request, path: rotate[next++ % rotate.length] }) }] : JSON.parse(process.env.REQUESTS),
});
process.stdout.write(JSON.stringify(result));
`;

/** Requests, 2xx-failures and errors of an autocannon result, as one number. */
export const failures = (result) => (result.non2xx ?? 0) + (result.errors ?? 0) + (result.timeouts ?? 0);

/** Runs a load against server processes; adds their CPU time per request (robust to a busy machine) and the peak RSS of the first. */
export async function measureLoad(pids, url, options) {
  const list = Array.isArray(pids) ? pids : [pids];
  const before = cpuMs(list);
  const { result, peakRss } = await withPeakRss(list[0], () => autocannon(url, options));
  const requests = result.requests.total || 1;
  return { result, peakRss, cpuPerRequest: (cpuMs(list) - before) / requests };
}

// A bare Node http server answering every request with the same bytes (the ceiling), in WORKERS
// processes (node:cluster) when WORKERS > 1. It prints {"ready": [pids]} once it listens.
const CEILING_SERVER = `
const cluster = require("node:cluster");
const workers = Number(process.env.WORKERS || 1);
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

/**
 * Starts a process and resolves once `isReady(entry)` returns the pids that serve for one of its
 * JSON lines on stdout; `onLine(entry)` sees every JSON line. Returns the child and the pids.
 */
export function startProcess(args, { env, isReady, onLine, what, timeoutMs = 240_000 }) {
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
      onLine?.(entry);
      const served = isReady(entry);
      if (!served) return;
      for (const pid of served) pids.add(pid);
      clearTimeout(timer);
      resolve({ child, pids: [...pids] });
    });
  });
}

/** The ceiling server on `port` in `workers` processes, answering with the bytes of `bodyFile`; its script is written to `dir`. */
export function startCeiling({ bodyFile, contentType, port, workers = 1, dir }) {
  // A file rather than -e: cluster workers run the primary's script again.
  const script = path.join(dir, "ceiling.cjs");
  if (!existsSync(script)) writeFileSync(script, CEILING_SERVER);
  return startProcess([script], {
    env: { ...process.env, BODY_FILE: bodyFile, CONTENT_TYPE: contentType, PORT: String(port), WORKERS: String(workers) },
    isReady: (entry) => entry.ready,
    what: "the ceiling server",
  });
}

/**
 * The environment of a production shop under test on 127.0.0.1:`port` with the demo catalogue:
 * on PGlite in `dataDir`, or on PostgreSQL at `databaseUrl` (`extra` overrides).
 */
export function shopEnv({ buildDir, port, dataDir, databaseUrl, logLevel = "warn", ...extra }) {
  const env = {
    ...shopMallocEnv(),
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
    LOG_LEVEL: logLevel,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/**
 * The malloc settings a deployed shop starts with (`npm start`, the cluster's workers, the unit
 * or image of docs/operations.md; decisions/067); none with BENCH_MALLOC=default, to measure
 * glibc's defaults.
 */
export function shopMallocEnv() {
  return process.env.BENCH_MALLOC === "default" ? {} : MALLOC_ENV;
}

/** Creates a database `name` beside `serverUrl` (postgres://…/postgres); returns its URL and a function that drops it. */
export async function createDatabase(serverUrl, name) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}
