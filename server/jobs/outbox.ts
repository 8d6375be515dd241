// What the outboxes share (emails: server/modules/email/dispatcher.ts; SMS and WhatsApp:
// server/modules/messaging/dispatcher.ts): a due row is claimed with SKIP LOCKED and leased, sent,
// then marked sent by its own module — or its error kept and retried with backoff, and given up
// (status `failed`) after MAX_OUTBOX_ATTEMPTS. Several processes may run them at once.
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import type { Database } from "#server/db/client.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";

/** A claimed row is not picked up by another dispatcher for this long (a crash mid-send retries after it). */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;
const FIRST_RETRY_MS = 30 * 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** Rows one run of a dispatcher claims before it looks again (a larger backlog is worked off in the same job run). */
export const OUTBOX_BATCH = 20;
/**
 * After this many failed attempts (about a day of retries: 30 s, 1 min … then hourly) a row is
 * marked `failed` and logged as an error; the operator re-queues it after fixing the cause.
 */
export const MAX_OUTBOX_ATTEMPTS = 30;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min… at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** The columns every outbox table has (outbound_emails, outbound_messages). */
export interface OutboxTable {
  table: PgTable;
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  createdAt: PgColumn;
  lastError: PgColumn;
}

export interface DeliveryReport {
  sent: number;
  /** Attempts that failed (retried later, or given up after MAX_OUTBOX_ATTEMPTS). */
  failed: number;
}

export interface OutboxDelivery<Row extends { id: string; attempts: number }> {
  outbox: OutboxTable;
  /** "Email", "Message": the logs' noun. */
  noun: string;
  /** The log field naming a row's id (`emailId`, `messageId`). */
  idField: string;
  job: string;
  /** The claimed row, read in full. */
  load(id: string): Promise<Row | undefined>;
  /** Sends the row and marks it sent; resolves with what the log says about it. Throws when the provider did not take it. */
  deliver(row: Row): Promise<Record<string, unknown>>;
  /** What the logs say of a row besides its id. */
  describe(row: Row): Record<string, unknown>;
}

const column = (c: PgColumn) => sql.identifier(c.name);

/**
 * Takes the next due row: locked with SKIP LOCKED (a row another dispatcher is claiming at this
 * instant is passed over, not waited for) and leased for CLAIM_LEASE_MS by moving its next attempt
 * and counting the attempt, in one statement. The time is the database's (`clock`), so
 * dispatchers on machines whose clocks differ agree on what is due.
 */
async function claimNext(db: Database, outbox: OutboxTable, clock: SQL): Promise<string | undefined> {
  const { table, id, status, attempts, nextAttemptAt, createdAt } = outbox;
  const result = await db.execute<{ id: string }>(sql`
    update ${table} set
      ${column(attempts)} = ${column(attempts)} + 1,
      ${column(nextAttemptAt)} = ${clock} + interval '${sql.raw(String(CLAIM_LEASE_MS))} milliseconds'
    where ${column(id)} = (
      select ${column(id)} from ${table}
      where ${column(status)} = 'queued' and ${column(nextAttemptAt)} <= ${clock}
      order by ${column(createdAt)}, ${column(id)}
      limit 1 for update skip locked)
    returning ${column(id)} as id`);
  return result.rows[0]?.id;
}

/**
 * Delivers the due rows of one outbox, one claim at a time, each sent and marked sent by
 * `delivery.deliver` — or its error and next attempt (exponential backoff) recorded, and after
 * MAX_OUTBOX_ATTEMPTS marked failed. Each row is sent by one process (again only if its sender
 * died mid-send and the lease ran out). `now` stands in for the database's clock in tests.
 */
export async function deliverDue<Row extends { id: string; attempts: number }>(
  db: Database,
  logger: Pick<Logger, "info" | "warn" | "error">,
  delivery: OutboxDelivery<Row>,
  options: { now?: Date; limit?: number; signal?: AbortSignal } = {},
): Promise<DeliveryReport> {
  const { outbox, noun } = delivery;
  const clock = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (let taken = 0; taken < (options.limit ?? OUTBOX_BATCH) && !options.signal?.aborted; taken++) {
    const id = await claimNext(db, outbox, clock);
    if (!id) break;
    const row = await delivery.load(id);
    if (!row) continue;
    const fields = { [delivery.idField]: row.id, ...delivery.describe(row) };
    try {
      const where = await delivery.deliver(row);
      report.sent += 1;
      logger.info({ ...fields, ...where }, `${noun} sent`);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      report.failed += 1;
      if (row.attempts >= MAX_OUTBOX_ATTEMPTS) {
        await db.execute(sql`update ${outbox.table} set ${column(outbox.status)} = 'failed', ${column(outbox.lastError)} = ${message} where ${column(outbox.id)} = ${row.id}`);
        logger.error({ ...fields, attempts: row.attempts, err: message, job: delivery.job }, `${noun} given up: delivery failed too many times`);
        continue;
      }
      const delay = retryDelayMs(row.attempts);
      const retry = await db.execute<{ at: string | Date }>(sql`
        update ${outbox.table} set ${column(outbox.lastError)} = ${message},
          ${column(outbox.nextAttemptAt)} = ${clock} + interval '${sql.raw(String(delay))} milliseconds'
        where ${column(outbox.id)} = ${row.id}
        returning ${column(outbox.nextAttemptAt)} as at`);
      const at = retry.rows[0]?.at;
      logger.warn(
        { ...fields, attempts: row.attempts, retryAt: at ? new Date(at).toISOString() : undefined, err: message },
        `${noun} delivery failed; will retry`,
      );
    }
  }
  return report;
}

/** A dispatcher as a periodic job (server/jobs): a backlog larger than a batch is worked off in the same run. */
export function outboxJob(name: string, intervalMs: number, deliver: (signal: AbortSignal) => Promise<DeliveryReport>): PeriodicJob {
  return {
    name,
    intervalMs,
    async run(signal) {
      for (;;) {
        const report = await deliver(signal);
        if (report.sent + report.failed < OUTBOX_BATCH || signal.aborted) return;
      }
    },
  };
}
