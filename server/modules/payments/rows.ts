/*
 * The one place rows of the `payments` table are written, and their audit entries: a provider
 * order made (checkout, "Complete payment"), a capture (first or extra), a failure, cash collected
 * at the door. Every function runs in the caller's transaction; the caller (orders/) locks the
 * order and decides what the payment means for it. Refunds are in `refunds.ts`.
 */
import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { payments } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";
import { auditInsert, gatewayActor, type AuditActor, type AuditChange } from "#server/modules/audit/audit.ts";

/**
 * A payment's state change in the audit log, under its order (so the order's history shows it),
 * made by its gateway: captured, failed, refunded (api-contract.md, "Operations (second release)").
 */
export async function recordPaymentAudit(
  tx: Transaction,
  payment: { id: string; orderId: string; provider: string; status?: string | null; amountPaise?: number; refundedPaise?: number },
  action: "payment.captured" | "payment.failed" | "payment.refunded",
  after: Record<string, unknown>,
): Promise<void> {
  await auditInsert(tx, paymentAuditEntry(payment, action, after));
}

/** recordPaymentAudit's entry, for `auditInsert` (audit.ts). */
export function paymentAuditEntry(
  payment: { id: string; orderId: string; provider: string; status?: string | null; amountPaise?: number; refundedPaise?: number },
  action: "payment.captured" | "payment.failed" | "payment.refunded",
  after: Record<string, unknown>,
): [AuditActor, AuditChange] {
  const before = payment.status === undefined ? undefined : { paymentId: payment.id, status: payment.status, ...(payment.refundedPaise ? { refundedPaise: payment.refundedPaise } : {}) };
  return [
    gatewayActor(payment.provider),
    {
      action,
      entity: "order",
      entityId: payment.orderId,
      ...(before ? { before } : {}),
      after: { paymentId: payment.id, ...(payment.amountPaise !== undefined ? { amountPaise: payment.amountPaise } : {}), ...after },
    },
  ];
}

/**
 * A provider order made for an order (checkout, or "Complete payment" making a new one): its row,
 * `created`, is what a payment through that provider order is later matched by.
 */
export async function recordProviderOrder(
  tx: Transaction,
  row: { orderId: string; provider: string; providerOrderId: string; amountPaise: number },
): Promise<void> {
  await tx.insert(payments).values({ ...row, currency: "INR", status: "created" });
}

/** The order's payment rows, for `markOrderPaid` to tell a repeat, a first and an extra payment apart. */
export async function paymentsOfOrder(tx: Transaction, orderId: string) {
  return tx
    .select({ id: payments.id, providerPaymentId: payments.providerPaymentId, status: payments.status, extra: payments.extra })
    .from(payments)
    .where(eq(payments.orderId, orderId));
}

export interface CapturedPayment {
  providerOrderId: string;
  providerPaymentId: string;
  signature?: string | null;
  method?: string | null;
  /** Given by webhooks: checked against the order before anything changes. */
  amountPaise?: number;
  currency?: string;
}

/** The provider that made a provider order, read from its id. */
export function providerOfOrder(providerOrderId: string): "test" | "razorpay" {
  return providerOrderId.startsWith("order_test_") ? "test" : "razorpay";
}

/** A payment told again (verify and webhook, or a replay): only a method learnt late is stored. */
export async function recordRepeatedPayment(tx: Transaction, paymentId: string, method: string | null | undefined): Promise<void> {
  if (method) await tx.update(payments).set({ method }).where(and(eq(payments.id, paymentId), isNull(payments.method)));
}

/** A captured payment the provider order had no row for (or a second one), as it was reported. */
function capturedRow(orderId: string, payment: CapturedPayment, amountPaise: number, extra: boolean) {
  return {
    orderId,
    provider: providerOfOrder(payment.providerOrderId),
    providerOrderId: payment.providerOrderId,
    providerPaymentId: payment.providerPaymentId,
    signature: payment.signature ?? null,
    method: payment.method ?? null,
    amountPaise,
    status: "captured",
    extra,
  };
}

/** The customer paid an order twice: the second payment is kept on record (`extra`) to be refunded in full. */
export async function recordExtraPayment(tx: Transaction, order: { id: string; totalPaise: number }, payment: CapturedPayment): Promise<string> {
  const amountPaise = payment.amountPaise ?? order.totalPaise;
  const [extra] = await tx.insert(payments).values(capturedRow(order.id, payment, amountPaise, true)).returning({ id: payments.id });
  await recordPaymentAudit(tx, { id: extra!.id, orderId: order.id, provider: providerOfOrder(payment.providerOrderId), amountPaise }, "payment.captured", {
    status: "captured",
    extra: true,
    providerPaymentId: payment.providerPaymentId,
  });
  return extra!.id;
}

/** What a capture writes on the payment row made with the provider order (signature and method kept where the capture has none). */
export function capturedPaymentSet(
  payment: { providerPaymentId: string | SQL; signature?: string | SQL | null; method?: string | SQL | null },
  now: Date | SQL,
) {
  return {
    providerPaymentId: payment.providerPaymentId,
    signature: sql`coalesce(${payment.signature ?? null}, ${payments.signature})`,
    method: sql`coalesce(${payment.method ?? null}, ${payments.method})`,
    status: "captured",
    failureReason: null,
    updatedAt: now,
  } as const;
}

/** The first capture: the row written when the provider order was created becomes the payment. */
export async function recordFirstCapture(tx: Transaction, order: { id: string; totalPaise: number }, payment: CapturedPayment, now: Date): Promise<string> {
  const [updated] = await tx
    .update(payments)
    .set(capturedPaymentSet(payment, now))
    .where(and(eq(payments.orderId, order.id), eq(payments.providerOrderId, payment.providerOrderId), eq(payments.extra, false), isNull(payments.providerPaymentId)))
    .returning({ id: payments.id });
  const paymentId =
    updated?.id ?? (await tx.insert(payments).values(capturedRow(order.id, payment, order.totalPaise, false)).returning({ id: payments.id }))[0]!.id;
  await recordPaymentAudit(tx, { id: paymentId, orderId: order.id, provider: providerOfOrder(payment.providerOrderId), amountPaise: order.totalPaise }, "payment.captured", {
    status: "captured",
    providerPaymentId: payment.providerPaymentId,
    ...(payment.method ? { method: payment.method } : {}),
  });
  return paymentId;
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

/**
 * Cash on delivery (decisions/022): the cash the courier collected is a payments row of its own
 * (provider `cod`, method `cash`, captured), so figures and the order page read it like any payment.
 */
export async function recordCashPayment(tx: Transaction, order: { id: string; orderNumber: string; totalPaise: number }, now: Date): Promise<void> {
  await tx.insert(payments).values({
    orderId: order.id,
    provider: "cod",
    // No provider order exists; the shop's own order number stands for it.
    providerOrderId: `cod_${order.orderNumber}`,
    amountPaise: order.totalPaise,
    currency: "INR",
    status: "captured",
    method: "cash",
    createdAt: now,
    updatedAt: now,
  });
}
