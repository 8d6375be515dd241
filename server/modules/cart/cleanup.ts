import type { Logger } from "pino";
import type { Database } from "#server/db/client.ts";
import { deleteStaleGuestCarts } from "./cart.ts";

export const GUEST_CART_CLEANUP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Deletes stale guest carts now and then every six hours; returns the function that stops it.
 * A failed run is logged and retried at the next tick; the timer never keeps the process alive.
 */
export async function startGuestCartCleanup(
  db: Database,
  logger: Logger,
  intervalMs = GUEST_CART_CLEANUP_INTERVAL_MS,
): Promise<() => void> {
  const run = async () => {
    try {
      const deleted = await deleteStaleGuestCarts(db);
      if (deleted > 0) logger.info({ deleted }, "deleted stale guest carts");
    } catch (error) {
      logger.error({ err: error }, "stale guest cart cleanup failed");
    }
  };
  await run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
