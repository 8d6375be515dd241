// The newsletter sign-up's server side (the footer's form posts to /newsletter): as POST /api/subscribe.
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { subscribeToNewsletter } from "#server/modules/content/newsletter.ts";
import { contentReply } from "#server/modules/content/replies.ts";
import { formMessage } from "~/components/content/form-messages";
import { pagesTranslator } from "~/components/content/messages.server";

/**
 * Hands the form to the use case, which checks the address (400) and asks it to confirm by email
 * (double opt-in); the answer in the page's language (the API's stays English).
 */
export async function subscribeFromForm(context: AppLoadContext, request: Request, form: FormData): Promise<Reply> {
  const reply = contentReply(await subscribeToNewsletter(context.shop, Object.fromEntries(form), context.clientIp));
  return { ...reply, message: formMessage(reply.message, pagesTranslator(request)) };
}
