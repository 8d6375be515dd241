import { and, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, type AdminOrderQuery, type AdminOrderStatus } from "#common/schemas/admin.ts";
import type { ShopContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { orders } from "#server/db/schema.ts";
import { isOrderId, ordersJson, type OrderJson } from "#server/modules/orders/orders.ts";
import { changeOrderStatus, type ChangeStatusResult } from "#server/modules/orders/status.ts";
import { likePattern } from "./errors.ts";
import type { Page } from "./users.ts";

/**
 * Orders, newest first, optionally of one status; `search` matches part of the order number or
 * id, or the customer's name or email. Each in the contract's shape with `user { _id, name, email }`.
 */
export async function listAdminOrders(db: Database, query: Partial<AdminOrderQuery> = {}): Promise<Page<OrderJson>> {
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(orders.orderNumber, pattern),
        ilike(orders.id, pattern),
        ilike(orders.customerName, pattern),
        ilike(orders.customerEmail, pattern),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { items: await ordersJson(db, rows), total: counted?.total ?? 0, page, limit };
}

/**
 * Moves an order to a status an admin may choose, through the orders module's one transition
 * table (a cancellation puts the stock back and refunds a paid order).
 */
export function setOrderStatus(shop: ShopContext, orderId: string, status: AdminOrderStatus): Promise<ChangeStatusResult> {
  return changeOrderStatus(shop, orderId, status, { actor: "admin" });
}

/** Statuses whose orders may be erased: nothing is reserved, owed or on its way any more. */
const DELETABLE = ["Cancelled", "Delivered"] as const;

export type DeleteOrderResult = { ok: true } | { ok: false; reason: "not-found" | "in-progress" };

/**
 * Erases an order with its lines, history, payments and invoice. Only a cancelled or delivered
 * one: a pending order still holds reserved stock and a paid one in progress is owed to a
 * customer, so those are cancelled first (which releases the stock and refunds).
 */
export async function deleteOrder(db: Database, orderId: string): Promise<DeleteOrderResult> {
  if (!isOrderId(orderId)) return { ok: false, reason: "not-found" };
  const deleted = await db
    .delete(orders)
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...DELETABLE])))
    .returning({ id: orders.id });
  if (deleted.length > 0) return { ok: true };
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return { ok: false, reason: exists ? "in-progress" : "not-found" };
}
