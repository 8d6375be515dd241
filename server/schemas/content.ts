// POST /api/subscribe and /api/contact. The rules and texts are common/content.ts and
// common/messages.ts, which the footer's newsletter form and the contact page use in the browser.
import * as z from "zod/mini";
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, contactEmailProblem, requiredTextProblem } from "#common/content.ts";
import { EMAIL_MESSAGES } from "#common/messages.ts";
import { rule } from "./rule.ts";

const email = z.string({ error: EMAIL_MESSAGES.required }).check(z.trim(), rule(contactEmailProblem));

const requiredText = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).check(
    z.trim(),
    rule((text: string) => requiredTextProblem(label, max, text)),
  );

export const subscribeSchema = z.object({ email });

export const contactSchema = z.object({
  name: requiredText("Name", CONTACT_NAME_MAX),
  email,
  message: requiredText("Message", CONTACT_MESSAGE_MAX),
});
