// The /api/users bodies. The rules and their messages live in common/auth.ts, which the login and
// register pages check their forms with in the browser.
import * as z from "zod/mini";
import {
  AUTH_MESSAGES,
  confirmPasswordProblem,
  emailProblem,
  nameProblem,
  passwordProblem,
} from "#common/auth.ts";
import { normalizeEmail } from "#common/forms.ts";
import { rule } from "./rule.ts";

/** A person's name wherever it is set (registration, the admin's users, Better Auth's updates): trimmed. */
export const personName = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? AUTH_MESSAGES.nameRequired : AUTH_MESSAGES.nameNotText) })
  .check(z.trim(), rule(nameProblem));

/** Trimmed and lower-cased, so "A@X.in " and "a@x.in" are one account. */
export const accountEmail = (invalid: string) =>
  z.string({ error: AUTH_MESSAGES.emailRequired }).check(
    z.overwrite(normalizeEmail),
    rule((value: string) => emailProblem(value, invalid)),
  );

/** Never trimmed: spaces are part of a password. */
export const password = z.string({ error: AUTH_MESSAGES.passwordRequired }).check(rule(passwordProblem));

export const loginSchema = z.object({
  email: accountEmail(AUTH_MESSAGES.loginEmailInvalid),
  password,
});

export const registerSchema = z
  .object({
    name: personName,
    email: accountEmail(AUTH_MESSAGES.registerEmailInvalid),
    password,
    confirmPassword: z.optional(z.string({ error: AUTH_MESSAGES.passwordsDiffer })),
  })
  .check(
    z.refine((input) => confirmPasswordProblem(input.password, input.confirmPassword) === undefined, {
      error: AUTH_MESSAGES.passwordsDiffer,
      path: ["confirmPassword"],
      // Also when other fields have problems, so one submit shows every message.
      when: ({ value }) => {
        const input = value as { password?: unknown; confirmPassword?: unknown } | null;
        return typeof input === "object" && input !== null && confirmPasswordProblem(input.password, input.confirmPassword) !== undefined;
      },
    }),
  );
