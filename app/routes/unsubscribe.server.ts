// The unsubscribe link's server side (every marketing email carries one; no sign-in).
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { unsubscribeFromNewsletter } from "#server/modules/content/newsletter.ts";
import { UNSUBSCRIBE_MESSAGES, unsubscribeReply } from "#server/modules/content/replies.ts";
import { pagesTranslator } from "~/components/content/messages.server";

const KEYS: Record<string, string> = {
  [UNSUBSCRIBE_MESSAGES.done]: "pages.unsubscribe.done",
  [UNSUBSCRIBE_MESSAGES.invalidLink]: "pages.unsubscribe.invalidLink",
};

/** Unsubscribes the link's address; the answer in the page's language. */
export async function unsubscribeFromLink(context: AppLoadContext, request: Request, token: string): Promise<Reply> {
  const reply = unsubscribeReply(await unsubscribeFromNewsletter(context.shop.db, token));
  const key = KEYS[reply.message];
  return key ? { ...reply, message: pagesTranslator(request)(key) } : reply;
}
