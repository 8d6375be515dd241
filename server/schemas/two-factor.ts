// The /api/users/2fa bodies and the sign-in's code step (decisions/051). The rules and their
// sentences live in common/two-factor.ts, which the profile and login pages check their forms with.
import * as z from "zod/mini";
import { AUTH_MESSAGES, PASSWORD_MAX } from "#common/auth.ts";
import { TWO_FACTOR_MESSAGES, authenticatorCodeProblem, twoFactorCodeProblem } from "#common/two-factor.ts";
import { rule } from "./rule.ts";

/** The longest challenge taken: Better Auth's signed identifier is about 70 characters. */
export const CHALLENGE_MAX = 512;

const currentPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .check(z.minLength(1, AUTH_MESSAGES.passwordRequired), z.maxLength(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong));

const anyCode = z.string({ error: TWO_FACTOR_MESSAGES.codeRequired }).check(rule(twoFactorCodeProblem));

export const twoFactorSetupSchema = z.object({ password: currentPassword });

export const twoFactorEnableSchema = z.object({
  code: z.string({ error: TWO_FACTOR_MESSAGES.codeRequired }).check(rule(authenticatorCodeProblem)),
});

export const twoFactorDisableSchema = z.object({ password: currentPassword, code: anyCode });

export const twoFactorSignInSchema = z.object({
  challenge: z
    .string({ error: TWO_FACTOR_MESSAGES.challengeExpired })
    .check(z.minLength(1, TWO_FACTOR_MESSAGES.challengeExpired), z.maxLength(CHALLENGE_MAX, TWO_FACTOR_MESSAGES.challengeExpired)),
  code: anyCode,
});
