// The serviceability table as admins keep it (decisions/021): listed on /admin/serviceability,
// exported as CSV and replaced as a whole by a CSV import. An import is checked row by row first;
// any bad row (or two overlapping ranges) refuses the whole file and nothing changes.
import { asc, count } from "drizzle-orm";
import { isIndianState } from "#common/india.ts";
import { SERVICEABILITY_CSV_HEADER, SERVICEABILITY_MESSAGES, type ServiceabilityRangeJson } from "#common/serviceability.ts";
import type { Database } from "#server/db/client.ts";
import { serviceabilityRanges } from "#server/db/schema.ts";
import { inTransaction } from "#server/db/tx.ts";
import { recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { csvCellText, csvText, parseCsv } from "#server/csv.ts";

/** Longest import accepted (bytes); the whole of India's post offices as ranges is far less. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** Most ranges in one import. */
export const MAX_IMPORT_ROWS = 20_000;
/** Most row errors reported at once (the rest are summed up in the message). */
const MAX_REPORTED_ERRORS = 100;

type RangeRow = typeof serviceabilityRanges.$inferSelect;
type NewRange = Omit<typeof serviceabilityRanges.$inferInsert, "id" | "createdAt" | "updatedAt">;

export interface RowError {
  row: number;
  field?: string;
  message: string;
}

export type ImportResult =
  | { ok: true; imported: number; replaced: number }
  | { ok: false; reason: "invalid-file"; message: string }
  | { ok: false; reason: "bad-rows"; errors: RowError[] };

function toJson(row: RangeRow): ServiceabilityRangeJson {
  return {
    _id: row.id,
    pinFrom: String(row.pinFrom),
    pinTo: String(row.pinTo),
    state: row.state,
    city: row.city,
    minDays: row.minDays,
    maxDays: row.maxDays,
    cod: row.cod,
  };
}

/** Every range, by PIN. */
export async function listRanges(db: Database): Promise<ServiceabilityRangeJson[]> {
  const rows = await db.select().from(serviceabilityRanges).orderBy(asc(serviceabilityRanges.pinFrom));
  return rows.map(toJson);
}

/** The table as CSV (the import's shape), by PIN, CRLF line ends. */
export async function rangesCsv(db: Database): Promise<string> {
  const ranges = await listRanges(db);
  const lines = [
    [...SERVICEABILITY_CSV_HEADER],
    ...ranges.map((r) => [r.pinFrom, r.pinTo, r.state, r.city ?? "", String(r.minDays), String(r.maxDays), r.cod ? "yes" : "no"]),
  ];
  return csvText(lines);
}

/** The export guards formula-like cells with a leading apostrophe; an import takes it off again. */
function cellText(value: string | undefined): string {
  return csvCellText((value ?? "").trim());
}

const PIN = /^[1-9]\d{5}$/;
const DAYS = /^\d{1,2}$/;
const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0"]);

/** One CSV row as a range, or its problems (`row` is the line number in the file, the header being 1). */
function readRow(cells: string[], row: number): { range: NewRange } | { errors: RowError[] } {
  const [pinFrom, pinTo, state, city, minDays, maxDays, cod] = SERVICEABILITY_CSV_HEADER.map((_, i) => cellText(cells[i]));
  const errors: RowError[] = [];
  const m = SERVICEABILITY_MESSAGES;
  if (!PIN.test(pinFrom ?? "")) errors.push({ row, field: "pinFrom", message: m.pin });
  if (!PIN.test(pinTo ?? "")) errors.push({ row, field: "pinTo", message: m.pin });
  else if (PIN.test(pinFrom ?? "") && Number(pinTo) < Number(pinFrom)) errors.push({ row, field: "pinTo", message: m.pinOrder });
  if (!isIndianState(state ?? "")) errors.push({ row, field: "state", message: m.state });
  if ((city ?? "").length > 100 || (city ?? "").includes("\u0000")) errors.push({ row, field: "city", message: m.city });
  const min = DAYS.test(minDays ?? "") ? Number(minDays) : Number.NaN;
  const max = DAYS.test(maxDays ?? "") ? Number(maxDays) : Number.NaN;
  if (!(min >= 0 && min <= 60)) errors.push({ row, field: "minDays", message: m.days });
  if (!(max >= 0 && max <= 60)) errors.push({ row, field: "maxDays", message: m.days });
  else if (min <= 60 && max < min) errors.push({ row, field: "maxDays", message: m.daysOrder });
  const codText = (cod ?? "").toLowerCase();
  if (!YES.has(codText) && !NO.has(codText)) errors.push({ row, field: "cod", message: m.cod });
  if (cells.length > SERVICEABILITY_CSV_HEADER.length && cells.slice(SERVICEABILITY_CSV_HEADER.length).some((v) => v.trim() !== "")) {
    errors.push({ row, message: m.extraCells });
  }
  if (errors.length > 0) return { errors };
  return {
    range: {
      pinFrom: Number(pinFrom),
      pinTo: Number(pinTo),
      state: state as string,
      city: city || null,
      minDays: min,
      maxDays: max,
      cod: YES.has(codText),
    },
  };
}

/** Reads and checks a whole file: every row's problems, then overlaps between the good rows. */
export function readRangesCsv(text: string): { ok: true; ranges: NewRange[] } | Exclude<ImportResult, { ok: true }> {
  const m = SERVICEABILITY_MESSAGES;
  if (text.includes("\u0000") || text.includes("\ufffd")) return { ok: false, reason: "invalid-file", message: m.notText };
  const rows = parseCsv(text);
  if (rows === null) return { ok: false, reason: "invalid-file", message: m.unclosedQuote };
  const [header, ...body] = rows;
  const names = (header ?? []).map((cell) => cell.trim());
  if (SERVICEABILITY_CSV_HEADER.some((name, i) => names[i] !== name)) {
    return { ok: false, reason: "invalid-file", message: m.header };
  }
  if (body.length === 0) return { ok: false, reason: "invalid-file", message: m.empty };
  if (body.length > MAX_IMPORT_ROWS) return { ok: false, reason: "invalid-file", message: m.tooManyRows };

  const errors: RowError[] = [];
  const ranges: { range: NewRange; row: number }[] = [];
  body.forEach((cells, i) => {
    const read = readRow(cells, i + 2);
    if ("errors" in read) errors.push(...read.errors);
    else ranges.push({ range: read.range, row: i + 2 });
  });
  const sorted = [...ranges].sort((a, b) => a.range.pinFrom - b.range.pinFrom || a.row - b.row);
  let widest: (typeof sorted)[number] | undefined;
  for (const current of sorted) {
    if (widest && current.range.pinFrom <= widest.range.pinTo) {
      const [first, second] = widest.row < current.row ? [widest, current] : [current, widest];
      errors.push({ row: second.row, field: "pinFrom", message: m.overlap(first.row) });
    }
    if (!widest || current.range.pinTo > widest.range.pinTo) widest = current;
  }
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    return { ok: false, reason: "bad-rows", errors: errors.slice(0, MAX_REPORTED_ERRORS) };
  }
  return { ok: true, ranges: ranges.map((entry) => entry.range) };
}

/** Replaces the whole table with the file's ranges in one transaction (all or nothing), with an audit row. */
export async function importRangesCsv(db: Database, actor: AuditActor, text: string): Promise<ImportResult> {
  const read = readRangesCsv(text);
  if (!read.ok) return read;
  return inTransaction(db, async (tx) => {
    const [before] = await tx.select({ count: count() }).from(serviceabilityRanges);
    await tx.delete(serviceabilityRanges);
    for (let i = 0; i < read.ranges.length; i += 500) {
      await tx.insert(serviceabilityRanges).values(read.ranges.slice(i, i + 500));
    }
    const replaced = before?.count ?? 0;
    await recordAudit(tx, actor, {
      action: "serviceability.import",
      entity: "serviceability",
      entityId: "all",
      before: { ranges: replaced },
      after: { ranges: read.ranges.length },
    });
    return { ok: true, imported: read.ranges.length, replaced };
  });
}
