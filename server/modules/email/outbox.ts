import type { Database } from "#server/db/client.ts";
import { isPlaceholderEmail } from "#server/db/no-email.ts";
import { insertJsonRows, jsonRows } from "#server/db/json-rows.ts";
import type { SQL } from "drizzle-orm";
import { outboundEmails } from "#server/db/schema.ts";
import { wakeJob } from "#server/periodic-job.ts";

/** The dispatcher's job name (dispatcher.ts), woken when an email is queued. */
export const EMAIL_DISPATCH_JOB = "email-dispatch";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Extra headers handed to nodemailer as they are: only the marketing emails' List-Unsubscribe
   * and List-Unsubscribe-Post (RFC 2369, RFC 8058). Transactional emails (orders, accounts,
   * prescriptions, returns) carry none.
   */
  headers?: ListHeaders;
}

/**
 * The headers a marketing email carries besides the ones every email gets: its unsubscribe link
 * in angle brackets, and (for an https link, RFC 8058) that one POST to it unsubscribes.
 */
export type ListHeaders = {
  "List-Unsubscribe": string;
  "List-Unsubscribe-Post"?: "List-Unsubscribe=One-Click";
};

/**
 * Queues an email in the transactional outbox: a row written with the caller's executor, so when
 * that is a transaction the email commits or rolls back with the change it announces. The
 * dispatcher delivers queued rows later, retrying until they are sent. An account made by phone
 * without an email (its placeholder address, server/db/no-email.ts) gets nothing: null.
 */
export async function queueEmail(tx: Pick<Database, "insert">, message: EmailMessage): Promise<string | null> {
  const insert = emailInsert(tx, message);
  if (!insert) return null;
  const [row] = await insert.returning({ id: outboundEmails.id });
  return row!.id;
}

/** queueEmail's insert, not yet run (null for a placeholder address): for `writeTogether` (server/db/write-together.ts). */
export function emailInsert(tx: Pick<Database, "insert">, message: EmailMessage) {
  const row = queuedRow(message);
  return row && tx.insert(outboundEmails).values(row);
}

const EMAIL_KEYS = ["id", "to", "subject", "text", "html", "headers"] as const;

/** emailInsert for a prepared statement (server/db/prepared.ts): `rows` is a placeholder for `emailJson`. */
export function emailInsertFromJson(rows: SQL): SQL {
  return insertJsonRows(outboundEmails, EMAIL_KEYS, rows);
}

/** emailInsertFromJson's rows: the message, or none for a placeholder address. */
export function emailJson(message: EmailMessage): string {
  const row = queuedRow(message);
  return jsonRows(outboundEmails, EMAIL_KEYS, row ? [{ id: crypto.randomUUID(), ...row }] : []);
}

function queuedRow(message: EmailMessage) {
  if (isPlaceholderEmail(message.to)) return null;
  // Built to run in the caller's transaction: the dispatcher is woken to send it once committed.
  wakeJob(EMAIL_DISPATCH_JOB);
  return { to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, headers: message.headers ?? null };
}
