// The contact page's server side: the same use case and reply table as POST /api/contact.
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { sendContactMessage } from "#server/modules/content/contact.ts";
import { contentReply } from "#server/modules/content/replies.ts";

/** Hands the form to the use case, which checks it (400 with per-field messages) and stores the message for the admin inbox. */
export async function sendContactFromForm(context: AppLoadContext, form: FormData): Promise<Reply> {
  return contentReply(await sendContactMessage(context.shop, Object.fromEntries(form), context.clientIp));
}
