import { ACCOUNT_MESSAGES, openOrdersMessage } from "#common/account.ts";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { ADMIN_MESSAGES } from "#common/admin.ts";
import { PHONE_MESSAGES } from "#common/phone-sign-in.ts";
import { TWO_FACTOR_MESSAGES } from "#common/two-factor.ts";
import { invalidInputReply, ok, refusal, refused, type Refusals, type Reply } from "#server/replies.ts";
import type { InvalidInput } from "#server/schemas/input.ts";
import { throttledReply } from "#server/modules/limits/limiter.ts";
import type { RegisterResult, SignInResult } from "./accounts.ts";
import type { CreateUserResult, DeleteUserResult, ResetTwoFactorResult, UpdateUserResult } from "./accounts-admin.ts";
import type {
  ChangeEmailResult,
  ChangePasswordResult,
  ForgotPasswordResult,
  ProfileResult,
  ResendVerificationResult,
  ResetPasswordResult,
  UndoEmailChangeResult,
  VerifyEmailResult,
} from "./self-service.ts";
import type { DeleteAccountResult } from "./your-data.ts";
import type { TwoFactorDisableResult, TwoFactorEnableResult, TwoFactorSetupResult, TwoFactorSignInResult } from "./two-factor.ts";

/**
 * The one status and message for every outcome of registration and sign-in, for the REST API
 * (`server/api/users.ts`) and the login and register pages alike.
 */
export function accountReply(result: RegisterResult | SignInResult, useCase: "register" | "sign-in"): Reply {
  if (result.ok) {
    return useCase === "register"
      ? { status: 201, message: AUTH_MESSAGES.registrationSucceeded }
      : { status: 200, message: AUTH_MESSAGES.loginSucceeded };
  }
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "email-taken":
      return { status: 409, message: AUTH_MESSAGES.userExists };
    case "refused":
      return { status: 403, message: result.message };
    case "invalid-credentials":
      return { status: 401, message: AUTH_MESSAGES.invalidCredentials };
  }
}

/** Signing out always succeeds (signed out already is still a successful logout). */
export const SIGNED_OUT_REPLY: Reply = { status: 200, message: AUTH_MESSAGES.loggedOut };

type SelfServiceResult =
  | ForgotPasswordResult
  | ResetPasswordResult
  | ChangePasswordResult
  | ProfileResult
  | ResendVerificationResult
  | VerifyEmailResult
  | UndoEmailChangeResult
  | ChangeEmailResult
  | DeleteAccountResult;

/** What each self-service use case says when it succeeds (issue 16). */
const SUCCESS: Record<SelfServiceUseCase, string> = {
  "forgot-password": ACCOUNT_MESSAGES.resetRequested,
  "reset-password": ACCOUNT_MESSAGES.passwordReset,
  "change-password": ACCOUNT_MESSAGES.passwordChanged,
  profile: ACCOUNT_MESSAGES.profileSaved,
  "resend-verification": ACCOUNT_MESSAGES.verificationSent,
  "verify-email": ACCOUNT_MESSAGES.emailVerified,
  "undo-email-change": ACCOUNT_MESSAGES.emailChangeUndone,
  "change-email": ACCOUNT_MESSAGES.emailChangeRequested,
  "delete-account": ACCOUNT_MESSAGES.accountDeleted,
};

export type SelfServiceUseCase =
  | "forgot-password"
  | "reset-password"
  | "change-password"
  | "profile"
  | "resend-verification"
  | "verify-email"
  | "undo-email-change"
  | "change-email"
  | "delete-account";

/**
 * The one status and sentence for every outcome of account self-service, for the REST API and
 * the pages alike (decisions/023). A wrong password is a 400 with the field it belongs to.
 */
export function selfServiceReply(result: SelfServiceResult, useCase: SelfServiceUseCase): Reply {
  if (result.ok) {
    if (useCase === "verify-email" && "changed" in result && result.changed) return { status: 200, message: ACCOUNT_MESSAGES.emailChanged };
    return { status: 200, message: SUCCESS[useCase] };
  }
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "not-signed-in":
      return { status: 401, message: AUTH_MESSAGES.signInRequired };
    case "invalid-token":
      return { status: 400, message: ACCOUNT_MESSAGES.resetLinkInvalid, errors: { token: ACCOUNT_MESSAGES.resetLinkInvalid } };
    case "invalid-link":
      return { status: 400, message: ACCOUNT_MESSAGES.verifyLinkInvalid, errors: { token: ACCOUNT_MESSAGES.verifyLinkInvalid } };
    case "wrong-password":
      return useCase === "change-password"
        ? { status: 400, message: ACCOUNT_MESSAGES.currentPasswordWrong, errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong } }
        : { status: 400, message: ACCOUNT_MESSAGES.passwordWrong, errors: { password: ACCOUNT_MESSAGES.passwordWrong } };
    case "already-verified":
      return { status: 400, message: ACCOUNT_MESSAGES.alreadyVerified };
    case "address-taken":
      return { status: 409, message: ACCOUNT_MESSAGES.emailChangeUndoBlocked };
    case "same-email":
      return { status: 400, message: ACCOUNT_MESSAGES.emailUnchanged, errors: { email: ACCOUNT_MESSAGES.emailUnchanged } };
    case "staff":
      return { status: 403, message: ACCOUNT_MESSAGES.staffCannotDelete };
    case "wrong-code":
      return { status: 400, message: PHONE_MESSAGES.codeWrong, errors: { code: PHONE_MESSAGES.codeWrong } };
    case "password-expected":
      return { status: 400, message: ACCOUNT_MESSAGES.deletePasswordExpected, errors: { password: ACCOUNT_MESSAGES.deletePasswordExpected } };
    case "code-expected":
      return { status: 400, message: ACCOUNT_MESSAGES.deleteCodeExpected, errors: { code: ACCOUNT_MESSAGES.deleteCodeExpected } };
    case "open-orders":
      return { status: 409, message: openOrdersMessage(result.orderNumbers) };
  }
}

const USER_REFUSALS: Refusals<CreateUserResult | UpdateUserResult | DeleteUserResult> = {
  "nothing-to-update": refused(400, ADMIN_MESSAGES.nothingToUpdate),
  "not-found": refused(404, ADMIN_MESSAGES.userNotFound),
  "email-taken": refused(409, ADMIN_MESSAGES.userExists, "email"),
  "own-role": refused(409, ADMIN_MESSAGES.cannotChangeOwnRole, "role"),
  "last-admin": refused(409, ADMIN_MESSAGES.lastAdmin, "role"),
  self: refused(409, ADMIN_MESSAGES.cannotDeleteSelf),
};
/** Deleting names no field: the last admin's refusal is the form's message, not the role's. */
const USER_DELETE_REFUSALS: Refusals<DeleteUserResult> = { ...USER_REFUSALS, "last-admin": refused(409, ADMIN_MESSAGES.lastAdmin) };

/**
 * An admin's list of accounts and changes to anyone's (accounts-admin.ts), for /api/admin/users and the users
 * page alike: created 201, the refusals with the form field they concern.
 */
export const accountAdminReply = {
  /** A list query its schema refused (a page number that is not one, a search too long). */
  listUsers: (result: InvalidInput): Reply => refusal(result, {}),
  createUser: (result: CreateUserResult): Reply => (result.ok ? ok(ADMIN_MESSAGES.userCreated, 201) : refusal(result, USER_REFUSALS)),
  updateUser: (result: UpdateUserResult): Reply => (result.ok ? ok(ADMIN_MESSAGES.userUpdated) : refusal(result, USER_REFUSALS)),
  deleteUser: (result: DeleteUserResult): Reply => (result.ok ? ok(ADMIN_MESSAGES.userDeleted) : refusal(result, USER_DELETE_REFUSALS)),
  resetTwoFactor: (result: ResetTwoFactorResult): Reply =>
    result.ok ? ok(TWO_FACTOR_MESSAGES.resetByAdmin) : refusal(result, TWO_FACTOR_RESET_REFUSALS),
};

const TWO_FACTOR_RESET_REFUSALS: Refusals<ResetTwoFactorResult> = {
  "not-found": refused(404, ADMIN_MESSAGES.userNotFound),
  self: refused(409, TWO_FACTOR_MESSAGES.resetOwn),
  "not-enabled": refused(409, TWO_FACTOR_MESSAGES.notEnabled),
};

type TwoFactorResult = TwoFactorSetupResult | TwoFactorEnableResult | TwoFactorDisableResult | TwoFactorSignInResult;
export type TwoFactorUseCase = "setup" | "enable" | "disable" | "sign-in";

const TWO_FACTOR_SUCCESS: Record<TwoFactorUseCase, string> = {
  setup: TWO_FACTOR_MESSAGES.setupStarted,
  enable: TWO_FACTOR_MESSAGES.enabled,
  disable: TWO_FACTOR_MESSAGES.disabled,
  "sign-in": AUTH_MESSAGES.loginSucceeded,
};

/**
 * The one status and sentence for every outcome of two-factor sign-in (decisions/051), for
 * /api/users/2fa/*, /api/users/login/2fa and the profile and login pages alike. A wrong code is a
 * 400 with its field when signed in (as a wrong password is), a 401 at sign-in (as a wrong password is there).
 */
export function twoFactorReply(result: TwoFactorResult, useCase: TwoFactorUseCase): Reply {
  if (result.ok) return { status: 200, message: TWO_FACTOR_SUCCESS[useCase] };
  switch (result.reason) {
    case "invalid":
      return useCase === "sign-in" && result.errors.challenge
        ? { status: 401, message: TWO_FACTOR_MESSAGES.challengeExpired }
        : invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "not-signed-in":
      return { status: 401, message: AUTH_MESSAGES.signInRequired };
    case "wrong-password":
      return refused(400, ACCOUNT_MESSAGES.passwordWrong, "password");
    case "wrong-code":
      return refused(useCase === "sign-in" ? 401 : 400, TWO_FACTOR_MESSAGES.codeWrong, "code");
    case "challenge-expired":
      return { status: 401, message: TWO_FACTOR_MESSAGES.challengeExpired };
    case "already-enabled":
      return { status: 409, message: TWO_FACTOR_MESSAGES.alreadyEnabled };
    case "not-started":
      return { status: 409, message: TWO_FACTOR_MESSAGES.notStarted };
    case "not-enabled":
      return { status: 409, message: TWO_FACTOR_MESSAGES.notEnabled };
  }
}
