// zod/mini: these schemas ship to the browser with the footer on every page, so they must stay small.
import * as z from "zod/mini";
import { EMAIL_MESSAGES } from "../messages.ts";

export { CONTACT_THANK_YOU, NEWSLETTER_MESSAGES } from "../messages.ts";

const email = z.string({ error: EMAIL_MESSAGES.required }).check(
  z.trim(),
  z.minLength(1, EMAIL_MESSAGES.required),
  z.maxLength(254, EMAIL_MESSAGES.invalid),
  z.email(EMAIL_MESSAGES.invalid),
);

const requiredText = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} is too long (${max} characters at most)`),
    z.regex(/^[^\u0000]*$/, `${label} contains characters that are not allowed`),
  );

export const subscribeSchema = z.object({ email });

export const contactSchema = z.object({
  name: requiredText("Name", 120),
  email,
  message: requiredText("Message", 5000),
});

export type ContactInput = z.infer<typeof contactSchema>;
