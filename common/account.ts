// Account self-service's shared contract (issue 16, decisions/023): the texts of the forgot and
// reset password pages, email verification, the profile's forms and account deletion, and their
// form rules. The pages check their forms with these functions; server/schemas/account.ts builds
// the zod schemas of /api/users on them, so each rule and its sentence exist once.
import {
  AUTH_MESSAGES,
  confirmPasswordProblem,
  emailProblem,
  nameProblem,
  passwordProblem,
} from "./auth.ts";
import { checked, formText, normalizeEmail, type Checked, type Problem } from "./forms.ts";
import type { Language } from "./language.ts";
import { mobileNumberProblem, normalizeIndianPhone } from "./india.ts";
import type { OrderStatus } from "./orders.ts";

export const ACCOUNT_MESSAGES = {
  /** The one answer to "Forgot password?", whether or not the email has an account. */
  resetRequested: "If an account exists for this email, we have sent a link to reset your password.",
  resetLinkInvalid: "This link is invalid or has expired",
  passwordReset: "Your password has been changed. Please sign in with your new password.",
  currentPasswordRequired: "Current password is required",
  currentPasswordWrong: "Your current password is incorrect",
  passwordWrong: "Your password is incorrect",
  passwordChanged: "Your password has been changed. You have been signed out on your other devices.",
  profileSaved: "Your profile has been saved",
  signedOutEverywhere: "You have been signed out of all devices",
  verificationSent: "We have sent a verification link to your email address.",
  alreadyVerified: "Your email address is already verified",
  emailVerified: "Your email address has been verified",
  emailChangeRequested: "We have sent a link to the new address. Your email changes when you open it.",
  emailChanged: "Your email address has been changed",
  /** After the old address's undo link (decisions/042). */
  emailChangeUndone:
    "Your account has its old email address back. Every device has been signed out and the password no longer works: we have emailed you a link to choose a new one.",
  emailChangeUndoBlocked: "Another account uses this email address now. Please contact us to get your account back.",
  emailUnchanged: "This is already your email address",
  verifyLinkInvalid: "This link is invalid or has expired",
  accountDeleted: "Your account has been deleted",
  staffCannotDelete: "Staff accounts are removed by an administrator",
  /** An account without a password (made by phone, decisions/053): the profile's password section and the deletion's refusals. */
  noPassword: "Your account has no password: you sign in with a code sent to your mobile number.",
  deleteCodeExpected: "Your account has no password: confirm with the code we send to your mobile number",
  deletePasswordExpected: "Your account has a password: confirm with your password",
  deleteNeedsVerifiedPhone: "Verify your mobile number first: the code to delete your account is sent to it",
  /** The start of the refusal while an order still needs the account (`openOrdersMessage`). */
  openOrders: "Your account cannot be deleted yet:",
  tokenRequired: "This link is invalid or has expired",
} as const;

/**
 * Why the account cannot be deleted now (decisions/047): the open orders by number, and what the
 * customer needs the account for until they are finished.
 */
export function openOrdersMessage(orderNumbers: string[]): string {
  const which = orderNumbers.length === 1 ? `order ${orderNumbers[0]} is` : `orders ${orderNumbers.join(", ")} are`;
  return `${ACCOUNT_MESSAGES.openOrders} ${which} not finished, and you need your account to follow, cancel or return ${orderNumbers.length === 1 ? "it" : "them"} and to download the invoice. You can delete your account once ${orderNumbers.length === 1 ? "it is" : "they are"} delivered or cancelled and any return you asked for is decided.`;
}

/** What deleting the account now would cut off (decisions/047): the profile's warning, the deletion's refusal. */
export interface DeletionCheck {
  /** Orders that still need the account: deletion waits until each is delivered or cancelled (and its return decided). */
  openOrders: { id: string; orderNumber: string; status: OrderStatus; returnPending: boolean }[];
  /** Delivered orders still inside the return window: deletion is allowed, the page says what is given up. */
  returnable: { id: string; orderNumber: string; returnUntil: string }[];
}

/** The name of the "Download my data" file. */
export const EXPORT_FILE_NAME = "my-data.json";

/** The profile's phone: an Indian mobile number (common/india.ts), or nothing. Returns the 10 digits or "". */
export function normalizeProfilePhone(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return "";
  return normalizeIndianPhone(trimmed);
}

export function phoneProblem(value: string): Problem {
  return normalizeProfilePhone(value) === null ? mobileNumberProblem(value) : undefined;
}

export interface ForgotPasswordInput {
  email: string;
}

export function checkForgotPasswordForm(values: Record<string, unknown>): Checked<ForgotPasswordInput> {
  const email = normalizeEmail(formText(values, "email"));
  return checked({ email }, { email: emailProblem(email, AUTH_MESSAGES.loginEmailInvalid) });
}

export interface ResetPasswordInput {
  token: string;
  password: string;
  confirmPassword: string;
}

/** Reset tokens are Better Auth's 24-character ids; anything much longer is not one. */
export const TOKEN_MAX = 2048;

function tokenProblem(token: string): Problem {
  return token === "" || token.length > TOKEN_MAX ? ACCOUNT_MESSAGES.tokenRequired : undefined;
}

export function checkResetPasswordForm(values: Record<string, unknown>): Checked<ResetPasswordInput> {
  const token = formText(values, "token");
  const password = formText(values, "password");
  const confirmPassword = formText(values, "confirmPassword");
  return checked({ token, password, confirmPassword }, {
    token: tokenProblem(token),
    password: passwordProblem(password),
    confirmPassword: confirmPasswordProblem(password, confirmPassword),
  });
}

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

function currentPasswordProblem(value: string): Problem {
  if (value === "") return ACCOUNT_MESSAGES.currentPasswordRequired;
  return value.length > 128 ? AUTH_MESSAGES.passwordTooLong : undefined;
}

export function checkChangePasswordForm(values: Record<string, unknown>): Checked<ChangePasswordInput> {
  const currentPassword = formText(values, "currentPassword");
  const password = formText(values, "password");
  const confirmPassword = formText(values, "confirmPassword");
  return checked({ currentPassword, password, confirmPassword }, {
    currentPassword: currentPasswordProblem(currentPassword),
    password: passwordProblem(password),
    confirmPassword: confirmPasswordProblem(password, confirmPassword),
  });
}

export interface ProfileInput {
  name?: string;
  /** 10 digits, or null to remove the number. */
  phone?: string | null;
  /** Order news on WhatsApp on or off (decisions/055). */
  whatsappUpdates?: boolean;
  /** The language of the shopper's emails, SMS and WhatsApp messages (decisions/064). */
  language?: Language;
}

/** The profile form: both fields present (an empty phone removes it). The API also takes either alone. */
export function checkProfileForm(values: Record<string, unknown>): Checked<ProfileInput> {
  const name = formText(values, "name").trim();
  const rawPhone = formText(values, "phone");
  const phone = normalizeProfilePhone(rawPhone);
  return checked({ name, phone: phone === "" ? null : phone }, { name: nameProblem(name), phone: phoneProblem(rawPhone) });
}

export interface ChangeEmailInput {
  email: string;
  password: string;
}

/** The first email of an account made by phone (decisions/050): only the address. */
export function checkAddEmailForm(values: Record<string, unknown>): Checked<{ email: string }> {
  const email = normalizeEmail(formText(values, "email"));
  return checked({ email }, { email: emailProblem(email, AUTH_MESSAGES.registerEmailInvalid) });
}

export function checkChangeEmailForm(values: Record<string, unknown>): Checked<ChangeEmailInput> {
  const email = normalizeEmail(formText(values, "email"));
  const password = formText(values, "password");
  return checked({ email, password }, {
    email: emailProblem(email, AUTH_MESSAGES.registerEmailInvalid),
    password: currentPasswordProblem(password) && AUTH_MESSAGES.passwordRequired,
  });
}

export interface DeleteAccountInput {
  password: string;
}

export function checkDeleteAccountForm(values: Record<string, unknown>): Checked<DeleteAccountInput> {
  const password = formText(values, "password");
  return checked({ password }, { password: currentPasswordProblem(password) && AUTH_MESSAGES.passwordRequired });
}
