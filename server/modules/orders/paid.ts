import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { ShopContext } from "#server/context.ts";
import { cartLines, carts, orderLines, orderStatusHistory, orders, payments } from "#server/db/schema.ts";
import { afterOrderPaid, type Transaction } from "./side-effects.ts";
import { refundOrderPayment } from "./status.ts";
import { inTransaction } from "./tx.ts";

export interface CapturedPayment {
  providerOrderId: string;
  providerPaymentId: string;
  signature?: string | null;
  method?: string | null;
  /** Given by webhooks: checked against the order before anything changes. */
  amountPaise?: number;
  currency?: string;
}

export type MarkPaidResult =
  | { kind: "paid" | "already-paid"; orderId: string }
  /** The reservation had expired: the payment is recorded and must be refunded. */
  | { kind: "cancelled"; orderId: string }
  | { kind: "amount-mismatch"; orderId: string }
  | { kind: "not-found" };

/**
 * The one idempotent "mark paid" that verification and webhooks share. Locks the order found by
 * the provider order id stored on it; a second call for a paid order changes nothing.
 */
export async function markOrderPaid(tx: Transaction, payment: CapturedPayment, now = new Date()): Promise<MarkPaidResult> {
  const [order] = await tx.select().from(orders).where(eq(orders.providerOrderId, payment.providerOrderId)).for("update");
  if (!order) return { kind: "not-found" };
  if (
    (payment.amountPaise !== undefined && payment.amountPaise !== order.totalPaise) ||
    (payment.currency !== undefined && payment.currency !== "INR")
  ) {
    return { kind: "amount-mismatch", orderId: order.id };
  }

  if (order.isPaid) {
    if (payment.method) {
      await tx
        .update(payments)
        .set({ method: payment.method })
        .where(and(eq(payments.providerPaymentId, payment.providerPaymentId), isNull(payments.method)));
    }
    return { kind: "already-paid", orderId: order.id };
  }

  await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: order.providerOrderId?.startsWith("order_test_") ? "test" : "razorpay",
      providerOrderId: payment.providerOrderId,
      providerPaymentId: payment.providerPaymentId,
      signature: payment.signature ?? null,
      method: payment.method ?? null,
      amountPaise: order.totalPaise,
      status: "captured",
    })
    .onConflictDoUpdate({
      target: payments.providerOrderId,
      set: {
        providerPaymentId: payment.providerPaymentId,
        signature: sql`coalesce(${payment.signature ?? null}, ${payments.signature})`,
        method: sql`coalesce(${payment.method ?? null}, ${payments.method})`,
        status: "captured",
        failureReason: null,
        updatedAt: now,
      },
    });

  if (order.status === "Cancelled") return { kind: "cancelled", orderId: order.id };

  await tx
    .update(orders)
    .set({ isPaid: true, paidAt: now, status: "Processing", reservationExpiresAt: null, updatedAt: now })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({ orderId: order.id, status: "Processing", note: "Payment received", createdAt: now });

  // The bought products leave the cart; anything added since checkout began stays.
  if (order.userId) {
    const bought = tx.select({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, order.id));
    const cart = tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, order.userId));
    await tx.delete(cartLines).where(and(inArray(cartLines.cartId, cart), inArray(cartLines.productId, bought)));
  }
  await afterOrderPaid(tx, order.id);
  return { kind: "paid", orderId: order.id };
}

/** A payment captured for an order already cancelled (its reservation ran out): refund it. */
export async function refundLatePayment(shop: ShopContext, orderId: string): Promise<boolean> {
  const result = await inTransaction(shop.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.status !== "Cancelled") return 0;
    const refunded = await refundOrderPayment(shop, tx, orderId);
    if (refunded > 0) {
      await tx
        .insert(orderStatusHistory)
        .values({ orderId, status: "Cancelled", note: "A payment arrived after the reservation expired and was refunded" });
    }
    return refunded;
  });
  return typeof result === "number" && result > 0;
}

/** `payment.failed` (webhook or the test dialog's Fail): recorded, not final — a capture may follow. */
export async function recordPaymentFailure(
  tx: Transaction,
  providerOrderId: string,
  details: { providerPaymentId?: string | null; reason: string; method?: string | null },
): Promise<string | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ status: "failed", failureReason: details.reason.slice(0, 500), ...(details.method ? { method: details.method } : {}) })
    .where(and(eq(payments.providerOrderId, providerOrderId), inArray(payments.status, ["created", "authorized", "failed"])))
    .returning({ id: payments.id });
  return row?.id;
}
