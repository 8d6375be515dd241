// The newsletter sign-up's server side (the footer's form posts to /newsletter): as POST /api/subscribe.
import type { AppLoadContext } from "react-router";
import { subscribeSchema } from "#server/schemas/content.ts";
import type { Reply } from "#server/replies.ts";
import { subscribeToNewsletter } from "#server/modules/content/newsletter.ts";
import { contentReply } from "#server/modules/content/replies.ts";

/** Checks the address with the shared schema (400), then asks it to confirm by email (double opt-in). */
export async function subscribeFromForm(context: AppLoadContext, form: FormData): Promise<Reply> {
  const parsed = subscribeSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { status: 400, message: parsed.error.issues[0]!.message };
  const result = await subscribeToNewsletter(context.shop, parsed.data.email, context.clientIp);
  return contentReply(result);
}
