import { and, asc, eq, lte, sql } from "drizzle-orm";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ShopContext } from "#server/context.ts";
import { outboundEmails } from "#server/db/schema.ts";

type EmailRow = typeof outboundEmails.$inferSelect;

/** A claimed email is not picked up by another dispatcher for this long (a crash mid-send retries after it). */
const CLAIM_LEASE_MS = 5 * 60 * 1000;
const FIRST_RETRY_MS = 30 * 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const BATCH = 20;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min… at most an hour. Never given up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** Where emails go: an SMTP server (SMTP_URL) or `.eml` files under DATA_DIR/outbox. */
interface MailSender {
  /** Delivers one email; resolves with where it went (for the log). */
  send(row: EmailRow): Promise<string>;
  close(): void;
}

export function outboxDirectory(shop: Pick<ShopContext, "config">): string {
  return path.join(shop.config.dataDir, "outbox");
}

function mailFields(shop: ShopContext, row: EmailRow) {
  const { seller, publicUrl } = shop.config;
  return {
    from: { name: seller.name, address: seller.email },
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    date: row.createdAt,
    // Stable across retries, so a receiver can recognise a message delivered twice after a crash.
    messageId: `<${row.id}@${new URL(publicUrl).hostname}>`,
  };
}

/** nodemailer is loaded with the first email to send, not with the shop (about 14 MB resident). */
async function createSender(shop: ShopContext): Promise<MailSender> {
  const { default: nodemailer } = await import("nodemailer");
  const { smtpUrl } = shop.config;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(row) {
        const info = await transport.sendMail(mailFields(shop, row));
        return `SMTP ${info.response}`;
      },
      close: () => transport.close(),
    };
  }
  // No SMTP server configured: build the RFC 822 message and keep it as a file, nothing is dropped.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const directory = outboxDirectory(shop);
  return {
    async send(row) {
      const info = await transport.sendMail(mailFields(shop, row));
      await mkdir(directory, { recursive: true });
      const stamp = row.createdAt.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
      const file = path.join(directory, `${stamp}-${row.id}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      return file;
    },
    close: () => transport.close(),
  };
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * Delivers the queued emails that are due: each is claimed with a conditional update (so several
 * processes never send the same one twice within the lease), sent, then marked sent — or its
 * attempt count, error and next attempt time (exponential backoff) recorded. Callable from tests.
 */
export async function deliverPendingEmails(
  shop: ShopContext,
  options: { now?: Date; limit?: number } = {},
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const { db, logger } = shop;
  const due = await db
    .select({ id: outboundEmails.id })
    .from(outboundEmails)
    .where(and(eq(outboundEmails.status, "queued"), lte(outboundEmails.nextAttemptAt, now)))
    .orderBy(asc(outboundEmails.createdAt))
    .limit(options.limit ?? BATCH);
  const report: DeliveryReport = { sent: 0, failed: 0 };
  if (due.length === 0) return report;

  const sender = await createSender(shop);
  try {
    for (const { id } of due) {
      const [row] = await db
        .update(outboundEmails)
        .set({
          attempts: sql`${outboundEmails.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
        })
        .where(and(eq(outboundEmails.id, id), eq(outboundEmails.status, "queued"), lte(outboundEmails.nextAttemptAt, now)))
        .returning();
      if (!row) continue; // another dispatcher has it
      try {
        const destination = await sender.send(row);
        await db
          .update(outboundEmails)
          .set({ status: "sent", sentAt: new Date(), lastError: null })
          .where(eq(outboundEmails.id, row.id));
        report.sent += 1;
        logger.info({ emailId: row.id, to: row.to, subject: row.subject, destination }, "Email sent");
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryAt = new Date(now.getTime() + retryDelayMs(row.attempts));
        await db
          .update(outboundEmails)
          .set({ lastError: message.slice(0, 1000), nextAttemptAt: retryAt })
          .where(eq(outboundEmails.id, row.id));
        report.failed += 1;
        logger.warn(
          { emailId: row.id, to: row.to, attempts: row.attempts, retryAt: retryAt.toISOString(), err: message },
          "Email delivery failed; will retry",
        );
      }
    }
  } finally {
    sender.close();
  }
  return report;
}

/**
 * Delivers queued emails every `intervalMs` in the background (unref'd: it never keeps the
 * process alive). Returns stop(), which waits for a delivery in progress.
 */
export function startEmailDispatcher(shop: ShopContext, options: { intervalMs?: number } = {}): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = deliverPendingEmails(shop)
      .catch((error) => shop.logger.error({ err: error }, "Email dispatcher run failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? 5000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
