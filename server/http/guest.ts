import type { Request, Response } from "express";
import type { Config } from "#server/config.ts";
import { clearGuestCookieHeader, guestCookieHeader, guestIdFromCookieHeader } from "#server/modules/cart/guest-cookie.ts";

/** The guest cookie (server/modules/cart/guest-cookie.ts) for Express handlers. */
export function readGuestId(req: Request): string | null {
  return guestIdFromCookieHeader(req.headers.cookie);
}

export function setGuestCookie(res: Response, config: Pick<Config, "publicUrl">, guestId: string): void {
  res.append("Set-Cookie", guestCookieHeader(config, guestId));
}

export function clearGuestCookie(res: Response, config: Pick<Config, "publicUrl">): void {
  res.append("Set-Cookie", clearGuestCookieHeader(config));
}
