// The unsubscribe link's server side (every marketing email carries one; no sign-in).
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { unsubscribeFromNewsletter } from "#server/modules/content/newsletter.ts";
import { unsubscribeReply } from "#server/modules/content/replies.ts";

export async function unsubscribeFromLink(context: AppLoadContext, token: string): Promise<Reply> {
  return unsubscribeReply(await unsubscribeFromNewsletter(context.shop.db, token));
}
