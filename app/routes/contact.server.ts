// The contact page's server side: the same use case and reply table as POST /api/contact.
import type { AppLoadContext } from "react-router";
import { contactSchema } from "#server/schemas/content.ts";
import { fieldErrors } from "#server/schemas/field-errors.ts";
import type { Reply } from "#server/replies.ts";
import { sendContactMessage } from "#server/modules/content/contact.ts";
import { contentReply } from "#server/modules/content/replies.ts";

/** Checks the form with the shared schema (400 with per-field messages), then stores the message for the admin inbox. */
export async function sendContactFromForm(context: AppLoadContext, form: FormData): Promise<Reply> {
  const parsed = contactSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { status: 400, message: Object.values(errors)[0] ?? "", errors };
  }
  return contentReply(await sendContactMessage(context.shop, parsed.data, context.clientIp));
}
