import { and, asc, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "#common/admin.ts";
import { adminListQuerySchema, adminMessageUpdateSchema, type AdminListQuery } from "#server/schemas/admin.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import { csvText } from "#server/csv.ts";
import { recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { contactMessages, newsletterSubscribers } from "#server/db/schema.ts";
import { type InvalidInput, type Listed, readInput, readQuery } from "#server/schemas/input.ts";

export interface ContactMessageJson {
  _id: string;
  name: string;
  email: string;
  message: string;
  handled: boolean;
  handledAt: string | null;
  createdAt: string;
}

export interface SubscriberJson {
  _id: string;
  email: string;
  createdAt: string;
}

type MessageRow = typeof contactMessages.$inferSelect;

function toMessageJson(row: MessageRow): ContactMessageJson {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    handled: row.handledAt !== null,
    handledAt: row.handledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/admin/messages and the inbox: contact-form messages, unhandled first, newest first within each group. */
export async function listMessages(db: Database, query: unknown): Promise<Listed<ContactMessageJson, AdminListQuery>> {
  const read = readQuery(adminListQuerySchema, query);
  if (!read.ok) return read;
  const { page = 1, limit = ADMIN_PAGE_SIZE } = read.input;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(isNull(contactMessages.handledAt)), desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(contactMessages),
  ]);
  return { ok: true, query: read.input, items: rows.map(toMessageJson), total: counted?.total ?? 0, page, limit };
}

/** Contact messages nobody has marked handled yet: the inbox's unread count (issue 27 item 8). */
export async function unhandledMessageCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt));
  return row?.n ?? 0;
}

export type MessageHandledResult =
  | { ok: true; outcome: "handled" | "reopened"; message: ContactMessageJson }
  | { ok: false; reason: "not-found" }
  | InvalidInput;

/**
 * PUT /api/admin/messages/:id and the inbox's buttons: `{ handled: true }` marks a contact message
 * handled (keeping the first time it was), `false` reopens it.
 */
export async function setMessageHandled(db: Database, by: AuditActor, id: string, body: unknown): Promise<MessageHandledResult> {
  const read = readInput(adminMessageUpdateSchema, body);
  if (!read.ok) return read;
  const { handled } = read.input;
  const outcome = handled ? "handled" : "reopened";
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx): Promise<MessageHandledResult> => {
    const [current] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
    if (!current) return { ok: false, reason: "not-found" };
    if (handled === (current.handledAt !== null)) return { ok: true, outcome, message: toMessageJson(current) };
    const [row] = await tx
      .update(contactMessages)
      .set({ handledAt: handled ? new Date() : null })
      .where(eq(contactMessages.id, id))
      .returning();
    await recordAudit(tx, by, { action: `message.${outcome}`, entity: "message", entityId: id, before: { handled: !handled }, after: { handled } });
    return { ok: true, outcome, message: toMessageJson(row!) };
  });
}

/** Only addresses whose owner opened the confirmation link get the newsletter (double opt-in). */
// Confirmed and not unsubscribed since (the unsubscribe link of every marketing email, issue 15).
const confirmed = and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt))!;

/** GET /api/admin/subscribers and the inbox: confirmed newsletter subscribers, newest first. */
export async function listSubscribers(db: Database, query: unknown): Promise<Listed<SubscriberJson>> {
  const read = readQuery(adminListQuerySchema, query);
  if (!read.ok) return read;
  const { page = 1, limit = ADMIN_PAGE_SIZE } = read.input;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(confirmed)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(newsletterSubscribers).where(confirmed),
  ]);
  return {
    ok: true,
    query: read.input,
    items: rows.map((row) => ({ _id: row.id, email: row.email, createdAt: row.createdAt.toISOString() })),
    total: counted?.total ?? 0,
    page,
    limit,
  };
}

/** Every confirmed subscriber as CSV (email, subscribed at), oldest first, CRLF line ends. */
export async function subscribersCsv(db: Database): Promise<string> {
  const rows = await db
    .select({ email: newsletterSubscribers.email, createdAt: newsletterSubscribers.createdAt })
    .from(newsletterSubscribers)
    .where(confirmed)
    .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.email));
  const lines = [["email", "subscribed_at"], ...rows.map((row) => [row.email, row.createdAt.toISOString()])];
  return csvText(lines);
}
