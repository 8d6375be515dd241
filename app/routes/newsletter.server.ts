// The newsletter sign-up's server side (the footer's form posts to /newsletter): as POST /api/subscribe.
import type { AppLoadContext } from "react-router";
import type { Reply } from "#server/replies.ts";
import { subscribeToNewsletter } from "#server/modules/content/newsletter.ts";
import { contentReply } from "#server/modules/content/replies.ts";

/** Hands the form to the use case, which checks the address (400) and asks it to confirm by email (double opt-in). */
export async function subscribeFromForm(context: AppLoadContext, form: FormData): Promise<Reply> {
  return contentReply(await subscribeToNewsletter(context.shop, Object.fromEntries(form), context.clientIp));
}
