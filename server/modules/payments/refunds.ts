/*
 * The one place money goes back through a gateway and the `payments` rows say so: a cancelled
 * order's captured payments, an extra payment (the order paid twice), part of a payment for a
 * return. The idempotency key is per payment (or per return), so a retry never refunds twice.
 * The caller turns a refusal into its own reply (orders/status.ts, returns/returns.ts).
 */
import { and, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#server/db/client.ts";
import { payments } from "#server/db/schema.ts";
import { inTransaction, type Transaction } from "#server/db/tx.ts";
import { GatewayError, type PaymentGateway } from "./gateway.ts";
import { recordPaymentAudit } from "./rows.ts";

/** What a refund needs of the shop context (a `ShopContext` is one). */
export interface RefundContext {
  db: Database;
  gateway: PaymentGateway | null;
  logger: Logger;
}

export type OrderRefund = { ok: true; refundedPaise: number } | { ok: false; message: string };

/**
 * Refunds the order's captured payments in full through the gateway that took them, in the
 * caller's transaction; on a refusal the caller rolls it back (a refund already made stays
 * idempotent at the gateway, so the retry does not refund twice).
 */
export async function refundOrderPayments(shop: RefundContext, tx: Transaction, orderId: string): Promise<OrderRefund> {
  const captured = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "captured")))
    .for("update");
  let refunded = 0;
  for (const payment of captured) {
    const gateway = shop.gateway;
    const amountPaise = payment.amountPaise - payment.refundedPaise;
    if (!payment.providerPaymentId || amountPaise <= 0) continue;
    if (!gateway || gateway.provider !== payment.provider) {
      return { ok: false, message: "The refund could not be started: the payment provider of this order is not configured" };
    }
    try {
      const refund = await gateway.refund({
        paymentId: payment.providerPaymentId,
        amountPaise,
        idempotencyKey: `refund_${payment.id}`,
        notes: { orderId },
      });
      await tx
        .update(payments)
        .set({ status: "refunded", refundId: refund.id, refundedPaise: payment.refundedPaise + refund.amountPaise })
        .where(eq(payments.id, payment.id));
      await recordPaymentAudit(tx, payment, "payment.refunded", { status: "refunded", refundId: refund.id, refundedPaise: payment.refundedPaise + refund.amountPaise });
      refunded += refund.amountPaise;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      shop.logger.error({ err: error, orderId }, "refund failed");
      return { ok: false, message: "The refund could not be made right now. Please try again in a few minutes." };
    }
  }
  return { ok: true, refundedPaise: refunded };
}

/**
 * Refunds one extra payment (the customer paid an order twice) in full, once: the payment row is
 * locked and must still be `captured`, and the gateway's idempotency key is the row's id, so
 * verify, webhook, replays and the sweep may all call it. False when the gateway failed (it stays
 * `captured`, and the next sweep tries again).
 */
export async function refundExtraPayment(shop: RefundContext, paymentId: string): Promise<boolean> {
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
export async function refundDueExtraPayments(shop: RefundContext, limit = 20): Promise<number> {
  const due = await shop.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.extra, true), eq(payments.status, "captured")))
    .limit(limit);
  let refunded = 0;
  for (const { id } of due) if (await refundExtraPayment(shop, id)) refunded += 1;
  return refunded;
}

export type ReturnRefund = { ok: true; id: string } | { ok: false; reason: "no-payment" | "gateway-failed" };

/**
 * Refunds `amountPaise` of an order's captured payment (not an extra one) through the gateway that
 * took it, for a return (idempotency key per return), in the caller's transaction.
 */
export async function refundForReturn(
  shop: RefundContext,
  tx: Transaction,
  refund: { orderId: string; returnId: string; amountPaise: number },
): Promise<ReturnRefund> {
  const { orderId, returnId, amountPaise } = refund;
  const captured = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "captured"), eq(payments.extra, false)))
    .for("update");
  const payment = captured.find((row) => row.providerPaymentId && row.amountPaise - row.refundedPaise >= amountPaise);
  const gateway = shop.gateway;
  if (!payment || !gateway || gateway.provider !== payment.provider) return { ok: false, reason: "no-payment" };
  try {
    const made = await gateway.refund({
      paymentId: payment.providerPaymentId!,
      amountPaise,
      idempotencyKey: `return_${returnId}`,
      notes: { orderId, returnId },
    });
    const refundedPaise = payment.refundedPaise + made.amountPaise;
    await tx
      .update(payments)
      .set({ refundedPaise, refundId: made.id, status: refundedPaise >= payment.amountPaise ? "refunded" : "captured" })
      .where(eq(payments.id, payment.id));
    return { ok: true, id: made.id };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    shop.logger.error({ err: error, orderId, returnId }, "return refund failed");
    return { ok: false, reason: "gateway-failed" };
  }
}
