// The reset link's page, server side: the same use case and reply as POST /api/users/password/reset.
import type { AppLoadContext } from "react-router";
import type { ResetPasswordInput } from "#common/account.ts";
import type { Reply } from "#server/replies.ts";
import { selfServiceReply } from "#server/modules/users/replies.ts";
import { resetPassword } from "#server/modules/users/self-service.ts";

export async function resetFromPage(context: AppLoadContext, input: ResetPasswordInput): Promise<Reply> {
  return selfServiceReply(await resetPassword(context.shop, input), "reset-password");
}
