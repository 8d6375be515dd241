import { eq } from "drizzle-orm";
import { normalizeEmail } from "#common/forms.ts";
import { CLIENT_IP_HEADER, asRole, type Auth, type Role } from "#server/auth.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { shownEmail } from "#server/db/no-email.ts";
import { session as sessions, user as users } from "#server/db/schema.ts";
import {
  accountAddressSubject,
  checkLimit,
  countRequest,
  countRequests,
  forgetCounts,
  throttled,
  type LimitName,
  type Throttled,
} from "#server/modules/limits/limiter.ts";
import { loginSchema, registerSchema } from "#server/schemas/auth.ts";
import { type InvalidInput, readInput } from "#server/schemas/input.ts";
import { addressAwaitingUndo } from "./account-links.ts";
import { challengeFrom } from "./two-factor-challenge.ts";

/** A user as the API shows it (api-contract.md, "Authentication"); never the password. */
export interface AccountJson {
  _id: string;
  name: string;
  /** Null for an account made by phone that has not added an email (decisions/050). */
  email: string | null;
  role: Role;
  /** 10 digits, or null. */
  phone: string | null;
  /** Whether `phone` was proved with a one-time code (only then does it sign in). */
  phoneVerified: boolean;
}

export interface SignedIn {
  user: AccountJson;
  /** The session token: API clients send it as `Authorization: Bearer <token>`. */
  token: string;
  /** Better Auth's Set-Cookie headers: the httpOnly session cookie for the shop's pages. */
  cookies: string[];
}

/** A password sign-in that needs a code: the challenge `POST /api/users/login/2fa` takes with it (decisions/051). */
export interface TwoFactorChallenge {
  ok: true;
  twoFactorRequired: true;
  challenge: string;
}

/** Where a sign-in comes from: the address Express resolved (under TRUST_PROXY) and the browser. */
export interface Client {
  ip: string;
  userAgent: string;
}

export type RegisterResult = ({ ok: true } & SignedIn) | { ok: false; reason: "email-taken" } | Throttled | InvalidInput;

export type SignInResult =
  | ({ ok: true } & SignedIn)
  /** Right password, and the account has two-factor on: no session yet, a code finishes the sign-in (two-factor.ts). */
  | TwoFactorChallenge
  | { ok: false; reason: "invalid-credentials" }
  | Throttled
  /** Right password, but the account may not sign in (banned by an admin). */
  | { ok: false; reason: "refused"; message: string }
  | InvalidInput;

interface AuthContext {
  auth: Auth;
  db: Database;
  config: Pick<Config, "rateLimitScale">;
}

/**
 * Creates a customer account, signs it in and emails a verification link (decisions/023). The
 * role is always `customer`: nothing else is passed on. Every attempt counts against the email's
 * limit (tight) and the client address's (generous: carrier NAT, decisions/042). An address held
 * for another account's undo link reads as taken.
 */
export async function registerCustomer(context: AuthContext, body: unknown, client: Client): Promise<RegisterResult> {
  const read = readInput(registerSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const { auth, db } = context;
  const refused = await countRequests(context, [
    ["registrationsPerEmail", input.email],
    ["registrationsPerAddress", client.ip],
  ]);
  if (refused) return refused;
  if (await addressAwaitingUndo(db, input.email)) return { ok: false, reason: "email-taken" };
  const { name, email, password } = input;
  const response = await auth.api.signUpEmail({ body: { name, email, password }, headers: clientHeaders(client), asResponse: true });
  if (response.status === 422) return { ok: false, reason: "email-taken" };
  if (!response.ok) {
    // Two sign-ups racing for one address: the loser fails on the unique index, not the check.
    if (await emailExists(db, email)) return { ok: false, reason: "email-taken" };
    throw new Error(`Sign-up failed with status ${response.status}`);
  }
  const result = await signedIn(response);
  // The verification email (Better Auth's, queued in the outbox); the customer can shop meanwhile.
  await auth.api.sendVerificationEmail({ body: { email }, headers: new Headers({ authorization: `Bearer ${result.token}` }) });
  return { ok: true, ...result };
}

/**
 * How long a password check of an account waits once the account has had more wrong passwords
 * from anywhere than `signInFailuresPerAccount` allows: the check is slowed, never refused, so a
 * stranger cannot lock the owner out (decisions/042). The wait comes before the check, for the
 * right password too, so an answer that comes sooner says nothing.
 */
export const SLOWED_SIGN_IN_MS = 2000;

/**
 * Checks the password through Better Auth and opens a session. Wrong email and wrong password
 * are one answer. Only failures count: per account and client address pair, per client address
 * (over every account, generous), and per account from anywhere (which slows, never refuses).
 * Once a refusing limit is used up, attempts are refused before the password check, and a right
 * password whose check ended after a burst of parallel failures used one up is refused too (its
 * new session revoked), so a burst gains nothing over a sequence. A password reset forgets the
 * account's failures (`forgetSignInFailures`).
 */
export async function signInCustomer(context: AuthContext, body: unknown, client: Client): Promise<SignInResult> {
  const read = readInput(loginSchema, body);
  if (!read.ok) return read;
  const { input } = read;
  const { auth, db } = context;
  const limits: [LimitName, string][] = [
    ["signInFailuresPerAccountAndAddress", accountAddressSubject(input.email, client.ip)],
    ["signInFailuresPerAddress", client.ip],
  ];
  const usedUp = async () => {
    for (const [name, subject] of limits) {
      const verdict = await checkLimit(context, name, subject);
      if (!verdict.allowed) return throttled(name, verdict.retryAfterSeconds);
    }
    return null;
  };
  const before = await usedUp();
  if (before) return before;
  if (!(await checkLimit(context, "signInFailuresPerAccount", input.email)).allowed) {
    await new Promise((resolve) => setTimeout(resolve, SLOWED_SIGN_IN_MS));
  }

  const response = await auth.api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: true },
    headers: clientHeaders(client),
    asResponse: true,
  });
  if (response.status === 401 || response.status === 400) {
    // Every failure is counted, whatever the first says; the failure that passes a limit is refused already.
    const [verdicts] = await Promise.all([
      Promise.all(limits.map(([name, subject]) => countRequest(context, name, subject))),
      countRequest(context, "signInFailuresPerAccount", input.email),
    ]);
    const refused = verdicts.findIndex((verdict) => !verdict.allowed);
    const verdict = verdicts[refused];
    if (verdict && !verdict.allowed) return throttled(limits[refused]![0], verdict.retryAfterSeconds);
    return { ok: false, reason: "invalid-credentials" };
  }
  if (response.status === 403) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return { ok: false, reason: "refused", message: typeof body?.message === "string" ? body.message : "You cannot sign in" };
  }
  if (!response.ok) throw new Error(`Sign-in failed with status ${response.status}`);
  const challenge = await challengeFrom(auth, response, await response.clone().json());
  if (challenge) {
    const after = await usedUp();
    return after ?? { ok: true, twoFactorRequired: true, challenge };
  }
  const result = await signedIn(response);
  const after = await usedUp();
  if (after) {
    await db.delete(sessions).where(eq(sessions.token, result.token));
    return after;
  }
  return { ok: true, ...result };
}

/** Forgets an account's sign-in failures, from every address (a password reset lets the owner in). */
export async function forgetSignInFailures(db: Database, email: string): Promise<void> {
  await forgetCounts(db, "signInFailuresPerAccount", email);
  await forgetCounts(db, "signInFailuresPerAccountAndAddress", `${normalizeEmail(email)}|`, { startingWith: true });
}

/** A user as Better Auth's sign-in answers carry it. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role?: string;
  phone?: string | null;
  phoneVerified?: boolean | null;
}

/** A sign-in's answer from Better Auth (email sign-in, sign-up, or the code door): the user, its token and cookies. */
export async function signedIn(response: Response): Promise<SignedIn> {
  const body = (await response.json()) as { token?: string | null; user: AuthUser };
  if (!body.token) throw new Error("Better Auth answered without a session token");
  return { user: accountFromAuth(body.user), token: body.token, cookies: response.headers.getSetCookie() };
}

/** Better Auth's user as the shop reports it (a phone account's placeholder email is null). */
export function accountFromAuth(user: AuthUser): AccountJson {
  return {
    _id: user.id,
    name: user.name,
    email: shownEmail(user.email),
    role: asRole(user.role),
    phone: user.phone ?? null,
    phoneVerified: user.phoneVerified === true,
  };
}

/** Only what Better Auth records on the session; never the caller's cookies or authorization. */
export function clientHeaders(client: Client): Headers {
  const headers = new Headers();
  if (client.ip) headers.set(CLIENT_IP_HEADER, client.ip);
  if (client.userAgent) headers.set("user-agent", client.userAgent);
  return headers;
}

export async function emailExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row !== undefined;
}
