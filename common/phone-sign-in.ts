// Phone sign-in with one-time codes (issue 29, decisions/050): the texts, the constants and the
// form rules the login, register and profile pages check in the browser; server/schemas/phone.ts
// builds the /api/users/otp and /api/users/phone bodies on the same functions.
import { AUTH_MESSAGES, emailProblem, nameProblem } from "./auth.ts";
import { checked, formText, normalizeEmail, type Checked, type Problem } from "./forms.ts";
import { mobileNumberProblem, normalizeIndianPhone } from "./india.ts";

/** Digits in a code. */
export const PHONE_CODE_LENGTH = 6;
/** A code is good for this long after it is sent. */
export const PHONE_CODE_MINUTES = 5;
/** Tries a code allows, right or wrong; the next one is refused even with the right code. */
export const PHONE_CODE_TRIES = 5;
/** A new code for the same number may be asked for after this many seconds (the page counts down). */
export const RESEND_AFTER_SECONDS = 30;

export const PHONE_CHANNELS = ["sms", "whatsapp"] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

export const PHONE_MESSAGES = {
  /** The one answer to a code request, whether or not the number has an account. */
  codeSent: `We have sent a ${PHONE_CODE_LENGTH}-digit code to your mobile number. It is valid for ${PHONE_CODE_MINUTES} minutes.`,
  phoneRequired: "Mobile number is required",
  codeRequired: "Enter the code we sent you",
  codeFormat: `The code is ${PHONE_CODE_LENGTH} digits`,
  /** api-contract.md's sentence for a wrong, used, tried-out or expired code. */
  codeWrong: "The code is wrong or has expired",
  channelInvalid: "Choose SMS or WhatsApp",
  whatsappUnavailable: "Codes by WhatsApp are not available. Please choose SMS.",
  /** A provider that did not take the message: nothing about it is shown. */
  notSent: "We could not send the code just now. Please try again in a minute, or sign in with your email and password.",
  staffRefused: "Staff accounts sign in with their email and password",
  twoFactorRefused: "This account uses two-factor sign-in: sign in with your email, password and authenticator code",
  /** After a right code for a number without an account: the page asks for a name. */
  newAccount: "Welcome! Tell us your name to create your account.",
  phoneTaken: "This mobile number is verified on another account",
  phoneVerified: "Your mobile number has been verified",
  signedIn: "Login successful",
  accountCreated: "Registration successful!",
} as const;

/** "Please wait 30 seconds before asking for a new code." */
export function resendWaitMessage(seconds: number): string {
  const wait = Math.max(1, Math.ceil(seconds));
  return `Please wait ${wait} second${wait === 1 ? "" : "s"} before asking for a new code.`;
}

/** The number as typed: its problem, or undefined when it is an Indian mobile number. */
export function signInPhoneProblem(value: string): Problem {
  if (value.trim() === "") return PHONE_MESSAGES.phoneRequired;
  return mobileNumberProblem(value);
}

/** The code as typed: spaces are allowed (some people type "123 456"), then exactly six digits. */
export function normalizeCode(value: string): string {
  return value.replace(/\s/g, "");
}

export function codeProblem(value: string): Problem {
  const code = normalizeCode(value);
  if (code === "") return PHONE_MESSAGES.codeRequired;
  return new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(code) ? undefined : PHONE_MESSAGES.codeFormat;
}

export function channelProblem(value: string): Problem {
  return (PHONE_CHANNELS as readonly string[]).includes(value) ? undefined : PHONE_MESSAGES.channelInvalid;
}

/** The optional email of an account made by phone: empty, or a valid address. */
export function optionalEmailProblem(value: string): Problem {
  return value === "" ? undefined : emailProblem(value, AUTH_MESSAGES.registerEmailInvalid);
}

export interface CodeRequestInput {
  phone: string;
  channel: PhoneChannel;
}

/** The number step of the phone form. */
export function checkCodeRequestForm(values: Record<string, unknown>): Checked<CodeRequestInput> {
  const raw = formText(values, "phone");
  const channel = formText(values, "channel") || "sms";
  return checked(
    { phone: normalizeIndianPhone(raw) ?? raw, channel: channel as PhoneChannel },
    { phone: signInPhoneProblem(raw), channel: channelProblem(channel) },
  );
}

export interface CodeInput {
  phone: string;
  code: string;
}

/** The code step. */
export function checkCodeForm(values: Record<string, unknown>): Checked<CodeInput> {
  const raw = formText(values, "phone");
  const code = formText(values, "code");
  return checked({ phone: normalizeIndianPhone(raw) ?? raw, code: normalizeCode(code) }, { phone: signInPhoneProblem(raw), code: codeProblem(code) });
}

/** The code confirming the deletion of an account without a password (decisions/053). */
export function checkDeletionCodeForm(values: Record<string, unknown>): Checked<{ code: string }> {
  const code = formText(values, "code");
  return checked({ code: normalizeCode(code) }, { code: codeProblem(code) });
}

export interface NewPhoneAccountInput extends CodeInput {
  name: string;
  email?: string;
}

/** The new-account step: the name, and an email if the shopper gives one. */
export function checkNewPhoneAccountForm(values: Record<string, unknown>): Checked<NewPhoneAccountInput> {
  const base = checkCodeForm(values);
  const name = formText(values, "name").trim();
  const email = normalizeEmail(formText(values, "email"));
  const data = base.ok ? base.data : { phone: formText(values, "phone"), code: formText(values, "code") };
  const problems = { name: nameProblem(name), email: optionalEmailProblem(email) };
  const result = checked({ ...data, name, ...(email ? { email } : {}) }, problems);
  if (base.ok) return result;
  return { ok: false, errors: { ...base.errors, ...(result.ok ? {} : result.errors) } };
}

/** Where the phone form is after a post (login and register pages): what the page shows next. */
export interface PhoneStepData {
  step: "number" | "code" | "name";
  /** As typed on the number step; the 10 digits after a code went out. */
  phone: string;
  /** The code, carried to the name step (it stays good for its remaining minutes). */
  code?: string;
  name?: string;
  email?: string;
  resendAfter?: number;
  message: string | null;
  errors: Record<string, string>;
}
