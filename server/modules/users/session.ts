import type { Logger } from "pino";
import type { Auth } from "#server/auth.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { clearGuestCookieHeader } from "#server/modules/cart/guest-cookie.ts";
import { GUEST_ID_PATTERN, mergeGuestCart } from "#server/modules/cart/cart.ts";
import type { SignedIn } from "./accounts.ts";

/**
 * Sign-in completion and sign-out, the one place for both, called by the REST API
 * (`server/api/users.ts`) and the pages' actions (login, register, profile, the admin sidebar).
 * Each returns the Set-Cookie lines the answer carries; the caller only attaches them.
 */

/** The guest carts a sign-in request brings: the guest cookie's, and (API clients) a `guestId` in the body. */
export interface GuestCarts {
  fromCookie: string | null;
  fromBody?: unknown;
}

/**
 * Better Auth's session cookie, then each guest cart the request brought moved into the
 * account; the guest cookie is cleared once its cart is dealt with. A failed merge never undoes
 * the sign-in: it is logged and the guest cart left for later.
 */
export async function completeSignIn(
  context: { db: Database; logger: Logger; config: Pick<Config, "publicUrl"> },
  signedIn: SignedIn,
  guest: GuestCarts,
): Promise<string[]> {
  const { db, logger, config } = context;
  const cookies = [...signedIn.cookies];
  const fromBody = guestIdFrom(guest.fromBody);
  const { fromCookie } = guest;
  if (fromBody && fromBody !== fromCookie) await adoptGuestCart(db, logger, signedIn.user._id, fromBody);
  if (fromCookie && (await adoptGuestCart(db, logger, signedIn.user._id, fromCookie))) cookies.push(clearGuestCookieHeader(config));
  return cookies;
}

/**
 * Revokes the session the request carries (bearer token or cookie) and returns the Set-Cookie
 * lines that clear Better Auth's cookies and the guest cookie. Idempotent: without a session it
 * only clears them.
 */
export async function signOut(context: { auth: Auth; config: Pick<Config, "publicUrl"> }, requestHeaders: Headers): Promise<string[]> {
  const headers = new Headers();
  for (const name of ["cookie", "authorization"]) {
    const value = requestHeaders.get(name);
    if (value) headers.set(name, value);
  }
  const response = await context.auth.api.signOut({ headers, asResponse: true });
  return [...response.headers.getSetCookie(), clearGuestCookieHeader(context.config)];
}

/** A guest id from a request body, if it is one (anything else is ignored: it must not spoil a sign-in). */
function guestIdFrom(value: unknown): string | null {
  return typeof value === "string" && GUEST_ID_PATTERN.test(value) ? value : null;
}

/** Moves the guest's cart into the account's; true when it is dealt with (merged, or there was none). */
async function adoptGuestCart(db: Database, logger: Logger, userId: string, guestId: string): Promise<boolean> {
  try {
    await mergeGuestCart(db, userId, guestId);
    return true;
  } catch (error) {
    logger.warn({ err: error, userId }, "guest cart merge failed");
    return false;
  }
}
