import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { Logger } from "pino";
import { RESERVATION_MINUTES } from "#common/orders.ts";
import type { ShopContext } from "#server/context.ts";
import { orders } from "#server/db/schema.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";
import { refundDueExtraPayments } from "#server/modules/payments/refunds.ts";
import { applyStatusChange } from "./status.ts";

const SWEEP_BATCH = 100;

/**
 * Cancels unpaid orders whose reservation has run out and puts their stock back. Each order is
 * taken with FOR UPDATE SKIP LOCKED and re-checked under the lock, so several processes can sweep
 * at once and a payment being recorded at the same moment wins or loses cleanly.
 */
export async function expireReservations(shop: ShopContext, now = new Date(), batch = SWEEP_BATCH): Promise<number> {
  const due = await shop.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "Pending"), eq(orders.isPaid, false), lt(orders.reservationExpiresAt, now)))
    .orderBy(asc(orders.reservationExpiresAt))
    .limit(batch);
  let cancelled = 0;
  for (const { id } of due) {
    const done = await shop.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.status, "Pending"), eq(orders.isPaid, false), lt(orders.reservationExpiresAt, now)))
        .for("update", { skipLocked: true });
      if (!order) return false;
      await applyStatusChange(shop, tx, order, "Cancelled", `Payment was not received within ${RESERVATION_MINUTES} minutes`, { actor: "system" });
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

/** The note (and the cancellation email's reason) of a COD order nobody confirmed in time. */
export const COD_NOT_CONFIRMED_NOTE = "Cash on delivery was not confirmed in time";

/**
 * Cancels cash-on-delivery orders still unconfirmed at their deadline (decisions/044) and puts their
 * stock back: neither the shopper (order page) nor the staff confirmed them. Only Processing ones (a
 * COD order the staff shipped was confirmed in deed). Locked and re-checked like the reservations,
 * so a confirmation at the same moment wins or loses cleanly and several processes cancel once.
 */
export async function expireUnconfirmedCod(shop: ShopContext, now = new Date(), batch = SWEEP_BATCH): Promise<number> {
  const due = and(eq(orders.paymentMethod, "cod"), eq(orders.status, "Processing"), eq(orders.isPaid, false), isNull(orders.codConfirmedAt), lt(orders.codConfirmBy, now));
  const rows = await shop.db.select({ id: orders.id }).from(orders).where(due).orderBy(asc(orders.codConfirmBy)).limit(batch);
  let cancelled = 0;
  for (const { id } of rows) {
    const done = await shop.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(and(eq(orders.id, id), due)).for("update", { skipLocked: true });
      if (!order) return false;
      await applyStatusChange(shop, tx, order, "Cancelled", COD_NOT_CONFIRMED_NOTE, { actor: "system", now });
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

export const RESERVATION_SWEEP_INTERVAL_MS = 60_000;

/**
 * The sweep as a periodic job (server/jobs): extra payments whose refund failed are tried again,
 * then expired reservations and unconfirmed COD orders past their window are cancelled, a backlog
 * larger than one batch (after downtime) in the same run. Every process runs it; the row locks make each order's expiry happen once.
 */
export function reservationExpiryJob(shop: ShopContext & { logger: Logger }, intervalMs = RESERVATION_SWEEP_INTERVAL_MS): PeriodicJob {
  return {
    name: "reservation-expiry",
    intervalMs,
    async run(signal) {
      const refunds = await refundDueExtraPayments(shop);
      if (refunds > 0) shop.logger.info({ count: refunds }, "refunded extra payments");
      let total = 0;
      for (;;) {
        const count = await expireReservations(shop, new Date(), SWEEP_BATCH);
        total += count;
        if (count < SWEEP_BATCH || signal.aborted) break;
      }
      if (total > 0) shop.logger.info({ count: total }, "expired unpaid order reservations");
      let unconfirmed = 0;
      for (;;) {
        const count = await expireUnconfirmedCod(shop, new Date(), SWEEP_BATCH);
        unconfirmed += count;
        if (count < SWEEP_BATCH || signal.aborted) break;
      }
      if (unconfirmed > 0) shop.logger.info({ count: unconfirmed }, "cancelled unconfirmed cash-on-delivery orders");
    },
  };
}
