import type { Config } from "#server/config.ts";
import { GUEST_COOKIE } from "#server/http/guest.ts";
import { GUEST_ID_PATTERN } from "#server/modules/cart/cart.ts";

/**
 * Cookies for React Router loaders and actions, which see Fetch API requests rather than
 * Express's (server/http/guest.ts has the Express side of the guest cookie).
 */

export function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    let value = part.slice(separator + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

interface CookieOptions {
  maxAge: number;
  secure: boolean;
}

/** httpOnly, SameSite=Lax, the whole site: the only kind of cookie the shop sets. */
export function serializeCookie(name: string, value: string, { maxAge, secure }: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${maxAge}`, "Path=/"];
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  parts.push("HttpOnly", "SameSite=Lax");
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The guest cart id from the guest cookie (a malformed one is ignored). */
export function guestIdFromCookies(request: Request): string | null {
  const value = cookieValue(request.headers.get("cookie"), GUEST_COOKIE);
  return value && GUEST_ID_PATTERN.test(value) ? value : null;
}

export function clearGuestCookieHeader(config: Config): string {
  return serializeCookie(GUEST_COOKIE, "", { maxAge: 0, secure: config.publicUrl.startsWith("https://") });
}
