import { sql } from "drizzle-orm";
import { IST_OFFSET_MS } from "#common/dates.ts";
import type { Database } from "#server/db/client.ts";
import { creditNoteCounters, invoiceCounters } from "#server/db/schema.ts";

type Executor = Pick<Database, "insert">;

/**
 * The Indian financial year (1 April – 31 March, in India Standard Time) a moment falls in,
 * as "2026-27".
 */
export function financialYearOf(moment: Date): string {
  const ist = new Date(moment.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}

/** The two series: tax invoices "INV/…" and credit notes "CN/…" (decisions/032), each with its own counter. */
export type SerialSeries = "invoice" | "credit-note";
const PREFIX: Record<SerialSeries, string> = { invoice: "INV", "credit-note": "CN" };
const COUNTERS = { invoice: invoiceCounters, "credit-note": creditNoteCounters } as const;

/**
 * "INV/2627/000001": prefix, the financial year's two two-digit years, a six-digit sequence number
 * (15 characters; the law allows 16, so a seventh digit still fits should a year pass a million).
 * Credit notes read "CN/2627/000001".
 */
export function formatInvoiceSerial(financialYear: string, sequence: number, series: SerialSeries = "invoice"): string {
  const match = /^(\d{2})(\d{2})-(\d{2})$/.exec(financialYear);
  if (!match) throw new RangeError(`Invalid financial year: ${financialYear}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 9_999_999) {
    throw new RangeError(`Invoice sequence out of range: ${sequence}`);
  }
  return `${PREFIX[series]}/${match[2]}${match[3]}/${String(sequence).padStart(6, "0")}`;
}

/**
 * The next number in the financial year's sequence. The upsert takes the counter row's lock
 * until the caller's transaction ends, so concurrent issuers queue behind each other, and a
 * rolled-back transaction rolls its number back too: the sequence has no gaps and no repeats.
 */
export async function nextInvoiceNumber(tx: Executor, financialYear: string, series: SerialSeries = "invoice"): Promise<number> {
  const counters = COUNTERS[series];
  const [row] = await tx
    .insert(counters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: counters.financialYear,
      set: { lastNumber: sql`${counters.lastNumber} + 1` },
    })
    .returning({ lastNumber: counters.lastNumber });
  return row!.lastNumber;
}
