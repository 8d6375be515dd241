import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { orderLines, orderStatusHistory, orders, user } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";
import { prepared } from "#server/db/prepared.ts";
import { recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { recordCashPayment } from "#server/modules/payments/rows.ts";
import type { OrderRow } from "./orders.ts";
import { codOption, type CodOption } from "./pricing.ts";

/**
 * Cash on delivery (decisions/022): the courier collected the order's total at the door, so the
 * order becomes paid as it is marked Delivered (`applyStatusChange`, inside its transaction, on the
 * locked row). The cash is a payments row of its own (payments/rows.ts `recordCashPayment`). Once
 * only: a paid order is left alone.
 */
export async function recordCashCollected(tx: Transaction, order: OrderRow, now: Date): Promise<void> {
  if (order.paymentMethod !== "cod" || order.isPaid) return;
  await tx.update(orders).set({ isPaid: true, paidAt: now, updatedAt: now }).where(eq(orders.id, order.id));
  await recordCashPayment(tx, order, now);
}

export const COD_HOLD_MESSAGES = {
  verify: "Cash on delivery needs a verified email address: open the link we emailed you (or send a new one from My Profile), or pay online",
  open: (max: number) =>
    `You already have ${max} cash-on-delivery ${max === 1 ? "order" : "orders"} on the way; pay online, or order again once ${max === 1 ? "it arrives" : "they arrive"}`,
  unconfirmed: (max: number) =>
    max === 1
      ? "Please confirm your cash-on-delivery order waiting for confirmation (on its order page) before placing another, or pay online"
      : `You have ${max} cash-on-delivery orders waiting for confirmation; confirm them (on their order pages) before placing another, or pay online`,
} as const;

/** A COD order placed and not yet received: unpaid, Processing or Shipped. */
const openCod = and(eq(orders.paymentMethod, "cod"), eq(orders.isPaid, false), inArray(orders.status, ["Processing", "Shipped"]));

/**
 * Whether this order may be paid by cash on delivery (decisions/022, 044): the one decision that
 * POST /api/checkout/quote shows and placeOrder enforces (in its transaction, under the cart row
 * lock). In this order: the PIN code's range, the order's value before the fee within
 * `cod.maxOrderPaise` (pricing.ts codOption), then what the account already holds (codRefusal).
 */
export async function codDecision(
  tx: Transaction,
  userId: string,
  order: { pinAllowsCod: boolean; valueBeforeFeePaise: number },
  config: { cod: { maxOrderPaise: number }; orderLimits: { maxOpenCodOrders: number; maxUnconfirmedCodOrders: number } },
): Promise<CodOption> {
  const offered = codOption(order.pinAllowsCod, order.valueBeforeFeePaise, config.cod);
  if (!offered.allowed) return offered;
  const refusal = await codRefusal(tx, userId, config.orderLimits);
  return refusal ? { allowed: false, reason: refusal } : offered;
}

/**
 * What one account may hold by cash on delivery before paying anything (decisions/022, 044): a
 * verified email or a verified mobile number (an account made by phone, decisions/050); at most `maxOpenCodOrders` COD orders on the way and at most
 * `maxUnconfirmedCodOrders` of them not yet confirmed. Returns the sentence refusing it, or null.
 */
async function codRefusal(tx: Transaction, userId: string, limits: { maxOpenCodOrders: number; maxUnconfirmedCodOrders: number }): Promise<string | null> {
  // The account's COD orders on the way, counted in one pass, and its verified contacts: one statement.
  const [counts] = await tx
    .select({
      verified: sql<boolean | null>`(select ${user.emailVerified} or ${user.phoneVerified} from ${user} where ${user.id} = ${userId})`,
      open: sql<number>`count(*)::int`,
      unconfirmed: sql<number>`(count(*) filter (where ${orders.codConfirmedAt} is null and ${orders.status} = 'Processing'))::int`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), openCod));
  if (!counts?.verified) return COD_HOLD_MESSAGES.verify;
  if ((counts?.open ?? 0) >= limits.maxOpenCodOrders) return COD_HOLD_MESSAGES.open(limits.maxOpenCodOrders);
  if ((counts?.unconfirmed ?? 0) >= limits.maxUnconfirmedCodOrders) return COD_HOLD_MESSAGES.unconfirmed(limits.maxUnconfirmedCodOrders);
  return null;
}

const heldUnpaid = prepared("units_held_unpaid", (db) =>
  db
    .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, sql.placeholder("userId")), or(openCod, sql`${orders.id} = any(${sql.placeholder("kept")}::text[])`)))
    .groupBy(orderLines.productId),
);

/**
 * The units of each product the customer's orders hold without payment, whatever the method: the
 * unpaid prepaid orders kept (`keptPendingIds`) and every COD order on the way. The per-product cap
 * (MAX_UNITS_PER_PRODUCT, decisions/014) counts them all, so COD orders cannot stack past it.
 */
export async function unitsHeldUnpaid(tx: Transaction, userId: string, keptPendingIds: string[]): Promise<Map<string, number>> {
  const held = await heldUnpaid(tx, { userId, kept: keptPendingIds });
  return new Map(held.map((row) => [row.productId, row.quantity]));
}

export type ConfirmCodResult = { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "not-confirmable"; message: string };

export const COD_CONFIRM_MESSAGES = {
  confirmed: "Thank you: your cash-on-delivery order is confirmed",
  already: "This order is already confirmed",
  notConfirmable: "Only a cash-on-delivery order being prepared can be confirmed",
  expired: "The time to confirm this order has passed and it was cancelled. Please order again.",
} as const;

/**
 * Confirms an unconfirmed COD order (decisions/044): by its owner (`customer`, from the order page)
 * or by the staff (`staff`, e.g. after a call; later the WhatsApp reply). The row is locked, so a
 * confirmation and the job cancelling it at the deadline have one winner. Confirming twice is fine.
 */
export async function confirmCodOrder(
  db: Database,
  orderId: string,
  by: { role: "customer"; userId: string } | { role: "staff"; actor: AuditActor },
  now = new Date(),
): Promise<ConfirmCodResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || (by.role === "customer" && order.userId !== by.userId)) return { ok: false, reason: "not-found" } as const;
    if (order.paymentMethod !== "cod" || !["Processing", "Shipped", "Delivered"].includes(order.status)) {
      const message = order.paymentMethod === "cod" && order.status === "Cancelled" && !order.codConfirmedAt ? COD_CONFIRM_MESSAGES.expired : COD_CONFIRM_MESSAGES.notConfirmable;
      return { ok: false, reason: "not-confirmable", message } as const;
    }
    if (order.codConfirmedAt) return { ok: true } as const;
    await tx.update(orders).set({ codConfirmedAt: now, codConfirmedBy: by.role, updatedAt: now }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      status: order.status,
      note: by.role === "customer" ? "Cash on delivery confirmed by the customer" : "Cash on delivery confirmed by the shop",
      createdAt: now,
    });
    if (by.role === "staff") {
      await recordAudit(tx, by.actor, { action: "order.cod-confirm", entity: "order", entityId: orderId, before: { codConfirmedAt: null }, after: { codConfirmedAt: now.toISOString() } });
    }
    return { ok: true } as const;
  });
}
