import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import { PHONE_CODE_LENGTH, PHONE_CODE_MINUTES, PHONE_CODE_TRIES, RESEND_AFTER_SECONDS } from "#common/phone-sign-in.ts";
import type { Database } from "#server/db/client.ts";
import { phoneCodes } from "#server/db/schema.ts";

/**
 * The one-time codes' store (decisions/050): one row per number (a new code replaces the old),
 * only an HMAC of the code kept (keyed with the shop's secret, so a copy of the database does not
 * give the codes away even by trying all million), five tries per code counted in the same
 * statement that reads it, five minutes. A right code is used up by deleting its row: of two
 * requests racing with it, one wins.
 */

export interface CodeStoreContext {
  db: Database;
  /** The shop's secret (BETTER_AUTH_SECRET): the key of the codes' HMAC. */
  secret: string;
}

/**
 * What a code is for. Sign-in (no account) and adding a number (the account's id) are told apart
 * by `user_id`; a code confirming an account's deletion has the account's id too, so its purpose
 * is also in the HMAC: neither of the others' codes matches at the deletion's door, nor it at theirs.
 */
export type CodePurpose = "number" | "delete-account";

function codeHash(secret: string, phone: string, code: string, purpose: CodePurpose = "number"): string {
  const domain = purpose === "number" ? "phone-code" : "phone-code-delete-account";
  return createHmac("sha256", secret).update(`${domain}:${phone}:${code}`).digest("hex");
}

function newCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
}

export type StoredCode = { ok: true; code: string } | { ok: false; reason: "too-soon"; retryAfterSeconds: number };

/**
 * Makes a new code for a number, voiding the one it had, unless that one was sent less than
 * RESEND_AFTER_SECONDS ago (one upsert decides, so two requests at once make one code). `userId`:
 * the signed-in account the code is for (adding the number), or null for signing in.
 */
export async function storeCode(
  context: CodeStoreContext,
  phone: string,
  userId: string | null,
  now = new Date(),
  purpose: CodePurpose = "number",
): Promise<StoredCode> {
  const code = newCode();
  const resendFrom = new Date(now.getTime() - RESEND_AFTER_SECONDS * 1000);
  const row = {
    phone,
    codeHash: codeHash(context.secret, phone, code, purpose),
    userId,
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + PHONE_CODE_MINUTES * 60 * 1000),
  };
  const [stored] = await context.db
    .insert(phoneCodes)
    .values(row)
    .onConflictDoUpdate({
      target: phoneCodes.phone,
      set: { codeHash: row.codeHash, userId, attempts: 0, sentAt: now, expiresAt: row.expiresAt },
      setWhere: lte(phoneCodes.sentAt, resendFrom),
    })
    .returning({ phone: phoneCodes.phone });
  if (stored) {
    // Codes past their time are of no use to anyone: they go as new ones are made.
    await context.db.delete(phoneCodes).where(lt(phoneCodes.expiresAt, now));
    return { ok: true, code };
  }
  const [current] = await context.db.select({ sentAt: phoneCodes.sentAt }).from(phoneCodes).where(eq(phoneCodes.phone, phone));
  const waitMs = (current?.sentAt.getTime() ?? now.getTime()) + RESEND_AFTER_SECONDS * 1000 - now.getTime();
  return { ok: false, reason: "too-soon", retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Removes a code that was never delivered (the provider refused it), unless a newer one replaced it. */
export async function dropCode(context: CodeStoreContext, phone: string, code: string, purpose: CodePurpose = "number"): Promise<void> {
  await context.db
    .delete(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.codeHash, codeHash(context.secret, phone, code, purpose))));
}

/** A right code, still in its row: `use()` deletes it, true only for the one caller that did. */
export type CheckedCode = { ok: true; use: () => Promise<boolean> } | { ok: false };

/**
 * Tries a code. Every try, right or wrong, takes one of the code's PHONE_CODE_TRIES in the same
 * statement that reads the row (the row lock orders racing tries), so no burst of requests gets
 * more; once they are spent, or the code expired, or it was made for another purpose (sign-in
 * versus this account's number), the answer is no, whatever was typed.
 */
export async function checkCode(
  context: CodeStoreContext,
  input: { phone: string; code: string; userId: string | null; purpose?: CodePurpose },
  now = new Date(),
): Promise<CheckedCode> {
  const [row] = await context.db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.phone, input.phone), lt(phoneCodes.attempts, PHONE_CODE_TRIES), gt(phoneCodes.expiresAt, now)))
    .returning({ codeHash: phoneCodes.codeHash, userId: phoneCodes.userId });
  if (!row) return { ok: false };
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(codeHash(context.secret, input.phone, input.code, input.purpose), "hex");
  if (!timingSafeEqual(expected, given) || row.userId !== input.userId) return { ok: false };
  return {
    ok: true,
    use: async () => {
      const used = await context.db
        .delete(phoneCodes)
        .where(and(eq(phoneCodes.phone, input.phone), eq(phoneCodes.codeHash, row.codeHash)))
        .returning({ phone: phoneCodes.phone });
      return used.length === 1;
    },
  };
}
