import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#server/db/client.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";
import { deleteStaleGuestCarts } from "./cart.ts";

export const GUEST_CART_CLEANUP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Deletes stale guest carts at start and then every six hours. Every process runs it; a
 * transaction-scoped advisory lock lets one of them work at a time (the others skip that run),
 * and a deleted cart is deleted once whoever does it. A failed run is logged and retried at the
 * next tick.
 */
export function guestCartCleanupJob(db: Database, logger: Pick<Logger, "info">, intervalMs = GUEST_CART_CLEANUP_INTERVAL_MS): PeriodicJob {
  return {
    name: "guest-cart-cleanup",
    intervalMs,
    runAtStart: true,
    async run() {
      const deleted = await db.transaction(async (tx) => {
        const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext('shop job: guest-cart-cleanup')) as locked`);
        if (!lock.rows[0]?.locked) return 0;
        return deleteStaleGuestCarts(tx);
      });
      if (deleted > 0) logger.info({ deleted }, "deleted stale guest carts");
    },
  };
}
