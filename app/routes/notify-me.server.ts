// "Notify me when back in stock" from the product page (POST /product/:productId/notify-me):
// the same use case and reply table as POST /api/products/:id/notify-me.
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { backInStockReply } from "#server/modules/back-in-stock/replies.ts";
import { requestBackInStockEmail } from "#server/modules/back-in-stock/requests.ts";

export async function notifyMeFromForm(context: AppLoadContext, productId: string, form: FormData): Promise<Reply> {
  const requester = context.user ? { userId: context.user.id, email: context.user.email } : null;
  const email = form.get("email");
  const body = { email: typeof email === "string" ? email : undefined };
  return backInStockReply(await requestBackInStockEmail(context.shop, productId, requester, body, context.clientIp));
}
