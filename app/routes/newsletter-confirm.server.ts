// The newsletter confirmation link's server side.
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { confirmSubscription } from "#server/modules/content/newsletter.ts";
import { contentReply } from "#server/modules/content/replies.ts";

/** Confirms the subscription the link's token belongs to, answered from the content module's reply table. */
export async function confirmFromLink(context: AppLoadContext, token: string): Promise<Reply> {
  return contentReply(await confirmSubscription(context.shop.db, token));
}
