import { ADMIN_MESSAGES } from "#common/admin.ts";
import { ok, refusal, refused, type Refusals, type Reply } from "#server/replies.ts";
import type { StoreImageResult } from "#server/modules/uploads/images.ts";
import { UPLOAD_MESSAGES } from "./images.ts";
import type { MessageHandledResult } from "./inbox.ts";
import type { CreateUserResult, DeleteUserResult, UpdateUserResult } from "./users.ts";

const USER_REFUSALS: Refusals<CreateUserResult | UpdateUserResult | DeleteUserResult> = {
  "nothing-to-update": refused(400, ADMIN_MESSAGES.nothingToUpdate),
  "not-found": refused(404, ADMIN_MESSAGES.userNotFound),
  "email-taken": refused(409, ADMIN_MESSAGES.userExists, "email"),
  "own-role": refused(409, ADMIN_MESSAGES.cannotChangeOwnRole, "role"),
  "last-admin": refused(409, ADMIN_MESSAGES.lastAdmin, "role"),
  self: refused(409, ADMIN_MESSAGES.cannotDeleteSelf),
};
/** Deleting names no field: the last admin's refusal is the form's message, not the role's. */
const USER_DELETE_REFUSALS: Refusals<DeleteUserResult> = { ...USER_REFUSALS, "last-admin": refused(409, ADMIN_MESSAGES.lastAdmin) };

/**
 * The admin module's one table from each use case's result to its status and sentence. The REST
 * handlers (server/api/admin, server/api/upload.ts) send it, adding the changed record on success;
 * the admin pages' actions (app/routes/admin/*.server.ts) show it. Nothing else decides an outcome.
 */
export const adminReply = {
  createUser: (result: CreateUserResult): Reply => (result.ok ? ok(ADMIN_MESSAGES.userCreated, 201) : refusal(result, USER_REFUSALS)),
  updateUser: (result: UpdateUserResult): Reply => (result.ok ? ok(ADMIN_MESSAGES.userUpdated) : refusal(result, USER_REFUSALS)),
  deleteUser: (result: DeleteUserResult): Reply => (result.ok ? ok(ADMIN_MESSAGES.userDeleted) : refusal(result, USER_DELETE_REFUSALS)),

  setMessageHandled(result: MessageHandledResult): Reply {
    if (!result.ok) return refusal(result, { "not-found": refused(404, ADMIN_MESSAGES.messageNotFound) });
    return ok(result.outcome === "handled" ? "Message marked handled" : "Message reopened");
  },

  uploadImage(result: StoreImageResult): Reply {
    if (result.ok) return ok(UPLOAD_MESSAGES.uploaded, 201);
    return refusal(result, { "unsupported-type": refused(415, UPLOAD_MESSAGES.unsupported), unreadable: refused(400, UPLOAD_MESSAGES.unreadable) });
  },
};
