// The newsletter confirmation link's server side.
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { confirmSubscription } from "#server/modules/content/newsletter.ts";
import { contentReply } from "#server/modules/content/replies.ts";
import { formMessage } from "~/components/content/form-messages";
import { pagesTranslator } from "~/components/content/messages.server";

/** Confirms the subscription the link's token belongs to, answered from the content module's reply table in the page's language. */
export async function confirmFromLink(context: AppLoadContext, request: Request, token: string): Promise<Reply> {
  const reply = contentReply(await confirmSubscription(context.shop.db, token));
  return { ...reply, message: formMessage(reply.message, pagesTranslator(request)) };
}
