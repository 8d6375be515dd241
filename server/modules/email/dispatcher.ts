import { eq, sql, type SQL } from "drizzle-orm";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ShopContext } from "#server/context.ts";
import { outboundEmails } from "#server/db/schema.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";

type EmailRow = typeof outboundEmails.$inferSelect;

/** A claimed email is not picked up by another dispatcher for this long (a crash mid-send retries after it). */
const CLAIM_LEASE_MS = 5 * 60 * 1000;
const FIRST_RETRY_MS = 30 * 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const BATCH = 20;
/**
 * After this many failed attempts (about a day of retries: 30 s, 1 min … then hourly) an email is
 * marked `failed` and logged as an error; the operator re-queues it after fixing the cause.
 */
export const MAX_EMAIL_ATTEMPTS = 30;
export const EMAIL_DISPATCH_INTERVAL_MS = 5000;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min… at most an hour. */
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
    // List-Unsubscribe and List-Unsubscribe-Post on marketing email (decisions/041); none on the rest.
    headers: row.headers ?? undefined,
    // Stable across retries, so a receiver can recognise a message delivered twice after a crash.
    messageId: `<${row.id}@${new URL(publicUrl).hostname}>`,
  };
}

/** nodemailer is loaded with the first email to send, not with the shop (about 14 MB resident). */
async function createSender(shop: ShopContext): Promise<MailSender> {
  const { default: nodemailer } = await import("nodemailer");
  const { smtpUrl } = shop.config;
  if (smtpUrl) {
    // Timeouts well inside the claim's lease: a hung server fails the attempt (retried later)
    // instead of outliving the lease and letting another dispatcher send the email as well.
    const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
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
      // Owner-only: the files hold live password-reset links (server/data-dir.ts).
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const stamp = row.createdAt.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
      const file = path.join(directory, `${stamp}-${row.id}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
      return file;
    },
    close: () => transport.close(),
  };
}

export interface DeliveryReport {
  sent: number;
  /** Attempts that failed (retried later, or given up after MAX_EMAIL_ATTEMPTS). */
  failed: number;
}

/**
 * Takes the next due email for this dispatcher: its row is locked with SKIP LOCKED (a row another
 * dispatcher is claiming at this instant is passed over, not waited for) and leased for
 * CLAIM_LEASE_MS by moving its next attempt and counting the attempt, in one statement. The time is
 * the database's, so dispatchers on machines whose clocks differ agree on what is due.
 */
async function claimNextEmail(shop: ShopContext, clock: SQL): Promise<EmailRow | undefined> {
  const [row] = await shop.db
    .update(outboundEmails)
    .set({
      attempts: sql`${outboundEmails.attempts} + 1`,
      nextAttemptAt: sql`${clock} + interval '${sql.raw(String(CLAIM_LEASE_MS))} milliseconds'`,
    })
    .where(
      eq(
        outboundEmails.id,
        sql`(select ${outboundEmails.id} from ${outboundEmails}
             where ${outboundEmails.status} = 'queued' and ${outboundEmails.nextAttemptAt} <= ${clock}
             order by ${outboundEmails.createdAt}, ${outboundEmails.id}
             limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

/**
 * Delivers the queued emails that are due, one claim at a time (claimNextEmail), each sent then
 * marked sent — or its error and next attempt (exponential backoff) recorded, and after
 * MAX_EMAIL_ATTEMPTS marked failed. Several processes may run it at once: each email is sent by one
 * of them (again only if its sender died mid-send and the lease ran out). Callable from tests,
 * with `now` standing in for the database's clock.
 */
export async function deliverPendingEmails(
  shop: ShopContext,
  options: { now?: Date; limit?: number; signal?: AbortSignal } = {},
): Promise<DeliveryReport> {
  const { db, logger } = shop;
  const clock = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const report: DeliveryReport = { sent: 0, failed: 0 };
  let sender: MailSender | undefined;
  try {
    for (let taken = 0; taken < (options.limit ?? BATCH) && !options.signal?.aborted; taken++) {
      const row = await claimNextEmail(shop, clock);
      if (!row) break;
      sender ??= await createSender(shop);
      try {
        const destination = await sender.send(row);
        await db
          .update(outboundEmails)
          .set({ status: "sent", sentAt: new Date(), lastError: null })
          .where(eq(outboundEmails.id, row.id));
        report.sent += 1;
        logger.info({ emailId: row.id, to: row.to, subject: row.subject, destination }, "Email sent");
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        report.failed += 1;
        if (row.attempts >= MAX_EMAIL_ATTEMPTS) {
          await db.update(outboundEmails).set({ status: "failed", lastError: message }).where(eq(outboundEmails.id, row.id));
          logger.error(
            { emailId: row.id, to: row.to, subject: row.subject, attempts: row.attempts, err: message, job: "email-dispatch" },
            "Email given up: delivery failed too many times",
          );
          continue;
        }
        const delay = retryDelayMs(row.attempts);
        const [retry] = await db
          .update(outboundEmails)
          .set({ lastError: message, nextAttemptAt: sql`${clock} + interval '${sql.raw(String(delay))} milliseconds'` })
          .where(eq(outboundEmails.id, row.id))
          .returning({ at: outboundEmails.nextAttemptAt });
        logger.warn(
          { emailId: row.id, to: row.to, attempts: row.attempts, retryAt: retry?.at.toISOString(), err: message },
          "Email delivery failed; will retry",
        );
      }
    }
  } finally {
    sender?.close();
  }
  return report;
}

/** The dispatcher as a periodic job (server/jobs): a backlog larger than a batch is worked off in the same run. */
export function emailDispatchJob(shop: ShopContext, intervalMs = EMAIL_DISPATCH_INTERVAL_MS): PeriodicJob {
  return {
    name: "email-dispatch",
    intervalMs,
    async run(signal) {
      for (;;) {
        const report = await deliverPendingEmails(shop, { signal });
        if (report.sent + report.failed < BATCH || signal.aborted) return;
      }
    },
  };
}
