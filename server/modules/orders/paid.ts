import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { ShopContext } from "#server/context.ts";
import { cartLines, carts, invoiceCounters, invoices, orderLines, orderStatusHistory, orders, payments } from "#server/db/schema.ts";
import { Rollback, inTransaction, type Transaction } from "#server/db/tx.ts";
import { prepared, preparedSql, rawPlaceholder, timePlaceholder } from "#server/db/prepared.ts";
import { togetherSql } from "#server/db/write-together.ts";
import { auditInsertFromJson, auditJson, gatewayActor } from "#server/modules/audit/audit.ts";
import { confirmCouponUse } from "#server/modules/coupons/coupons.ts";
import { orderConfirmationEmail } from "#server/modules/email/order-emails.ts";
import { emailInsertFromJson, emailJson } from "#server/modules/email/outbox.ts";
import { financialYearOf, formatInvoiceSerial } from "#server/modules/invoices/numbering.ts";
import { messagesInsertFromJson, orderMessagesInsert } from "#server/modules/messaging/outbox.ts";
import { refundExtraPayment, refundOrderPayments } from "#server/modules/payments/refunds.ts";
import {
  capturedPaymentSet,
  paymentAuditEntry,
  providerOfOrder,
  recordExtraPayment,
  recordFirstCapture,
  recordRepeatedPayment,
  type CapturedPayment,
} from "#server/modules/payments/rows.ts";
import type { OrderRow, ShownPayment } from "./orders.ts";
import { applyStatusChange } from "./status.ts";
import { checkTransition } from "./transitions.ts";

type LineRow = typeof orderLines.$inferSelect;

export type MarkPaidResult =
  /**
   * `paid`: the order row as it now is and its one captured payment, when the one-statement path
   * (`markPaidTogether`) wrote them.
   */
  | { kind: "paid"; orderId: string; paid?: { order: OrderRow; payment: ShownPayment } }
  | { kind: "already-paid"; orderId: string }
  /** The reservation had expired: the payment is recorded and must be refunded. */
  | { kind: "cancelled"; orderId: string }
  /** A second, different payment for an order already paid: recorded (`extra`) and must be refunded. */
  | { kind: "extra"; orderId: string; paymentId: string }
  | { kind: "amount-mismatch"; orderId: string }
  | { kind: "not-found" };

/**
 * The order a provider order belongs to: the order's current provider order, or an earlier one made
 * for it ("Complete payment" makes a new one each time; every one has its payments row), locked.
 */
const lockOrderOfProviderOrder = prepared("order_of_provider_order_lock", (tx) =>
  tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      or(
        eq(orders.providerOrderId, sql.placeholder("providerOrderId")),
        inArray(
          orders.id,
          tx
            .select({ orderId: payments.orderId })
            .from(payments)
            .where(and(eq(payments.providerOrderId, sql.placeholder("providerOrderId")), eq(payments.extra, false))),
        ),
      ),
    )
    .limit(1)
    .for("update"),
);

/** The order with its payments rows and whether it has its invoice. */
const orderWithPayments = prepared("order_with_payments", (tx) =>
  tx
    .select({
      order: orders,
      known: sql<KnownPayment[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'providerPaymentId', p.provider_payment_id, 'providerOrderId', p.provider_order_id, 'status', p.status, 'extra', p.extra)), '[]'::json) from ${payments} p where p.order_id = "orders"."id")`,
      invoiced: sql<boolean>`exists (select 1 from ${invoices} i where i.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.id, sql.placeholder("orderId"))),
);

/**
 * The one idempotent "mark paid" that verification and webhooks share (through
 * `orders/confirm-payment.ts`). Locks the order found by the provider order id stored on it (or on one of
 * its payments rows: an earlier provider order of the same order, decisions/024); a second
 * call for a paid order changes nothing. The status moves Pending → Processing through the
 * transition table like every other change (`applyStatusChange`, with the payment stored first).
 */
export async function markOrderPaid(
  shop: ShopContext,
  tx: Transaction,
  payment: CapturedPayment,
  now = new Date(),
  /** The order's lines by name (verify has them from its first read), for the confirmation email. */
  knownLines?: LineRow[],
): Promise<MarkPaidResult> {
  // The order of the provider order (or of an earlier one made for it): a payment through any of them is the order's.
  // Locked first; its payments rows and whether it has its invoice are read after the lock, by a
  // statement of their own (one statement's subqueries would see the snapshot taken before a wait
  // for the lock, and miss what a concurrent verify or webhook just committed).
  const [locked] = await lockOrderOfProviderOrder(tx, { providerOrderId: payment.providerOrderId });
  if (!locked) return { kind: "not-found" };
  const [found] = await orderWithPayments(tx, { orderId: locked.id });
  if (!found) return { kind: "not-found" };
  const { order, invoiced } = found;
  const known = typeof found.known === "string" ? (JSON.parse(found.known) as KnownPayment[]) : found.known;
  if (
    (payment.amountPaise !== undefined && payment.amountPaise !== order.totalPaise) ||
    (payment.currency !== undefined && payment.currency !== "INR")
  ) {
    return { kind: "amount-mismatch", orderId: order.id };
  }

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
  // The common case (the created row captured, a Pending order with no invoice yet, the move
  // allowed) in one statement; anything else the long way below.
  const created = known.find((row) => row.providerOrderId === payment.providerOrderId && !row.extra && row.providerPaymentId === null);
  const allowed =
    order.status === "Pending" &&
    checkTransition({ status: order.status, isPaid: order.isPaid, paymentCaptured: true, prescriptionStatus: order.prescriptionStatus, paymentMethod: order.paymentMethod }, "Processing", "system").ok;
  if (created && allowed && !invoiced) {
    const paid = await markPaidTogether(shop, tx, order, created.id, payment, now, knownLines);
    // The created row, captured: the order had no other captured payment (`taken` above).
    const captured: ShownPayment = { extra: false, status: "captured", providerPaymentId: payment.providerPaymentId, providerOrderId: payment.providerOrderId, signature: payment.signature ?? null };
    return { kind: "paid", orderId: order.id, paid: { order: paid, payment: captured } };
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

interface KnownPayment {
  id: string;
  providerPaymentId: string | null;
  providerOrderId: string;
  status: string;
  extra: boolean;
}

/** markPaidTogether's statement, prepared once (server/db/prepared.ts). */
const paidTogether = preparedSql("mark_paid_together", (tx) =>
  togetherSql(
    [
      tx
        .update(payments)
        .set(capturedPaymentSet({ providerPaymentId: rawPlaceholder("providerPaymentId"), signature: rawPlaceholder("signature"), method: rawPlaceholder("method") }, timePlaceholder("now")))
        .where(and(eq(payments.id, rawPlaceholder("paymentId")), isNull(payments.providerPaymentId))),
      auditInsertFromJson(rawPlaceholder("audit")),
      tx.delete(cartLines).where(
        and(
          inArray(cartLines.cartId, tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, rawPlaceholder("userId")))),
          inArray(cartLines.productId, tx.select({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, rawPlaceholder("orderId")))),
        ),
      ),
      tx
        .update(orders)
        .set({ isPaid: true, paidAt: timePlaceholder("now"), status: "Processing", reservationExpiresAt: null, updatedAt: timePlaceholder("now") })
        .where(eq(orders.id, rawPlaceholder("orderId"))),
      tx.insert(orderStatusHistory).values({ id: rawPlaceholder("historyId"), orderId: rawPlaceholder("orderId"), status: "Processing", note: rawPlaceholder("note"), createdAt: timePlaceholder("now") }),
      {
        name: "invoice_number",
        query: sql`insert into ${invoiceCounters} (financial_year, last_number) values (${rawPlaceholder("financialYear")}, 1)
          on conflict (financial_year) do update set last_number = ${invoiceCounters}.last_number + 1 returning last_number`,
      },
      sql`insert into ${invoices} (id, order_id, serial, financial_year, created_at)
        select ${rawPlaceholder("invoiceId")}, ${rawPlaceholder("orderId")}, ${rawPlaceholder("serialPrefix")}::text || lpad(last_number::text, greatest(6, length(last_number::text)), '0'),
          ${rawPlaceholder("financialYear")}, ${timePlaceholder("now")}
        from invoice_number`,
      emailInsertFromJson(rawPlaceholder("email")),
      messagesInsertFromJson(rawPlaceholder("messages")),
    ],
    sql`select 1`,
  ),
);

/**
 * markOrderPaid's common case as one statement (decisions/061), writing what recordFirstCapture,
 * the cart clean-up, applyStatusChange (Pending → Processing) and afterOrderPaid write the long
 * way: the payment captured and its audit entry, the bought products out of the cart, the order
 * paid, its history and audit entry, its invoice (the year's counter bumped under its row lock,
 * as nextInvoiceNumber does) and the confirmation email and messages in the outbox. The coupon's
 * use is confirmed first when the order has one. Returns the order row as it now is.
 */
async function markPaidTogether(
  shop: ShopContext,
  tx: Transaction,
  order: OrderRow,
  paymentId: string,
  payment: CapturedPayment,
  now: Date,
  knownLines?: LineRow[],
): Promise<OrderRow> {
  const provider = providerOfOrder(payment.providerOrderId);
  const note = "Payment received";
  const paid: OrderRow = { ...order, isPaid: true, paidAt: now, status: "Processing", reservationExpiresAt: null, updatedAt: now };
  if (order.couponCode) await confirmCouponUse(tx, order.id, now);
  const lines = knownLines ?? (await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.name), asc(orderLines.id)));
  const email = await orderConfirmationEmail(tx, order.id, shop.config.publicUrl, paid, lines);
  const messages = await orderMessagesInsert(shop, tx, order.id, { template: "order_paid" }, paid);
  const financialYear = financialYearOf(now);
  await paidTogether(tx, {
    paymentId,
    providerPaymentId: payment.providerPaymentId,
    signature: payment.signature ?? null,
    method: payment.method ?? null,
    now: now.toISOString(),
    // The payment's entry, then the order's.
    audit: auditJson(
      paymentAuditEntry({ id: paymentId, orderId: order.id, provider, amountPaise: order.totalPaise }, "payment.captured", {
        status: "captured",
        providerPaymentId: payment.providerPaymentId,
        ...(payment.method ? { method: payment.method } : {}),
      }),
      [gatewayActor(provider), { action: "order.status", entity: "order", entityId: order.id, before: { status: order.status }, after: { status: "Processing", note } }],
    ),
    // No account (a guest's order): no cart.
    userId: order.userId,
    orderId: order.id,
    historyId: crypto.randomUUID(),
    note,
    financialYear,
    invoiceId: crypto.randomUUID(),
    serialPrefix: `INV/${formatInvoiceSerial(financialYear, 1).split("/")[1]!}/`,
    email: emailJson(email),
    messages: messages?.json() ?? "[]",
  });
  return paid;
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
