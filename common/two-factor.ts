// Two-factor sign-in's shared contract (issue 29, decisions/051): the texts of the profile's
// two-factor section, the login page's code step and the /api/users/2fa calls, and the rule for a
// code. The pages check their forms with these functions; server/schemas/two-factor.ts builds the
// zod schemas on them.
import { AUTH_MESSAGES, PASSWORD_MAX } from "./auth.ts";
import { checked, formText, type Checked, type Problem } from "./forms.ts";

export const TWO_FACTOR_MESSAGES = {
  /** An account without a password (made by phone, decisions/053): nothing to add a second factor to. */
  needsPassword: "Off. It adds a code from an authenticator app to your password, and your account has no password: you sign in with a code sent to your mobile number.",
  /** Staff where STAFF_TWO_FACTOR=required, until they have set it up (api-contract.md, exact). */
  setupRequired: "Set up two-factor sign-in first",
  codeRequired: "Enter the code from your authenticator app",
  codeInvalid: "Enter the 6-digit code from your authenticator app, or a backup code",
  authenticatorCodeInvalid: "Enter the 6-digit code from your authenticator app",
  codeWrong: "That code is not right. Check the time on your phone and try again.",
  challengeExpired: "Your sign-in has expired. Please sign in again.",
  setupStarted: "Scan the QR code with your authenticator app, then enter the code it shows.",
  enabled: "Two-factor sign-in is on",
  disabled: "Two-factor sign-in is off",
  alreadyEnabled: "Two-factor sign-in is already on",
  notStarted: "Start setting up two-factor sign-in first",
  notEnabled: "Two-factor sign-in is not on",
  codeAsked: "Enter the code from your authenticator app to finish signing in",
  resetByAdmin: "Two-factor sign-in is off for this account; they have been signed out everywhere and can set it up again",
  resetOwn: "Turn your own two-factor sign-in off from your profile",
} as const;

/** The profile's two-factor section: where staff go first where STAFF_TWO_FACTOR=required. */
export const TWO_FACTOR_SETUP_PATH = "/profile#two-factor";

/** The longest code taken (a backup code is 11 characters; room for spaces). */
export const TWO_FACTOR_CODE_MAX = 32;

/** What a typed code is: an authenticator's 6 digits or a backup code (`xxxxx-xxxxx`). */
export type TwoFactorCode = { kind: "totp"; code: string } | { kind: "backup"; code: string };

/** The characters of backup codes: lower-case letters and digits without the look-alikes 0, 1, i, l, o. */
export const BACKUP_CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/**
 * A code as typed, read: spaces dropped; 6 digits are an authenticator code, 10 letters and digits
 * (a dash after the fifth or not, any case) a backup code; anything else null.
 */
export function readTwoFactorCode(value: string): TwoFactorCode | null {
  const text = value.replace(/\s+/g, "");
  if (/^\d{6}$/.test(text)) return { kind: "totp", code: text };
  const backup = /^([a-z0-9]{5})-?([a-z0-9]{5})$/i.exec(text);
  return backup ? { kind: "backup", code: `${backup[1]}-${backup[2]}`.toLowerCase() } : null;
}

export function twoFactorCodeProblem(value: string): Problem {
  if (value.trim() === "") return TWO_FACTOR_MESSAGES.codeRequired;
  if (value.length > TWO_FACTOR_CODE_MAX || !readTwoFactorCode(value)) return TWO_FACTOR_MESSAGES.codeInvalid;
  return undefined;
}

/** Turning two-factor on takes the authenticator's code only (it proves the app has the secret). */
export function authenticatorCodeProblem(value: string): Problem {
  if (value.trim() === "") return TWO_FACTOR_MESSAGES.codeRequired;
  return readTwoFactorCode(value)?.kind === "totp" ? undefined : TWO_FACTOR_MESSAGES.authenticatorCodeInvalid;
}

function currentPasswordProblem(password: string): Problem {
  if (password === "") return AUTH_MESSAGES.passwordRequired;
  if (password.length > PASSWORD_MAX) return AUTH_MESSAGES.passwordTooLong;
  return undefined;
}

export interface TwoFactorSetupInput {
  password: string;
}
export interface TwoFactorEnableInput {
  code: string;
}
export interface TwoFactorDisableInput {
  password: string;
  code: string;
}
export interface TwoFactorSignInInput {
  challenge: string;
  code: string;
}

export function checkTwoFactorSetupForm(values: Record<string, unknown>): Checked<TwoFactorSetupInput> {
  const password = formText(values, "password");
  return checked({ password }, { password: currentPasswordProblem(password) });
}

export function checkTwoFactorEnableForm(values: Record<string, unknown>): Checked<TwoFactorEnableInput> {
  const code = formText(values, "code");
  return checked({ code }, { code: authenticatorCodeProblem(code) });
}

export function checkTwoFactorDisableForm(values: Record<string, unknown>): Checked<TwoFactorDisableInput> {
  const password = formText(values, "password");
  const code = formText(values, "code");
  return checked({ password, code }, { password: currentPasswordProblem(password), code: twoFactorCodeProblem(code) });
}

/** The login page's code step (the challenge travels in a hidden field; its problems read as an expired sign-in). */
export function checkTwoFactorSignInForm(values: Record<string, unknown>): Checked<TwoFactorSignInInput> {
  const challenge = formText(values, "challenge");
  const code = formText(values, "code");
  return checked({ challenge, code }, { code: twoFactorCodeProblem(code) });
}

/** The secret of an otpauth:// URI, in groups of four for typing into an app by hand. */
export function otpauthSecret(uri: string): string {
  const match = /[?&]secret=([A-Z2-7]+)/i.exec(uri);
  return match ? match[1]!.toUpperCase().replace(/(.{4})(?=.)/g, "$1 ") : "";
}

/** A started set-up as the profile shows it: the QR code (one SVG path over `size` modules), the secret, the backup codes. */
export interface TwoFactorSetupView {
  otpauthUri: string;
  secret: string;
  backupCodes: string[];
  qr: { size: number; path: string };
}
