// Process entry: the REST API and the server-rendered shop on one port. Production runs the
// bundle in build/; development runs the sources through Vite. With WEB_CONCURRENCY > 1 on
// PostgreSQL this process becomes the cluster's primary (server/cluster.mjs) and runs this file
// again in each worker process (decisions/036).
import "./server/memory.mjs";
import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Everything this process (and each worker it forks) writes is its owner's alone, whatever umask
// it was started with: the database files, uploads, the email outbox (server/data-dir.ts).
process.umask(0o077);

const development = process.argv.includes("--dev");
// BUILD_DIR lets several builds live side by side (parallel test runs); the default is build/.
const buildDir = path.resolve(import.meta.dirname, process.env.BUILD_DIR || "build");
// Several workers only where they can share the database. Whether the number is valid is the
// configuration's call (server/config.ts), made by the first worker; on PGlite a WEB_CONCURRENCY
// above 1 is refused there with a sentence for the operator.
const clustered =
  !development && cluster.isPrimary && Boolean(process.env.DATABASE_URL?.trim()) && process.env.WEB_CONCURRENCY?.trim() !== "1";
// NODE_ENV as the operator set it decides how strict the configuration is (secrets required in
// production); the built server always runs React and Express in their production modes.
const operatorEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV || "development" };
if (!development && !clustered) process.env.NODE_ENV = "production";

async function main() {
  const { default: express } = await import("express");
  const { default: compression } = await import("compression");
  let shop;
  let vite;
  if (development) {
    const { createServer: createViteServer } = await import("vite");
    vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
    const { createShop } = await vite.ssrLoadModule("./server/index.ts");
    shop = await createShop({
      env: operatorEnv,
      viteDev: true,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
      beforeWeb: [vite.middlewares],
    });
  } else {
    const { createShop } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
    const assets = express.Router();
    // Hashed assets never change; everything else in build/client may.
    assets.use(compression());
    assets.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y", index: false }));
    // The other files of build/client (favicon...) are listed once, so a page or API request
    // costs no file-system lookup. build/client/images is a copy of public/images; /images/* is
    // answered by the app's image route (resizing, format negotiation, immutable caching).
    const clientDir = path.join(buildDir, "client");
    const clientFiles = express.static(clientDir, { maxAge: "1h", index: false });
    const clientPaths = new Set(
      readdirSync(clientDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => "/" + path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
        .filter((file) => !/^\/(images|assets)\//.test(file)),
    );
    assets.use((req, res, next) => (clientPaths.has(req.path) ? clientFiles(req, res, next) : next()));
    shop = await createShop({ env: operatorEnv, staticFiles: assets });
  }

  const { config, logger } = shop.context;

  // The first render loads the route modules and warms the JIT: it is paid for on a private
  // port before the shop takes its first shopper (or, in a cluster, before this worker joins).
  if (!development) await warmUp(shop.app);

  // The shop's app is the server's only handler: kept catalogue answers go out before Express
  // sets up anything (decisions/040), the built client's files come next, then the app.
  const server = createServer(shop.app);
  server.keepAliveTimeout = 65_000;
  const inFlight = new Set();
  let stopping = false;
  server.on("request", (_req, res) => {
    // Answers given while stopping close their connection (Connection: close): a keep-alive
    // client reconnects to a process that stays.
    if (stopping) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.on("close", () => inFlight.delete(res));
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info(
      { port, database: shop.context.database.kind, pid: process.pid, ...(cluster.isWorker ? { worker: cluster.worker.id } : {}) },
      `Shop ready at ${config.publicUrl.replace(/:\d+$/, "")}:${port}`,
    );
    if (cluster.isWorker) {
      process.send?.({ type: "shop:ready", webConcurrency: config.webConcurrency, shutdownTimeoutMs: config.shutdownTimeoutMs });
    }
  });

  // Graceful stop: no new connections; requests in flight finish (their answers close the
  // connection); idle keep-alive connections are closed; the background jobs stop (a run in
  // progress completes); then the database closes and the process exits 0. After
  // SHUTDOWN_TIMEOUT_MS whatever is left is cut off and the exit code is 1.
  const stop = async (reason) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason, inFlight: inFlight.size, pid: process.pid }, "shutting down: finishing the requests in flight");
    const forced = setTimeout(() => {
      logger.error({ inFlight: inFlight.size, timeoutMs: config.shutdownTimeoutMs }, "requests still in flight at the shutdown timeout; cutting them off");
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forced.unref();
    const jobsStopped = shop.stopJobs();
    const closed = new Promise((resolve) => server.close(resolve));
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    server.closeIdleConnections();
    // An answer already under way when the stop came leaves its connection idle when it ends.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    await closed;
    clearInterval(sweep);
    await jobsStopped;
    await vite?.close();
    await shop.close();
    logger.info({ pid: process.pid }, "stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // A worker whose primary is gone (killed) stops too, rather than serving on unsupervised.
  if (cluster.isWorker) process.on("disconnect", () => void stop("primary gone"));
}

/** One request to `/` through a private listener on a random loopback port (not shared with the cluster). */
async function warmUp(handler) {
  const warm = createServer(handler);
  await new Promise((resolve) => warm.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${warm.address().port}/`);
    await res.arrayBuffer();
  } catch {
    // A failed warm-up costs only the first shopper's speed.
  } finally {
    warm.closeAllConnections();
    await new Promise((resolve) => warm.close(resolve));
  }
}

if (clustered) {
  const { runPrimary } = await import("./server/cluster.mjs");
  runPrimary();
} else {
  main().catch((error) => {
    // Configuration and lock errors are meant for the operator: print the message, not a stack.
    const known = ["ConfigError", "DataDirectoryLockedError", "DataDirPermissionError"].includes(error?.name);
    console.error(known ? `\n${error.message}\n` : error);
    process.exit(1);
  });
}
