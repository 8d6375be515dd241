// Low stock (issue 17 item 6, decisions/031): a published product is low when its stock is at or
// below its own threshold, or the shop's default (shop_settings) when it has none. The dashboard's
// list and the daily email to admins read it here.
import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import { products } from "#server/db/schema.ts";
import type { Executor } from "#server/db/tx.ts";
import { defaultLowStockThreshold } from "#server/modules/settings/settings.ts";

/** One product of the list. */
export interface LowStockProduct {
  _id: string;
  name: string;
  sku: string;
  countInStock: number;
  /** The threshold that applies (its own, or the default). */
  threshold: number;
  /** True when the product has its own threshold. */
  ownThreshold: boolean;
}

export interface LowStockList {
  items: LowStockProduct[];
  /** Every low product, beyond the `limit` listed. */
  total: number;
  /** The shop's default threshold. */
  defaultThreshold: number;
}

/** Published products at or below their threshold, fewest units first (then by name). */
export async function listLowStock(db: Executor, limit = 20): Promise<LowStockList> {
  const defaultThreshold = await defaultLowStockThreshold(db);
  const threshold = sql<number>`coalesce(${products.lowStockThreshold}, ${defaultThreshold})`;
  const where = and(eq(products.published, true), lte(products.stock, threshold));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        _id: products.id,
        name: products.name,
        sku: products.sku,
        countInStock: products.stock,
        own: products.lowStockThreshold,
      })
      .from(products)
      .where(where)
      .orderBy(asc(products.stock), asc(products.name), asc(products.id))
      .limit(limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return {
    items: rows.map(({ own, ...row }) => ({ ...row, threshold: own ?? defaultThreshold, ownThreshold: own !== null })),
    total: counted?.total ?? 0,
    defaultThreshold,
  };
}
