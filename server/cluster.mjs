// The primary process of a shop with several workers (WEB_CONCURRENCY > 1 on PostgreSQL,
// decisions/036). It serves nothing itself and loads neither the build nor the database: it
// forks `server.mjs` workers through Node's cluster module, which share the port (the primary
// accepts connections and hands them round-robin to the workers), starts a worker again when one
// dies, and passes SIGTERM/SIGINT on for a graceful stop.
//
// Start-up: one worker first. It validates the configuration, migrates (under the migrator's
// advisory lock), seeds, listens, and reports the configured number of workers; only then are
// the others forked, so migrations and the seed run once, before any worker serves. If that
// first worker fails (a configuration error, the database unreachable), the primary exits with
// its code instead of retrying: the operator's supervisor decides.
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import pino from "pino";
import pretty from "pino-pretty";
import { relayMetrics } from "./http/metrics-relay.mjs";
import { missingMallocEnv } from "./malloc-env.mjs";

/** A worker that lived shorter than this counts as a failed start: the next restart waits longer. */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** The primary's own grace beyond the workers' SHUTDOWN_TIMEOUT_MS before it kills them. */
const PRIMARY_GRACE_MS = 3_000;

/** The workers' logger's choices (server/logger.ts), read here without the bundle: level, and JSON or readable lines. */
function primaryLogger() {
  const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
  const level = levels.includes(process.env.LOG_LEVEL ?? "") ? process.env.LOG_LEVEL : "info";
  const options = { level, base: { service: "shop", role: "primary", pid: process.pid } };
  const format = process.env.LOG_FORMAT ?? (process.stdout.isTTY ? "pretty" : "json");
  return format === "pretty" ? pino(options, pretty({ ignore: "service,hostname", translateTime: "SYS:HH:MM:ss.l" })) : pino(options);
}

export function runPrimary() {
  const logger = primaryLogger();
  cluster.setupPrimary({ exec: fileURLToPath(new URL("../server.mjs", import.meta.url)), args: process.argv.slice(2) });
  // GET /metrics on any worker answers for all of them (server/http/metrics-relay.mjs, decisions/034).
  relayMetrics(cluster);

  /** How many workers to keep: 1 until the first worker reports the configured number. */
  let wanted = 1;
  let started = false;
  let stopping = false;
  let shutdownTimeoutMs = 8_000;
  let quickDeaths = 0;
  const startedAt = new Map();
  const exitCodes = [];
  const restarts = new Set();

  function fork() {
    // Each worker starts with the malloc settings (decisions/067); the primary itself holds little.
    const worker = cluster.fork(missingMallocEnv(process.env));
    startedAt.set(worker.id, Date.now());
    worker.on("message", (message) => {
      if (message?.type !== "shop:ready") return;
      if (started) return;
      started = true;
      wanted = message.webConcurrency;
      shutdownTimeoutMs = message.shutdownTimeoutMs;
      logger.info({ workers: wanted }, `first worker ready; starting ${wanted - 1} more`);
      for (let i = 1; i < wanted; i++) fork();
    });
  }

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    startedAt.delete(worker.id);
    if (stopping) {
      exitCodes.push(signal ? 1 : code);
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        const clean = exitCodes.every((c) => c === 0);
        logger.info({ workers: exitCodes.length, clean }, "all workers stopped");
        process.exit(clean ? 0 : 1);
      }
      return;
    }
    if (!started) {
      // The first worker could not start: its own message is already on stderr.
      logger.error({ code, signal }, "the first worker could not start; stopping");
      process.exit(code || 1);
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 250 : Math.min(1000 * 2 ** (quickDeaths - 1), MAX_RESTART_DELAY_MS);
    logger.warn({ workerPid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay }, "a worker exited; starting another");
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping && Object.keys(cluster.workers ?? {}).length < wanted) fork();
    }, delay);
    restarts.add(timer);
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    const workers = Object.values(cluster.workers ?? {});
    logger.info({ signal, workers: workers.length }, "shutting down: asking every worker to finish its requests");
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill("SIGTERM");
    const forced = setTimeout(() => {
      logger.error("workers did not stop in time; killing them");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, shutdownTimeoutMs + PRIMARY_GRACE_MS);
    forced.unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  fork();
}
