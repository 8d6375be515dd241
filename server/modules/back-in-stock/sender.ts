import { inArray, sql } from "drizzle-orm";
import type { Language } from "#common/language.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { stockNotifications } from "#server/db/schema.ts";
import type { Logger } from "pino";
import { queueEmail } from "#server/modules/email/outbox.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";
import { backInStockEmail } from "./email.ts";

export interface BackInStockSenderContext {
  db: Database;
  config: Pick<Config, "publicUrl">;
}

const BATCH = 50;

interface DueRow extends Record<string, unknown> {
  id: string;
  email: string;
  created_at: string | Date;
  product_id: string;
  name: string;
  /** The product's Hindi name, when it has one (products.i18n, decisions/063). */
  name_hi: string | null;
  /** The requesting account's language; null for a guest (decisions/064). */
  language: Language | null;
  stock: number;
  published: boolean;
}

/**
 * Queues the one email of each due request (its product came back, migration 0017's trigger) in
 * the outbox and marks the request notified, in one transaction under the requests' row locks:
 * two senders (processes) skip each other's rows, and a notified request is never picked again.
 * A request whose product is gone again before its turn (sold out, unpublished) waits for the
 * next return. Returns the number of emails queued.
 */
export async function sendDueBackInStockEmails(context: BackInStockSenderContext, batch = BATCH): Promise<number> {
  return context.db.transaction(async (tx) => {
    const due = await tx.execute<DueRow>(sql`
      select n.id, n.email, n.created_at, p.id as product_id, p.name, p.i18n->'hi'->>'name' as name_hi, u.language, p.stock, p.published
      from stock_notifications n join products p on p.id = n.product_id left join "user" u on u.id = n.user_id
      where n.notified_at is null and n.due_at is not null
      order by n.due_at, n.id
      limit ${batch}
      for update of n skip locked`);
    const ready = due.rows.filter((row) => row.published && Number(row.stock) > 0);
    const gone = due.rows.filter((row) => !(row.published && Number(row.stock) > 0)).map((row) => row.id);
    if (gone.length > 0) await tx.update(stockNotifications).set({ dueAt: null }).where(inArray(stockNotifications.id, gone));
    if (ready.length === 0) return 0;
    await tx
      .update(stockNotifications)
      .set({ notifiedAt: new Date() })
      .where(inArray(stockNotifications.id, ready.map((row) => row.id)));
    for (const row of ready) {
      await queueEmail(
        tx,
        backInStockEmail(
          {
            email: row.email,
            productId: row.product_id,
            // A signed-in shopper's email is in their language, with the product's Hindi name where it has one.
            productName: row.language === "hi" ? row.name_hi || row.name : row.name,
            requestedAt: new Date(row.created_at),
            language: row.language ?? "en",
          },
          context.config.publicUrl,
        ),
      );
    }
    return ready.length;
  });
}

export const BACK_IN_STOCK_INTERVAL_MS = 10_000;

/** The sender as a periodic job (server/jobs): a backlog larger than a batch is worked off in the same run. */
export function backInStockJob(context: BackInStockSenderContext & { logger: Logger }, intervalMs = BACK_IN_STOCK_INTERVAL_MS): PeriodicJob {
  return {
    name: "back-in-stock",
    intervalMs,
    async run(signal) {
      let total = 0;
      for (;;) {
        const count = await sendDueBackInStockEmails(context);
        total += count;
        if (count < BATCH || signal.aborted) break;
      }
      if (total > 0) context.logger.info({ count: total }, "queued back-in-stock emails");
    },
  };
}
