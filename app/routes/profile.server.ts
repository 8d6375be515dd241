// The profile page's server side: the account, My Orders, and sign-out (also the admin sidebar's).
import type { AppLoadContext } from "react-router";
import { listOrdersForUser } from "#server/modules/orders/orders.ts";
import { getProfile } from "#server/modules/users/profile.ts";
import { signOut } from "#server/modules/users/session.ts";

/** The signed-in user's name, email and orders (with unpaid attempts when asked); null when the account is gone. */
export async function loadProfile(context: AppLoadContext, userId: string, options: { includeExpired?: boolean } = {}) {
  const { db } = context.shop;
  const [profile, orders] = await Promise.all([getProfile(db, userId), listOrdersForUser(db, userId, options)]);
  return profile ? { profile, orders } : null;
}

/** Sign-out as POST /api/users/logout does it: the session revoked, its cookies and the guest cookie cleared. */
export async function signOutHeaders(request: Request, context: AppLoadContext): Promise<Headers> {
  const headers = new Headers();
  for (const cookie of await signOut(context.shop, request.headers)) headers.append("Set-Cookie", cookie);
  return headers;
}
