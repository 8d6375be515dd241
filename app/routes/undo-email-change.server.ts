// The undo link's page, server side: the same use case and reply as POST /api/users/email/undo.
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { selfServiceReply } from "#server/modules/users/replies.ts";
import { undoEmailChange } from "#server/modules/users/self-service.ts";

export async function undoFromPage(context: AppLoadContext, token: string): Promise<Reply> {
  return selfServiceReply(await undoEmailChange(context.shop, token), "undo-email-change");
}
