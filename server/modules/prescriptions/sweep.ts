// The sweep of prescriptions no order used (decisions/041). A prescription is accepted up to six
// months after its date (pharmacy-domain.md), and it cannot be dated after its upload: six months
// after the upload it can no longer serve any order, and the law that keeps prescriptions three
// years (the Schedule H1 register) is about sales, which it never was part of. Keeping it longer
// would keep a patient's health data without a purpose (DPDP Act 2023), so its file and its row
// go. A prescription any order was placed with is never touched: the order's record, kept three
// years at least, and the database refuses to delete its row (order_prescriptions restricts).
import { eq, sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { prescriptions } from "#server/db/schema.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";
import { isForeignKeyViolation } from "#server/db/errors.ts";
import { deleteStoredFile } from "./files.ts";

/** How long an upload no order used is kept (a PostgreSQL interval: calendar months, as a prescription's validity). */
export const UNUSED_PRESCRIPTION_RETENTION = "6 months";
export const PRESCRIPTION_SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
const BATCH = 50;

export interface PrescriptionSweepContext {
  db: Database;
  config: Pick<Config, "dataDir" | "storage">;
}

interface DueRow extends Record<string, unknown> {
  id: string;
  storage_key: string;
}

/**
 * Deletes the files and rows of prescriptions uploaded more than UNUSED_PRESCRIPTION_RETENTION
 * ago that no order was placed with, one per transaction, oldest first; returns how many.
 *
 * Each is claimed with `FOR UPDATE SKIP LOCKED` (a checkout holding it `FOR SHARE`, or another
 * process sweeping it, is passed over). Its row is deleted first: the restrict foreign key of
 * order_prescriptions refuses that if an order took it after all (a checkout that committed
 * between this statement's snapshot and its lock), and the prescription is left alone. Only then
 * is the file deleted through the store, inside the transaction: a store that fails rolls the
 * row back, to be tried again at the next run. A checkout waiting on the row finds it gone and
 * answers that the prescription cannot be used. `now` stands in for the database's clock (tests).
 */
export async function sweepUnusedPrescriptions(
  context: PrescriptionSweepContext,
  options: { now?: Date; limit?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const clock: SQL = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  let swept = 0;
  for (let taken = 0; taken < (options.limit ?? BATCH) && !options.signal?.aborted; taken++) {
    let outcome: "swept" | "none";
    try {
      outcome = await context.db.transaction(async (tx) => {
        const due = await tx.execute<DueRow>(sql`
          select p.id, p.storage_key from prescriptions p
          where p.created_at < ${clock} - interval '${sql.raw(UNUSED_PRESCRIPTION_RETENTION)}'
            and not exists (select 1 from order_prescriptions op where op.prescription_id = p.id)
          order by p.created_at, p.id
          limit 1
          for update of p skip locked`);
        const row = due.rows[0];
        if (!row) return "none";
        await tx.delete(prescriptions).where(eq(prescriptions.id, row.id));
        await deleteStoredFile(context.config, row.storage_key);
        return "swept";
      });
    } catch (error) {
      // An order took it between the snapshot and the lock: it is a record now. The next pick sees the order.
      if (isForeignKeyViolation(error)) continue;
      throw error;
    }
    if (outcome === "none") break;
    swept += 1;
  }
  return swept;
}

/** The sweep as a periodic job (server/jobs): at start, then every six hours; a backlog is worked off in the same run. */
export function prescriptionSweepJob(
  context: PrescriptionSweepContext & { logger: Pick<Logger, "info"> },
  intervalMs = PRESCRIPTION_SWEEP_INTERVAL_MS,
): PeriodicJob {
  return {
    name: "prescription-sweep",
    intervalMs,
    runAtStart: true,
    async run(signal) {
      let total = 0;
      for (;;) {
        const count = await sweepUnusedPrescriptions(context, { signal });
        total += count;
        if (count < BATCH || signal.aborted) break;
      }
      if (total > 0) context.logger.info({ count: total, retention: UNUSED_PRESCRIPTION_RETENTION }, "deleted prescriptions no order used");
    },
  };
}

