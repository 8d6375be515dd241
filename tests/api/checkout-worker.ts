// A separate shop process for the race and crash tests (run with `node --import tsx`): it opens
// the same database as the test, optionally prepares buyers, waits for "go" on stdin, then checks
// out and prints one JSON line per acknowledged order the moment it is acknowledged.
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { createAuth } from "#server/auth.ts";
import { loadConfig } from "#server/config.ts";
import { createShopContext, type ShopContext } from "#server/context.ts";
import { openDatabase } from "#server/db/client.ts";
import { cartLines, carts, products, user } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";
import { startCheckout } from "#server/modules/orders/checkout.ts";
import { BENGALURU_ADDRESS } from "../support/orders.ts";

interface WorkerInput {
  /** PostgreSQL URL, or absent for a PGlite data directory under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  buyers?: { id: string; name: string; email: string }[];
  /** Crash test: create this many buyers, each with `quantity` of one new product in the cart. */
  setup?: { buyers: number; stock: number; quantity: number };
  concurrency: number;
}


const input = JSON.parse(process.argv[2]!) as WorkerInput;
const config = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: input.dataDir,
  SEED_DEMO: "0",
  LOG_LEVEL: "silent",
  BETTER_AUTH_SECRET: "worker-secret-0123456789abcdef0123456789",
  ...(input.databaseUrl ? { DATABASE_URL: input.databaseUrl } : {}),
});
const database = await openDatabase(
  input.databaseUrl ? { kind: "postgres", url: input.databaseUrl } : { kind: "pglite", dataDir: input.dataDir },
);
await database.migrate();
const shop: ShopContext = createShopContext({ config, database, auth: createAuth(config, database.db), logger: createLogger(config) });
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

let buyers = input.buyers ?? [];
if (input.setup) {
  const [product] = await shop.db
    .insert(products)
    .values({
      name: "Crash test product",
      description: "A product for the crash test",
      pricePaise: 12345,
      mrpPaise: 12345,
      category: "Sports Nutrition",
      sku: `CRASH-${randomUUID()}`,
      stock: input.setup.stock,
    })
    .returning();
  buyers = [];
  for (let i = 0; i < input.setup.buyers; i++) {
    const id = randomUUID();
    const buyer = { id, name: `Buyer ${i}`, email: `crash-${id}@example.com` };
    await shop.db.insert(user).values(buyer);
    const [cart] = await shop.db.insert(carts).values({ userId: id }).returning();
    await shop.db.insert(cartLines).values({ cartId: cart!.id, productId: product!.id, quantity: input.setup.quantity });
    buyers.push(buyer);
  }
  print({ productId: product!.id });
}

print({ ready: true });
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line.trim() === "go") break;

let next = 0;
async function lane() {
  while (next < buyers.length) {
    const buyer = buyers[next++]!;
    const result = await startCheckout(shop, buyer, { shippingAddress: BENGALURU_ADDRESS });
    print(result.ok ? { buyer: buyer.id, ok: true, orderId: result.order._id } : { buyer: buyer.id, ok: false, reason: result.reason });
  }
}
await Promise.all(Array.from({ length: input.concurrency }, lane));
print({ done: true });
await database.close();
process.exit(0);
