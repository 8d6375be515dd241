import { and, eq, inArray, or } from "drizzle-orm";
import type { ShopContext } from "#server/context.ts";
import { cartLines, carts, orderLines, orderStatusHistory, orders, payments } from "#server/db/schema.ts";
import { Rollback, inTransaction, type Transaction } from "#server/db/tx.ts";
import { gatewayActor } from "#server/modules/audit/audit.ts";
import { refundExtraPayment, refundOrderPayments } from "#server/modules/payments/refunds.ts";
import {
  paymentsOfOrder,
  providerOfOrder,
  recordExtraPayment,
  recordFirstCapture,
  recordRepeatedPayment,
  type CapturedPayment,
} from "#server/modules/payments/rows.ts";
import { applyStatusChange } from "./status.ts";

export type MarkPaidResult =
  | { kind: "paid" | "already-paid"; orderId: string }
  /** The reservation had expired: the payment is recorded and must be refunded. */
  | { kind: "cancelled"; orderId: string }
  /** A second, different payment for an order already paid: recorded (`extra`) and must be refunded. */
  | { kind: "extra"; orderId: string; paymentId: string }
  | { kind: "amount-mismatch"; orderId: string }
  | { kind: "not-found" };

/**
 * The one idempotent "mark paid" that verification and webhooks share (through
 * `orders/confirm-payment.ts`). Locks the order found by the provider order id stored on it (or on one of
 * its payments rows: an earlier provider order of the same order, decisions/024); a second
 * call for a paid order changes nothing. The status moves Pending → Processing through the
 * transition table like every other change (`applyStatusChange`, with the payment stored first).
 */
export async function markOrderPaid(shop: ShopContext, tx: Transaction, payment: CapturedPayment, now = new Date()): Promise<MarkPaidResult> {
  // The order's current provider order, or an earlier one made for it ("Complete payment" makes a
  // new one each time; every one has its payments row): a payment through any of them is the order's.
  const earlier = tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.providerOrderId, payment.providerOrderId), eq(payments.extra, false)));
  const [order] = await tx
    .select()
    .from(orders)
    .where(or(eq(orders.providerOrderId, payment.providerOrderId), inArray(orders.id, earlier)))
    .limit(1)
    .for("update");
  if (!order) return { kind: "not-found" };
  if (
    (payment.amountPaise !== undefined && payment.amountPaise !== order.totalPaise) ||
    (payment.currency !== undefined && payment.currency !== "INR")
  ) {
    return { kind: "amount-mismatch", orderId: order.id };
  }

  const known = await paymentsOfOrder(tx, order.id);
  const same = known.find((row) => row.providerPaymentId === payment.providerPaymentId);
  if (same) {
    // The same payment told again (verify and webhook, or a replay): nothing new happened.
    await recordRepeatedPayment(tx, same.id, payment.method);
    if (same.extra) return { kind: "extra", orderId: order.id, paymentId: same.id };
    return order.isPaid || order.status !== "Cancelled" ? { kind: "already-paid", orderId: order.id } : { kind: "cancelled", orderId: order.id };
  }

  const taken = known.some((row) => !row.extra && (row.status === "captured" || row.status === "refunded"));
  if (order.isPaid || taken) {
    // The customer paid this order twice: the second payment is kept on record and refunded in full.
    return { kind: "extra", orderId: order.id, paymentId: await recordExtraPayment(tx, order, payment) };
  }
  await recordFirstCapture(tx, order, payment, now);

  if (order.status === "Cancelled") return { kind: "cancelled", orderId: order.id };

  // The bought products leave the cart; anything added since checkout began stays.
  if (order.userId) {
    const bought = tx.select({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, order.id));
    const cart = tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, order.userId));
    await tx.delete(cartLines).where(and(inArray(cartLines.cartId, cart), inArray(cartLines.productId, bought)));
  }
  // Marks it paid, writes the history and issues the invoice and the confirmation email.
  await applyStatusChange(shop, tx, order, "Processing", "Payment received", { actor: "system", by: gatewayActor(providerOfOrder(payment.providerOrderId)), paymentCaptured: true, now });
  return { kind: "paid", orderId: order.id };
}

/** A payment captured for an order already cancelled (its reservation ran out): refund it. */
export async function refundLatePayment(shop: ShopContext, orderId: string): Promise<boolean> {
  const result = await inTransaction(shop.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.status !== "Cancelled") return 0;
    const refund = await refundOrderPayments(shop, tx, orderId);
    if (!refund.ok) throw new Rollback(refund);
    const refunded = refund.refundedPaise;
    if (refunded > 0) {
      await tx
        .insert(orderStatusHistory)
        .values({ orderId, status: "Cancelled", note: "A payment arrived after the reservation expired and was refunded" });
    }
    return refunded;
  });
  return typeof result === "number" && result > 0;
}

/** After verify or a webhook: the refund a mark-paid outcome calls for (a late or an extra payment). */
export async function settleMarkPaid(shop: ShopContext, outcome: MarkPaidResult): Promise<void> {
  if (outcome.kind === "cancelled") await refundLatePayment(shop, outcome.orderId);
  if (outcome.kind === "extra") await refundExtraPayment(shop, outcome.paymentId);
}
