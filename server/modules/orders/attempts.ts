import { and, eq, ne, not, or, sql, type SQL } from "drizzle-orm";
import { invoices, orderStatusHistory, orders, payments } from "#server/db/schema.ts";

/*
 * Which orders are real and which were only attempts (decisions/024). A checkout makes a Pending
 * order before the shopper pays; when the reservation runs out, a newer checkout replaces it, or
 * the shopper cancels it unpaid, what is left is an attempt, not an order: no money moved, nothing
 * was sent. My Orders, the admin's order list and every dashboard figure leave such attempts out
 * (unless asked for them), so abandoned payment windows neither clutter nor inflate anything.
 */

/** Money moved for the order at some point: paid, invoiced, or a payment captured (a late one refunded counts too). */
const moneyMoved = sql`(${orders.isPaid}
  or exists (select 1 from ${invoices} where ${invoices.orderId} = ${orders.id})
  or exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id}
    and (${payments.status} in ('captured', 'refunded') or ${payments.providerPaymentId} is not null)))`;

/**
 * A prepaid order that ended without ever being paid: Cancelled (expired, replaced by a newer
 * checkout, the payment could not be started, or cancelled by its owner before paying) with no
 * money history. Cash-on-delivery orders are never attempts: they were placed for real.
 */
export const unpaidAttempt: SQL = and(eq(orders.status, "Cancelled"), ne(orders.paymentMethod, "cod"), not(moneyMoved))!;

/** Every order that is not an unpaid attempt (the default of My Orders and the admin's order list). */
export const notAnUnpaidAttempt: SQL = not(unpaidAttempt);

/**
 * An order the dashboard counts: paid (whatever happened after: a paid order later cancelled and
 * refunded was still an order), or a cash-on-delivery order that is open or was dispatched (a COD
 * order cancelled before it ever shipped is not counted; one refused at the door after shipping is).
 * A live Pending prepaid order is not counted until its payment arrives.
 */
export const countedOrder: SQL = or(
  eq(orders.isPaid, true),
  and(
    eq(orders.paymentMethod, "cod"),
    or(
      ne(orders.status, "Cancelled"),
      sql`exists (select 1 from ${orderStatusHistory} where ${orderStatusHistory.orderId} = ${orders.id} and ${orderStatusHistory.status} = 'Shipped')`,
    ),
  ),
)!;
