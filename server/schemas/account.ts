// The /api/users self-service bodies (issue 16). The rules and their sentences live in
// common/account.ts and common/auth.ts, which the pages check their forms with in the browser.
import * as z from "zod/mini";
import { ACCOUNT_MESSAGES, TOKEN_MAX, normalizeProfilePhone, phoneProblem } from "#common/account.ts";
import { AUTH_MESSAGES, confirmPasswordProblem } from "#common/auth.ts";
import { MOBILE_NUMBER_MESSAGE } from "#common/india.ts";
import { language } from "./language.ts";
import { whatsappUpdates } from "./whatsapp.ts";
import { accountEmail, password, personName } from "./auth.ts";
import { rule } from "./rule.ts";

/** A password the customer already has: only its presence and length are checked (the hash decides). */
const currentPassword = (required: string) =>
  z
    .string({ error: required })
    .check(z.minLength(1, required), z.maxLength(128, AUTH_MESSAGES.passwordTooLong));

const token = z.string({ error: ACCOUNT_MESSAGES.tokenRequired }).check(z.minLength(1, ACCOUNT_MESSAGES.tokenRequired), z.maxLength(TOKEN_MAX, ACCOUNT_MESSAGES.tokenRequired));

/** The new password and its repetition; the repetition is checked even when other fields fail. */
const samePasswords = z.refine<{ password: string; confirmPassword: string }>((input) => confirmPasswordProblem(input.password, input.confirmPassword) === undefined, {
  error: AUTH_MESSAGES.passwordsDiffer,
  path: ["confirmPassword"],
  when: ({ value }) => {
    const input = value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof input === "object" && input !== null && confirmPasswordProblem(input.password, input.confirmPassword) !== undefined;
  },
});

export const forgotPasswordSchema = z.object({ email: accountEmail(AUTH_MESSAGES.loginEmailInvalid) });

export const resetPasswordSchema = z
  .object({ token, password, confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }) })
  .check(samePasswords);

export const changePasswordSchema = z
  .object({
    currentPassword: currentPassword(ACCOUNT_MESSAGES.currentPasswordRequired),
    password,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
  })
  .check(samePasswords);

/** "" or null removes the number; anything else must be an Indian mobile number, kept as its 10 digits. */
const phone = z.pipe(
  z.transform((value: unknown) => (value === null ? "" : value)),
  z.pipe(
    z.string({ error: MOBILE_NUMBER_MESSAGE }).check(rule(phoneProblem)),
    z.transform((value: string) => normalizeProfilePhone(value) || null),
  ),
);

/** Any of the fields alone, or together; nothing else is taken. `whatsappUpdates`: order news on WhatsApp on or off (decisions/055). */
export const profileSchema = z.object({
  name: z.optional(personName),
  phone: z.optional(phone),
  whatsappUpdates: z.optional(whatsappUpdates),
  /** The language of the shopper's emails, SMS and WhatsApp messages (decisions/064). */
  language: z.optional(language),
});

export const changeEmailSchema = z.object({
  email: accountEmail(AUTH_MESSAGES.registerEmailInvalid),
  password: currentPassword(AUTH_MESSAGES.passwordRequired),
});

/** An account made by phone adds its first email with no password: it has none (decisions/050). */
export const addEmailSchema = z.object({ email: accountEmail(AUTH_MESSAGES.registerEmailInvalid) });

export const verifyEmailSchema = z.object({ token });

export const deleteAccountSchema = z.object({ password: currentPassword(AUTH_MESSAGES.passwordRequired) });
