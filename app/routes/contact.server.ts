// The contact page's server side: the same use case and reply table as POST /api/contact.
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { sendContactMessage } from "#server/modules/content/contact.ts";
import { contentReply } from "#server/modules/content/replies.ts";
import { formErrors, formMessage } from "~/components/content/form-messages";
import { pagesTranslator } from "~/components/content/messages.server";

/**
 * Hands the form to the use case, which checks it (400 with per-field messages) and stores the
 * message for the admin inbox; the reply's messages in the page's language (the API's stay English).
 */
export async function sendContactFromForm(context: AppLoadContext, request: Request, form: FormData): Promise<Reply> {
  const reply = contentReply(await sendContactMessage(context.shop, Object.fromEntries(form), context.clientIp));
  const t = pagesTranslator(request);
  return { ...reply, message: reply.message && formMessage(reply.message, t), errors: reply.errors && formErrors(reply.errors, t) };
}
