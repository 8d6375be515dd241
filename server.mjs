// Process entry: one Node process serves the REST API and the server-rendered shop on one port.
// Production runs the bundle in build/; development runs the sources through Vite.
import compression from "compression";
import express from "express";
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const development = process.argv.includes("--dev");
// BUILD_DIR lets several builds live side by side (parallel test runs); the default is build/.
const buildDir = path.resolve(import.meta.dirname, process.env.BUILD_DIR || "build");
// NODE_ENV as the operator set it decides how strict the configuration is (secrets required in
// production); the built server always runs React and Express in their production modes.
const operatorEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV || "development" };
if (!development) process.env.NODE_ENV = "production";

async function main() {
  let shop;
  let vite;
  const assets = express.Router();
  if (development) {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const { createShop } = await vite.ssrLoadModule("./server/index.ts");
    shop = await createShop({
      env: operatorEnv,
      viteDev: true,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
      beforeWeb: [vite.middlewares],
    });
  } else {
    const { createShop } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
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
    shop = await createShop({ env: operatorEnv });
  }

  const { config, logger } = shop.context;
  const root = express();
  root.disable("x-powered-by");
  root.use(assets);
  root.use(shop.app);

  const server = root.listen(config.port, config.host, async () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    // The first render loads the route modules and warms the JIT; pay for it before shoppers do.
    if (!development) await fetch(`http://127.0.0.1:${port}/`).catch(() => {});
    logger.info({ port, database: shop.context.database.kind }, `Shop ready at ${config.publicUrl.replace(/:\d+$/, "")}:${port}`);
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    server.close();
    server.closeAllConnections?.();
    await vite?.close();
    await shop.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  // Configuration and lock errors are meant for the operator: print the message, not a stack.
  const known = ["ConfigError", "DataDirectoryLockedError"].includes(error?.name);
  console.error(known ? `\n${error.message}\n` : error);
  process.exit(1);
});
