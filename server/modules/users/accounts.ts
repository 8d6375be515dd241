import { eq } from "drizzle-orm";
import type { LoginInput, RegisterInput } from "#common/schemas/auth.ts";
import type { Auth, Role } from "#server/auth.ts";
import type { Database } from "#server/db/client.ts";
import { user as users } from "#server/db/schema.ts";
import { clearLoginAttempts, countLoginAttempt } from "./login-throttle.ts";

/** A user as the API shows it (api-contract.md, "Authentication"); never the password. */
export interface AccountJson {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

export interface SignedIn {
  user: AccountJson;
  /** The session token: API clients send it as `Authorization: Bearer <token>`. */
  token: string;
  /** Better Auth's Set-Cookie headers: the httpOnly session cookie for the shop's pages. */
  cookies: string[];
}

/** Where a sign-in comes from: the address Express resolved (trusting only local proxies) and the browser. */
export interface Client {
  ip: string;
  userAgent: string;
}

export type RegisterResult = ({ ok: true } & SignedIn) | { ok: false; reason: "email-taken" };

export type SignInResult =
  | ({ ok: true } & SignedIn)
  | { ok: false; reason: "invalid-credentials" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number }
  /** Right password, but the account may not sign in (banned by an admin). */
  | { ok: false; reason: "refused"; message: string };

interface AuthContext {
  auth: Auth;
  db: Database;
}

/** Creates a customer account and signs it in. The role is always `customer`: nothing else is passed on. */
export async function registerCustomer({ auth, db }: AuthContext, input: RegisterInput, client: Client): Promise<RegisterResult> {
  const { name, email, password } = input;
  const response = await auth.api.signUpEmail({ body: { name, email, password }, headers: clientHeaders(client), asResponse: true });
  if (response.status === 422) return { ok: false, reason: "email-taken" };
  if (!response.ok) {
    // Two sign-ups racing for one address: the loser fails on the unique index, not the check.
    if (await emailExists(db, email)) return { ok: false, reason: "email-taken" };
    throw new Error(`Sign-up failed with status ${response.status}`);
  }
  return { ok: true, ...(await signedIn(response)) };
}

/**
 * Checks the password through Better Auth and opens a session. Wrong email and wrong password
 * are one answer; after too many failures from one address for one email, attempts are refused.
 */
export async function signInCustomer({ auth, db }: AuthContext, input: LoginInput, client: Client): Promise<SignInResult> {
  const attempt = await countLoginAttempt(db, client.ip, input.email);
  if (!attempt.allowed) return { ok: false, reason: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  const response = await auth.api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: true },
    headers: clientHeaders(client),
    asResponse: true,
  });
  if (response.status === 401 || response.status === 400) return { ok: false, reason: "invalid-credentials" };
  if (response.status === 403) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    return { ok: false, reason: "refused", message: typeof body?.message === "string" ? body.message : "You cannot sign in" };
  }
  if (!response.ok) throw new Error(`Sign-in failed with status ${response.status}`);
  await clearLoginAttempts(db, client.ip, input.email);
  return { ok: true, ...(await signedIn(response)) };
}

/**
 * Revokes the session the request carries (bearer token or cookie) and returns the Set-Cookie
 * headers that clear Better Auth's cookies. Without a session it only clears them.
 */
export async function signOut(auth: Auth, requestHeaders: Headers): Promise<string[]> {
  const headers = new Headers();
  for (const name of ["cookie", "authorization"]) {
    const value = requestHeaders.get(name);
    if (value) headers.set(name, value);
  }
  const response = await auth.api.signOut({ headers, asResponse: true });
  return response.headers.getSetCookie();
}

async function signedIn(response: Response): Promise<SignedIn> {
  const body = (await response.json()) as { token?: string | null; user: { id: string; name: string; email: string; role?: string } };
  if (!body.token) throw new Error("Better Auth answered without a session token");
  return {
    user: { _id: body.user.id, name: body.user.name, email: body.user.email, role: body.user.role === "admin" ? "admin" : "customer" },
    token: body.token,
    cookies: response.headers.getSetCookie(),
  };
}

/** Only what Better Auth records on the session; never the caller's cookies or authorization. */
function clientHeaders(client: Client): Headers {
  const headers = new Headers();
  if (client.ip) headers.set("x-forwarded-for", client.ip);
  if (client.userAgent) headers.set("user-agent", client.userAgent);
  return headers;
}

async function emailExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row !== undefined;
}
