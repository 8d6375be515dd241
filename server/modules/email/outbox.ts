import type { Database } from "#server/db/client.ts";
import { outboundEmails } from "#server/db/schema.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues an email in the transactional outbox: a row written with the caller's executor, so when
 * that is a transaction the email commits or rolls back with the change it announces. The
 * dispatcher delivers queued rows later, retrying until they are sent.
 */
export async function queueEmail(tx: Pick<Database, "insert">, message: EmailMessage): Promise<string> {
  const [row] = await tx
    .insert(outboundEmails)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
    .returning({ id: outboundEmails.id });
  return row!.id;
}
