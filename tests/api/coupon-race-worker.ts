// A separate shop process for the coupon race (run with `node --import tsx`): it opens the test's
// PostgreSQL database, waits for "go" on stdin, then checks its buyers out with the coupon code and
// prints one JSON line per result.
import { createInterface } from "node:readline";
import { createAuth } from "#server/auth.ts";
import { loadConfig } from "#server/config.ts";
import { createShopContext, type ShopContext } from "#server/context.ts";
import { openDatabase } from "#server/db/client.ts";
import { createLogger } from "#server/logger.ts";
import { startCheckout } from "#server/modules/orders/checkout.ts";
import { BENGALURU_ADDRESS } from "../support/orders.ts";

const input = JSON.parse(process.argv[2]!) as { databaseUrl: string; dataDir: string; buyers: { id: string; name: string; email: string }[]; couponCode: string };
const config = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: input.dataDir,
  SEED_DEMO: "0",
  LOG_LEVEL: "silent",
  RATE_LIMIT_SCALE: "1000",
  BETTER_AUTH_SECRET: "worker-secret-0123456789abcdef0123456789",
  DATABASE_URL: input.databaseUrl,
});
const database = await openDatabase({ kind: "postgres", url: input.databaseUrl });
const shop: ShopContext = createShopContext({ config, database, auth: createAuth(config, database.db), logger: createLogger(config) });
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

print({ ready: true });
for await (const line of createInterface({ input: process.stdin })) if (line.trim() === "go") break;
const results = await Promise.all(
  input.buyers.map(async (buyer) => {
    const result = await startCheckout(shop, buyer, { shippingAddress: BENGALURU_ADDRESS, couponCode: input.couponCode });
    return result.ok ? { buyer: buyer.id, ok: true } : { buyer: buyer.id, ok: false, reason: result.reason, message: "message" in result ? result.message : undefined };
  }),
);
for (const result of results) print(result);
print({ done: true });
await database.close();
process.exit(0);
