import { redirect, type AppLoadContext } from "react-router";
import { isStaffRole } from "#common/pharmacist.ts";
import { TWO_FACTOR_SETUP_PATH } from "#common/two-factor.ts";
import type { SessionUser } from "#server/auth.ts";
import { flashCookie } from "#server/http/flash.ts";

/** Where a pharmacist lands in the admin area (the dashboard and every other page are admins' only). */
export const PHARMACIST_HOME = "/admin/prescriptions";



function signedIn(request: Request, context: AppLoadContext): SessionUser {
  const { user } = context;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?${new URLSearchParams({ redirect: url.pathname + url.search })}`);
  }
  // Staff without two-factor where it is required may only set it up: to the profile, saying so.
  if (user.twoFactorSetupRequired) {
    throw redirect(TWO_FACTOR_SETUP_PATH, { headers: { "Set-Cookie": flashCookie(context.shop.config, "twofactor") } });
  }
  return user;
}

/**
 * Every admin-only loader and action starts here. React Router runs a layout's loader and its child
 * loaders in parallel, so the layout's check alone would not stop a child from reading admin
 * data: each route checks again before touching the database. Signed out: to the sign-in page
 * and back; a pharmacist: to the prescription queue; anyone else without the admin role: home
 * (spec section 6).
 */
export function requireAdmin(request: Request, context: AppLoadContext): SessionUser {
  const user = signedIn(request, context);
  if (user.role === "pharmacist") throw redirect(PHARMACIST_HOME);
  if (user.role !== "admin") throw redirect("/");
  return user;
}

/**
 * The pages a pharmacist may see as well (the admin layout, the orders read-only, prescriptions):
 * a pharmacist or an admin passes; the rest as requireAdmin. Actions that change orders keep
 * requireAdmin (the same split as the API's gate, server/api/admin/require-admin.ts).
 */
export function requireStaff(request: Request, context: AppLoadContext): SessionUser {
  const user = signedIn(request, context);
  if (!isStaffRole(user.role)) throw redirect("/");
  return user;
}
