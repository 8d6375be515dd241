import type { Request, Response } from "express";
import type { Config } from "#server/config.ts";
import { GUEST_CART_LIFETIME_MS, GUEST_ID_PATTERN } from "#server/modules/cart/cart.ts";

/** The guest's cart id, kept in an httpOnly cookie so the shop's pages never store it in JavaScript. */
export const GUEST_COOKIE = "guest_id";

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.publicUrl.startsWith("https://"),
    path: "/",
  };
}

/** The guest id from the cookie; a malformed one is ignored (null). */
export function readGuestId(req: Request): string | null {
  return guestIdFromCookieHeader(req.headers.cookie);
}

/** The same, from a raw Cookie header (React Router loaders have a Fetch `Request`, not Express's). */
export function guestIdFromCookieHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== GUEST_COOKIE) continue;
    let value = part.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (GUEST_ID_PATTERN.test(value)) return value;
  }
  return null;
}

/** Sets (or refreshes for another 30 days) the guest cookie. */
export function setGuestCookie(res: Response, config: Config, guestId: string): void {
  res.cookie(GUEST_COOKIE, guestId, { ...cookieOptions(config), maxAge: GUEST_CART_LIFETIME_MS });
}

export function clearGuestCookie(res: Response, config: Config): void {
  res.clearCookie(GUEST_COOKIE, cookieOptions(config));
}
