import { and, eq, sql } from "drizzle-orm";
import { isStaffRole } from "#common/pharmacist.ts";
import { PHONE_CODE_MINUTES, PHONE_MESSAGES, RESEND_AFTER_SECONDS } from "#common/phone-sign-in.ts";
import type { Auth } from "#server/auth.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { placeholderEmail } from "#server/db/no-email.ts";
import { user as users } from "#server/db/schema.ts";
import type { Logger } from "pino";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { sendCode, whatsappCodesOffered } from "#server/modules/messaging/code-sender.ts";
import { MessageNotSent, type CodeChannel } from "#server/modules/messaging/code-message.ts";
import { codeRequestSchema, codeVerifySchema, deletionCodeSchema, phoneChangeSchema, phoneChangeVerifySchema } from "#server/schemas/phone.ts";
import { type InvalidInput, readInput } from "#server/schemas/input.ts";
import { addressAwaitingUndo } from "./account-links.ts";
import { clientHeaders, emailExists, signedIn, type Client, type SignedIn } from "./accounts.ts";
import { checkCode, dropCode, storeCode, type CodePurpose } from "./phone-codes.ts";
import { getProfile, type ProfileJson } from "./profile.ts";
import { hasPassword } from "./passwords.ts";

/**
 * Phone sign-in with one-time codes and a signed-in account's verified number (issue 29,
 * decisions/050), for the REST API (`/api/users/otp`, `/api/users/phone`) and the login, register
 * and profile pages alike. The codes' store is `phone-codes.ts`; the message goes out through
 * `messaging/code-sender.ts` (MSG91, WhatsApp, or the outbox files).
 */

export interface PhoneContext {
  db: Database;
  auth: Auth;
  config: Config;
  logger: Logger;
}

/** The one answer to a code request that went out: the same for every valid number. */
export interface CodeSent {
  ok: true;
  message: string;
  resendAfter: number;
}

export type CodeRequestResult =
  | CodeSent
  | { ok: false; reason: "too-soon"; retryAfterSeconds: number }
  | { ok: false; reason: "not-sent" }
  | Throttled
  | InvalidInput;

export type CodeSignInResult =
  | ({ ok: true; newAccount: false; created: boolean } & SignedIn)
  | { ok: true; newAccount: true }
  | { ok: false; reason: "wrong-code" }
  | { ok: false; reason: "staff" }
  | { ok: false; reason: "two-factor" }
  | { ok: false; reason: "email-taken" }
  | { ok: false; reason: "phone-taken" }
  /** The account may not sign in (banned by an admin). */
  | { ok: false; reason: "refused"; message: string }
  | Throttled
  | InvalidInput;

export type PhoneChangeResult =
  | { ok: true; profile: ProfileJson }
  | { ok: false; reason: "wrong-code" }
  | { ok: false; reason: "phone-taken" }
  | { ok: false; reason: "not-signed-in" }
  | Throttled
  | InvalidInput;

/**
 * `POST /api/users/otp { phone, channel? }`: a code by SMS or WhatsApp. Registered or not, a valid
 * number gets the same answer (and a code: a new shopper signs up with it). Counted per number and
 * per client address; a new code for the same number waits RESEND_AFTER_SECONDS.
 */
export async function requestSignInCode(context: PhoneContext, body: unknown, client: Client): Promise<CodeRequestResult> {
  const read = readCodeRequest(context, codeRequestSchema, body);
  if (!read.ok) return read;
  const { phone, channel } = read.input;
  const refused = await countRequests(context, [
    ["phoneCodesPerNumber", phone],
    ["phoneCodesPerAddress", client.ip],
  ]);
  if (refused) return refused;
  return issueAndSend(context, phone, channel, null);
}

/**
 * `POST /api/users/otp/verify { phone, code, name?, email? }`. A right code for the verified number
 * of a customer signs that account in. For a number no account has verified, it answers
 * `newAccount` and the code stays good for its remaining minutes; sent again with a name (and an
 * email if the shopper gives one), it makes a customer account with the number verified. Staff
 * numbers never sign in by code, nor does an account with two-factor sign-in on (its second factor
 * is the authenticator, which a code by SMS would skip; decisions/051): 403, only after a right
 * code, so the answer tells a stranger nothing. Wrong, used, tried-out and expired codes are one answer.
 */
export async function verifySignInCode(context: PhoneContext, body: unknown, client: Client): Promise<CodeSignInResult> {
  const read = readInput(codeVerifySchema, body);
  if (!read.ok) return read;
  const { phone, code, name, email } = read.input;
  const refused = await countRequests(context, [["phoneCodeChecksPerAddress", client.ip]]);
  if (refused) return refused;

  const store = codeStore(context);
  const checked = await checkCode(store, { phone, code, userId: null });
  if (!checked.ok) return { ok: false, reason: "wrong-code" };

  const [account] = await context.db
    .select({ id: users.id, role: users.role, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true)));
  if (account) {
    if (!(await checked.use())) return { ok: false, reason: "wrong-code" };
    if (isStaffRole(account.role)) return { ok: false, reason: "staff" };
    if (account.twoFactorEnabled) return { ok: false, reason: "two-factor" };
    return openSession(context, account.id, client, false);
  }
  if (name === undefined) return { ok: true, newAccount: true };

  // The email is checked before the code is used up, so a taken address costs the shopper no new code.
  if (email !== undefined && ((await emailExists(context.db, email)) || (await addressAwaitingUndo(context.db, email)))) {
    return { ok: false, reason: "email-taken" };
  }
  if (!(await checked.use())) return { ok: false, reason: "wrong-code" };
  const internal = (await context.auth.$context).internalAdapter;
  let userId: string;
  try {
    const created = await internal.createUser({ name, email: email ?? placeholderEmail(), emailVerified: false, phone }, { method: "phone-number" });
    userId = created.id;
  } catch (error) {
    if (email !== undefined && (await emailExists(context.db, email))) return { ok: false, reason: "email-taken" };
    throw error;
  }
  try {
    await context.db.update(users).set({ phone, phoneVerified: true }).where(eq(users.id, userId));
  } catch (error) {
    // Another account verified the number a moment ago: the half-made account goes.
    await context.db.delete(users).where(eq(users.id, userId));
    if (isUniqueViolation(error)) return { ok: false, reason: "phone-taken" };
    throw error;
  }
  const result = await openSession(context, userId, client, true);
  if (result.ok && !result.newAccount && email !== undefined) {
    // The verification email, as registration sends it (queued in the outbox).
    await context.auth.api.sendVerificationEmail({ body: { email }, headers: new Headers({ authorization: `Bearer ${result.token}` }) });
  }
  return result;
}

/** `POST /api/users/phone { phone, channel? }` (signed in): a code to prove a number before it becomes the account's. */
export async function requestPhoneChangeCode(
  context: PhoneContext,
  userId: string | undefined,
  body: unknown,
  client: Client,
): Promise<CodeRequestResult | { ok: false; reason: "not-signed-in" }> {
  if (!userId) return { ok: false, reason: "not-signed-in" };
  const read = readCodeRequest(context, phoneChangeSchema, body);
  if (!read.ok) return read;
  const { phone, channel } = read.input;
  const refused = await countRequests(context, [
    ["phoneCodesPerUser", userId],
    ["phoneCodesPerNumber", phone],
    ["phoneCodesPerAddress", client.ip],
  ]);
  if (refused) return refused;
  return issueAndSend(context, phone, channel, userId);
}

/**
 * `POST /api/users/phone/verify { phone, code }` (signed in): a right code (made for this account)
 * makes the number the account's verified one. A number another account has verified: 409 — said
 * only after a right code, so it tells nothing to someone who does not hold the phone.
 */
export async function verifyPhoneChange(
  context: PhoneContext,
  userId: string | undefined,
  body: unknown,
  client: Client,
): Promise<PhoneChangeResult> {
  if (!userId) return { ok: false, reason: "not-signed-in" };
  const read = readInput(phoneChangeVerifySchema, body);
  if (!read.ok) return read;
  const { phone, code } = read.input;
  const refused = await countRequests(context, [["phoneCodeChecksPerAddress", client.ip]]);
  if (refused) return refused;
  const checked = await checkCode(codeStore(context), { phone, code, userId });
  if (!checked.ok) return { ok: false, reason: "wrong-code" };
  const [holder] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true)));
  if (holder && holder.id !== userId) return { ok: false, reason: "phone-taken" };
  if (!(await checked.use())) return { ok: false, reason: "wrong-code" };
  try {
    await context.db.update(users).set({ phone, phoneVerified: true }).where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "phone-taken" };
    throw error;
  }
  const profile = await getProfile(context.db, userId);
  return profile ? { ok: true, profile } : { ok: false, reason: "not-signed-in" };
}

export type DeletionCodeResult =
  | CodeRequestResult
  | { ok: false; reason: "not-signed-in" }
  | { ok: false; reason: "has-password" }
  | { ok: false; reason: "no-verified-phone" };

/**
 * `POST /api/users/me/deletion-code { channel? }` (signed in): an account without a password
 * confirms its deletion with a code sent to its verified number (decisions/053). The code is bound
 * to the account and to that purpose, so neither a sign-in code nor a number's code deletes it.
 * Counted as the account's other codes are (per account, per number, per client address).
 */
export async function requestDeletionCode(
  context: PhoneContext,
  userId: string | undefined,
  body: unknown,
  client: Client,
): Promise<DeletionCodeResult> {
  if (!userId) return { ok: false, reason: "not-signed-in" };
  const parsed = readInput(deletionCodeSchema, body ?? {});
  if (!parsed.ok) return parsed;
  const read = channelOffered(context, parsed);
  if (!read.ok) return read;
  if (await hasPassword(context.db, userId)) return { ok: false, reason: "has-password" };
  const [account] = await context.db.select({ phone: users.phone, phoneVerified: users.phoneVerified }).from(users).where(eq(users.id, userId));
  if (!account) return { ok: false, reason: "not-signed-in" };
  if (!account.phone || !account.phoneVerified) return { ok: false, reason: "no-verified-phone" };
  const refused = await countRequests(context, [
    ["phoneCodesPerUser", userId],
    ["phoneCodesPerNumber", account.phone],
    ["phoneCodesPerAddress", client.ip],
  ]);
  if (refused) return refused;
  return issueAndSend(context, account.phone, read.input.channel, userId, "delete-account");
}

/**
 * What a profile save does to the verified mark (decisions/050): a number typed in the profile is a
 * contact number; it stays verified only if it is the verified one unchanged.
 */
export function phoneVerifiedAfterProfileSave(newPhone: string | null) {
  return sql`coalesce(${users.phone} = ${newPhone} and ${users.phoneVerified}, false)`;
}

export function codeStore(context: Pick<PhoneContext, "db" | "config">) {
  return { db: context.db, secret: context.config.authSecret };
}

/** The number and channel, with WhatsApp refused where it is not configured (a field error, not a silent SMS). */
function readCodeRequest(context: PhoneContext, schema: typeof codeRequestSchema, body: unknown) {
  const read = readInput(schema, body);
  return read.ok ? channelOffered(context, read) : read;
}

function channelOffered<Read extends { ok: true; input: { channel: CodeChannel } }>(context: PhoneContext, read: Read) {
  if (read.input.channel === "whatsapp" && !whatsappCodesOffered(context.config)) {
    return { ok: false as const, reason: "invalid" as const, errors: { channel: PHONE_MESSAGES.whatsappUnavailable } };
  }
  return read;
}

async function issueAndSend(
  context: PhoneContext,
  phone: string,
  channel: CodeChannel,
  userId: string | null,
  purpose: CodePurpose = "number",
): Promise<CodeRequestResult> {
  const store = codeStore(context);
  const stored = await storeCode(store, phone, userId, new Date(), purpose);
  if (!stored.ok) return stored;
  try {
    const sent = await sendCode(context, { phone, code: stored.code, channel, minutes: PHONE_CODE_MINUTES });
    context.logger.info({ channel, via: sent.via }, "One-time code sent");
  } catch (error) {
    if (!(error instanceof MessageNotSent)) throw error;
    // Nobody received it: it does not stay live, and the shopper may ask again at once.
    await dropCode(store, phone, stored.code, purpose);
    context.logger.warn({ err: error.message, channel }, "One-time code not sent");
    return { ok: false, reason: "not-sent" };
  }
  return { ok: true, message: PHONE_MESSAGES.codeSent, resendAfter: RESEND_AFTER_SECONDS };
}

async function openSession(context: PhoneContext, userId: string, client: Client, created: boolean): Promise<CodeSignInResult> {
  const response = await context.auth.api.openSessionForVerifiedPhone({ body: { userId }, headers: clientHeaders(client), asResponse: true });
  if (response.status === 403) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return { ok: false, reason: "refused", message: typeof body?.message === "string" ? body.message : "You cannot sign in" };
  }
  if (!response.ok) throw new Error(`Code sign-in failed with status ${response.status}`);
  return { ok: true, newAccount: false, created, ...(await signedIn(response)) };
}
