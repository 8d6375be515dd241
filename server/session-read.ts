// The signed-in user of a request in one statement (decisions/061). Better Auth's getSession reads
// the session row and then the user row (two statements) through its endpoint machinery on every
// API request; here the token is taken from the request the way Better Auth takes it (the bearer
// plugin's Authorization header, else the signed session cookie), its signature checked with the
// same secret, and the session and its user read together. Only a plain, valid, current session
// is answered here: anything else — no such session, an expired one, one due for its daily
// extension, a signature this code does not recognise — goes to Better Auth's getSession as
// before, which stays the authority (it deletes expired sessions and extends due ones).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { sql } from "drizzle-orm";
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, usesSecureCookies } from "./auth.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { preparedSql } from "./db/prepared.ts";

/** What the shop needs of a session's user (app.ts makes its SessionUser from it). */
export interface SessionRecord {
  user: { id: string; name: string; email: string; role: string | null; twoFactorEnabled: boolean | null; language: string };
}

const SESSION_COOKIE = "better-auth.session_token";

/** better-call's cookie signature: HMAC-SHA256 in standard base64 (44 characters with its `=`). */
function signedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  if (given.length !== 44) return null;
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  return timingSafeEqual(given, expected) ? value : null;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The session token a request carries, as Better Auth would find it; `undefined` when this code
 * cannot tell (Better Auth is asked instead), null when the request carries none.
 */
export function sessionToken(headers: IncomingHttpHeaders, config: Pick<Config, "authSecret" | "isProduction" | "publicUrl">): string | null | undefined {
  const authorization = headers.authorization;
  if (authorization && authorization.slice(0, 7).toLowerCase() === "bearer ") {
    const token = authorization.slice(7).trim();
    if (token) {
      // A bare token is signed by the bearer plugin itself, so it stands as it is.
      if (!token.includes(".")) return /^[A-Za-z0-9_-]+$/.test(token) ? token : undefined;
      const value = signedValue(token.includes("%") ? (decoded(token) ?? token) : token, config.authSecret);
      return value ?? undefined;
    }
  }
  const cookieHeader = headers.cookie;
  if (!cookieHeader) return authorization ? undefined : null;
  const name = `${usesSecureCookies(config) ? "__Secure-" : ""}${SESSION_COOKIE}`;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = decoded(part.slice(eq + 1).trim());
    return raw ? (signedValue(raw, config.authSecret) ?? undefined) : undefined;
  }
  return authorization ? undefined : null;
}

const sessionWithUser = preparedSql<{
  expires_at: string | Date;
  id: string;
  name: string;
  email: string;
  role: string | null;
  two_factor_enabled: boolean | null;
  language: string;
}>(
  "session_with_user",
  () => sql`select s.expires_at, u.id, u.name, u.email, u.role, u.two_factor_enabled, u.language
    from "session" s join "user" u on u.id = s.user_id where s.token = ${sql.placeholder("token")}`,
);

/**
 * The session's user when the token names a current session not yet due for its daily extension;
 * undefined otherwise (the caller asks Better Auth). One statement.
 */
export async function readSession(db: Database, token: string, now = Date.now()): Promise<SessionRecord | undefined> {
  const [row] = await sessionWithUser(db, { token });
  if (!row) return undefined;
  const expiresAt = new Date(row.expires_at).getTime();
  // Expired (Better Auth deletes it), or due for extension (Better Auth extends it): not ours to answer.
  if (!(expiresAt > now)) return undefined;
  if (expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now) return undefined;
  return { user: { id: row.id, name: row.name, email: row.email, role: row.role, twoFactorEnabled: row.two_factor_enabled, language: row.language } };
}
