import type { Config } from "#server/config.ts";

/**
 * Reading and writing cookies, for Express handlers and React Router loaders alike (both hand
 * over a raw Cookie header and take Set-Cookie lines). The shop's own cookies: the guest cart
 * (`server/modules/cart/guest-cookie.ts`) and the one-time toast (`server/http/flash.ts`); Better Auth writes the session cookie.
 */

export function cookieValue(header: string | null | undefined, name: string): string | null {
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

/** Cookies are Secure when the shop is served over HTTPS. */
export function secureCookies(config: Pick<Config, "publicUrl">): boolean {
  return config.publicUrl.startsWith("https://");
}
