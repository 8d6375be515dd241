// zod/mini: the login and register pages validate in the browser with these same schemas.
import * as z from "zod/mini";

/** Texts the login and register pages and the /api/users calls share (product spec, sections 5 and 8). */
export const AUTH_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 100 characters",
  nameNotText: "Name must be text",
  nameInvalidCharacters: "Name cannot contain line breaks or control characters",
  emailRequired: "Email is required",
  loginEmailInvalid: "Please enter a valid email",
  registerEmailInvalid: "Email is invalid",
  emailTooLong: "Email must be at most 254 characters",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordsDiffer: "Passwords do not match",
  formInvalid: "Please fix the errors in the form",
  invalidCredentials: "Invalid email or password",
  userExists: "User already exists",
  signInRequired: "Please sign in",
  loggedOut: "Logged out",
  loginSucceeded: "Login successful",
  loginFailed: "Login failed. Please try again.",
  registrationSucceeded: "Registration successful!",
  registrationFailed: "Registration failed",
} as const;

/** "Too many sign-in attempts. Please try again in 15 minutes." */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, and bidirectional overrides:
 * none belongs in a name that is printed on orders, invoices, emails and reviews. Zero-width
 * joiners stay allowed (Indic scripts need them).
 */
const NAME_FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * The one rule for a person's name, wherever it is set (registration, the admin's users): trimmed,
 * 1 to 100 characters, no control characters.
 */
export const personName = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? AUTH_MESSAGES.nameRequired : AUTH_MESSAGES.nameNotText) })
  .check(
    z.trim(),
    z.minLength(1, AUTH_MESSAGES.nameRequired),
    z.maxLength(NAME_MAX, AUTH_MESSAGES.nameTooLong),
    z.refine((value) => !NAME_FORBIDDEN.test(value), AUTH_MESSAGES.nameInvalidCharacters),
  );

/** Trimmed and lower-cased, so "A@X.in " and "a@x.in" are one account. */
const email = (invalid: string) =>
  z.string({ error: AUTH_MESSAGES.emailRequired }).check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, AUTH_MESSAGES.emailRequired),
    z.maxLength(EMAIL_MAX, AUTH_MESSAGES.emailTooLong),
    z.email(invalid),
  );

/** Never trimmed: spaces are part of a password. */
const password = z.string({ error: AUTH_MESSAGES.passwordRequired }).check(
  z.minLength(1, AUTH_MESSAGES.passwordRequired),
  z.minLength(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort),
  z.maxLength(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
);

export const loginSchema = z.object({
  email: email(AUTH_MESSAGES.loginEmailInvalid),
  password,
});

export const registerSchema = z
  .object({
    name: personName,
    email: email(AUTH_MESSAGES.registerEmailInvalid),
    password,
    confirmPassword: z.optional(z.string({ error: AUTH_MESSAGES.passwordsDiffer })),
  })
  .check(
    z.refine((input) => input.password === input.confirmPassword, {
      error: AUTH_MESSAGES.passwordsDiffer,
      path: ["confirmPassword"],
      // Checked even when other fields have problems, so one submit shows every message; not
      // when the password itself is missing (that message says enough).
      when: ({ value }) => {
        const password = (value as { password?: unknown } | null)?.password;
        return typeof password === "string" && password !== "";
      },
    }),
  );

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
