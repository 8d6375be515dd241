import type { Request, Response } from "express";
import type { Config } from "#server/config.ts";
import { GUEST_CART_LIFETIME_MS, GUEST_ID_PATTERN } from "#server/modules/cart/cart.ts";
import { cookieValue, secureCookies, serializeCookie } from "./cookies.ts";

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

/** The same for Express handlers. */
export function readGuestId(req: Request): string | null {
  return guestIdFromCookieHeader(req.headers.cookie);
}

export function setGuestCookie(res: Response, config: Pick<Config, "publicUrl">, guestId: string): void {
  res.append("Set-Cookie", guestCookieHeader(config, guestId));
}

export function clearGuestCookie(res: Response, config: Pick<Config, "publicUrl">): void {
  res.append("Set-Cookie", clearGuestCookieHeader(config));
}
