import type { Database } from "#server/db/client.ts";
import { newsletterSubscribers } from "#server/db/schema.ts";

export type SubscribeResult = { ok: true } | { ok: false; reason: "already-subscribed" };

/** Adds an address to the newsletter list; addresses compare case-insensitively. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<SubscribeResult> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0 ? { ok: true } : { ok: false, reason: "already-subscribed" };
}
