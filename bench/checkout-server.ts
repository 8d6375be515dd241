// The shop's API for bench/checkout.mjs, in a process of its own, counting the SQL statements it
// sends. Run by checkout.mjs (node --import tsx bench/checkout-server.ts) with DATABASE_URL or
// DATA_DIR set; it talks to its parent over IPC: it sends { ready, port, buyers, productIds } once
// listening, and answers { statements } to every "count" message, { flash } to { flash: { units,
// buyers } } (a product with that stock and that many buyers) and { stock } to { stockOf: productId }.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { createApp } from "#server/app.ts";
import { createAuth } from "#server/auth.ts";
import { loadConfig } from "#server/config.ts";
import { createShopContext } from "#server/context.ts";
import { openDatabase } from "#server/db/client.ts";
import { products, session, user } from "#server/db/schema.ts";
import { createLogger } from "#server/logger.ts";

/**
 * Every statement sent counts once: on PostgreSQL each pg query (BEGIN and COMMIT included); on
 * PGlite each query, exec and each query of a transaction.
 */
let statements = 0;
/** BENCH_LOG_SQL=1 prints every statement to stderr (where checkout.mjs's output goes). */
const LOG_SQL = process.env.BENCH_LOG_SQL === "1";
function logStatement(query: unknown) {
  const text = typeof query === "string" ? query : (query as { text?: string } | undefined)?.text;
  process.stderr.write(`SQL ${String(text).replace(/\s+/g, " ").slice(0, 160)}\n`);
}
function countCalls(target: object, names: string[]) {
  for (const name of names) {
    const proto = target as Record<string, (...args: unknown[]) => unknown>;
    const original = proto[name]!;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      statements++;
      if (LOG_SQL) logStatement(args[0]);
      return original.apply(this, args);
    };
  }
}
countCalls(pg.Client.prototype, ["query"]);
const pgliteBase = Object.getPrototypeOf(PGlite.prototype) as Record<string, (...args: unknown[]) => unknown>;
countCalls(pgliteBase, ["query", "exec"]);
// A PGlite transaction's queries go through an object of its own; BEGIN and COMMIT count too.
const transaction = pgliteBase.transaction!;
pgliteBase.transaction = function (this: unknown, work: unknown) {
  statements += 2;
  return transaction.call(this, (tx: object) =>
    (work as (tx: object) => unknown)(
      new Proxy(tx, {
        get(target, name) {
          const value = Reflect.get(target, name);
          if (name !== "query" && name !== "exec" && name !== "sql") return value;
          return (...args: unknown[]) => {
            statements++;
            if (LOG_SQL) logStatement(args[0]);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      }),
    ),
  );
};

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const PRODUCTS = 4;

const PORT = Number(process.env.PORT ?? 3641);
const env = {
  ...process.env,
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  NODE_ENV: "production",
  PAYMENTS_TEST_MODE: "1",
  RATE_LIMIT_SCALE: "100000",
  LOG_LEVEL: "warn",
  SEED_DEMO: "0",
  BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? randomBytes(32).toString("hex"),
};
const config = loadConfig(env);
const database = await openDatabase(
  config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
);
await database.migrate();
const logger = createLogger(config);
const context = createShopContext({ config, database, auth: createAuth(config, database.db, logger), logger });

// Enough stock that no run sells out: every buyer checks out over and over.
const productIds: string[] = [];
for (let n = 1; n <= PRODUCTS; n++) {
  const [row] = await database.db
    .insert(products)
    .values({
      name: `Checkout bench product ${n}`,
      description: "A product for the checkout benchmark",
      pricePaise: 20_000 + n * 100,
      mrpPaise: 25_000,
      category: "Sports Nutrition",
      subcategory: "Protein",
      sku: `CHECKOUT-BENCH-${n}`,
      stock: 10_000_000,
      images: [{ url: `/images/checkout-bench-${n}.jpg`, altText: "pack" }],
      packText: "200g",
    })
    .returning({ id: products.id });
  productIds.push(row!.id);
}

const buyers: { token: string }[] = [];
for (let n = 0; n < BUYERS; n++) {
  const email = `buyer-${n}-${randomBytes(3).toString("hex")}@example.com`;
  const password = `password-${randomBytes(6).toString("hex")}`;
  const { user: made } = await context.auth.api.signUpEmail({ body: { name: `Buyer ${n}`, email, password } });
  // Cash on delivery needs a verified email (orders/cash-on-delivery.ts): as if the buyer opened the link.
  await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, made.id));
  const { token } = await context.auth.api.signInEmail({ body: { email, password } });
  buyers.push({ token });
}

const app = createApp(context);
const server = app.listen(PORT, "127.0.0.1", () => {
  process.send?.({ ready: true, port: PORT, buyers, productIds, kind: database.kind });
});
/**
 * The flash sale (checkout.mjs): a product with `units` left and `buyers` signed-in customers,
 * emails verified. Their accounts and sessions are written straight to the database (as a sign-up
 * and sign-in would leave them), so 200 buyers take no 400 password hashes to set up.
 */
async function flashSale(units: number, count: number) {
  const [row] = await database.db
    .insert(products)
    .values({
      name: "Flash sale product",
      description: "The last units of a new launch",
      pricePaise: 49_900,
      mrpPaise: 59_900,
      category: "Sports Nutrition",
      subcategory: "Protein",
      sku: `FLASH-${randomBytes(4).toString("hex")}`,
      stock: units,
      images: [{ url: "/images/flash.jpg", altText: "pack" }],
      packText: "1kg",
    })
    .returning({ id: products.id });
  const flashBuyers: { token: string }[] = [];
  for (let n = 0; n < count; n++) {
    const [made] = await database.db
      .insert(user)
      .values({ id: crypto.randomUUID(), name: `Flash buyer ${n}`, email: `flash-${n}-${randomBytes(3).toString("hex")}@example.com`, emailVerified: true })
      .returning({ id: user.id });
    const token = randomBytes(24).toString("base64url");
    await database.db.insert(session).values({ id: crypto.randomUUID(), token, userId: made!.id, expiresAt: new Date(Date.now() + 86_400_000) });
    flashBuyers.push({ token });
  }
  return { productId: row!.id, buyers: flashBuyers };
}

process.on("message", (message: unknown) => {
  if (message === "count") process.send?.({ statements });
  const ask = message as { flash?: { units: number; buyers: number }; stockOf?: string };
  if (ask.flash) void flashSale(ask.flash.units, ask.flash.buyers).then((flash) => process.send?.({ flash }));
  if (ask.stockOf) {
    void database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, ask.stockOf))
      .then(([found]) => process.send?.({ stock: found?.stock }));
  }
});
process.on("SIGTERM", () => {
  server.close();
  void database.close().finally(() => process.exit(0));
});
process.on("disconnect", () => process.kill(process.pid, "SIGTERM"));
