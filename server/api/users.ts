import { Router, type Request, type Response } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { ACCOUNT_MESSAGES, EXPORT_FILE_NAME } from "#common/account.ts";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { verifyEmailSchema } from "#server/schemas/account.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput, replyError } from "#server/http/errors.ts";
import type { Reply } from "#server/replies.ts";
import { readGuestId } from "#server/http/guest.ts";
import { registerCustomer, signInCustomer, type Client } from "#server/modules/users/accounts.ts";
import { getProfile } from "#server/modules/users/profile.ts";
import { accountReply, selfServiceReply, SIGNED_OUT_REPLY, twoFactorReply } from "#server/modules/users/replies.ts";
import { completeTwoFactorSignIn, disableTwoFactor, enableTwoFactor, setUpTwoFactor } from "#server/modules/users/two-factor.ts";
import {
  changePassword,
  requestEmailChange,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signOutEverywhere,
  undoEmailChange,
  updateProfile,
  verifyEmail,
} from "#server/modules/users/self-service.ts";
import { deleteAccount, exportAccountData } from "#server/modules/users/your-data.ts";
import { deletionCodeReply } from "#server/modules/users/phone-replies.ts";
import { requestDeletionCode } from "#server/modules/users/phone-sign-in.ts";
import { completeSignIn, signOut } from "#server/modules/users/session.ts";

/**
 * Sign-up, sign-in, sign-out and the profile (api-contract.md, "Authentication"), and account
 * self-service ("Account self-service"), mounted at /api/users.
 */
export function usersRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();

  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  /** The guest carts a sign-in brings: the shop's guest cookie and/or a `guestId` in the body, as the spec's clients send. */
  const guestCarts = (req: Request) => ({ fromCookie: readGuestId(req), fromBody: (req.body as Record<string, unknown> | undefined)?.guestId });

  router.post("/register", async (req, res) => {
    const result = await registerCustomer(shop, req.body, clientOf(req));
    const reply = accountReply(result, "register");
    if (!result.ok) throw replyError(reply);
    res.append("Set-Cookie", await completeSignIn(shop, result, guestCarts(req)));
    res.status(reply.status).json({ user: result.user, token: result.token });
  });

  router.post("/login", async (req, res) => {
    const result = await signInCustomer(shop, req.body, clientOf(req));
    const reply = accountReply(result, "sign-in");
    if (!result.ok) throw replyError(reply);
    // Two-factor on: no session yet, only the challenge a code finishes (decisions/051).
    if ("challenge" in result) return void res.json({ twoFactorRequired: true, challenge: result.challenge });
    res.append("Set-Cookie", await completeSignIn(shop, result, guestCarts(req)));
    res.status(reply.status).json({ user: result.user, token: result.token });
  });

  router.post("/login/2fa", async (req, res) => {
    const result = await completeTwoFactorSignIn(shop, req.body, clientOf(req));
    const reply = twoFactorReply(result, "sign-in");
    if (!result.ok) throw replyError(reply);
    res.append("Set-Cookie", await completeSignIn(shop, result, guestCarts(req)));
    res.status(reply.status).json({ user: result.user, token: result.token });
  });

  // Two-factor set-up (api-contract.md, "Staff two-factor"); turning it on or off replaces the session: the answer carries the new token.
  router.post("/2fa/setup", async (req, res) => {
    const user = await signedIn(req);
    const result = await setUpTwoFactor(shop, user.id, fromNodeHeaders(req.headers), req.body);
    const answer = twoFactorReply(result, "setup");
    if (!result.ok) throw replyError(answer);
    res.status(answer.status).json({ message: answer.message, otpauthUri: result.otpauthUri, backupCodes: result.backupCodes });
  });

  router.post("/2fa/enable", async (req, res) => {
    const user = await signedIn(req);
    const result = await enableTwoFactor(shop, user.id, fromNodeHeaders(req.headers), req.body);
    const answer = twoFactorReply(result, "enable");
    if (!result.ok) throw replyError(answer);
    res.append("Set-Cookie", result.cookies);
    res.status(answer.status).json({ message: answer.message, token: result.token });
  });

  router.post("/2fa/disable", async (req, res) => {
    const user = await signedIn(req);
    const result = await disableTwoFactor(shop, user.id, fromNodeHeaders(req.headers), req.body);
    const answer = twoFactorReply(result, "disable");
    if (!result.ok) throw replyError(answer);
    res.append("Set-Cookie", result.cookies);
    res.status(answer.status).json({ message: answer.message, token: result.token });
  });

  router.post("/logout", async (req, res) => {
    res.append("Set-Cookie", await signOut(shop, fromNodeHeaders(req.headers)));
    res.status(SIGNED_OUT_REPLY.status).json({ message: SIGNED_OUT_REPLY.message });
  });

  router.get("/profile", async (req, res) => {
    const user = await req.sessionUser();
    const profile = user && (await getProfile(db, user.id));
    if (!profile) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
    res.json(profile);
  });

  // Account self-service (api-contract.md "Account self-service", decisions/023).
  router.post("/password/forgot", async (req, res) => {
    reply(res, selfServiceReply(await requestPasswordReset(shop, req.body, clientOf(req)), "forgot-password"));
  });

  router.post("/password/reset", async (req, res) => {
    reply(res, selfServiceReply(await resetPassword(shop, req.body), "reset-password"));
  });

  router.put("/password", async (req, res) => {
    const user = await signedIn(req);
    reply(res, selfServiceReply(await changePassword(shop, user.id, fromNodeHeaders(req.headers), req.body), "change-password"));
  });

  router.put("/profile", async (req, res) => {
    const user = await signedIn(req);
    const result = await updateProfile(shop, user.id, req.body);
    const answer = selfServiceReply(result, "profile");
    if (!result.ok) throw replyError(answer);
    res.status(answer.status).json(result.profile);
  });

  router.post("/email/verification", async (req, res) => {
    const user = await signedIn(req);
    reply(res, selfServiceReply(await resendVerification(shop, user.id, fromNodeHeaders(req.headers)), "resend-verification"));
  });

  router.post("/email/verify", async (req, res) => {
    const input = parseInput(verifyEmailSchema, req.body);
    reply(res, selfServiceReply(await verifyEmail(shop, input.token, fromNodeHeaders(req.headers)), "verify-email"));
  });

  router.post("/email/undo", async (req, res) => {
    const input = parseInput(verifyEmailSchema, req.body);
    reply(res, selfServiceReply(await undoEmailChange(shop, input.token), "undo-email-change"));
  });

  router.put("/email", async (req, res) => {
    const user = await signedIn(req);
    reply(res, selfServiceReply(await requestEmailChange(shop, user.id, fromNodeHeaders(req.headers), req.body), "change-email"));
  });

  router.post("/logout/all", async (req, res) => {
    await signedIn(req);
    const result = await signOutEverywhere(shop, fromNodeHeaders(req.headers));
    res.append("Set-Cookie", result.cookies);
    res.json({ message: ACCOUNT_MESSAGES.signedOutEverywhere });
  });

  router.get("/me/export", async (req, res) => {
    const user = await signedIn(req);
    const data = await exportAccountData(db, user.id);
    if (!data) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
    res.setHeader("Content-Disposition", `attachment; filename="${EXPORT_FILE_NAME}"`);
    res.json(data);
  });

  /** An account without a password: the code that confirms its deletion, to its verified number (decisions/053). */
  router.post("/me/deletion-code", async (req, res) => {
    const user = await signedIn(req);
    const result = await requestDeletionCode(shop, user.id, req.body, clientOf(req));
    const answer = deletionCodeReply(result);
    if (!result.ok) throw replyError(answer);
    res.status(answer.status).json({ message: result.message, resendAfter: result.resendAfter });
  });

  router.delete("/me", async (req, res) => {
    const user = await signedIn(req);
    const result = await deleteAccount(shop, user.id, fromNodeHeaders(req.headers), req.body);
    const answer = selfServiceReply(result, "delete-account");
    if (!result.ok) throw replyError(answer);
    res.append("Set-Cookie", result.cookies);
    res.status(answer.status).json({ message: answer.message });
  });

  return router;
}

/** The signed-in caller, or the API's 401 before any input is read. */
async function signedIn(req: Request) {
  const user = await req.sessionUser();
  if (!user) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
  return user;
}

/** A self-service answer: `{ message }` with the reply's status, or the reply thrown as the error. */
function reply(res: Response, answer: Reply) {
  if (answer.status >= 400) throw replyError(answer);
  res.status(answer.status).json({ message: answer.message });
}

export function clientOf(req: Request): Client {
  return { ip: req.ip ?? "", userAgent: req.get("user-agent") ?? "" };
}
