import { ACCOUNT_MESSAGES } from "#common/account.ts";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { PHONE_MESSAGES, resendWaitMessage } from "#common/phone-sign-in.ts";
import { invalidInputReply, type Reply } from "#server/replies.ts";
import { throttledReply } from "#server/modules/limits/limiter.ts";
import type { CodeRequestResult, CodeSignInResult, DeletionCodeResult, PhoneChangeResult } from "./phone-sign-in.ts";

/**
 * The one status and sentence for every outcome of phone sign-in and the account's number
 * (decisions/050), for the REST API and the pages alike.
 */
export function phoneCodeReply(result: CodeRequestResult | { ok: false; reason: "not-signed-in" }): Reply {
  if (result.ok) return { status: 200, message: result.message };
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "too-soon":
      return { status: 429, message: resendWaitMessage(result.retryAfterSeconds), headers: { "Retry-After": String(result.retryAfterSeconds) } };
    case "not-sent":
      // The provider's reason is in the log; the shopper is told what to do, with no library text.
      return { status: 502, message: PHONE_MESSAGES.notSent, headers: { "Retry-After": "60" } };
    case "not-signed-in":
      return { status: 401, message: AUTH_MESSAGES.signInRequired };
  }
}

const WRONG_CODE: Reply = { status: 400, message: PHONE_MESSAGES.codeWrong, errors: { code: PHONE_MESSAGES.codeWrong } };
const PHONE_TAKEN: Reply = { status: 409, message: PHONE_MESSAGES.phoneTaken, errors: { phone: PHONE_MESSAGES.phoneTaken } };

export function codeSignInReply(result: CodeSignInResult): Reply {
  if (result.ok) {
    if (result.newAccount) return { status: 200, message: PHONE_MESSAGES.newAccount };
    return result.created ? { status: 201, message: PHONE_MESSAGES.accountCreated } : { status: 200, message: PHONE_MESSAGES.signedIn };
  }
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "wrong-code":
      return WRONG_CODE;
    case "staff":
      return { status: 403, message: PHONE_MESSAGES.staffRefused };
    case "two-factor":
      return { status: 403, message: PHONE_MESSAGES.twoFactorRefused };
    case "refused":
      return { status: 403, message: result.message };
    case "email-taken":
      return { status: 409, message: AUTH_MESSAGES.userExists, errors: { email: AUTH_MESSAGES.userExists } };
    case "phone-taken":
      return PHONE_TAKEN;
  }
}

export function phoneChangeReply(result: PhoneChangeResult): Reply {
  if (result.ok) return { status: 200, message: PHONE_MESSAGES.phoneVerified };
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "wrong-code":
      return WRONG_CODE;
    case "phone-taken":
      return PHONE_TAKEN;
    case "not-signed-in":
      return { status: 401, message: AUTH_MESSAGES.signInRequired };
  }
}

/** The code confirming a passwordless account's deletion (decisions/053): sent, or why not. */
export function deletionCodeReply(result: DeletionCodeResult): Reply {
  if (result.ok) return phoneCodeReply(result);
  switch (result.reason) {
    case "has-password":
      return { status: 400, message: ACCOUNT_MESSAGES.deletePasswordExpected };
    case "no-verified-phone":
      return { status: 400, message: ACCOUNT_MESSAGES.deleteNeedsVerifiedPhone };
    default:
      return phoneCodeReply(result);
  }
}
