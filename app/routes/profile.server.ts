// The profile page's server side: the account, My Orders, sign-out (also the admin sidebar's) and
// the account's own forms (issue 16).
import type { AppLoadContext } from "react-router";
import {
  ACCOUNT_MESSAGES,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type ProfileInput,
} from "#common/account.ts";
import type { Reply } from "#server/replies.ts";
import { WHATSAPP_MESSAGES } from "#common/whatsapp.ts";
import { flashCookie } from "#server/http/flash.ts";
import { selfServiceReply } from "#server/modules/users/replies.ts";
import {
  changePassword,
  requestEmailChange,
  resendVerification,
  signOutEverywhere,
  updateProfile,
} from "#server/modules/users/self-service.ts";
import { deleteAccount, deletionCheck } from "#server/modules/users/your-data.ts";
import { listOrdersForUser } from "#server/modules/orders/orders.ts";
import { getProfile } from "#server/modules/users/profile.ts";
import { signOut } from "#server/modules/users/session.ts";
import type { CodeInput, CodeRequestInput } from "#common/phone-sign-in.ts";
import { deletionCodeReply, phoneChangeReply, phoneCodeReply } from "#server/modules/users/phone-replies.ts";
import { requestDeletionCode, requestPhoneChangeCode, verifyPhoneChange } from "#server/modules/users/phone-sign-in.ts";
import { hasPassword } from "#server/modules/users/passwords.ts";
import { pageClient } from "./login.server";
import { twoFactorReply } from "#server/modules/users/replies.ts";
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor, twoFactorIsOn } from "#server/modules/users/two-factor.ts";
import { qrCodeDrawing } from "#server/modules/users/two-factor-qr.ts";
import { otpauthSecret, type TwoFactorDisableInput, type TwoFactorEnableInput, type TwoFactorSetupInput, type TwoFactorSetupView } from "#common/two-factor.ts";

/**
 * The signed-in user's name, email and orders (with unpaid attempts when asked), and what deleting
 * the account now would cut off (decisions/047); null when the account is gone.
 */
export async function loadProfile(context: AppLoadContext, userId: string, options: { includeExpired?: boolean } = {}) {
  const { db } = context.shop;
  const [profile, orders, deletion, twoFactorOn, withPassword] = await Promise.all([
    getProfile(db, userId),
    listOrdersForUser(db, userId, options),
    deletionCheck(db, userId),
    twoFactorIsOn(db, userId),
    hasPassword(db, userId),
  ]);
  const twoFactor = { enabled: twoFactorOn, setupRequired: context.user?.twoFactorSetupRequired === true };
  return profile ? { profile, orders, deletion, twoFactor, hasPassword: withPassword } : null;
}

/** Sign-out as POST /api/users/logout does it: the session revoked, its cookies and the guest cookie cleared. */
export async function signOutHeaders(request: Request, context: AppLoadContext): Promise<Headers> {
  const headers = new Headers();
  for (const cookie of await signOut(context.shop, request.headers)) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A self-service outcome for the profile's forms: the reply, and the cookies of a redirect (sign-outs) or of a replaced session. */
export interface AccountOutcome {
  reply: Reply;
  headers?: Headers;
  /** Two-factor set-up started: what the page shows to scan and to save. */
  twoFactorSetup?: TwoFactorSetupView;
}

/** What the page shows of a set-up: the QR code drawn here from the otpauth URI, the secret to type, the backup codes. */
export function twoFactorSetupView(otpauthUri: string, backupCodes: string[]): TwoFactorSetupView {
  return { otpauthUri, secret: otpauthSecret(otpauthUri), backupCodes, qr: qrCodeDrawing(otpauthUri) };
}

function withCookies(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * The profile's account forms, each the same use case and reply as its /api/users call
 * (decisions/023): the values are checked already with the rules of common/account.ts.
 */
export const accountActions = {
  async profile(_request: Request, context: AppLoadContext, input: ProfileInput): Promise<AccountOutcome> {
    return { reply: selfServiceReply(await updateProfile(context.shop, context.user?.id, input), "profile") };
  },
  /** WhatsApp updates on or off: the profile's use case, answered with what it turned them to. */
  async whatsapp(_request: Request, context: AppLoadContext, input: { whatsappUpdates: boolean }): Promise<AccountOutcome> {
    const result = await updateProfile(context.shop, context.user?.id, input);
    if (!result.ok) return { reply: selfServiceReply(result, "profile") };
    return { reply: { status: 200, message: result.profile.whatsappUpdates ? WHATSAPP_MESSAGES.on : WHATSAPP_MESSAGES.off } };
  },
  async password(request: Request, context: AppLoadContext, input: ChangePasswordInput): Promise<AccountOutcome> {
    return { reply: selfServiceReply(await changePassword(context.shop, context.user?.id, request.headers, input), "change-password") };
  },
  async email(request: Request, context: AppLoadContext, input: ChangeEmailInput): Promise<AccountOutcome> {
    return { reply: selfServiceReply(await requestEmailChange(context.shop, context.user?.id, request.headers, input), "change-email") };
  },
  /** A code to the number the customer wants as the account's (POST /api/users/phone). */
  async phoneCode(request: Request, context: AppLoadContext, input: CodeRequestInput): Promise<AccountOutcome & { sent?: { phone: string; resendAfter: number } }> {
    const result = await requestPhoneChangeCode(context.shop, context.user?.id, input, pageClient(request, context));
    return { reply: phoneCodeReply(result), ...(result.ok ? { sent: { phone: input.phone, resendAfter: result.resendAfter } } : {}) };
  },
  /** The code: the number becomes the account's verified one (POST /api/users/phone/verify). */
  async phoneVerify(request: Request, context: AppLoadContext, input: CodeInput): Promise<AccountOutcome> {
    return { reply: phoneChangeReply(await verifyPhoneChange(context.shop, context.user?.id, input, pageClient(request, context))) };
  },
  async resendVerification(request: Request, context: AppLoadContext): Promise<AccountOutcome> {
    return { reply: selfServiceReply(await resendVerification(context.shop, context.user?.id, request.headers), "resend-verification") };
  },
  async signOutEverywhere(request: Request, context: AppLoadContext): Promise<AccountOutcome> {
    const result = await signOutEverywhere(context.shop, request.headers);
    const headers = withCookies(result.cookies);
    headers.append("Set-Cookie", flashCookie(context.shop.config, "everywhere"));
    return { reply: { status: 200, message: ACCOUNT_MESSAGES.signedOutEverywhere }, headers };
  },
  // Two-factor sign-in (decisions/051): the same use cases and replies as /api/users/2fa/*.
  async twoFactorSetup(request: Request, context: AppLoadContext, input: TwoFactorSetupInput): Promise<AccountOutcome> {
    const result = await setUpTwoFactor(context.shop, context.user?.id, request.headers, input);
    const reply = twoFactorReply(result, "setup");
    return result.ok ? { reply, twoFactorSetup: twoFactorSetupView(result.otpauthUri, result.backupCodes) } : { reply };
  },
  async twoFactorEnable(request: Request, context: AppLoadContext, input: TwoFactorEnableInput): Promise<AccountOutcome> {
    const result = await enableTwoFactor(context.shop, context.user?.id, request.headers, input);
    // Turning it on replaces the session: the new session's cookie goes with the answer.
    return { reply: twoFactorReply(result, "enable"), headers: result.ok ? withCookies(result.cookies) : undefined };
  },
  async twoFactorDisable(request: Request, context: AppLoadContext, input: TwoFactorDisableInput): Promise<AccountOutcome> {
    const result = await disableTwoFactor(context.shop, context.user?.id, request.headers, input);
    return { reply: twoFactorReply(result, "disable"), headers: result.ok ? withCookies(result.cookies) : undefined };
  },
  /** An account without a password: the code confirming its deletion, to its verified number (POST /api/users/me/deletion-code). */
  async deletionCode(request: Request, context: AppLoadContext): Promise<AccountOutcome> {
    return { reply: deletionCodeReply(await requestDeletionCode(context.shop, context.user?.id, { channel: "sms" }, pageClient(request, context))) };
  },
  /** `{ password }`, or `{ code }` for an account without a password: the same use case as DELETE /api/users/me. */
  async deleteAccount(request: Request, context: AppLoadContext, input: DeleteAccountInput | { code: string }): Promise<AccountOutcome> {
    const result = await deleteAccount(context.shop, context.user?.id, request.headers, input);
    const reply = selfServiceReply(result, "delete-account");
    if (!result.ok) return { reply };
    const headers = withCookies(result.cookies);
    headers.append("Set-Cookie", flashCookie(context.shop.config, "deleted"));
    return { reply, headers };
  },
};
