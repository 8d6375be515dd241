// The "Forgot password?" page's server side: the same use case and reply as POST /api/users/password/forgot.
import type { AppLoadContext } from "react-router";
import type { ForgotPasswordInput } from "#common/account.ts";
import type { Reply } from "#server/replies.ts";
import { selfServiceReply } from "#server/modules/users/replies.ts";
import { requestPasswordReset } from "#server/modules/users/self-service.ts";
import { pageClient } from "./login.server";

export async function requestResetFromPage(request: Request, context: AppLoadContext, input: ForgotPasswordInput): Promise<Reply> {
  return selfServiceReply(await requestPasswordReset(context.shop, input, pageClient(request, context)), "forgot-password");
}
