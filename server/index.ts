import cluster from "node:cluster";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { createApp, type AppOptions } from "./app.ts";
import { createAuth } from "./auth.ts";
import { loadConfig, type Config } from "./config.ts";
import { createShopContext, type ShopContext } from "./context.ts";
import { openDatabase, type DatabaseHandle } from "./db/client.ts";
import { seedDatabase } from "./db/seed/index.ts";
import { createLogger } from "./logger.ts";
import { joinClusterMetrics } from "./http/metrics.ts";
import { startShopJobs } from "./jobs/shop-jobs.ts";
import { answerBackupRequests } from "./backup/live-dump.ts";
import { ownerOnlyFiles, secureDataDir } from "./data-dir.ts";

export interface Shop {
  app: ReturnType<typeof createApp>;
  context: ShopContext;
  /** Stops the background jobs and waits for runs in progress (the first step of a graceful shutdown). */
  stopJobs(): Promise<void>;
  /** Stops the jobs and closes the database. */
  close(): Promise<void>;
}

export interface CreateShopOptions {
  config?: Config;
  /** The environment to read the configuration from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** How to load the React Router build: Vite's dev server in development, the bundle in production. */
  build?: () => Promise<ServerBuild>;
  beforeWeb?: AppOptions["beforeWeb"];
  staticFiles?: AppOptions["staticFiles"];
  viteDev?: boolean;
}

/** Opens the database, applies migrations, seeds demo data and builds the Express app. */
export async function createShop(options: CreateShopOptions = {}): Promise<Shop> {
  const config = options.config ?? loadConfig(options.env);
  const logger = createLogger(config);
  // DATA_DIR and all in it owner-only before anything is opened or written (server/data-dir.ts).
  ownerOnlyFiles();
  const secured = secureDataDir(config.dataDir);
  if (secured.fixed > 0) {
    logger.warn(
      { dataDir: config.dataDir, fixed: secured.fixed },
      `DATA_DIR held ${secured.fixed} files or folders other users of this machine could read or write; they are now owner-only`,
    );
  }
  const database: DatabaseHandle = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const auth = createAuth(config, database.db, logger);
    const context: ShopContext = createShopContext({ config, database, auth, logger });
    await seedDatabase(context);
    const jobs = startShopJobs(context);
    // A cluster worker's /metrics adds up every worker's figures through the primary (decisions/034).
    if (cluster.isWorker) joinClusterMetrics(context);
    // `npm run backup` asks a running shop on PGlite for a consistent copy of its database.
    const stopBackupRequests = database.kind === "pglite" ? answerBackupRequests(config.dataDir, database, logger) : () => {};

    const build =
      options.build ?? (() => import("virtual:react-router/server-build") as unknown as Promise<ServerBuild>);
    const webHandler = createRequestHandler({
      build,
      // Only Vite's dev server shows error details in pages; a built shop never does.
      mode: options.viteDev ? "development" : "production",
      async getLoadContext(req, res) {
        return {
          shop: context,
          requestId: String(req.id),
          cspNonce: res.locals.cspNonce,
          user: await req.sessionUser(),
          clientIp: req.ip ?? "",
        };
      },
    });
    const app = createApp(context, {
      webHandler,
      beforeWeb: options.beforeWeb,
      staticFiles: options.staticFiles,
      viteDev: options.viteDev,
    });
    return {
      app,
      context,
      stopJobs: () => jobs.stop(),
      close: async () => {
        await jobs.stop();
        stopBackupRequests();
        return database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
