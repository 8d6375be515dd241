import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { rateLimit } from "#server/db/schema.ts";

/** Failed sign-ins allowed per email and IP address within the window; the next attempt is refused. */
export const LOGIN_ATTEMPTS_ALLOWED = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * One counter per `login:<ip>:<email>` in Better Auth's `rate_limit` table, so every process
 * shares it (Better Auth's own limiter is off in tests and does not see direct API calls).
 * The attempt is counted before the password is checked, in one atomic upsert, so parallel
 * guesses cannot slip past the limit; `last_request` holds the start of the current window.
 */
export async function countLoginAttempt(db: Database, ip: string, email: string, now = Date.now()): Promise<LoginAttempt> {
  const windowStartedBefore = now - LOGIN_WINDOW_MS;
  const expired = sql`${rateLimit.lastRequest} <= ${windowStartedBefore}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key: throttleKey(ip, email), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (!row || row.count <= LOGIN_ATTEMPTS_ALLOWED) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + LOGIN_WINDOW_MS - now) / 1000)) };
}

/** A successful sign-in starts the count afresh. */
export async function clearLoginAttempts(db: Database, ip: string, email: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, throttleKey(ip, email)));
}

function throttleKey(ip: string, email: string): string {
  return `login:${ip || "unknown"}:${email.trim().toLowerCase()}`;
}
