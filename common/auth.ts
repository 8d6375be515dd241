// Accounts' shared contract (product spec, sections 5 and 8): the texts of the login and register
// pages and the /api/users calls, and the rules for a name, an email and a password. The pages
// check their forms with these functions; server/schemas/auth.ts builds the zod schemas on them.
import { checked, EMAIL_MAX, formText, isValidEmail, normalizeEmail, type Checked, type Problem } from "./forms.ts";

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
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, and bidirectional overrides:
 * none belongs in a name that is printed on orders, invoices, emails and reviews. Zero-width
 * joiners stay allowed (Indic scripts need them).
 */
const NAME_FORBIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** The one rule for a person's name (already trimmed), wherever it is set: 1 to 100 characters, no control characters. */
export function nameProblem(name: string): Problem {
  if (name === "") return AUTH_MESSAGES.nameRequired;
  if (name.length > NAME_MAX) return AUTH_MESSAGES.nameTooLong;
  if (NAME_FORBIDDEN.test(name)) return AUTH_MESSAGES.nameInvalidCharacters;
  return undefined;
}

/** An account's email (already trimmed and lower-cased); `invalid` is the page's own wording. */
export function emailProblem(email: string, invalid: string): Problem {
  if (email === "") return AUTH_MESSAGES.emailRequired;
  if (email.length > EMAIL_MAX) return AUTH_MESSAGES.emailTooLong;
  if (!isValidEmail(email)) return invalid;
  return undefined;
}

/** Never trimmed: spaces are part of a password. */
export function passwordProblem(password: string): Problem {
  if (password === "") return AUTH_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return AUTH_MESSAGES.passwordTooLong;
  return undefined;
}

/**
 * The repeated password must match. Checked even when other fields have problems, so one submit
 * shows every message; not when the password itself is missing (that message says enough).
 */
export function confirmPasswordProblem(password: unknown, confirmPassword: unknown): Problem {
  if (typeof password !== "string" || password === "") return undefined;
  return password === confirmPassword ? undefined : AUTH_MESSAGES.passwordsDiffer;
}

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput extends LoginInput {
  name: string;
  confirmPassword?: string;
}

/** The login form's fields (strings from a form post or the page's inputs). */
export function checkLoginForm(values: Record<string, unknown>): Checked<LoginInput> {
  const email = normalizeEmail(formText(values, "email"));
  const password = formText(values, "password");
  return checked({ email, password }, {
    email: emailProblem(email, AUTH_MESSAGES.loginEmailInvalid),
    password: passwordProblem(password),
  });
}

/** The register form's fields. */
export function checkRegisterForm(values: Record<string, unknown>): Checked<RegisterInput> {
  const name = formText(values, "name").trim();
  const email = normalizeEmail(formText(values, "email"));
  const password = formText(values, "password");
  const confirmPassword = formText(values, "confirmPassword");
  return checked({ name, email, password, confirmPassword }, {
    name: nameProblem(name),
    email: emailProblem(email, AUTH_MESSAGES.registerEmailInvalid),
    password: passwordProblem(password),
    confirmPassword: confirmPasswordProblem(password, confirmPassword),
  });
}
