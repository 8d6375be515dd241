/**
 * The newsletter's welcome discount (issue 15): one code per email address, 10% off a first order,
 * usable once. Made (or found again) in the subscription's own transaction, so asking again, from
 * any process, never makes a second one.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { WELCOME_INCLUDES_RX, WELCOME_PERCENT } from "#common/content.ts";
import { coupons } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";

export const WELCOME_PERCENT_BPS = WELCOME_PERCENT * 100;

function welcomeCode(): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  return `WELCOME-${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join("")}`;
}

/** The address's welcome code, made on first call (address already normalised: trimmed, lower-case). */
export async function welcomeCouponFor(tx: Transaction, address: string): Promise<{ code: string }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    // A conflict on the address (made already, perhaps right now by another request) or, very
    // rarely, on the random code leaves the row as it is; the address's row is then read.
    await tx
      .insert(coupons)
      .values({
        code: welcomeCode(),
        type: "percent",
        percentBps: WELCOME_PERCENT_BPS,
        usageLimit: 1,
        perCustomerLimit: 1,
        firstOrderOnly: true,
        includeRx: WELCOME_INCLUDES_RX,
        issuedToEmail: address,
      })
      .onConflictDoNothing();
    const [row] = await tx.select({ code: coupons.code }).from(coupons).where(eq(coupons.issuedToEmail, address));
    if (row) return row;
  }
  throw new Error("Could not make a welcome code");
}
