// The daily low-stock email to admins (issue 17 item 6, decisions/031). Once per India day, from
// LOW_STOCK_EMAIL_HOUR_IST on: the run claims its day with a `daily_job_runs` row, and queues the
// emails in the outbox in the same transaction. A second process (or a restart) finds the row and
// does nothing; a run that fails rolls its claim back and the next tick tries again.
import { and, asc, eq, or, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { SHOP_NAME } from "#common/brand.ts";
import { IST_OFFSET_MS, istDay } from "#common/dates.ts";
import type { Database } from "#server/db/client.ts";
import { dailyJobRuns, user } from "#server/db/schema.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";
import { listLowStock, type LowStockList } from "./low-stock.ts";

export const LOW_STOCK_JOB = "low-stock-email";
/** The email goes out at the first tick from 08:00 India time. */
export const LOW_STOCK_EMAIL_HOUR_IST = 8;
/** Products listed in one email; the rest are counted. */
export const LOW_STOCK_EMAIL_LIMIT = 200;
const TICK_MS = 5 * 60_000;

export interface DailyJobShop {
  db: Database;
  config: { publicUrl: string };
}

/** The India (IST) calendar day of an instant, "YYYY-MM-DD", and its hour. */
export function istClock(now: Date): { day: string; hour: number } {
  return { day: istDay(now), hour: new Date(now.getTime() + IST_OFFSET_MS).getUTCHours() };
}

export type LowStockEmailRun =
  | { ran: false; reason: "too-early" | "already-ran" }
  | { ran: true; day: string; products: number; emails: number };

/** The email's text, one line per product. */
export function lowStockEmailText(list: LowStockList, day: string, publicUrl: string): { subject: string; text: string; html: string } {
  const count = list.total;
  const subject = `${SHOP_NAME}: ${count} ${count === 1 ? "product is" : "products are"} low on stock (${day})`;
  const lines = list.items.map((p) => `- ${p.name} (SKU ${p.sku}): ${p.countInStock} left, alert at ${p.threshold}`);
  const more = count > list.items.length ? [`…and ${count - list.items.length} more.`] : [];
  const link = `${publicUrl}/admin`;
  const text = [
    `These published products are at or below their low-stock threshold today (${day}, India time):`,
    "",
    ...lines,
    ...more,
    "",
    `The dashboard lists them too: ${link}`,
    `Thresholds: each product's own, or the shop's default of ${list.defaultThreshold} set in ${publicUrl}/admin/settings`,
  ].join("\n");
  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = [
    `<p>These published products are at or below their low-stock threshold today (${escapeHtml(day)}, India time):</p>`,
    "<ul>",
    ...list.items.map(
      (p) => `<li>${escapeHtml(p.name)} (SKU ${escapeHtml(p.sku)}): <strong>${p.countInStock} left</strong>, alert at ${p.threshold}</li>`,
    ),
    "</ul>",
    ...more.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">Open the dashboard</a></p>`,
  ].join("");
  return { subject, text, html };
}

/**
 * Sends today's low-stock email to every admin, once per India day. Nothing is sent when no
 * product is low (the day is still claimed). Safe to call from any number of processes at once.
 */
export async function runLowStockEmail(shop: DailyJobShop, now = new Date()): Promise<LowStockEmailRun> {
  const { day, hour } = istClock(now);
  if (hour < LOW_STOCK_EMAIL_HOUR_IST) return { ran: false, reason: "too-early" };
  return shop.db.transaction(async (tx) => {
    // The claim: a concurrent run's insert waits for this transaction, then finds the row and stops.
    const claimed = await tx
      .insert(dailyJobRuns)
      .values({ job: LOW_STOCK_JOB, day })
      .onConflictDoNothing()
      .returning({ day: dailyJobRuns.day });
    if (claimed.length === 0) return { ran: false, reason: "already-ran" } as const;
    const list = await listLowStock(tx, LOW_STOCK_EMAIL_LIMIT);
    let emails = 0;
    if (list.total > 0) {
      const admins = await tx
        .select({ email: user.email })
        .from(user)
        .where(and(eq(user.role, "admin"), or(isNull(user.banned), eq(user.banned, false))))
        .orderBy(asc(user.email));
      const message = lowStockEmailText(list, day, shop.config.publicUrl);
      for (const admin of admins) {
        await queueEmail(tx, { to: admin.email, ...message });
        emails += 1;
      }
    }
    await tx
      .update(dailyJobRuns)
      .set({ finishedAt: sql`now()`, detail: { products: list.total, emails } })
      .where(and(eq(dailyJobRuns.job, LOW_STOCK_JOB), eq(dailyJobRuns.day, day)));
    return { ran: true, day, products: list.total, emails } as const;
  });
}

/** The daily jobs as one periodic job (server/jobs): tried at start and every five minutes; the day's claim row makes each run once. */
export function dailyJobsJob(shop: DailyJobShop & { logger: Logger }, intervalMs = TICK_MS): PeriodicJob {
  return {
    name: "daily-jobs",
    intervalMs,
    runAtStart: true,
    async run() {
      const run = await runLowStockEmail(shop);
      if (run.ran) shop.logger.info(run, "daily low-stock email");
    },
  };
}
