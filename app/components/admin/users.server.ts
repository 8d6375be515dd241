import { ADMIN_MESSAGES, adminCreateUserSchema, adminUpdateUserSchema } from "#common/schemas/admin.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { createUserAccount, deleteUserAccount, updateUserAccount } from "#server/modules/admin/users.ts";

export { listUsers } from "#server/modules/admin/users.ts";

/** The users page's changes: the admin module's typed refusals become the messages the API sends too. */
export async function addUser(shop: ShopContext, body: Record<string, string>) {
  const input = parseInput(adminCreateUserSchema, body);
  const result = await createUserAccount(shop, input);
  if (!result.ok) throw new HttpError(409, ADMIN_MESSAGES.userExists, { email: ADMIN_MESSAGES.userExists });
  return result.user;
}

export async function changeRole(shop: ShopContext, actorId: string, id: string, role: string) {
  const input = parseInput(adminUpdateUserSchema, { role });
  const result = await updateUserAccount(shop.db, actorId, id, input);
  if (result.ok) return result.user;
  if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  if (result.reason === "own-role") throw new HttpError(409, ADMIN_MESSAGES.cannotChangeOwnRole);
  if (result.reason === "last-admin") throw new HttpError(409, ADMIN_MESSAGES.lastAdmin);
  throw new HttpError(409, ADMIN_MESSAGES.userExists);
}

export async function removeUser(shop: ShopContext, actorId: string, id: string) {
  const result = await deleteUserAccount(shop.db, actorId, id);
  if (result.ok) return;
  if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  throw new HttpError(409, result.reason === "self" ? ADMIN_MESSAGES.cannotDeleteSelf : ADMIN_MESSAGES.lastAdmin);
}
