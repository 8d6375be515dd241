import { eq } from "drizzle-orm";
import type { ShopContext } from "#server/context.ts";
import type { Transaction } from "#server/db/tx.ts";
import { orders, type OrderStatus } from "#server/db/schema.ts";
import type { LineRow, OrderRow } from "./orders.ts";
import {
  cancellationEmail,
  orderConfirmationEmail,
  statusChangeEmail,
  statusChangeIsEmailed,
} from "../email/order-emails.ts";
import { emailInsert, queueEmail } from "../email/outbox.ts";
import { writeTogether } from "#server/db/write-together.ts";
import { issueCreditNote } from "../invoices/credit-notes.ts";
import { issueInvoice } from "../invoices/invoices.ts";
import { orderMessagesInsert, queueOrderMessages } from "../messaging/outbox.ts";

/** The transaction handle Drizzle passes to `db.transaction(async (tx) => ...)`. */

/*
 * What follows an order's lifecycle events: the tax invoice, the customer's emails and the
 * messages to the order's phone (SMS, and WhatsApp when asked for: messaging/outbox.ts).
 * The orders module calls these INSIDE its own transaction, so the invoice and the queued
 * emails commit or roll back together with the order change (transactional outbox): an
 * acknowledged order never loses its email, a rolled-back one never sends one. Links in the
 * emails use the shop's configured public address (`shop.config.publicUrl`).
 */

/**
 * The order has just been marked paid: issue its tax invoice and queue the confirmation email.
 * Idempotent: a second call (a replayed webhook after verify) finds the invoice and does nothing.
 */
export async function afterOrderPaid(shop: Pick<ShopContext, "config">, tx: Transaction, orderId: string, locked?: OrderRow): Promise<void> {
  // Concurrent payers of one order queue here, so only one of them issues the invoice. `locked`:
  // the order row as it now is, already locked by the caller (applyStatusChange's contract).
  if (!locked) {
    const found = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (found.length === 0) throw new Error(`Order ${orderId} not found`);
  }
  const invoice = await issueInvoice(tx, orderId);
  if (!invoice.created) return;
  await queueEmail(tx, await orderConfirmationEmail(tx, orderId, shop.config.publicUrl, locked));
  await queueOrderMessages(shop, tx, orderId, { template: "order_paid" }, locked);
}

/**
 * The order moved from one status to another: Shipped and Delivered are emailed to the customer.
 * A cash-on-delivery order gets its tax invoice when it is dispatched (decisions/022).
 */
export async function afterStatusChange(
  shop: Pick<ShopContext, "config">,
  tx: Transaction,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
): Promise<void> {
  if (from === to) return;
  if (to === "Shipped") {
    const [order] = await tx.select({ paymentMethod: orders.paymentMethod }).from(orders).where(eq(orders.id, orderId));
    if (order?.paymentMethod === "cod") await issueInvoice(tx, orderId);
  }
  if (!statusChangeIsEmailed(to)) return;
  await queueEmail(tx, await statusChangeEmail(tx, orderId, to, shop.config.publicUrl));
  if (to === "Shipped" || to === "Delivered") await queueOrderMessages(shop, tx, orderId, { template: to === "Shipped" ? "order_shipped" : "order_delivered" });
}

/**
 * A cash-on-delivery order was placed (Processing at once, unpaid): the confirmation email and
 * message (on WhatsApp, the request to confirm: `cod_confirm`), no invoice yet.
 */
export async function afterCashOnDeliveryPlaced(shop: Pick<ShopContext, "config">, tx: Transaction, placed: OrderRow, lines: LineRow[]): Promise<void> {
  // The order row and its lines just written, in hand (not read again). The email and the messages
  // are queued by one statement.
  const email = emailInsert(tx, await orderConfirmationEmail(tx, placed.id, shop.config.publicUrl, placed, lines));
  const messages = await orderMessagesInsert(shop, tx, placed.id, { template: "order_placed" }, placed);
  await writeTogether(tx, [email, messages?.insert]);
}

/** The order was cancelled; `refundedPaise` > 0 when a paid order was refunded, which the email states. */
export async function afterOrderCancelled(
  shop: Pick<ShopContext, "config">,
  tx: Transaction,
  orderId: string,
  details: { refundedPaise: number },
): Promise<void> {
  await queueEmail(tx, await cancellationEmail(tx, orderId, details.refundedPaise, shop.config.publicUrl));
  await queueOrderMessages(shop, tx, orderId, { template: "order_cancelled" });
  if (details.refundedPaise > 0) await queueOrderMessages(shop, tx, orderId, { template: "order_refunded", refundedPaise: details.refundedPaise });
}

/**
 * The order was cancelled: when it has a tax invoice (paid, or a COD order dispatched and refused),
 * a GST credit note for everything not yet credited, shipping and the COD fee included, numbered in
 * its own series (decisions/032). The invoice itself is never changed. Nothing for an uninvoiced order.
 */
export async function creditCancelledOrder(tx: Transaction, orderId: string, reason: string, issuedAt: Date): Promise<void> {
  await issueCreditNote(tx, { orderId, kind: "cancellation", reason, issuedAt });
}
