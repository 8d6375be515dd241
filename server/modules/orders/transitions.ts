import { SHIPMENT_MESSAGES } from "#common/couriers.ts";
import type { OrderStatus } from "#server/db/schema.ts";

/** A pharmacist moves an order only by rejecting its prescription (Cancelled, pharmacy/review.ts). */
export type StatusActor = "admin" | "customer" | "pharmacist" | "system";

/** What a row's guard may look at: the order as it is, and whether this move is a payment being recorded. */
export interface TransitionFacts {
  isPaid: boolean;
  /** Set only by `markOrderPaid`, after it has stored the captured payment. */
  paymentCaptured?: boolean;
  /** The pharmacist's decision on an order with prescription-only lines; null or absent: none needed. */
  prescriptionStatus?: string | null;
  /** "cod": paid in cash at the door, so it may be shipped unpaid (decisions/022). */
  paymentMethod?: string;
  /**
   * Shiprocket's own tracking says the parcel is delivered back to the shop (RTO, decisions/052):
   * set only by the shipping webhook and its recheck job, after reading the tracking.
   */
  returnedToSender?: boolean;
}

/**
 * What a move needs besides the status itself: "shipment", the courier and AWB the parcel is
 * tracked with (decisions/032). Without it the move is refused as incomplete (400), not as
 * impossible: the pages still offer it, through the form that asks for it.
 */
export type TransitionNeed = "shipment";

/** What the caller gives with the move (checked for form by its schema, e.g. common/couriers.ts). */
export interface TransitionInput {
  shipment?: { courier: string; awb: string } | null;
}

export interface Transition {
  actors: readonly StatusActor[];
  /** Returns the refusal for people when the move is not possible now, else null. */
  guard?: (facts: TransitionFacts) => string | null;
  needs?: TransitionNeed;
}

const NOT_PAID = "This order is not paid yet";
/** No prescription-only medicine leaves the shop before a pharmacist approved its prescription. */
export const PRESCRIPTION_NOT_APPROVED = "This order's prescription has not been approved yet";

const prescriptionCleared = (facts: TransitionFacts) =>
  facts.prescriptionStatus === null || facts.prescriptionStatus === undefined || facts.prescriptionStatus === "approved";

/** Shipping needs the payment and, for Rx lines, the pharmacist's approval. */
const shippable = (facts: TransitionFacts) =>
  !prescriptionCleared(facts) ? PRESCRIPTION_NOT_APPROVED : facts.isPaid || facts.paymentMethod === "cod" ? null : NOT_PAID;

/**
 * After dispatch an order is cancelled only when its parcel is back with the shop: a cash-on-delivery
 * order refused at the door (not paid; the staff may record it), or any order whose return
 * Shiprocket's tracking confirmed (a paid one is refunded by the cancellation, decisions/052).
 */
const returnedToSender = (facts: TransitionFacts) =>
  facts.returnedToSender || (facts.paymentMethod === "cod" && !facts.isPaid) ? null : "Only an unpaid cash-on-delivery order can be cancelled after it was shipped";

/**
 * Every allowed order status change, who may make it, and what must hold first. Pending →
 * Processing happens only when a payment is confirmed (the system, with the payment stored), so
 * an unpaid prepaid order can never be shipped; nothing leads back from a paid state to Pending, and
 * Delivered and Cancelled are final. Cash on delivery (decisions/022): the order is placed
 * Processing (no move from Pending), may ship unpaid, is paid when Delivered, and a Shipped one
 * refused at the door goes to Cancelled ("Returned to sender"). Shipping, COD too, needs the
 * shipment (`needs`, decisions/032).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, Transition>>>> = {
  Pending: {
    Processing: { actors: ["system"], guard: (facts) => (facts.paymentCaptured ? null : NOT_PAID) },
    Cancelled: { actors: ["customer", "admin", "pharmacist", "system"] },
  },
  Processing: {
    // A parcel leaves with its courier and AWB, or not at all: the customer tracks it by them.
    Shipped: { actors: ["admin", "system"], guard: shippable, needs: "shipment" },
    Cancelled: { actors: ["customer", "admin", "pharmacist", "system"] },
  },
  Shipped: {
    Delivered: { actors: ["admin", "system"], guard: (facts) => (prescriptionCleared(facts) ? null : PRESCRIPTION_NOT_APPROVED) },
    // The system too: Shiprocket reports the parcel delivered back to the shop (RTO DELIVERED, issue 31).
    Cancelled: { actors: ["admin", "system"], guard: returnedToSender },
  },
  Delivered: {},
  Cancelled: {},
};

/** Whether the table lets `actor` make the move at all (guards aside): for buttons and lists. */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: StatusActor): boolean {
  return ORDER_TRANSITIONS[from]?.[to]?.actors.includes(actor) ?? false;
}

/** The statuses an actor may move an order to from `from`. */
export function allowedNextStatuses(from: OrderStatus, actor: StatusActor): OrderStatus[] {
  const moves = ORDER_TRANSITIONS[from] ?? {};
  return (Object.keys(moves) as OrderStatus[]).filter((to) => moves[to]!.actors.includes(actor));
}

/** A refusal with `needs`: the move is possible now, but only with that input (400, not 409). */
export type TransitionCheck = { ok: true } | { ok: false; message: string; needs?: TransitionNeed };

const NEED_MESSAGES: Record<TransitionNeed, string> = { shipment: SHIPMENT_MESSAGES.needed };

/**
 * The statuses `actor` may move this order to now, guards included: what the admin pages offer
 * (a move that `needs` input too, offered through the form that asks for it).
 */
export function possibleNextStatuses(order: { status: OrderStatus } & TransitionFacts, actor: StatusActor): OrderStatus[] {
  return allowedNextStatuses(order.status, actor).filter((to) => {
    const check = checkTransition(order, to, actor);
    return check.ok || check.needs !== undefined;
  });
}

/**
 * The one check before any status change: the move is in the table, the actor may make it, the
 * row's guard holds, and what the row `needs` is given (checked last: an order that cannot ship
 * is told why, not asked for a courier). The refusal is a sentence for the person who asked.
 */
export function checkTransition(
  order: { status: OrderStatus } & TransitionFacts,
  to: OrderStatus,
  actor: StatusActor,
  input: TransitionInput = {},
): TransitionCheck {
  const move = ORDER_TRANSITIONS[order.status]?.[to];
  if (!move || !move.actors.includes(actor)) return { ok: false, message: notAllowedMessage(order.status, to) };
  const refusal = move.guard?.(order) ?? null;
  if (refusal) return { ok: false, message: refusal };
  if (move.needs === "shipment" && !input.shipment) return { ok: false, message: NEED_MESSAGES.shipment, needs: "shipment" };
  return { ok: true };
}

function notAllowedMessage(from: OrderStatus, to: OrderStatus): string {
  if (to === "Cancelled") return from === "Cancelled" ? "This order is already cancelled" : "This order can no longer be cancelled";
  if (from === "Pending") return NOT_PAID;
  return `An order cannot move from ${from} to ${to}`;
}
