// The content forms' messages (contact, newsletter) in the page's language. The rules and the
// JSON API answer in English (common/content.ts, common/messages.ts, the content module's reply
// table: the API contract); the pages map each of those texts to its `pages` catalogue key, in
// the browser (the form's own check) and in the actions (the server's answer).
import { CHECK_DETAILS_MESSAGE, CONTACT_THANK_YOU, EMAIL_MESSAGES, NEWSLETTER_MESSAGES } from "#common/messages.ts";
import type { Translate } from "~/lib/i18n";

const KEYS: Record<string, string> = {
  [EMAIL_MESSAGES.required]: "pages.form.emailRequired",
  [EMAIL_MESSAGES.invalid]: "pages.form.emailInvalid",
  [CHECK_DETAILS_MESSAGE]: "pages.form.checkDetails",
  [CONTACT_THANK_YOU]: "pages.contact.thanks",
  [NEWSLETTER_MESSAGES.checkInbox]: "pages.newsletter.checkInbox",
  [NEWSLETTER_MESSAGES.subscribed]: "pages.newsletter.subscribed",
  [NEWSLETTER_MESSAGES.alreadySubscribed]: "pages.newsletter.alreadySubscribed",
  [NEWSLETTER_MESSAGES.invalidLink]: "pages.newsletter.invalidLink",
};

/** The contact form's fields as requiredTextProblem names them. */
const FIELDS: Record<string, string> = { Name: "name", Message: "message" };

/** One English message of the rules or the reply table in the page's language (as it is when unknown). */
export function formMessage(text: string, t: Translate): string {
  const key = KEYS[text];
  if (key) return t(key);
  let match = /^(Name|Message) is required$/.exec(text);
  if (match) return t(`pages.form.${FIELDS[match[1]]}Required`);
  match = /^(Name|Message) is too long \((\d+) characters at most\)$/.exec(text);
  if (match) return t(`pages.form.${FIELDS[match[1]]}TooLong`, { max: Number(match[2]) });
  match = /^(Name|Message) contains characters that are not allowed$/.exec(text);
  if (match) return t(`pages.form.${FIELDS[match[1]]}NotAllowed`);
  match = /^Too many requests\. Please try again in (\d+) minutes?\.$/.exec(text);
  if (match) return t("pages.form.tooMany", { minutes: Number(match[1]) });
  return text;
}

/** Each field's message, as formMessage writes it. */
export function formErrors(errors: Record<string, string>, t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, formMessage(text, t)]));
}
