import { and, asc, eq } from "drizzle-orm";
import type { CartJson, LeftOutLine } from "#common/cart.ts";
import type { ShopContext } from "#server/context.ts";
import { orderLines, orders } from "#server/db/schema.ts";
import { addLinesToCart } from "#server/modules/cart/cart.ts";
import { isOrderId } from "./orders.ts";

export type ReorderResult = { ok: true; cart: CartJson; skipped: LeftOutLine[]; added: number } | { ok: false; reason: "not-found" };

/**
 * "Buy again" (`POST /api/orders/:id/reorder`, the order page and My Orders): the lines of one of
 * the shopper's own orders, whatever became of it, go into their cart at today's prices, capped at
 * the stock and the per-product limit; what was left out is named with why. Someone else's order,
 * or none, is not found (never told apart).
 */
export async function reorder(shop: Pick<ShopContext, "db" | "config">, userId: string, orderId: string): Promise<ReorderResult> {
  if (!isOrderId(orderId)) return { ok: false, reason: "not-found" };
  const lines = await shop.db
    .select({ productId: orderLines.productId, name: orderLines.name, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.orderId, orderId), eq(orders.userId, userId)))
    .orderBy(asc(orderLines.name), asc(orderLines.id));
  if (lines.length === 0) return { ok: false, reason: "not-found" };
  return { ok: true, ...(await addLinesToCart(shop.db, { userId }, lines, shop.config.orderLimits.maxUnitsPerProduct)) };
}
