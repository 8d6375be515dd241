// The verification link's page, server side: the same use case and reply as POST /api/users/email/verify.
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { selfServiceReply } from "#server/modules/users/replies.ts";
import { verifyEmail } from "#server/modules/users/self-service.ts";

export async function verifyFromLink(request: Request, context: AppLoadContext, token: string): Promise<Reply> {
  return selfServiceReply(await verifyEmail(context.shop, token, request.headers), "verify-email");
}
