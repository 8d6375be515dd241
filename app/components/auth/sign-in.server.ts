import type { AppLoadContext } from "react-router";
import type { FlashKind } from "#server/http/flash.ts";
import { clearGuestCookieHeader, guestIdFromCookies } from "#server/http/web-cookies.ts";
import type { Client, SignedIn } from "#server/modules/users/accounts.ts";

export { registerCustomer, signInCustomer, signOut } from "#server/modules/users/accounts.ts";
export { getProfile, listCustomerOrders } from "#server/modules/users/profile.ts";
export { clearGuestCookieHeader } from "#server/http/web-cookies.ts";
export { throttledReply } from "#server/modules/limits/limiter.ts";
import { adoptGuestCart } from "#server/modules/users/guest-cart.ts";

/** The visitor as the rate limits and Better Auth's session record see them. */
export function clientOf(request: Request, context: AppLoadContext): Client {
  return { ip: context.clientIp, userAgent: request.headers.get("user-agent") ?? "" };
}

/**
 * The response headers of a page sign-in (login or registration): Better Auth's session cookie,
 * the guest cart moved into the account (and its cookie cleared), and, for a redirect, the
 * one-time toast the next page shows.
 */
export async function signedInHeaders(
  request: Request,
  context: AppLoadContext,
  signedIn: SignedIn,
  flash?: FlashKind,
): Promise<Headers> {
  const { db, logger, config } = context.shop;
  const headers = new Headers();
  for (const cookie of signedIn.cookies) headers.append("Set-Cookie", cookie);
  const guestId = guestIdFromCookies(request);
  if (guestId && (await adoptGuestCart(db, logger, signedIn.user._id, guestId))) {
    headers.append("Set-Cookie", clearGuestCookieHeader(config));
  }
  if (flash) {
    const { flashCookie } = await import("#server/http/flash.ts");
    headers.append("Set-Cookie", flashCookie(config, flash));
  }
  return headers;
}

/** Text fields of a submitted form (a file where text belongs counts as empty). */
export function formText<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}
