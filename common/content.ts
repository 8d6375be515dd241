// The newsletter and contact forms' rules (product spec, "Newsletter" and "Contact"); their texts
// are in messages.ts. The footer and the contact page check with these in the browser, and
// server/schemas/content.ts builds the API's zod schemas on them.
import { checked, EMAIL_MAX, formText, hasNul, isValidEmail, type Checked, type Problem } from "./forms.ts";
import { EMAIL_MESSAGES } from "./messages.ts";

/**
 * The newsletter's welcome code (server/modules/coupons/welcome.ts makes it from these): this much
 * off a first order, once, and — like every coupon not marked to include them — not on
 * prescription-only medicines. The footer, the /newsletter page and the confirmation email say it.
 */
export const WELCOME_PERCENT = 10;
export const WELCOME_INCLUDES_RX = false;
export const WELCOME_OFFER = `${WELCOME_PERCENT}% off your first order${WELCOME_INCLUDES_RX ? "" : " (prescription medicines excluded)"}`;

export const CONTACT_NAME_MAX = 120;
export const CONTACT_MESSAGE_MAX = 5000;

/** A newsletter or contact email (already trimmed). */
export function contactEmailProblem(email: string): Problem {
  if (email === "") return EMAIL_MESSAGES.required;
  if (email.length > EMAIL_MAX || !isValidEmail(email)) return EMAIL_MESSAGES.invalid;
  return undefined;
}

/** A required text of the contact form (already trimmed): "Name is required", "... is too long". */
export function requiredTextProblem(label: string, max: number, text: string): Problem {
  if (text === "") return `${label} is required`;
  if (text.length > max) return `${label} is too long (${max} characters at most)`;
  if (hasNul(text)) return `${label} contains characters that are not allowed`;
  return undefined;
}

export interface SubscribeInput {
  email: string;
}

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

export function checkSubscribeForm(values: Record<string, unknown>): Checked<SubscribeInput> {
  const email = formText(values, "email").trim();
  return checked({ email }, { email: contactEmailProblem(email) });
}

export function checkContactForm(values: Record<string, unknown>): Checked<ContactInput> {
  const name = formText(values, "name").trim();
  const email = formText(values, "email").trim();
  const message = formText(values, "message").trim();
  return checked({ name, email, message }, {
    name: requiredTextProblem("Name", CONTACT_NAME_MAX, name),
    email: contactEmailProblem(email),
    message: requiredTextProblem("Message", CONTACT_MESSAGE_MAX, message),
  });
}
