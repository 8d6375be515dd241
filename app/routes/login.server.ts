// The login page's server side: the same use case and reply table as POST /api/users/login.
import type { AppLoadContext } from "react-router";
import type { LoginInput } from "#common/auth.ts";
import type { TwoFactorSignInInput } from "#common/two-factor.ts";
import type { Reply } from "#server/replies.ts";
import { flashCookie, type FlashKind } from "#server/http/flash.ts";
import { guestIdFromCookieHeader } from "#server/modules/cart/guest-cookie.ts";
import { signInCustomer, type Client, type SignedIn } from "#server/modules/users/accounts.ts";
import { accountReply, twoFactorReply } from "#server/modules/users/replies.ts";
import { completeTwoFactorSignIn, twoFactorSetupRequired } from "#server/modules/users/two-factor.ts";
import { completeSignIn } from "#server/modules/users/session.ts";

/**
 * A page sign-in's answer: the reply, and on success the Set-Cookie headers of the redirect (and,
 * for staff who must set up two-factor first, where to go instead); or the code step's challenge.
 */
export type PageSignedIn = { ok: true; reply: Reply; headers: Headers; setUpTwoFactorFirst?: boolean } | { ok: false; reply: Reply };
export type PageSignIn = PageSignedIn | { ok: "code"; challenge: string };

/** Signs the visitor in; success carries the session cookie, the guest cart moved over and the "Login successful" toast. */
export async function signInFromPage(request: Request, context: AppLoadContext, input: LoginInput): Promise<PageSignIn> {
  const result = await signInCustomer(context.shop, input, pageClient(request, context));
  const reply = accountReply(result, "sign-in");
  if (!result.ok) return { ok: false, reply };
  if ("challenge" in result) return { ok: "code", challenge: result.challenge };
  // A password-only sign-in of staff where two-factor is required: to the profile's set-up, saying so (decisions/051).
  const setUpTwoFactorFirst = twoFactorSetupRequired(context.shop.config, result.user.role, false);
  const headers = await signedInHeaders(request, context, result, setUpTwoFactorFirst ? "twofactor" : "login");
  return { ok: true, reply, headers, setUpTwoFactorFirst };
}

/** The login's code step: the same use case and reply as POST /api/users/login/2fa. */
export async function finishTwoFactorFromPage(request: Request, context: AppLoadContext, input: TwoFactorSignInInput): Promise<PageSignedIn> {
  const result = await completeTwoFactorSignIn(context.shop, input, pageClient(request, context));
  const reply = twoFactorReply(result, "sign-in");
  if (!result.ok) return { ok: false, reply };
  return { ok: true, reply, headers: await signedInHeaders(request, context, result, "login") };
}

/** The visitor as the rate limits and Better Auth's session record see them. */
export function pageClient(request: Request, context: AppLoadContext): Client {
  return { ip: context.clientIp, userAgent: request.headers.get("user-agent") ?? "" };
}

/**
 * The response headers of a page sign-in (login or registration): those of the one sign-in
 * completion (server/modules/users/session.ts) and, for a redirect, the one-time toast the next
 * page shows.
 */
export async function signedInHeaders(request: Request, context: AppLoadContext, signedIn: SignedIn, flash?: FlashKind): Promise<Headers> {
  const { shop } = context;
  const headers = new Headers();
  const guest = { fromCookie: guestIdFromCookieHeader(request.headers.get("cookie")) };
  for (const cookie of await completeSignIn(shop, signedIn, guest)) headers.append("Set-Cookie", cookie);
  if (flash) headers.append("Set-Cookie", flashCookie(shop.config, flash));
  return headers;
}
