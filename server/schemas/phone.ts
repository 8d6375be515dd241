// The /api/users/otp and /api/users/phone bodies (issue 29, decisions/050). The rules and their
// sentences live in common/phone-sign-in.ts, which the pages check their forms with.
import * as z from "zod/mini";
import { normalizeIndianPhone } from "#common/india.ts";
import {
  channelProblem,
  codeProblem,
  normalizeCode,
  optionalEmailProblem,
  PHONE_MESSAGES,
  signInPhoneProblem,
  type PhoneChannel,
} from "#common/phone-sign-in.ts";
import { normalizeEmail } from "#common/forms.ts";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { personName } from "./auth.ts";
import { rule } from "./rule.ts";

/** Typed as people type it (+91, 0, spaces, dashes); read as its 10 digits. At most 40 characters are looked at. */
const phone = z.pipe(
  z.string({ error: PHONE_MESSAGES.phoneRequired }).check(z.maxLength(40, PHONE_MESSAGES.phoneRequired), rule(signInPhoneProblem)),
  z.transform((value: string) => normalizeIndianPhone(value)!),
);

const code = z.pipe(
  z.string({ error: PHONE_MESSAGES.codeRequired }).check(z.maxLength(20, PHONE_MESSAGES.codeFormat), rule(codeProblem)),
  z.transform(normalizeCode),
);

const channel = z._default(
  z.pipe(z.string({ error: PHONE_MESSAGES.channelInvalid }).check(rule(channelProblem)), z.transform((value: string) => value as PhoneChannel)),
  "sms" as PhoneChannel,
);

/** An email the shopper may give when the account is made; "" and null are none. */
const optionalEmail = z.pipe(
  z.transform((value: unknown) => (value === null || value === undefined ? "" : value)),
  z.pipe(
    z.string({ error: AUTH_MESSAGES.registerEmailInvalid }).check(z.overwrite(normalizeEmail), rule(optionalEmailProblem)),
    z.transform((value: string) => value || undefined),
  ),
);

export const codeRequestSchema = z.object({ phone, channel });

/** `{ phone, code }` signs in or answers newAccount; with `name` (and an email if given) it makes the account. */
export const codeVerifySchema = z.object({ phone, code, name: z.optional(personName), email: z.optional(optionalEmail) });

/** Signed in: the number to add or change to, and how its code travels. */
export const phoneChangeSchema = codeRequestSchema;

export const phoneChangeVerifySchema = z.object({ phone, code });

/** Signed in, without a password: how the code confirming the account's deletion travels (to its verified number). */
export const deletionCodeSchema = z.object({ channel });

/** Signed in, without a password: the deletion's code. */
export const deleteByCodeSchema = z.object({ code });
