// The checkout path under load: add to cart → checkout (the offline test gateway) → pay →
// verify, by 1, 10 and 50 concurrent signed-in buyers, on the embedded database and on
// PostgreSQL, each run on a fresh data directory or a fresh database of its own. Prints
// checkouts/s, p50/p99 of a whole checkout, and the SQL statements one checkout sends (counted
// in the server process, bench/checkout-server.ts), step by step, for the test gateway and COD;
// the CPU per checkout of the server, of PostgreSQL (when it runs on this machine) and of the
// buyers (this process); then a flash sale: 200 buyers at once for the last 100 units of one product (sold, refused, p50/p99).
//   node bench/checkout.mjs
// Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres; a database
// bench_checkout_<pid>_<n> is created beside it for each run and dropped afterwards; "none" to skip
// PostgreSQL), LEVELS (1,10,50), DURATION seconds per level (10), WARMUP seconds (2), BENCH_PORT (3641),
// FLASH_UNITS (100), FLASH_BUYERS (200; 0 skips the flash sale) and FLASH_WARMUP (seconds of ordinary
// checkouts by ten other buyers before the sale, as on a shop already serving; WARMUP; 0: a cold start),
// BENCH_CPU_PROF (a directory: each server process writes a V8 CPU profile there; bench/cpu-profile.mjs sums one up).
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { shopMallocEnv } from "./support.mjs";

const root = path.resolve(import.meta.dirname, "..");
const LEVELS = (process.env.LEVELS ?? "1,10,50").split(",").filter(Boolean).map(Number);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3641);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ADDRESS = {
  firstName: "Asha",
  lastName: "Rao",
  address: "12 MG Road",
  city: "Bengaluru",
  postalCode: "560001",
  country: "India",
  phone: "9876543210",
  email: "asha@example.com",
};

/** Starts the shop's API on a fresh database; resolves once its buyers are signed in. */
function startServer(env, buyers) {
  const child = fork(path.join(root, "bench/checkout-server.ts"), [], {
    cwd: root,
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the server, written there when it stops (node --cpu-prof).
    execArgv: ["--import", "tsx", ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...shopMallocEnv(), ...process.env, ...env, BENCH_BUYERS: String(buyers), PORT: String(PORT) },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bench server exited with ${code}`)));
    child.once("message", (ready) => {
      // One question at a time is asked of the server (the bench awaits each answer).
      const ask = (question, key) =>
        new Promise((answer) => {
          const listen = (message) => {
            if (!(key in message)) return;
            child.off("message", listen);
            answer(message[key]);
          };
          child.on("message", listen);
          child.send(question);
        });
      const statements = () => ask("count", "statements");
      const stop = () =>
        new Promise((done) => {
          if (child.exitCode !== null) return done();
          child.removeAllListeners("exit");
          child.once("exit", done);
          child.kill("SIGTERM");
        });
      resolve({ ...ready, pid: child.pid, statements, ask, stop });
    });
  });
}

async function call(base, token, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** One whole checkout by one buyer, step by step; `mark(step)` is called after each step. */
async function checkout(server, buyer, n, paymentMethod = "razorpay", mark = () => {}) {
  const base = `http://127.0.0.1:${server.port}`;
  const ids = server.productIds;
  await call(base, buyer.token, "POST", "/api/cart", { productId: ids[n % ids.length], quantity: 1 });
  await mark("add to cart");
  await call(base, buyer.token, "POST", "/api/cart", { productId: ids[(n + 1) % ids.length], quantity: 2 });
  await mark("add a second product");
  const { order } = await call(base, buyer.token, "POST", "/api/checkout", { shippingAddress: ADDRESS, paymentMethod });
  await mark(`checkout (${paymentMethod === "cod" ? "COD" : "test gateway"})`);
  if (paymentMethod === "cod") return;
  const fields = await call(base, buyer.token, "POST", `/api/payments/test/${order._id}/pay`);
  await mark("test gateway pay");
  const verified = await call(base, buyer.token, "POST", `/api/checkout/${order._id}/verify`, fields);
  if (!verified.order.isPaid) throw new Error("the verified order is not paid");
  await mark("verify");
}

/** Statements per step of one checkout, the median over a few sequential checkouts. */
async function countStatements(server, paymentMethod) {
  const perStep = new Map();
  const totals = [];
  for (let n = 0; n < 5; n++) {
    const start = await server.statements();
    let last = start;
    // A buyer may have only 3 cash-on-delivery orders on the way: each COD checkout is another buyer's.
    const buyer = server.buyers[paymentMethod === "cod" ? n + 1 : 0];
    await checkout(server, buyer, n, paymentMethod, async (step) => {
      const now = await server.statements();
      if (!perStep.has(step)) perStep.set(step, []);
      perStep.get(step).push(now - last);
      last = now;
    });
    totals.push(last - start);
  }
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  return { total: median(totals), steps: [...perStep].map(([step, values]) => [step, median(values)]) };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `concurrency` buyers each check out again and again for `seconds`; returns the latencies. */
async function load(server, concurrency, seconds) {
  const deadline = performance.now() + seconds * 1000;
  const latencies = [];
  let failures = 0;
  let firstError;
  await Promise.all(
    server.buyers.slice(0, concurrency).map(async (buyer, b) => {
      for (let n = b; performance.now() < deadline; n += concurrency) {
        const started = performance.now();
        try {
          await checkout(server, buyer, n);
          latencies.push(performance.now() - started);
        } catch (error) {
          failures++;
          firstError ??= error;
        }
      }
    }),
  );
  return { latencies, failures, firstError };
}

const CLOCK_TICKS_PER_SECOND = 100;
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The CPU of every PostgreSQL process on this machine (its backends serve the bench's database); 0 when none runs here. */
function postgresCpuMs() {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += cpuMs(entry);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** This process's CPU (the buyers' requests and answers). */
function benchCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Why a request was refused: its status and message (thrown by `call`). */
class Refused extends Error {
  constructor(step, status, message) {
    super(`${step}: ${status} ${message}`);
    this.step = step;
    this.status = status;
    this.reply = message;
  }
}

async function attempt(base, token, step, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status === 409) throw new Refused(step, response.status, JSON.parse(text).message);
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * The flash sale: FLASH_BUYERS buyers at once, each the whole path for one unit of a product with
 * FLASH_UNITS left (add to cart → checkout → pay → verify with the test gateway). A buyer has
 * bought when verify says paid; refused when the shop answered 409 with its stock message, at add
 * to cart ("Only N items available") or at checkout ("… is out of stock"); anything else is an error.
 */
async function flashSale(server, units, count) {
  const flash = await server.ask({ flash: { units, buyers: count } }, "flash");
  const base = `http://127.0.0.1:${server.port}`;
  const results = await Promise.all(
    flash.buyers.map(async (buyer) => {
      const started = performance.now();
      try {
        await attempt(base, buyer.token, "add to cart", "POST", "/api/cart", { productId: flash.productId, quantity: 1 });
        const { order } = await attempt(base, buyer.token, "checkout", "POST", "/api/checkout", { shippingAddress: ADDRESS, paymentMethod: "razorpay" });
        const fields = await attempt(base, buyer.token, "pay", "POST", `/api/payments/test/${order._id}/pay`);
        const verified = await attempt(base, buyer.token, "verify", "POST", `/api/checkout/${order._id}/verify`, fields);
        if (!verified.order.isPaid) throw new Error("the verified order is not paid");
        return { outcome: "sold", ms: performance.now() - started };
      } catch (error) {
        const ms = performance.now() - started;
        if (error instanceof Refused) return { outcome: "refused", step: error.step, message: error.reply, ms };
        const cause = error.cause ? ` (${error.cause.code ?? error.cause.message})` : "";
        return { outcome: "error", message: `${error.message}${cause}`, ms };
      }
    }),
  );
  const sorted = results.map((result) => result.ms).toSorted((a, b) => a - b);
  const refusals = new Map();
  for (const result of results.filter((r) => r.outcome === "refused")) {
    const key = `${result.step}: "${result.message.replace(/\d+/, "N")}"`;
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
  }
  const errors = results.filter((r) => r.outcome === "error");
  return {
    sold: results.filter((r) => r.outcome === "sold").length,
    refused: results.filter((r) => r.outcome === "refused").length,
    errors: errors.length,
    firstError: errors[0]?.message,
    refusals: [...refusals].map(([key, n]) => `${n} at ${key}`).join(", "),
    stockLeft: await server.ask({ stockOf: flash.productId }, "stock"),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    slowestRefusal: Math.max(0, ...results.filter((r) => r.outcome === "refused").map((r) => r.ms)),
  };
}

async function withPostgresDatabase(n, work) {
  const name = `bench_checkout_${process.pid}_${n}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${name}`;
    return await work({ DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

async function withDataDir(work) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-bench-checkout-"));
  try {
    return await work({ DATA_DIR: dataDir, DATABASE_URL: "" });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// BENCH_ONLY=PostgreSQL (or PGlite): one database only.
const databases = [
  { name: "PGlite", fresh: (_n, work) => withDataDir(work) },
  ...(SERVER_URL === "none" ? [] : [{ name: "PostgreSQL", fresh: withPostgresDatabase }]),
].filter((database) => !process.env.BENCH_ONLY || database.name === process.env.BENCH_ONLY);
const rows = [];
const counts = [];
let run = 0;
for (const database of databases) {
  for (const concurrency of LEVELS) {
    await database.fresh(run++, async (env) => {
      const server = await startServer(env, Math.max(concurrency, 6));
      try {
        if (concurrency === LEVELS[0]) {
          for (const method of ["razorpay", "cod"]) {
            const { total, steps } = await countStatements(server, method);
            counts.push({ database: database.name, payment: method === "cod" ? "COD" : "test gateway", total, steps });
          }
        }
        await load(server, concurrency, WARMUP);
        const before = { server: cpuMs(server.pid), postgres: postgresCpuMs(), bench: benchCpuMs() };
        const { latencies, failures, firstError } = await load(server, concurrency, DURATION);
        const cpu = cpuMs(server.pid) - before.server;
        const perCheckout = (ms) => +(ms / Math.max(latencies.length, 1)).toFixed(1);
        if (firstError) console.error(`${database.name}, ${concurrency} buyers: ${failures} failed, first: ${firstError.message}`);
        const sorted = latencies.toSorted((a, b) => a - b);
        rows.push({
          database: database.name,
          buyers: concurrency,
          "checkouts/s": +(latencies.length / DURATION).toFixed(1),
          "p50 ms": +percentile(sorted, 50).toFixed(1),
          "p99 ms": +percentile(sorted, 99).toFixed(1),
          "server CPU ms/checkout": perCheckout(cpu),
          // Where the rest of the machine goes: PostgreSQL's processes (on PGlite, the database is inside the server) and the buyers.
          "PostgreSQL CPU ms/checkout": database.name === "PostgreSQL" ? perCheckout(postgresCpuMs() - before.postgres) : "-",
          "buyers' CPU ms/checkout": perCheckout(benchCpuMs() - before.bench),
          failures,
        });
        const row = rows.at(-1);
        console.log(
          `${database.name}, ${concurrency} buyers: ${row["checkouts/s"]} checkouts/s, p50 ${row["p50 ms"]} ms, p99 ${row["p99 ms"]} ms, ${row["server CPU ms/checkout"]} ms CPU/checkout (PostgreSQL ${row["PostgreSQL CPU ms/checkout"]}, buyers ${row["buyers' CPU ms/checkout"]}), ${failures} failed (load average ${loadavg()[0].toFixed(1)})`,
        );
      } finally {
        await server.stop();
      }
    });
  }
}

// The flash sale, on a fresh database of each kind.
const FLASH_UNITS = Number(process.env.FLASH_UNITS ?? 100);
const FLASH_BUYERS = Number(process.env.FLASH_BUYERS ?? 200);
const FLASH_WARMUP = Number(process.env.FLASH_WARMUP ?? WARMUP);
const flashRows = [];
if (FLASH_BUYERS > 0) {
  for (const database of databases) {
    await database.fresh(run++, async (env) => {
      // Ten other buyers check out other products first, as on a shop already serving (FLASH_WARMUP=0: a cold start).
      const server = await startServer(env, FLASH_WARMUP > 0 ? 10 : 0);
      try {
        if (FLASH_WARMUP > 0) await load(server, 10, FLASH_WARMUP);
        const result = await flashSale(server, FLASH_UNITS, FLASH_BUYERS);
        if (result.firstError) console.error(`${database.name}, flash sale: ${result.errors} errors, first: ${result.firstError}`);
        flashRows.push({
          database: database.name,
          buyers: FLASH_BUYERS,
          units: FLASH_UNITS,
          sold: result.sold,
          refused: result.refused,
          errors: result.errors,
          "stock left": result.stockLeft,
          "p50 ms": +result.p50.toFixed(1),
          "p99 ms": +result.p99.toFixed(1),
          "slowest refusal ms": +result.slowestRefusal.toFixed(1),
        });
        console.log(`${database.name}, flash sale: ${JSON.stringify(flashRows.at(-1))}; refusals: ${result.refusals} (load average ${loadavg()[0].toFixed(1)})`);
      } finally {
        await server.stop();
      }
    });
  }
}

console.log("\nSQL statements per checkout (BEGIN and COMMIT included), median of 5 sequential checkouts:");
for (const { database, payment, total, steps } of counts) {
  console.log(`  ${database}, ${payment}: ${total} (${steps.map(([step, n]) => `${step} ${n}`).join(", ")})`);
}
console.log(
  `\nA checkout: two products added to the cart, checkout, then (test gateway) pay and verify; ${DURATION} s per level after ${WARMUP} s warm-up.`,
);
console.table(rows);
if (flashRows.length > 0) {
  console.log(`\nFlash sale: ${FLASH_BUYERS} buyers at once for the last ${FLASH_UNITS} units of one product, one unit each (the whole path), ${FLASH_WARMUP > 0 ? `after ${FLASH_WARMUP} s of other checkouts` : "on a cold start"}; p50/p99 of a buyer's path to bought or refused:`);
  console.table(flashRows);
}
console.log(`Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`);
