import { createHash } from "node:crypto";
import type * as z from "zod/mini";
import { and, eq, lt, sql } from "drizzle-orm";
import { isStaffRole } from "#common/pharmacist.ts";
import { readTwoFactorCode } from "#common/two-factor.ts";
import { CLIENT_IP_HEADER, type Auth, type Role } from "#server/auth.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { session as sessions, twoFactor as twoFactors, twoFactorUsedCodes, user as users } from "#server/db/schema.ts";
import { checkLimit, countRequest, countRequests, throttled, type LimitName, type Throttled } from "#server/modules/limits/limiter.ts";
import { twoFactorDisableSchema, twoFactorEnableSchema, twoFactorSetupSchema, twoFactorSignInSchema } from "#server/schemas/two-factor.ts";
import { type InvalidInput, readInput } from "#server/schemas/input.ts";
import { accountFromAuth, type AuthUser, type Client, type SignedIn } from "./accounts.ts";
import { checkPassword, sessionHeaders, sessionTokenFrom } from "./self-service.ts";
import { challengeCookieName } from "./two-factor-challenge.ts";

/**
 * Two-factor sign-in (issue 29, decisions/051), on Better Auth's two-factor plugin, called only
 * here and only on the server (`auth.api.*`; its HTTP endpoints stay closed). The plugin keeps the
 * secret and the backup codes (encrypted), makes the otpauth URI, checks codes, voids a sign-in
 * challenge after 5 wrong codes and opens the session; the shop adds what its contract asks
 * beyond that: the challenge in the answer's body instead of a cookie, the shop's limits on
 * wrong codes, a code accepted once only, a code as well as the password to turn it off, and the
 * rule for staff (STAFF_TWO_FACTOR).
 */

export interface TwoFactorContext {
  auth: Auth;
  db: Database;
  config: Pick<Config, "rateLimitScale">;
}

interface NotSignedIn {
  ok: false;
  reason: "not-signed-in";
}
const NOT_SIGNED_IN: NotSignedIn = { ok: false, reason: "not-signed-in" };

/** New session token after turning two-factor on or off: Better Auth replaces the session it was done from. */
interface Rotated {
  ok: true;
  token: string | null;
  cookies: string[];
}

export type TwoFactorSetupResult =
  | { ok: true; otpauthUri: string; backupCodes: string[] }
  | { ok: false; reason: "wrong-password" | "already-enabled" }
  | Throttled
  | NotSignedIn
  | InvalidInput;
export type TwoFactorEnableResult = Rotated | { ok: false; reason: "wrong-code" | "not-started" | "already-enabled" } | Throttled | NotSignedIn | InvalidInput;
export type TwoFactorDisableResult = Rotated | { ok: false; reason: "wrong-password" | "wrong-code" | "not-enabled" } | Throttled | NotSignedIn | InvalidInput;
export type TwoFactorSignInResult =
  | ({ ok: true } & SignedIn)
  | { ok: false; reason: "wrong-code" | "challenge-expired" }
  | Throttled
  | InvalidInput;

/**
 * Where STAFF_TWO_FACTOR is `required`, an admin or pharmacist without two-factor may only set it
 * up: every other staff call answers 403 "Set up two-factor sign-in first".
 */
export function twoFactorSetupRequired(config: Pick<Config, "staffTwoFactor">, role: Role, enabled: boolean): boolean {
  return config.staffTwoFactor === "required" && isStaffRole(role) && !enabled;
}

/**
 * What setting two-factor up and turning it off ask first, in this order: a session, the body
 * read with its schema, the account's limit counted, then its password. The password's answer
 * is the session's as well (a revoked session is signed out).
 */
async function passwordConfirmed<S extends typeof twoFactorSetupSchema | typeof twoFactorDisableSchema>(
  context: TwoFactorContext,
  userId: string | undefined,
  requestHeaders: Headers,
  schema: S,
  body: unknown,
): Promise<{ ok: true; userId: string; input: z.infer<S>; headers: Headers } | { ok: false; reason: "wrong-password" } | Throttled | NotSignedIn | InvalidInput> {
  if (!userId) return NOT_SIGNED_IN;
  const read = readInput(schema, body);
  if (!read.ok) return read;
  // Both schemas read a password; TypeScript does not carry that through the generic.
  const input = read.input as z.infer<S> & { password: string };
  const refused = await countRequests(context, [["twoFactorChecksPerUser", userId]]);
  if (refused) return refused;
  const headers = sessionHeaders(requestHeaders);
  const checked = await checkPassword(context, headers, input.password);
  if (checked !== "ok") return checked === "not-signed-in" ? NOT_SIGNED_IN : { ok: false, reason: "wrong-password" };
  return { ok: true, userId, input, headers };
}

/**
 * Starts the set-up: checks the password, makes a new secret and ten backup codes (Better Auth's
 * `enableTwoFactor`, which stores both encrypted) and answers the otpauth URI and the codes, the
 * only time they are shown. Two-factor is not on until a first code is entered
 * (`enableTwoFactor` below); starting again replaces an unfinished set-up.
 */
export async function setUpTwoFactor(
  context: TwoFactorContext,
  userId: string | undefined,
  requestHeaders: Headers,
  body: unknown,
): Promise<TwoFactorSetupResult> {
  const confirmed = await passwordConfirmed(context, userId, requestHeaders, twoFactorSetupSchema, body);
  if (!confirmed.ok) return confirmed;
  const { input, headers } = confirmed;
  if (await twoFactorIsOn(context.db, confirmed.userId)) return { ok: false, reason: "already-enabled" };
  const response = await context.auth.api.enableTwoFactor({ body: { password: input.password }, headers, asResponse: true });
  const answer = (await response.json().catch(() => null)) as { totpURI?: string; backupCodes?: string[]; code?: string } | null;
  if (response.status === 401) return NOT_SIGNED_IN;
  if (answer?.code === "TOTP_ALREADY_ENABLED") return { ok: false, reason: "already-enabled" };
  if (answer?.code === "INVALID_PASSWORD") return { ok: false, reason: "wrong-password" };
  if (!response.ok || !answer?.totpURI || !answer.backupCodes) throw new Error(`Two-factor set-up failed with status ${response.status}`);
  return { ok: true, otpauthUri: answer.totpURI, backupCodes: answer.backupCodes };
}

/**
 * Turns two-factor on with a first code from the authenticator (Better Auth's `verifyTOTP` on the
 * session), which proves the app holds the secret. Better Auth then replaces the session it was
 * done from: the answer carries the new session's cookie and token.
 */
export async function enableTwoFactor(
  context: TwoFactorContext,
  userId: string | undefined,
  requestHeaders: Headers,
  body: unknown,
): Promise<TwoFactorEnableResult> {
  if (!userId) return NOT_SIGNED_IN;
  const read = readInput(twoFactorEnableSchema, body);
  if (!read.ok) return read;
  const code = readTwoFactorCode(read.input.code)!.code;
  const refused = await countRequests(context, [["twoFactorChecksPerUser", userId]]);
  if (refused) return refused;
  const [row] = await context.db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row) return { ok: false, reason: "not-started" };
  if (row.verified && (await twoFactorIsOn(context.db, userId))) return { ok: false, reason: "already-enabled" };
  const headers = sessionHeaders(requestHeaders);
  const response = await withClaimedCode(context.db, userId, code, () =>
    context.auth.api.verifyTOTP({ body: { code }, headers, asResponse: true }),
  );
  if (!response) return { ok: false, reason: "wrong-code" };
  if (response.status === 401 && (await errorCode(response)) === "INVALID_CODE") return { ok: false, reason: "wrong-code" };
  if (response.status === 401) return NOT_SIGNED_IN;
  if (!response.ok) throw new Error(`Turning two-factor on failed with status ${response.status}`);
  return rotated(response);
}

/**
 * Turns two-factor off: the password and a code (the authenticator's or an unused backup code,
 * which is used up) both checked first, then Better Auth's `disableTwoFactor` removes the secret
 * and the backup codes and replaces the session, as turning it on does.
 */
export async function disableTwoFactor(
  context: TwoFactorContext,
  userId: string | undefined,
  requestHeaders: Headers,
  body: unknown,
): Promise<TwoFactorDisableResult> {
  const confirmed = await passwordConfirmed(context, userId, requestHeaders, twoFactorDisableSchema, body);
  if (!confirmed.ok) return confirmed;
  const { input, headers } = confirmed;
  if (!(await twoFactorIsOn(context.db, confirmed.userId))) return { ok: false, reason: "not-enabled" };
  const code = readTwoFactorCode(input.code)!;
  const verified =
    code.kind === "totp"
      ? await withClaimedCode(context.db, confirmed.userId, code.code, () => context.auth.api.verifyTOTP({ body: { code: code.code }, headers, asResponse: true }))
      : await context.auth.api.verifyBackupCode({ body: { code: code.code, disableSession: true }, headers, asResponse: true });
  if (!verified || [400, 401, 409].includes(verified.status)) return { ok: false, reason: "wrong-code" };
  if (!verified.ok) throw new Error(`Two-factor code check failed with status ${verified.status}`);
  const response = await context.auth.api.disableTwoFactor({ body: { password: input.password }, headers, asResponse: true });
  if (response.status === 401) return NOT_SIGNED_IN;
  if (!response.ok) throw new Error(`Turning two-factor off failed with status ${response.status}`);
  return rotated(response);
}

/** Whether the account has two-factor sign-in on (what the sign-in asks a code for). */
export async function twoFactorIsOn(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.on === true;
}

/**
 * Finishes a sign-in that needs a code: `{ challenge, code }`, the code an authenticator's (each
 * accepted once) or an unused backup code (used up). The challenge is Better Auth's: valid 5
 * minutes, for its account only, void after 5 wrong codes and once it succeeds. Wrong codes count
 * per account and per client address (limits.ts); past either, codes are refused unchecked.
 */
export async function completeTwoFactorSignIn(context: TwoFactorContext, body: unknown, client: Client): Promise<TwoFactorSignInResult> {
  const read = readInput(twoFactorSignInSchema, body);
  if (!read.ok) return read;
  const { challenge } = read.input;
  const code = readTwoFactorCode(read.input.code)!;
  const { auth, db } = context;
  const pending = await (await auth.$context).internalAdapter.findVerificationValue(challenge.split(".")[0] ?? "");
  const userId = pending && pending.expiresAt > new Date() ? pending.value : null;
  const limits: [LimitName, string][] = [["twoFactorFailuresPerAddress", client.ip]];
  if (userId) limits.unshift(["twoFactorFailuresPerAccount", userId]);
  const usedUp = async () => {
    for (const [name, subject] of limits) {
      const verdict = await checkLimit(context, name, subject);
      if (!verdict.allowed) return throttled(name, verdict.retryAfterSeconds);
    }
    return null;
  };
  const failed = async (reason: "wrong-code" | "challenge-expired"): Promise<TwoFactorSignInResult> => {
    const verdicts = await Promise.all(limits.map(([name, subject]) => countRequest(context, name, subject)));
    const refused = verdicts.findIndex((verdict) => !verdict.allowed);
    const verdict = verdicts[refused];
    if (verdict && !verdict.allowed) return throttled(limits[refused]![0], verdict.retryAfterSeconds);
    return { ok: false, reason };
  };

  const before = await usedUp();
  if (before) return before;
  if (!userId) return failed("challenge-expired");

  const headers = new Headers({ cookie: `${await challengeCookieName(auth)}=${encodeURIComponent(challenge)}` });
  if (client.ip) headers.set(CLIENT_IP_HEADER, client.ip);
  if (client.userAgent) headers.set("user-agent", client.userAgent);
  const response =
    code.kind === "totp"
      ? await withClaimedCode(db, userId, code.code, () => auth.api.verifyTOTP({ body: { code: code.code }, headers, asResponse: true }))
      : await auth.api.verifyBackupCode({ body: { code: code.code }, headers, asResponse: true });
  if (!response) return failed("wrong-code");
  if (!response.ok) {
    const error = await errorCode(response);
    if (error === "INVALID_CODE" || error === "INVALID_BACKUP_CODE" || response.status === 409) return failed("wrong-code");
    if (response.status === 400 || response.status === 401) return failed("challenge-expired");
    throw new Error(`Two-factor sign-in failed with status ${response.status}`);
  }
  const answer = (await response.json()) as { token?: string | null; user: AuthUser };
  if (!answer.token) throw new Error("Better Auth answered a two-factor sign-in without a session token");
  // A right code whose check ended after a burst of parallel failures used a limit up is refused too.
  const after = await usedUp();
  if (after) {
    await db.delete(sessions).where(eq(sessions.token, answer.token));
    return after;
  }
  const cookieName = await challengeCookieName(auth);
  return {
    ok: true,
    user: accountFromAuth(answer.user),
    token: answer.token,
    // The session cookie as a password sign-in sets it; the challenge never was a cookie for the shop's clients.
    cookies: response.headers.getSetCookie().filter((line) => !line.startsWith(`${cookieName}=`)),
  };
}

/** How long an accepted authenticator code stays refused: its 30-second step and one step of grace either side. */
const CODE_REFUSED_MS = 100_000;

/**
 * Runs a code check with the code claimed for the account first, so a code is accepted once even
 * when two checks race: the claim is a row per account and code hash that only an expired one
 * gives way to. A code claimed already answers null (refused as wrong, unchecked); a check that
 * fails gives the claim back.
 */
async function withClaimedCode(db: Database, userId: string, code: string, check: () => Promise<Response>): Promise<Response | null> {
  const codeHash = createHash("sha256").update(`${userId}:${code}`).digest("hex");
  const now = new Date();
  await db.delete(twoFactorUsedCodes).where(and(eq(twoFactorUsedCodes.userId, userId), lt(twoFactorUsedCodes.usedUntil, now)));
  const claimed = await db
    .insert(twoFactorUsedCodes)
    .values({ userId, codeHash, usedUntil: new Date(now.getTime() + CODE_REFUSED_MS) })
    .onConflictDoUpdate({
      target: [twoFactorUsedCodes.userId, twoFactorUsedCodes.codeHash],
      set: { usedUntil: new Date(now.getTime() + CODE_REFUSED_MS) },
      setWhere: sql`${twoFactorUsedCodes.usedUntil} < ${now}`,
    })
    .returning({ userId: twoFactorUsedCodes.userId });
  if (claimed.length === 0) return null;
  let response: Response | undefined;
  try {
    response = await check();
    return response;
  } finally {
    if (!response?.ok) {
      await db.delete(twoFactorUsedCodes).where(and(eq(twoFactorUsedCodes.userId, userId), eq(twoFactorUsedCodes.codeHash, codeHash)));
    }
  }
}

async function errorCode(response: Response): Promise<string | null> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === "string" ? body.code : null;
}

/** The new session Better Auth opened when two-factor was turned on or off: its token (API clients) and cookie (pages). */
function rotated(response: Response): Rotated {
  const cookies = response.headers.getSetCookie();
  return { ok: true, token: response.headers.get("set-auth-token") ?? sessionTokenFrom(cookies), cookies };
}
