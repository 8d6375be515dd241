// The WhatsApp opt-in (issue 30, decisions/055): on the account (profile, or a checkout's box) and
// on each order (its checkout's box), each stored with the time it was given. Sending is the
// message outbox's business; this only records the shopper's choice.
import { and, eq, isNotNull } from "drizzle-orm";
import { user as users, whatsappOptOuts } from "#server/db/schema.ts";
import type { Executor } from "#server/db/tx.ts";

/**
 * Opting in again undoes a STOP, for a number the account has proved it owns (its verified
 * number): a typed number could be anyone's, and their STOP stands.
 */
export async function undoStop(tx: Executor, account: { phone: string | null; phoneVerified: boolean }): Promise<void> {
  if (account.phone && account.phoneVerified) await tx.delete(whatsappOptOuts).where(eq(whatsappOptOuts.phone, account.phone));
}

/**
 * A checkout's "updates on WhatsApp" box, inside the order's transaction: the account's opt-in is
 * turned on too when the account has a mobile number (an opt-in needs one, as in the profile), and
 * a STOP from the delivery phone is undone when that phone is the account's verified number.
 * Returns whether the account's opt-in is on now.
 */
export async function optInAtCheckout(tx: Executor, userId: string, deliveryPhone: string, now: Date): Promise<boolean> {
  const [account] = await tx
    .update(users)
    .set({ whatsappUpdatesAt: now })
    .where(and(eq(users.id, userId), isNotNull(users.phone)))
    .returning({ phone: users.phone, phoneVerified: users.phoneVerified });
  // No number on the account: the choice stays this order's only.
  if (!account) return false;
  if (account.phone === deliveryPhone) await undoStop(tx, account);
  return true;
}
