// One shop process for the background-jobs test (run with `node --import tsx`): it opens the
// test's PostgreSQL database, waits for "go" on stdin, runs every periodic job of the shop
// (server/jobs/shop-jobs.ts) every few milliseconds, and on "stop" stops them as a shutdown does
// and exits 0. It prints JSON lines: {ready}, the shop's own log lines (pino), {stopped}.
import { createInterface } from "node:readline";
import pino from "pino";
import { createAuth } from "#server/auth.ts";
import { loadConfig } from "#server/config.ts";
import { createShopContext, type ShopContext } from "#server/context.ts";
import { openDatabase } from "#server/db/client.ts";
import { startShopJobs } from "#server/jobs/shop-jobs.ts";
import { jobCounters } from "#server/jobs/scheduler.ts";

interface WorkerInput {
  databaseUrl: string;
  dataDir: string;
  smtpUrl: string;
  intervalMs: number;
}

const input = JSON.parse(process.argv[2]!) as WorkerInput;
const config = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: input.dataDir,
  SEED_DEMO: "0",
  BETTER_AUTH_SECRET: "worker-secret-0123456789abcdef0123456789",
  DATABASE_URL: input.databaseUrl,
  SMTP_URL: input.smtpUrl,
  PUBLIC_URL: "https://shop.example.in",
});
const database = await openDatabase({ kind: "postgres", url: input.databaseUrl, maxConnections: 4 });
const logger = pino({ level: "info", base: { pid: process.pid } });
const shop: ShopContext = createShopContext({ config, database, auth: createAuth(config, database.db), logger });
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const lines = createInterface({ input: process.stdin });
let jobs: ReturnType<typeof startShopJobs> | undefined;
lines.on("line", (line) => {
  if (line === "go") jobs = startShopJobs(shop, { intervalMs: input.intervalMs });
  if (line === "stop") {
    void (async () => {
      await jobs?.stop();
      print({ stopped: true, counters: Object.fromEntries(jobCounters()) });
      await database.close();
      process.exit(0);
    })();
  }
});
print({ ready: true });
