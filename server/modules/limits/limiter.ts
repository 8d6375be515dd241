import { and, eq, gt, like, lt, sql } from "drizzle-orm";
import { isIPv4, isIPv6 } from "node:net";
import { tooManyRequestsMessage } from "#common/messages.ts";
import { tooManyAttemptsMessage } from "#common/auth.ts";
import { normalizeEmail } from "#common/forms.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { rateLimit } from "#server/db/schema.ts";
import { LIMITS, type LimitName } from "./limits.ts";

export { LIMITS, type LimitName } from "./limits.ts";

/** What a limit needs: the shared database and the configured scale. */
export interface LimiterContext {
  db: Database;
  config: Pick<Config, "rateLimitScale">;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The typed refusal every throttled use case returns; `throttledReply` turns it into a 429. */
export interface Throttled {
  ok: false;
  reason: "throttled";
  limit: LimitName;
  retryAfterSeconds: number;
}

/** The number a limit allows under the configured scale (RATE_LIMIT_SCALE), never less than 1. */
export function allowance(context: LimiterContext, name: LimitName): number {
  return Math.max(1, Math.floor(LIMITS[name].max * context.config.rateLimitScale));
}

/**
 * Counts one request (or failure) against a limit and says whether it is within it. One atomic
 * upsert per call on the `rate_limit` table (shared with Better Auth, keys prefixed `limit:`), so
 * parallel requests and several processes on one database share the count. The window is fixed:
 * `last_request` holds its start, and a request after it has passed starts a new one at 1.
 */
export async function countRequest(context: LimiterContext, name: LimitName, subject: string, now = Date.now()): Promise<Verdict> {
  const { windowMs } = LIMITS[name];
  const expired = sql`${rateLimit.lastRequest} <= ${now - windowMs}`;
  const [row] = await context.db
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key: limitKey(name, subject), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  // Now and then, counts whose window has ended are removed (no timer to run; every process helps).
  if (Math.random() < CLEANUP_CHANCE) await deleteEndedCounts(context.db, now);
  if (!row || row.count <= allowance(context, name)) return { allowed: true };
  return { allowed: false, retryAfterSeconds: retryAfter(row.windowStart + windowMs, now) };
}

const CLEANUP_CHANCE = 1 / 500;
const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((limit) => limit.windowMs));

/** Removes the limiter's counts whose window has ended (never Better Auth's own rows); returns how many. */
export async function deleteEndedCounts(db: Database, now = Date.now()): Promise<number> {
  const deleted = await db
    .delete(rateLimit)
    .where(and(like(rateLimit.key, "limit:%"), lt(rateLimit.lastRequest, now - LONGEST_WINDOW_MS)))
    .returning({ id: rateLimit.id });
  return deleted.length;
}

/**
 * Forgets a subject's count (a password reset forgets the account's sign-in failures). With
 * `startingWith`, every count whose subject starts with it (an account's per-address pairs).
 */
export async function forgetCounts(db: Database, name: LimitName, subject: string, options: { startingWith?: boolean } = {}): Promise<void> {
  const key = limitKey(name, subject);
  if (!options.startingWith) {
    await db.delete(rateLimit).where(eq(rateLimit.key, key));
    return;
  }
  const escaped = key.replace(/[\\%_]/g, (c) => `\\${c}`);
  await db.delete(rateLimit).where(like(rateLimit.key, `${escaped}%`));
}

/** Whether a limit is used up already, without counting anything (sign-in asks before the password check). */
export async function checkLimit(context: LimiterContext, name: LimitName, subject: string, now = Date.now()): Promise<Verdict> {
  const { windowMs } = LIMITS[name];
  const [row] = await context.db
    .select({ count: rateLimit.count, windowStart: rateLimit.lastRequest })
    .from(rateLimit)
    .where(and(eq(rateLimit.key, limitKey(name, subject)), gt(rateLimit.lastRequest, now - windowMs)));
  if (!row || row.count < allowance(context, name)) return { allowed: true };
  return { allowed: false, retryAfterSeconds: retryAfter(row.windowStart + windowMs, now) };
}

/** Counts against each limit in turn and stops at the first that refuses (its refusal is returned). */
export async function countRequests(
  context: LimiterContext,
  checks: readonly (readonly [LimitName, string])[],
  now = Date.now(),
): Promise<Throttled | null> {
  for (const [name, subject] of checks) {
    const verdict = await countRequest(context, name, subject, now);
    if (!verdict.allowed) return throttled(name, verdict.retryAfterSeconds);
  }
  return null;
}

export function throttled(limit: LimitName, retryAfterSeconds: number): Throttled {
  return { ok: false, reason: "throttled", limit, retryAfterSeconds };
}

/** The one answer to a refusal, for the API (429 + Retry-After) and the pages (the same message). */
export function throttledReply(refusal: Pick<Throttled, "limit" | "retryAfterSeconds">) {
  const signIn =
    refusal.limit === "signInFailuresPerAccountAndAddress" ||
    refusal.limit === "signInFailuresPerAddress" ||
    refusal.limit === "twoFactorFailuresPerAccount" ||
    refusal.limit === "twoFactorFailuresPerAddress";
  return {
    status: 429 as const,
    message: signIn ? tooManyAttemptsMessage(refusal.retryAfterSeconds) : tooManyRequestsMessage(refusal.retryAfterSeconds),
    headers: { "Retry-After": String(refusal.retryAfterSeconds) },
  };
}

/** The row key of a limit for a subject: `limit:<name>:<subject>`. */
export function limitKey(name: LimitName, subject: string): string {
  const per = LIMITS[name].per;
  const normalised = per === "address" ? addressKey(subject) : per === "email" ? normalizeEmail(subject) : subject;
  return `limit:${name}:${normalised}`;
}

/** The subject of a per account-and-address limit: the normalised email, then the address's key. */
export function accountAddressSubject(email: string, ip: string): string {
  return `${normalizeEmail(email)}|${addressKey(ip)}`;
}

/**
 * A client address as limits count it: IPv4 as is (also when written IPv4-mapped, `::ffff:1.2.3.4`),
 * IPv6 by its /64 network, because anyone with one IPv6 address has a whole /64 to rotate through.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address ? `other:${address}` : "unknown";
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const embedded = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, embedded.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((group) => group.padStart(4, "0"));
}

function retryAfter(windowEndsAt: number, now: number): number {
  return Math.max(1, Math.ceil((windowEndsAt - now) / 1000));
}
