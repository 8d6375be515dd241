import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Executor } from "#server/db/tx.ts";
import { accountLinks, verification } from "#server/db/schema.ts";

/**
 * The account links the shop emails, and the one function every security event calls
 * (decisions/042). Better Auth signs verification and email-change links as JWTs that nothing
 * could cancel; the shop records each one it emails and lets a link work only while its row
 * exists, so a link is used once and a security event voids it. Reset links are Better Auth's own
 * rows in `verification` (value = the user's id). Undo links go to the old address when the
 * account's email changes.
 */

export type LinkKind = "verify-email" | "change-email" | "undo-email-change";

/** The links a security event voids: everything that could sign in or move the account. */
const VOIDED_BY_SECURITY_EVENTS: LinkKind[] = ["verify-email", "change-email"];

/**
 * How long the old address's undo link works. Longer than the other links on purpose: its owner
 * may read the notice days later, and nothing the new address's holder does voids it.
 */
export const UNDO_LINK_SECONDS = 7 * 24 * 60 * 60;

export interface AccountLink {
  userId: string;
  kind: LinkKind;
  email: string;
  createdAt: Date;
}

export function linkTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh random token for a link the shop makes itself (the undo link). */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Records a link as it is emailed; only the token's hash is stored. Better Auth signs the same
 * claims within one second into the same token: asked twice in a second, the one row is renewed.
 */
export async function recordLink(
  db: Executor,
  link: { userId: string; kind: LinkKind; email: string; token: string; seconds: number },
  now = new Date(),
): Promise<void> {
  const row = {
    userId: link.userId,
    kind: link.kind,
    email: link.email.toLowerCase(),
    expiresAt: new Date(now.getTime() + link.seconds * 1000),
    createdAt: now,
  };
  await db
    .insert(accountLinks)
    .values({ ...row, tokenHash: linkTokenHash(link.token) })
    .onConflictDoUpdate({ target: accountLinks.tokenHash, set: row });
}

/**
 * Uses a link up: its row is deleted and returned in one statement, so of two parallel openings
 * only one gets it. Null when the token is unknown, of another kind, used, voided or expired.
 */
export async function takeLink(db: Executor, token: string, kinds: LinkKind[], now = new Date()): Promise<AccountLink | null> {
  if (token === "") return null;
  const [row] = await db
    .delete(accountLinks)
    .where(and(eq(accountLinks.tokenHash, linkTokenHash(token)), inArray(accountLinks.kind, kinds), gt(accountLinks.expiresAt, now)))
    .returning({ userId: accountLinks.userId, kind: accountLinks.kind, email: accountLinks.email, createdAt: accountLinks.createdAt });
  return row ? { ...row, kind: row.kind as LinkKind } : null;
}

/** Whether a link is open (known, of that kind, not expired), without using it up. */
export async function linkIsOpen(db: Executor, token: string, kind: LinkKind, now = new Date()): Promise<boolean> {
  if (token === "") return false;
  const [row] = await db
    .select({ id: accountLinks.id })
    .from(accountLinks)
    .where(and(eq(accountLinks.tokenHash, linkTokenHash(token)), eq(accountLinks.kind, kind), gt(accountLinks.expiresAt, now)));
  return row !== undefined;
}

/**
 * THE security event: voids every outstanding reset, verification and email-change link of the
 * account. Called by a password reset, a password change, "sign out of all devices", a confirmed
 * email change and an undone one; a future security event (two-factor on or off) calls it too.
 * Undo links stay: they exist for the owner of an old address against whoever caused the event.
 */
export async function voidAccountLinks(db: Executor, userId: string): Promise<void> {
  await db.delete(accountLinks).where(and(eq(accountLinks.userId, userId), inArray(accountLinks.kind, VOIDED_BY_SECURITY_EVENTS)));
  // Better Auth's reset tokens: `reset-password:<token>` rows whose value is the user's id.
  await db.delete(verification).where(eq(verification.value, userId));
}

/** Voids the undo links of the account made after `after` (they would restore later addresses). */
export async function voidLaterUndoLinks(db: Executor, userId: string, after: Date): Promise<void> {
  await db
    .delete(accountLinks)
    .where(and(eq(accountLinks.userId, userId), eq(accountLinks.kind, "undo-email-change"), gt(accountLinks.createdAt, after)));
}

/**
 * Whether an address is held for an account's undo link: it may not be registered or taken by an
 * email change until the link is used or expires, so the owner's undo cannot be blocked.
 */
export async function addressAwaitingUndo(db: Executor, email: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: accountLinks.id })
    .from(accountLinks)
    .where(and(eq(accountLinks.email, email.toLowerCase()), eq(accountLinks.kind, "undo-email-change"), gt(accountLinks.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}
