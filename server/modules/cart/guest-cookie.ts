// The guest's cart id as a cookie line: read from a raw Cookie header, written as Set-Cookie lines,
// so the pages' loaders, the REST handlers (server/http/guest.ts) and sign-in and sign-out
// (users/session.ts) share one name, lifetime and pattern.
import type { Config } from "#server/config.ts";
import { cookieValue, secureCookies, serializeCookie } from "#server/cookies.ts";
import { GUEST_CART_LIFETIME_MS, GUEST_ID_PATTERN } from "./cart.ts";

/** The guest's cart id, kept in an httpOnly cookie so the shop's pages never store it in JavaScript. */
export const GUEST_COOKIE = "guest_id";

/** The guest id from a raw Cookie header (Express's or a loader's Fetch request); a malformed one is ignored (null). */
export function guestIdFromCookieHeader(header: string | null | undefined): string | null {
  const value = cookieValue(header, GUEST_COOKIE);
  return value && GUEST_ID_PATTERN.test(value) ? value : null;
}

/** The Set-Cookie line that sets (or refreshes for another 30 days) the guest cookie. */
export function guestCookieHeader(config: Pick<Config, "publicUrl">, guestId: string): string {
  return serializeCookie(GUEST_COOKIE, guestId, { maxAge: GUEST_CART_LIFETIME_MS / 1000, secure: secureCookies(config) });
}

export function clearGuestCookieHeader(config: Pick<Config, "publicUrl">): string {
  return serializeCookie(GUEST_COOKIE, "", { maxAge: 0, secure: secureCookies(config) });
}
