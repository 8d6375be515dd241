import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { ShopContext } from "#server/context.ts";
import { cartLines, carts, orderLines, orderStatusHistory, orders, payments } from "#server/db/schema.ts";
import { inTransaction, type Transaction } from "#server/db/tx.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import { gatewayActor } from "#server/modules/audit/audit.ts";
import { applyStatusChange, recordPaymentAudit, refundOrderPayment } from "./status.ts";

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

  const provider = payment.providerOrderId.startsWith("order_test_") ? "test" : "razorpay";
  const known = await tx
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId, status: payments.status, extra: payments.extra })
    .from(payments)
    .where(eq(payments.orderId, order.id));
  const same = known.find((row) => row.providerPaymentId === payment.providerPaymentId);
  if (same) {
    // The same payment told again (verify and webhook, or a replay): nothing new happened.
    if (payment.method) {
      await tx.update(payments).set({ method: payment.method }).where(and(eq(payments.id, same.id), isNull(payments.method)));
    }
    if (same.extra) return { kind: "extra", orderId: order.id, paymentId: same.id };
    return order.isPaid || order.status !== "Cancelled" ? { kind: "already-paid", orderId: order.id } : { kind: "cancelled", orderId: order.id };
  }

  // A captured payment the provider order had no row for (or a second one), as it was reported.
  const capturedRow = (amountPaise: number, extra: boolean) => ({
    orderId: order.id,
    provider,
    providerOrderId: payment.providerOrderId,
    providerPaymentId: payment.providerPaymentId,
    signature: payment.signature ?? null,
    method: payment.method ?? null,
    amountPaise,
    status: "captured",
    extra,
  });

  const taken = known.some((row) => !row.extra && (row.status === "captured" || row.status === "refunded"));
  if (order.isPaid || taken) {
    // The customer paid this order twice: the second payment is kept on record and refunded in full.
    const [extra] = await tx
      .insert(payments)
      .values(capturedRow(payment.amountPaise ?? order.totalPaise, true))
      .returning({ id: payments.id });
    await recordPaymentAudit(tx, { id: extra!.id, orderId: order.id, provider, amountPaise: payment.amountPaise ?? order.totalPaise }, "payment.captured", {
      status: "captured",
      extra: true,
      providerPaymentId: payment.providerPaymentId,
    });
    return { kind: "extra", orderId: order.id, paymentId: extra!.id };
  }

  // The first capture: the row written when the provider order was created becomes the payment.
  const captured = {
    providerPaymentId: payment.providerPaymentId,
    signature: sql`coalesce(${payment.signature ?? null}, ${payments.signature})`,
    method: sql`coalesce(${payment.method ?? null}, ${payments.method})`,
    status: "captured",
    failureReason: null,
    updatedAt: now,
  };
  const [updated] = await tx
    .update(payments)
    .set(captured)
    .where(and(eq(payments.orderId, order.id), eq(payments.providerOrderId, payment.providerOrderId), eq(payments.extra, false), isNull(payments.providerPaymentId)))
    .returning({ id: payments.id });
  const paymentId = updated?.id ?? (await tx.insert(payments).values(capturedRow(order.totalPaise, false)).returning({ id: payments.id }))[0]!.id;
  await recordPaymentAudit(tx, { id: paymentId, orderId: order.id, provider, amountPaise: order.totalPaise }, "payment.captured", {
    status: "captured",
    providerPaymentId: payment.providerPaymentId,
    ...(payment.method ? { method: payment.method } : {}),
  });

  if (order.status === "Cancelled") return { kind: "cancelled", orderId: order.id };

  // The bought products leave the cart; anything added since checkout began stays.
  if (order.userId) {
    const bought = tx.select({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, order.id));
    const cart = tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, order.userId));
    await tx.delete(cartLines).where(and(inArray(cartLines.cartId, cart), inArray(cartLines.productId, bought)));
  }
  // Marks it paid, writes the history and issues the invoice and the confirmation email.
  await applyStatusChange(shop, tx, order, "Processing", "Payment received", { actor: "system", by: gatewayActor(provider), paymentCaptured: true, now });
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

/**
 * Refunds one extra payment (the customer paid an order twice) in full, once: the payment row is
 * locked and must still be `captured`, and the gateway's idempotency key is the row's id, so
 * verify, webhook, replays and the sweep may all call it. False when the gateway failed (it stays
 * `captured`, and the next sweep tries again).
 */
export async function refundExtraPayment(shop: ShopContext, paymentId: string): Promise<boolean> {
  const result = await inTransaction(shop.db, async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.extra, true)))
      .for("update");
    if (!payment || payment.status !== "captured" || !payment.providerPaymentId) return true;
    const gateway = shop.gateway;
    if (!gateway || gateway.provider !== payment.provider) {
      shop.logger.error({ paymentId, orderId: payment.orderId }, "an extra payment cannot be refunded: its provider is not configured");
      return false;
    }
    try {
      const refund = await gateway.refund({
        paymentId: payment.providerPaymentId,
        amountPaise: payment.amountPaise - payment.refundedPaise,
        idempotencyKey: `refund_${payment.id}`,
        notes: { orderId: payment.orderId, reason: "paid twice" },
      });
      await tx
        .update(payments)
        .set({ status: "refunded", refundId: refund.id, refundedPaise: payment.refundedPaise + refund.amountPaise, updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      await recordPaymentAudit(tx, payment, "payment.refunded", {
        status: "refunded",
        refundId: refund.id,
        refundedPaise: payment.refundedPaise + refund.amountPaise,
        reason: "paid twice",
      });
      shop.logger.info({ paymentId, orderId: payment.orderId }, "refunded a second payment for an order already paid");
      return true;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      shop.logger.error({ err: error, paymentId, orderId: payment.orderId }, "refund of an extra payment failed; the sweep retries it");
      return false;
    }
  });
  return result;
}

/** Extra payments still waiting for their refund (the gateway failed the first time); for the sweep. */
export async function refundDueExtraPayments(shop: ShopContext, limit = 20): Promise<number> {
  const due = await shop.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.extra, true), eq(payments.status, "captured")))
    .limit(limit);
  let refunded = 0;
  for (const { id } of due) if (await refundExtraPayment(shop, id)) refunded += 1;
  return refunded;
}

/** After verify or a webhook: the refund a mark-paid outcome calls for (a late or an extra payment). */
export async function settleMarkPaid(shop: ShopContext, outcome: MarkPaidResult): Promise<void> {
  if (outcome.kind === "cancelled") await refundLatePayment(shop, outcome.orderId);
  if (outcome.kind === "extra") await refundExtraPayment(shop, outcome.paymentId);
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
    .returning({ id: payments.id, orderId: payments.orderId, provider: payments.provider, amountPaise: payments.amountPaise });
  if (row) {
    await recordPaymentAudit(tx, row, "payment.failed", {
      status: "failed",
      reason: details.reason.slice(0, 200),
      ...(details.providerPaymentId ? { providerPaymentId: details.providerPaymentId } : {}),
    });
  }
  return row?.id;
}
