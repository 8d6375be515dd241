import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { orderLines, products } from "#server/db/schema.ts";
import type { Transaction } from "./side-effects.ts";

/** Thrown inside a transaction to roll it back and hand an expected failure to the caller. */
export class Rollback<T> {
  constructor(readonly result: T) {}
}

export async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof Rollback) return error.result as T;
    throw error;
  }
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
