import { and, eq, gte } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { CLIENT_IP_HEADER, type Auth } from "#server/auth.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { isPlaceholderEmail } from "#server/db/no-email.ts";
import { account as credentials, session as sessions, user as users } from "#server/db/schema.ts";
import { Rollback, inTransaction } from "#server/db/tx.ts";
import { WHATSAPP_MESSAGES } from "#common/whatsapp.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { addEmailSchema, changeEmailSchema, changePasswordSchema, forgotPasswordSchema, profileSchema, resetPasswordSchema } from "#server/schemas/account.ts";
import { type InvalidInput, readInput } from "#server/schemas/input.ts";
import { emailChangedEmail, verificationTokenClaims } from "./account-emails.ts";
import {
  addressAwaitingUndo,
  linkIsOpen,
  newLinkToken,
  recordLink,
  takeLink,
  UNDO_LINK_SECONDS,
  voidAccountLinks,
  voidLaterUndoLinks,
} from "./account-links.ts";
import { forgetSignInFailures, type Client } from "./accounts.ts";
import { phoneVerifiedAfterProfileSave } from "./phone-sign-in.ts";
import { undoStop } from "#server/modules/orders/whatsapp-opt-in.ts";
import { getProfile, type ProfileJson } from "./profile.ts";
import { signOut } from "./session.ts";

/**
 * Account self-service (issue 16, decisions/023): each use case is one function here, built on
 * Better Auth's own reset, verification and password support (`auth.api.*`, server side only;
 * its HTTP endpoints stay closed). The REST API (server/api/users.ts) and the pages' actions
 * (app/routes/*.server.ts) call these and answer through `selfServiceReply` (replies.ts). A use
 * case with a body takes it as sent and reads it here, once, with its schema (server/schemas/account.ts).
 */

export interface SelfServiceContext {
  auth: Auth;
  db: Database;
  config: Pick<Config, "rateLimitScale" | "publicUrl">;
}

export type ForgotPasswordResult = { ok: true } | Throttled | InvalidInput;
export type ResetPasswordResult = { ok: true } | { ok: false; reason: "invalid-token" } | InvalidInput;
export type ChangePasswordResult = { ok: true } | { ok: false; reason: "wrong-password" } | Throttled | NotSignedIn | InvalidInput;
export type ProfileResult = { ok: true; profile: ProfileJson } | NotSignedIn | InvalidInput;
export type ResendVerificationResult = { ok: true } | { ok: false; reason: "already-verified" } | Throttled | NotSignedIn;
export type VerifyEmailResult = { ok: true; changed: boolean } | { ok: false; reason: "invalid-link" };
export type UndoEmailChangeResult = { ok: true; email: string } | { ok: false; reason: "invalid-link" } | { ok: false; reason: "address-taken" };
export type ChangeEmailResult =
  | { ok: true }
  | { ok: false; reason: "wrong-password" }
  | { ok: false; reason: "same-email" }
  | Throttled
  | NotSignedIn
  | InvalidInput;
export type SignOutEverywhereResult = { ok: true; cookies: string[] };
export interface NotSignedIn {
  ok: false;
  reason: "not-signed-in";
}

const NOT_SIGNED_IN: NotSignedIn = { ok: false, reason: "not-signed-in" };

/**
 * "Forgot password?" answers after at least this long, known email or not: the known path writes
 * a token and queues an email, the unknown one only looks up, and the floor hides the difference.
 */
export const FORGOT_PASSWORD_FLOOR_MS = 250;

/**
 * Emails a single-use reset link valid for one hour (Better Auth's `requestPasswordReset`, whose
 * callback queues the email in the outbox) when the email has an account, and answers the same
 * either way. Each request counts against the client address and the email, known or not.
 */
export async function requestPasswordReset(context: SelfServiceContext, body: unknown, client: Client): Promise<ForgotPasswordResult> {
  const read = readInput(forgotPasswordSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const refused = await countRequests(context, [
    ["passwordResetsPerAddress", client.ip],
    ["passwordResetsPerEmail", input.email],
  ]);
  if (refused) return refused;
  const started = Date.now();
  await context.auth.api.requestPasswordReset({ body: { email: input.email }, headers: clientHeaders(client) });
  const remaining = FORGOT_PASSWORD_FLOOR_MS - (Date.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  return { ok: true };
}

/**
 * Sets a new password with a reset token: Better Auth consumes the token atomically (a used,
 * expired or unknown one is refused) and revokes every session of the account
 * (`revokeSessionsOnPasswordReset`). A security event: every other link of the account is voided
 * (decisions/042), and the account's sign-in failures are forgotten, so a reset lets its owner in
 * whoever spent them.
 */
export async function resetPassword(context: SelfServiceContext, body: unknown): Promise<ResetPasswordResult> {
  const read = readInput(resetPasswordSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const internal = (await context.auth.$context).internalAdapter;
  const pending = await internal.findVerificationValue(`reset-password:${input.token}`);
  const response = await context.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, asResponse: true });
  if (response.status === 400) return { ok: false, reason: "invalid-token" };
  if (!response.ok) throw new Error(`Password reset failed with status ${response.status}`);
  const userId = pending?.value;
  if (userId) {
    await voidAccountLinks(context.db, userId);
    const [owner] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (owner) await forgetSignInFailures(context.db, owner.email);
  }
  return { ok: true };
}

/**
 * Changes the password of the signed-in customer (the current one checked by Better Auth), then
 * revokes every other session; the one making the change stays signed in. Every attempt counts.
 */
export async function changePassword(
  context: SelfServiceContext,
  userId: string | undefined,
  requestHeaders: Headers,
  body: unknown,
): Promise<ChangePasswordResult> {
  if (!userId) return NOT_SIGNED_IN;
  const read = readInput(changePasswordSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const refused = await countRequests(context, [["passwordChecksPerUser", userId]]);
  if (refused) return refused;
  const headers = sessionHeaders(requestHeaders);
  const response = await context.auth.api.changePassword({
    body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: false },
    headers,
    asResponse: true,
  });
  if (response.status === 401) return NOT_SIGNED_IN;
  if (response.status === 400) return { ok: false, reason: "wrong-password" };
  if (!response.ok) throw new Error(`Password change failed with status ${response.status}`);
  await context.auth.api.revokeOtherSessions({ headers });
  await voidAccountLinks(context.db, userId);
  return { ok: true };
}

/** Name, phone, WhatsApp updates and/or language of the signed-in customer (`{ name?, phone?, whatsappUpdates?, language? }`). */
export async function updateProfile(context: Pick<SelfServiceContext, "db">, userId: string | undefined, body: unknown, now = new Date()): Promise<ProfileResult> {
  if (!userId) return NOT_SIGNED_IN;
  const read = readInput(profileSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const saved = await inTransaction(context.db, async (tx): Promise<ProfileResult | null> => {
    const [before] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).for("update");
    if (!before) return NOT_SIGNED_IN;
    const changes: PgUpdateSetSource<typeof users> = {};
    if (input.name !== undefined) changes.name = input.name;
    // A typed number is a contact number: it stays verified only if it is the verified one (decisions/050).
    if (input.phone !== undefined) Object.assign(changes, { phone: input.phone, phoneVerified: phoneVerifiedAfterProfileSave(input.phone) });
    // WhatsApp updates need a number on the account; removing the number turns them off (decisions/055).
    const phoneAfter = input.phone !== undefined ? input.phone : before.phone;
    if (input.whatsappUpdates === true && !phoneAfter) return { ok: false, reason: "invalid", errors: { whatsappUpdates: WHATSAPP_MESSAGES.phoneNeeded } };
    if (input.whatsappUpdates !== undefined) changes.whatsappUpdatesAt = input.whatsappUpdates ? now : null;
    else if (!phoneAfter) changes.whatsappUpdatesAt = null;
    if (input.language !== undefined) changes.language = input.language;
    if (Object.keys(changes).length === 0) return null;
    const [after] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning({ phone: users.phone, phoneVerified: users.phoneVerified });
    if (input.whatsappUpdates && after) await undoStop(tx, after);
    return null;
  });
  if (saved) return saved;
  const profile = await getProfile(context.db, userId);
  return profile ? { ok: true, profile } : NOT_SIGNED_IN;
}

/**
 * Emails the signed-in customer's address a verification link again (Better Auth's
 * `sendVerificationEmail`, its callback queueing the email). Also called once by registration.
 */
export async function resendVerification(
  context: SelfServiceContext,
  userId: string | undefined,
  requestHeaders: Headers,
  options: { counted?: boolean } = {},
): Promise<ResendVerificationResult> {
  if (!userId) return NOT_SIGNED_IN;
  const [account] = await context.db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!account) return NOT_SIGNED_IN;
  if (account.emailVerified) return { ok: false, reason: "already-verified" };
  if (options.counted !== false) {
    const refused = await countRequests(context, [["verificationEmailsPerUser", userId]]);
    if (refused) return refused;
  }
  await context.auth.api.sendVerificationEmail({ body: { email: account.email }, headers: sessionHeaders(requestHeaders) });
  return { ok: true };
}

/**
 * Opens a verification link (Better Auth's `verifyEmail`): either the account's address is marked
 * verified, or an asked-for new address replaces the old one. The link does not sign anyone in:
 * the session Better Auth opens for a signed-out visitor of an email-change link is revoked again.
 * A link works once and only while the shop's record of it stands (a security event voids it,
 * decisions/042), and only for the address the account has now. A confirmed change is itself a
 * security event, and the old address is told, with a link to undo it.
 */
export async function verifyEmail(context: SelfServiceContext, token: string, requestHeaders: Headers): Promise<VerifyEmailResult> {
  const started = new Date(Date.now() - 1000);
  const link = await takeLink(context.db, token, ["verify-email", "change-email"]);
  if (!link) return { ok: false, reason: "invalid-link" };
  const [before] = await context.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, link.userId));
  if (!before || verificationTokenClaims(token)?.email !== before.email.toLowerCase()) return { ok: false, reason: "invalid-link" };
  let response: Response;
  try {
    response = await context.auth.api.verifyEmail({ query: { token }, headers: sessionHeaders(requestHeaders), asResponse: true });
  } catch {
    // A token whose payload is not what Better Auth signs (it parses it after checking the signature).
    return { ok: false, reason: "invalid-link" };
  }
  if (!response.ok) return { ok: false, reason: "invalid-link" };
  const body = (await response.json().catch(() => null)) as { user?: { id?: string } | null } | null;
  const opened = sessionTokenFrom(response.headers.getSetCookie());
  const userId = body?.user?.id;
  if (opened && userId) {
    await context.db
      .delete(sessions)
      .where(and(eq(sessions.token, opened), eq(sessions.userId, userId), gte(sessions.createdAt, started)));
  }
  if (userId === link.userId) await emailChanged(context, userId, before);
  return { ok: true, changed: Boolean(userId) };
}

/** After a confirmed email change: every other link is voided and the old address gets the notice with its undo link. */
async function emailChanged(context: SelfServiceContext, userId: string, before: { name: string; email: string }): Promise<void> {
  await inTransaction(context.db, async (tx) => {
    const [now] = await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
    if (!now) return;
    await voidAccountLinks(tx, userId);
    const undoToken = newLinkToken();
    await recordLink(tx, { userId, kind: "undo-email-change", email: before.email, token: undoToken, seconds: UNDO_LINK_SECONDS });
    await queueEmail(
      tx,
      emailChangedEmail(context.config.publicUrl, { name: before.name, oldEmail: before.email, newEmail: now.email, language: now.language }, undoToken),
    );
  });
}

/**
 * The old address's undo link (decisions/042), opened by a POST (a link scanner's GET does
 * nothing): the account gets that address back (verified: its owner opened the link), every
 * session is revoked, every link voided (undo links made after this one too), and the password
 * stops working, since whoever changed the email may know it. Better Auth then emails the
 * restored address a reset link: its owner gets in by choosing a new password. The holder of the
 * new address can do nothing more: the account no longer has that address, their sessions and
 * links are gone, and the password they knew is void.
 */
export async function undoEmailChange(context: SelfServiceContext, token: string): Promise<UndoEmailChangeResult> {
  // A stranger's made-up token costs one lookup, never a password hash.
  if (!(await linkIsOpen(context.db, token, "undo-email-change"))) return { ok: false, reason: "invalid-link" };
  const unusablePassword = await (await context.auth.$context).password.hash(newLinkToken());
  const result = await inTransaction(context.db, async (tx): Promise<UndoEmailChangeResult> => {
    const link = await takeLink(tx, token, ["undo-email-change"]);
    if (!link) return { ok: false, reason: "invalid-link" };
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, link.email));
    if (holder && holder.id !== link.userId) throw new Rollback<UndoEmailChangeResult>({ ok: false, reason: "address-taken" });
    await tx.update(users).set({ email: link.email, emailVerified: true, updatedAt: new Date() }).where(eq(users.id, link.userId));
    await tx.delete(sessions).where(eq(sessions.userId, link.userId));
    await voidAccountLinks(tx, link.userId);
    await voidLaterUndoLinks(tx, link.userId, link.createdAt);
    await tx
      .update(credentials)
      .set({ password: unusablePassword, updatedAt: new Date() })
      .where(and(eq(credentials.userId, link.userId), eq(credentials.providerId, "credential")));
    return { ok: true, email: link.email };
  });
  if (result.ok) await context.auth.api.requestPasswordReset({ body: { email: result.email } });
  return result;
}

/**
 * Asks to move the account to a new address: the password is checked, then Better Auth's
 * `changeEmail` emails the new address a link; the change applies when it is opened. An address
 * that has an account already gets no email, and the answer is the same (nothing leaks).
 */
export async function requestEmailChange(
  context: SelfServiceContext,
  userId: string | undefined,
  requestHeaders: Headers,
  body: unknown,
): Promise<ChangeEmailResult> {
  if (!userId) return NOT_SIGNED_IN;
  const headers = sessionHeaders(requestHeaders);
  const [current] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!current) return NOT_SIGNED_IN;
  // An account made by phone has no email and no password: its first email needs only the session (decisions/050).
  const firstEmail = isPlaceholderEmail(current.email);
  const read = firstEmail ? readInput(addEmailSchema, body) : readInput(changeEmailSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  if (!firstEmail) {
    const refused = await countRequests(context, [["passwordChecksPerUser", userId]]);
    if (refused) return refused;
    const checked = await checkPassword(context, headers, "password" in input && typeof input.password === "string" ? input.password : "");
    if (checked !== "ok") return checked === "not-signed-in" ? NOT_SIGNED_IN : { ok: false, reason: "wrong-password" };
  }
  const [account] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!account) return NOT_SIGNED_IN;
  if (account.email === input.email) return { ok: false, reason: "same-email" };
  const emailed = await countRequests(context, [["verificationEmailsPerUser", userId]]);
  if (emailed) return emailed;
  // An address held for another account's undo link is treated like one that has an account.
  if (await addressAwaitingUndo(context.db, input.email)) return { ok: true };
  await context.auth.api.changeEmail({ body: { newEmail: input.email }, headers });
  return { ok: true };
}

/**
 * Revokes every session of the signed-in customer, this one too; returns the cookies that clear
 * it. A security event: every outstanding link of the account is voided too (decisions/042).
 */
export async function signOutEverywhere(context: SelfServiceContext, requestHeaders: Headers): Promise<SignOutEverywhereResult> {
  const headers = sessionHeaders(requestHeaders);
  const current = await context.auth.api.getSession({ headers });
  await context.auth.api.revokeSessions({ headers, asResponse: true });
  if (current) await voidAccountLinks(context.db, current.user.id);
  return { ok: true, cookies: await signOut(context, requestHeaders) };
}

/** Better Auth's own password check for the session's account. */
export async function checkPassword(
  context: Pick<SelfServiceContext, "auth">,
  headers: Headers,
  password: string,
): Promise<"ok" | "wrong" | "not-signed-in"> {
  const response = await context.auth.api.verifyPassword({ body: { password }, headers, asResponse: true });
  if (response.ok) return "ok";
  if (response.status === 401) return "not-signed-in";
  if (response.status === 400) return "wrong";
  throw new Error(`Password check failed with status ${response.status}`);
}

/** Only the request's credentials (cookie, bearer token): what Better Auth needs to find the session. */
export function sessionHeaders(requestHeaders: Headers): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "authorization"]) {
    const value = requestHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

function clientHeaders(client: Client): Headers {
  const headers = new Headers();
  if (client.ip) headers.set(CLIENT_IP_HEADER, client.ip);
  if (client.userAgent) headers.set("user-agent", client.userAgent);
  return headers;
}

/** The session token in a Set-Cookie Better Auth wrote ("<token>.<signature>", URL-encoded). */
export function sessionTokenFrom(setCookies: string[]): string | null {
  for (const line of setCookies) {
    const match = /^(?:__Secure-)?[^=]*session_token=([^;]*)/.exec(line);
    if (match?.[1]) return decodeURIComponent(match[1]).split(".")[0] || null;
  }
  return null;
}
