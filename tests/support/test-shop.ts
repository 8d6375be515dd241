import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "#server/app.ts";
import { createAuth } from "#server/auth.ts";
import { loadConfig, type Config } from "#server/config.ts";
import { createShopContext, type ShopContext } from "#server/context.ts";
import { seedDatabase } from "#server/db/seed/index.ts";
import { createLogger } from "#server/logger.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export interface TestShop {
  /** The real Express app (API, health, auth) without the React Router handler; use with supertest. */
  app: ReturnType<typeof createApp>;
  context: ShopContext;
  config: Config;
  /** Milliseconds spent getting the fresh database. */
  databaseSetupMs: number;
  close(): Promise<void>;
}

export interface TestShopOptions {
  /**
   * Run the start-up seed (demo catalogue when SEED_DEMO is on, first admin). Default: only when
   * `env` asks for it with SEED_DEMO=1 or ADMIN_EMAIL, so most tests start from empty tables.
   */
  seed?: boolean;
}

/**
 * A shop on a fresh migrated database of its own, configured from a test environment.
 * `env` entries override the defaults (NODE_ENV=test, a temporary DATA_DIR, SEED_DEMO=0,
 * RATE_LIMIT_SCALE=1000 so the rate limits stay out of the way of tests about something else).
 */
export async function createTestShop(
  env: Record<string, string | undefined> = {},
  options: TestShopOptions = {},
): Promise<TestShop> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-test-"));
  let database: TestDatabase | undefined;
  const release = async () => {
    try {
      await database?.release();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  try {
    database = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      // Every request of a test file comes from one address; the limits' own tests set 1.
      RATE_LIMIT_SCALE: "1000",
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    });
    const { handle } = database;
    const context: ShopContext = createShopContext({
      config,
      database: handle,
      auth: createAuth(config, handle.db),
      logger: createLogger(config),
    });
    if (options.seed ?? (config.seedDemo || config.admin.email !== undefined)) await seedDatabase(context);
    const app = createApp(context);
    return { app, context, config, databaseSetupMs: database.setupMs, close: release };
  } catch (error) {
    await release();
    throw error;
  }
}
