import type { Config } from "#server/config.ts";
import { FLASH_COOKIE, type Flash } from "#common/flash.ts";
import { ACCOUNT_MESSAGES } from "#common/account.ts";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { TWO_FACTOR_MESSAGES } from "#common/two-factor.ts";
import { cookieValue, secureCookies, serializeCookie } from "#server/cookies.ts";

/**
 * One-time messages that survive a redirect (style.md: "toasts after a redirect travel in a
 * one-time cookie"). An action sets the cookie on its redirect; the root loader reads it on the
 * next page, hands the message to the shop layout's toast and clears the cookie in the same
 * response. The cookie names a fixed kind, never free text, so nobody can plant a message.
 */
const FLASHES = {
  login: { type: "success", message: AUTH_MESSAGES.loginSucceeded },
  register: { type: "success", message: AUTH_MESSAGES.registrationSucceeded },
  // Account self-service (decisions/023): after "Sign out of all devices" and account deletion.
  everywhere: { type: "success", message: ACCOUNT_MESSAGES.signedOutEverywhere },
  deleted: { type: "success", message: ACCOUNT_MESSAGES.accountDeleted },
  // /checkout with nothing to check out says why it went elsewhere.
  emptycart: { type: "info", message: "Your cart is empty: add a product before checking out." },
  // Staff sent from the admin area to the profile where STAFF_TWO_FACTOR=required (decisions/051).
  twofactor: { type: "error", message: TWO_FACTOR_MESSAGES.setupRequired },
} as const;

export type FlashKind = keyof typeof FLASHES;

export function flashCookie(config: Config, kind: FlashKind): string {
  const id = crypto.randomUUID().slice(0, 8);
  return serializeCookie(FLASH_COOKIE, `${kind}.${id}`, { maxAge: 60, secure: secureCookies(config) });
}

export function clearFlashCookie(config: Config): string {
  return serializeCookie(FLASH_COOKIE, "", { maxAge: 0, secure: secureCookies(config) });
}

export function readFlash(cookieHeader: string | null): Flash | null {
  const value = cookieValue(cookieHeader, FLASH_COOKIE);
  const match = value ? /^([a-z]+)\.([0-9a-f]{8})$/.exec(value) : null;
  if (!match || !Object.hasOwn(FLASHES, match[1]!)) return null;
  const { type, message } = FLASHES[match[1] as FlashKind];
  return { id: match[2]!, type, message };
}
