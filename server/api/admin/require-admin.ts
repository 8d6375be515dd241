import type { Request, RequestHandler } from "express";
import { ADMIN_MESSAGES } from "#common/admin.ts";
import { isStaffRole } from "#common/pharmacist.ts";
import { TWO_FACTOR_MESSAGES } from "#common/two-factor.ts";
import type { SessionUser } from "#server/auth.ts";
import { HttpError } from "#server/http/errors.ts";

/**
 * The one gate of every admin-only call, before any input is read: 401 without a session (bearer
 * token or cookie), 403 for anyone but an admin. Role changes apply at once, because the role
 * is read from the database with the session on each request.
 */
export const requireAdmin: RequestHandler = async (req, res, next) => {
  // As every personal answer (server/http/private-no-store.ts), also where no prefix marks it: PUT /api/products/:id.
  res.setHeader("Cache-Control", "private, no-store");
  const user = await req.sessionUser();
  if (!user) throw new HttpError(401, ADMIN_MESSAGES.signInRequired);
  if (user.role !== "admin") throw new HttpError(403, ADMIN_MESSAGES.adminsOnly);
  refuseWithoutTwoFactor(user);
  next();
};

/**
 * Where STAFF_TWO_FACTOR is `required`, a staff session without two-factor may only set it up
 * (/api/users/2fa/*): every staff call answers this 403 (decisions/051).
 */
function refuseWithoutTwoFactor(user: SessionUser) {
  if (user.twoFactorSetupRequired) throw new HttpError(403, TWO_FACTOR_MESSAGES.setupRequired);
}

/**
 * The admin calls a pharmacist may make as well (api-contract.md, "Second release"): read the
 * orders and the prescription queue, decide a prescription review, download the H1 register.
 * Paths are relative to /api/admin. Everything else under /api/admin stays admin-only.
 */
const PHARMACIST_CALLS: ReadonlyArray<readonly [methods: readonly string[], path: RegExp]> = [
  [["GET", "HEAD"], /^\/orders\/?$/],
  [["GET", "HEAD"], /^\/prescriptions\/?$/],
  [["POST"], /^\/orders\/[^/]+\/prescription-review\/?$/],
  [["GET", "HEAD"], /^\/reports\/h1-register\.csv$/],
  // Order by prescription (decisions/058): the queue, and a pharmacist's proposal or decline.
  [["GET", "HEAD"], /^\/prescription-orders\/?$/],
  [["POST"], /^\/prescription-orders\/[^/]+\/(?:proposal|decline)\/?$/],
];

/** Whether a signed-in role may make this admin call (path relative to /api/admin). */
export function staffMayCall(role: SessionUser["role"], method: string, path: string): boolean {
  if (role === "admin") return true;
  if (role !== "pharmacist") return false;
  return PHARMACIST_CALLS.some(([methods, pattern]) => methods.includes(method) && pattern.test(path));
}

/**
 * The gate of the whole /api/admin router: admins pass everywhere, pharmacists only to the calls
 * above, everyone else is 401/403 before any input is read (unknown paths too, so nothing can be
 * probed). A use case may ask more (only a pharmacist decides a review: pharmacy/review.ts).
 */
export const requireStaff: RequestHandler = async (req, res, next) => {
  res.setHeader("Cache-Control", "private, no-store");
  const user = await req.sessionUser();
  if (!user) throw new HttpError(401, ADMIN_MESSAGES.signInRequired);
  if (!staffMayCall(user.role, req.method, req.path)) throw new HttpError(403, ADMIN_MESSAGES.adminsOnly);
  refuseWithoutTwoFactor(user);
  next();
};

/** The admin making a request that passed requireAdmin. */
export async function signedInAdmin(req: Request): Promise<SessionUser> {
  const user = await req.sessionUser();
  if (!user || user.role !== "admin") throw new HttpError(403, ADMIN_MESSAGES.adminsOnly);
  refuseWithoutTwoFactor(user);
  return user;
}

/** The pharmacist or admin making a request that passed requireStaff. */
export async function signedInStaff(req: Request): Promise<SessionUser> {
  const user = await req.sessionUser();
  if (!user || !isStaffRole(user.role)) throw new HttpError(403, ADMIN_MESSAGES.adminsOnly);
  refuseWithoutTwoFactor(user);
  return user;
}
