import type { Logger } from "pino";
import type { Database } from "#server/db/client.ts";
import { GUEST_ID_PATTERN, mergeGuestCart } from "#server/modules/cart/cart.ts";

/** A guest id from a request body, if it is one (anything else is ignored: it must not spoil a sign-in). */
export function guestIdFrom(value: unknown): string | null {
  return typeof value === "string" && GUEST_ID_PATTERN.test(value) ? value : null;
}

/**
 * After sign-in or registration, moves the guest's cart into the account's. Returns true when
 * the guest cart is dealt with (merged, or there was none) and the guest cookie can go. A
 * failure here must not undo the sign-in: it is logged and the guest cart is left for later.
 */
export async function adoptGuestCart(db: Database, logger: Logger, userId: string, guestId: string): Promise<boolean> {
  try {
    await mergeGuestCart(db, userId, guestId);
    return true;
  } catch (error) {
    logger.warn({ err: error, userId }, "guest cart merge failed");
    return false;
  }
}
