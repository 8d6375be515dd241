import type { Database } from "../../db/client.ts";
import type { OrderStatus } from "../../db/schema.ts";

/** The transaction handle Drizzle passes to `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * What follows an order's lifecycle events: the tax invoice and the customer's emails.
 * The orders module calls these INSIDE its own transaction, so the invoice and the queued
 * emails commit or roll back together with the order change (transactional outbox).
 */

/** The order has just been marked paid: issue its tax invoice (once) and queue the confirmation email. */
export async function afterOrderPaid(tx: Transaction, orderId: string): Promise<void> {
  void tx;
  void orderId;
}

/** The order moved from one status to another (e.g. Processing → Shipped): queue the status email. */
export async function afterStatusChange(
  tx: Transaction,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
): Promise<void> {
  void tx;
  void orderId;
  void from;
  void to;
}

/** The order was cancelled (refundedPaise > 0 when a paid order was refunded): queue the cancellation email. */
export async function afterOrderCancelled(
  tx: Transaction,
  orderId: string,
  details: { refundedPaise: number },
): Promise<void> {
  void tx;
  void orderId;
  void details;
}
