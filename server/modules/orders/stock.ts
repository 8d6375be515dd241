import { and, eq, sql } from "drizzle-orm";
import { orderLines, products } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";
import { prepared } from "#server/db/prepared.ts";

export type ReserveStockResult =
  | { ok: true }
  | { ok: false; reason: "out-of-stock"; productName: string; available: number }
  | { ok: false; reason: "unavailable"; productName: string };

const lockProducts = prepared("lock_products", (db) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.id} = any(${sql.placeholder("ids")}::text[])`)
    .orderBy(products.id)
    .for("no key update"),
);

const takeStock = prepared("take_stock", (db) =>
  db
    .update(products)
    .set({ stock: sql`${products.stock} - wanted.quantity`, updatedAt: sql`now()` })
    .from(sql`unnest(${sql.placeholder("ids")}::text[], ${sql.placeholder("quantities")}::int[]) as wanted(id, quantity)`)
    .where(and(eq(products.id, sql`wanted.id`), eq(products.published, true), sql`${products.stock} >= wanted.quantity`))
    .returning({ id: products.id }),
);

/**
 * Takes the units of each line off the shelf (inside the transaction that places the order), all
 * lines in ONE statement. Each line's `stock >= quantity` is checked by the same UPDATE that takes
 * the units, so concurrent buyers (any number of processes) can never oversell. Several products'
 * rows are locked in id order first, by a statement of their own, so two checkouts cannot deadlock
 * on each other (a lock taken inside the UPDATE, as a subquery's FOR NO KEY UPDATE, can: the UPDATE then
 * meets the row's version from before the lock and queues on it behind another waiter). One
 * product's UPDATE needs no order. The locks are FOR NO KEY UPDATE, the UPDATE's own strength:
 * a shopper adding the product to a cart (its foreign key's KEY SHARE) does not wait for them.
 * Checkout calls it last, just before its commit, so the locks are held for this statement and
 * the commit (decisions/068). When a line could not be taken, says which and why (one more read)
 * and the caller rolls the transaction back.
 */
export async function reserveStock(tx: Transaction, lines: { productId: string; quantity: number }[]): Promise<ReserveStockResult> {
  if (lines.length === 0) return { ok: true };
  // One row of `wanted` per product: a second line of the same product would not be taken twice.
  if (new Set(lines.map((line) => line.productId)).size !== lines.length) throw new Error("reserveStock takes one line per product");
  if (lines.length > 1) await lockProducts(tx, { ids: lines.map((line) => line.productId) });
  const taken = await takeStock(tx, { ids: lines.map((line) => line.productId), quantities: lines.map((line) => line.quantity) });
  const takenIds = new Set(taken.map((row) => row.id));
  const missing = lines.find((line) => !takenIds.has(line.productId));
  if (missing) {
    const [current] = await tx
      .select({ name: products.name, stock: products.stock, published: products.published })
      .from(products)
      .where(eq(products.id, missing.productId));
    if (!current || !current.published) return { ok: false, reason: "unavailable", productName: current?.name ?? "A product" };
    return { ok: false, reason: "out-of-stock", productName: current.name, available: current.stock };
  }
  return { ok: true };
}

/** Puts an order's reserved units back on the shelf (inside the transaction that cancels it). */
export async function releaseStock(tx: Transaction, orderId: string): Promise<void> {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.productId);
  for (const line of lines) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}
