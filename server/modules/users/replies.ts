import { AUTH_MESSAGES } from "#common/auth.ts";
import type { Reply } from "#server/http/errors.ts";
import { throttledReply } from "#server/modules/limits/limiter.ts";
import type { RegisterResult, SignInResult } from "./accounts.ts";

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
