import { redirect, type AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";

/**
 * Every admin loader and action starts here. React Router runs a layout's loader and its child
 * loaders in parallel, so the layout's check alone would not stop a child from reading admin
 * data: each route checks again before touching the database. Signed out: to the sign-in page
 * and back; signed in without the admin role: home (spec section 6).
 */
export function requireAdmin(request: Request, context: AppLoadContext): SessionUser {
  const { user } = context;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ redirect: url.pathname + url.search })}`);
  }
  if (user.role !== "admin") throw redirect("/");
  return user;
}
