import { and, eq, sql } from "drizzle-orm";
import { orderLines, products } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";

type ProductRow = typeof products.$inferSelect;

export type ReserveStockResult =
  | { ok: true; reserved: { product: ProductRow; quantity: number }[] }
  | { ok: false; reason: "out-of-stock"; productName: string; available: number }
  | { ok: false; reason: "unavailable"; productName: string };

/**
 * Takes the units of each line off the shelf (inside the transaction that places the order). Each
 * line's `stock >= quantity` is checked by the same UPDATE that takes the units, so concurrent
 * buyers (any number of processes) can never oversell. The lines must come in product id order:
 * product rows are locked in that order, so two checkouts cannot deadlock on each other. Returns
 * the products as they were taken (prices, names and tax come from that same row); on a refusal
 * the caller rolls the transaction back.
 */
export async function reserveStock(tx: Transaction, lines: { productId: string; quantity: number }[]): Promise<ReserveStockResult> {
  const reserved = [];
  for (const line of lines) {
    const [row] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(and(eq(products.id, line.productId), eq(products.published, true), sql`${products.stock} >= ${line.quantity}`))
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ name: products.name, stock: products.stock, published: products.published })
        .from(products)
        .where(eq(products.id, line.productId));
      if (!current || !current.published) return { ok: false, reason: "unavailable", productName: current?.name ?? "A product" };
      return { ok: false, reason: "out-of-stock", productName: current.name, available: current.stock };
    }
    reserved.push({ product: row, quantity: line.quantity });
  }
  return { ok: true, reserved };
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
