import { eq } from "drizzle-orm";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ShopContext } from "#server/context.ts";
import { outboundEmails } from "#server/db/schema.ts";
import { deliverDue, MAX_OUTBOX_ATTEMPTS, outboxJob, type DeliveryReport } from "#server/db/outbox.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";
import { EMAIL_DISPATCH_JOB } from "./outbox.ts";

type EmailRow = typeof outboundEmails.$inferSelect;

/** The shared outbox rules (server/jobs/outbox.ts), under the names the email tests and logs know. */
export { retryDelayMs, type DeliveryReport } from "#server/db/outbox.ts";
export const MAX_EMAIL_ATTEMPTS = MAX_OUTBOX_ATTEMPTS;
export const EMAIL_DISPATCH_INTERVAL_MS = 5000;

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

/**
 * Delivers the queued emails that are due (the shared claim, lease and backoff: deliverDue), each
 * sent then marked sent. Several processes may run it at once: each email is sent by one of them
 * (again only if its sender died mid-send and the lease ran out). Callable from tests, with `now`
 * standing in for the database's clock.
 */
export async function deliverPendingEmails(
  shop: ShopContext,
  options: { now?: Date; limit?: number; signal?: AbortSignal } = {},
): Promise<DeliveryReport> {
  const { db } = shop;
  let sender: MailSender | undefined;
  try {
    return await deliverDue<EmailRow>(
      db,
      shop.logger,
      {
        outbox: outboundEmails,
        noun: "Email",
        idField: "emailId",
        job: "email-dispatch",
        load: async (id) => (await db.select().from(outboundEmails).where(eq(outboundEmails.id, id)))[0],
        describe: (row) => ({ to: row.to, subject: row.subject }),
        async deliver(row) {
          sender ??= await createSender(shop);
          const destination = await sender.send(row);
          await db.update(outboundEmails).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(outboundEmails.id, row.id));
          return { destination };
        },
      },
      options,
    );
  } finally {
    sender?.close();
  }
}

/** The dispatcher as a periodic job (server/jobs): a backlog larger than a batch is worked off in the same run. */
export function emailDispatchJob(shop: ShopContext, intervalMs = EMAIL_DISPATCH_INTERVAL_MS): PeriodicJob {
  return outboxJob(EMAIL_DISPATCH_JOB, intervalMs, (signal) => deliverPendingEmails(shop, { signal }));
}
