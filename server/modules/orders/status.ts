import { eq } from "drizzle-orm";
import type { ShopContext } from "#server/context.ts";
import { orderStatusHistory, orders, type OrderStatus } from "#server/db/schema.ts";
import { Rollback, inTransaction, type Transaction } from "#server/db/tx.ts";
import { auditActorById, recordAudit, SYSTEM_ACTOR, type AuditActor } from "#server/modules/audit/audit.ts";
import { confirmCouponUse, releaseCouponUse } from "#server/modules/coupons/coupons.ts";
import { refundOrderPayments } from "#server/modules/payments/refunds.ts";
import type { OrderJson } from "#common/orders.ts";
import { loadOrderJson, isOrderId, type OrderRow } from "./orders.ts";
import { recordCashCollected } from "./cash-on-delivery.ts";
import { afterOrderCancelled, afterOrderPaid, afterStatusChange, creditCancelledOrder } from "./side-effects.ts";
import { releaseStock } from "./stock.ts";
import { checkTransition, type StatusActor, type TransitionNeed } from "./transitions.ts";

export interface StatusChangeOptions {
  actor: StatusActor;
  note?: string;
  /** Set for customer calls: the order must be this user's (else "not-found"). */
  ownerId?: string;
  /** With Shipped, required (the transition table's `needs`): the courier (common/couriers.ts) and the AWB, checked by the caller's schema (decisions/032). */
  shipment?: Shipment;
  /** The person, for the audit log (the owner is looked up when not given). */
  by?: AuditActor;
  /** Shiprocket's tracking confirmed the parcel back with the shop (the transition table's RTO, decisions/052). */
  returnedToSender?: boolean;
}

export interface Shipment {
  courier: string;
  awb: string;
}

export type ChangeStatusResult =
  | { ok: true; order: OrderJson; from: OrderStatus; to: OrderStatus; refundedPaise: number; changed: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "not-allowed"; from: OrderStatus; to: OrderStatus; message: string }
  /** The move is possible, but not without what the table `needs` (a shipment for Shipped). */
  | { ok: false; reason: "incomplete"; needs: TransitionNeed; message: string }
  | { ok: false; reason: "refund-failed"; message: string };

/** A Shipped cash-on-delivery order refused at the door (RTO) comes back as Cancelled. */
export const RETURNED_TO_SENDER = "Returned to sender";

const DEFAULT_NOTES: Record<StatusActor, string> = {
  admin: "Changed by the shop",
  customer: "Cancelled by the customer",
  pharmacist: "Cancelled by the pharmacist",
  system: "Changed automatically",
};

/**
 * A status change someone asked for (an admin, the owner, or the system): checks the transition
 * table and its guards, then `applyStatusChange` writes it — for a cancellation putting the stock
 * back and refunding a paid order through its gateway, all in one transaction, so a failed refund
 * leaves the order as it was.
 */
export async function changeOrderStatus(
  shop: ShopContext,
  orderId: string,
  to: OrderStatus,
  options: StatusChangeOptions,
): Promise<ChangeStatusResult> {
  if (!isOrderId(orderId)) return { ok: false, reason: "not-found" };
  type Change = { ok: true; from: OrderStatus; refundedPaise: number; changed: boolean };
  const result = await inTransaction(shop.db, async (tx): Promise<Change | Exclude<ChangeStatusResult, { ok: true }>> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || (options.ownerId !== undefined && order.userId !== options.ownerId)) return { ok: false, reason: "not-found" };
    const from = order.status;
    // Asking again for the status an order already has changes nothing (a cancel twice is refused below).
    if (from === to && to !== "Cancelled") return { ok: true, from, refundedPaise: 0, changed: false };
    const check = checkTransition({ ...order, returnedToSender: options.returnedToSender }, to, options.actor, { shipment: options.shipment });
    if (!check.ok && check.needs) return { ok: false, reason: "incomplete", needs: check.needs, message: check.message };
    if (!check.ok) return { ok: false, reason: "not-allowed", from, to, message: check.message };
    const note = options.note ?? (from === "Shipped" && to === "Cancelled" ? RETURNED_TO_SENDER : DEFAULT_NOTES[options.actor]);
    const by = options.by ?? (options.ownerId ? await auditActorById(tx, options.ownerId) : undefined);
    const refundedPaise = await applyStatusChange(shop, tx, order, to, note, { actor: options.actor, shipment: options.shipment, by, returnedToSender: options.returnedToSender });
    return { ok: true, from, refundedPaise, changed: true };
  });
  if (!result.ok) return result;
  return { ...result, to, order: (await loadOrderJson(shop.db, orderId))! };
}

/** POST /api/orders/:id/cancel: the owner cancels while Pending or Processing. */
export function cancelOrder(shop: ShopContext, orderId: string, userId: string): Promise<ChangeStatusResult> {
  return changeOrderStatus(shop, orderId, "Cancelled", { actor: "customer", ownerId: userId });
}

export interface ApplyStatusOptions {
  actor: StatusActor;
  /** `notify: false` queues no email (a checkout replacing the customer's own unpaid order). */
  notify?: boolean;
  /** Set by `markOrderPaid` only: the captured payment is stored, so Pending → Processing may pass. */
  paymentCaptured?: boolean;
  /** Required with a move to Shipped: the courier and AWB the customer tracks the parcel with. */
  shipment?: Shipment;
  /** Who, for the audit log; without it, the shop itself (or the role's name). */
  by?: AuditActor;
  now?: Date;
  /** See StatusChangeOptions. */
  returnedToSender?: boolean;
}

/** The audit log's actor of a change nobody named: the shop for "system", else the role alone. */
function statusActor(options: ApplyStatusOptions): AuditActor {
  if (options.by) return options.by;
  if (options.actor === "system") return SYSTEM_ACTOR;
  return { id: null, name: options.actor.charAt(0).toUpperCase() + options.actor.slice(1), role: options.actor };
}

/**
 * The one place an order's status is written, every move included (payment's Pending → Processing
 * too), on a row the caller has locked: the transition table and its guards are checked again (a
 * refusal here is a bug in the caller, so it throws), then the row, the history and the side
 * effects. For Cancelled: releases the stock and refunds a captured payment (idempotency key per
 * payment, so a retry never refunds twice); returns the refund. For Processing: marks it paid.
 */
export async function applyStatusChange(
  shop: ShopContext,
  tx: Transaction,
  order: OrderRow,
  to: OrderStatus,
  note: string,
  options: ApplyStatusOptions,
): Promise<number> {
  const check = checkTransition(
    {
      status: order.status,
      isPaid: order.isPaid,
      paymentCaptured: options.paymentCaptured,
      prescriptionStatus: order.prescriptionStatus,
      paymentMethod: order.paymentMethod,
      returnedToSender: options.returnedToSender,
    },
    to,
    options.actor,
    { shipment: options.shipment },
  );
  if (!check.ok) throw new Error(`Order ${order.id}: ${order.status} → ${to} by ${options.actor} refused (${check.message})`);
  const now = options.now ?? new Date();
  let refundedPaise = 0;
  let paid: OrderRow | undefined;
  if (to === "Processing" && order.status === "Pending") {
    [paid] = await tx
      .update(orders)
      .set({ isPaid: true, paidAt: now, status: "Processing", reservationExpiresAt: null, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    // Paid: the coupon's reserved use counts for good (an order without a coupon has no use to confirm).
    if (order.couponCode) await confirmCouponUse(tx, order.id, now);
  } else if (to === "Cancelled") {
    await releaseStock(tx, order.id);
    // A coupon's use comes back with the stock (decisions/025).
    await releaseCouponUse(tx, order.id, now);
    if (order.isPaid) {
      const refund = await refundOrderPayments(shop, tx, order.id);
      if (!refund.ok) throw new Rollback<ChangeStatusResult>({ ok: false, reason: "refund-failed", message: refund.message });
      refundedPaise = refund.refundedPaise;
    }
    await tx
      .update(orders)
      .set({ status: "Cancelled", cancelledAt: now, reservationExpiresAt: null, updatedAt: now })
      .where(eq(orders.id, order.id));
    // An invoiced order is credited in full, in this transaction (decisions/032).
    await creditCancelledOrder(tx, order.id, note, now);
  } else {
    // Cash on delivery: delivered means the cash was collected (decisions/022).
    if (to === "Delivered") await recordCashCollected(tx, order, now);
    await tx
      .update(orders)
      .set({
        status: to,
        updatedAt: now,
        ...(to === "Delivered" ? { isDelivered: true, deliveredAt: now } : {}),
        ...(to === "Shipped" && options.shipment ? { shippedAt: now, courier: options.shipment.courier, trackingNumber: options.shipment.awb } : {}),
      })
      .where(eq(orders.id, order.id));
  }
  await tx.insert(orderStatusHistory).values({ orderId: order.id, status: to, note, createdAt: now });
  await recordAudit(tx, statusActor(options), {
    action: "order.status",
    entity: "order",
    entityId: order.id,
    before: { status: order.status },
    after: { status: to, note, ...(refundedPaise > 0 ? { refundedPaise } : {}), ...(options.shipment ? { shipment: options.shipment } : {}) },
  });
  if (options.notify === false) return refundedPaise;
  if (to === "Processing" && order.status === "Pending") await afterOrderPaid(shop, tx, order.id, paid);
  else if (to === "Cancelled") await afterOrderCancelled(shop, tx, order.id, { refundedPaise });
  else await afterStatusChange(shop, tx, order.id, order.status, to);
  return refundedPaise;
}
