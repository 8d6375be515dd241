import type { Request, RequestHandler } from "express";
import { ADMIN_MESSAGES } from "#common/admin.ts";
import type { SessionUser } from "#server/auth.ts";
import { HttpError } from "#server/http/errors.ts";

/**
 * The one gate of every admin call, before any input is read: 401 without a session (bearer
 * token or cookie), 403 for a signed-in customer. Role changes apply at once, because the role
 * is read from the database with the session on each request.
 */
export const requireAdmin: RequestHandler = async (req, res, next) => {
  // As every personal answer (server/http/private-no-store.ts), also where no prefix marks it: PUT /api/products/:id.
  res.setHeader("Cache-Control", "private, no-store");
  const user = await req.sessionUser();
  if (!user) throw new HttpError(401, ADMIN_MESSAGES.signInRequired);
  if (user.role !== "admin") throw new HttpError(403, ADMIN_MESSAGES.adminsOnly);
  next();
};

/** The admin making a request that passed requireAdmin. */
export async function signedInAdmin(req: Request): Promise<SessionUser> {
  const user = await req.sessionUser();
  if (!user || user.role !== "admin") throw new HttpError(403, ADMIN_MESSAGES.adminsOnly);
  return user;
}
