// Where and when the shop delivers (issue 14, decisions/021): the serviceability table's range
// holding a PIN code, and the delivery dates counted in working days from the next dispatch.
import { and, asc, gte, lte, sql } from "drizzle-orm";
import { IST_OFFSET_MS } from "#common/dates.ts";
import { isValidPin } from "#common/india.ts";
import type { ServiceabilityJson } from "#common/serviceability.ts";
import { serviceabilityRanges } from "#server/db/schema.ts";
import type { Executor } from "#server/db/tx.ts";
import { prepared } from "#server/db/prepared.ts";

/** The dispatch rule (server/config.ts SHOP_DISPATCH_CUTOFF): orders before the cut-off (IST) leave the same working day. */
export interface DispatchConfig {
  /** "HH:MM", India Standard Time; default "14:00". */
  dispatchCutoff: string;
}

export const DEFAULT_DISPATCH: DispatchConfig = { dispatchCutoff: "14:00" };

/** The answer of GET /api/serviceability/:pin (common/serviceability.ts). */
export type Serviceability = ServiceabilityJson;

const rangeOfPin = prepared("serviceability_range_of_pin", (db) =>
  db
    .select()
    .from(serviceabilityRanges)
    .where(and(lte(serviceabilityRanges.pinFrom, sql.placeholder("pin")), gte(serviceabilityRanges.pinTo, sql.placeholder("pin"))))
    .orderBy(asc(serviceabilityRanges.pinFrom))
    .limit(1),
);

/** The range holding `pin` and its promise from `now`; unserviceable for a malformed PIN too (callers check isValidPin for the 400). */
export async function findServiceability(
  db: Executor,
  pin: string,
  now: Date = new Date(),
  config: DispatchConfig = DEFAULT_DISPATCH,
): Promise<Serviceability> {
  if (!isValidPin(pin)) return { pin, serviceable: false };
  const value = Number(pin);
  const [range] = await rangeOfPin(db, { pin: value });
  if (!range) return { pin, serviceable: false };
  return {
    pin,
    serviceable: true,
    state: range.state,
    ...(range.city ? { city: range.city } : {}),
    cod: range.cod,
    estimatedDelivery: estimateDelivery(now, range.minDays, range.maxDays, config),
  };
}

// ---------------------------------------------------------------------------
// Working-day arithmetic in India Standard Time (UTC+05:30, no daylight saving)
// ---------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Sundays are not working days (no dispatch, no delivery); Monday to Saturday are. */
function isWorkingDay(istDay: Date): boolean {
  return istDay.getUTCDay() !== 0;
}

/** Minutes after midnight of an "HH:MM" cut-off; an unreadable one counts as 14:00. */
function cutoffMinutes(cutoff: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(cutoff);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 14 * 60;
}

/**
 * The day the parcel leaves (midnight of that IST day, as a UTC-based Date): today when today is
 * a working day and `now` is before the cut-off, otherwise the next working day.
 */
export function dispatchDay(now: Date, config: DispatchConfig = DEFAULT_DISPATCH): Date {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const minutes = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  let day = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()));
  if (isWorkingDay(day) && minutes < cutoffMinutes(config.dispatchCutoff)) return day;
  do day = new Date(day.getTime() + DAY_MS);
  while (!isWorkingDay(day));
  return day;
}

/** `days` working days after `day` (0: the day itself). */
export function addWorkingDays(day: Date, days: number): Date {
  let result = day;
  for (let left = days; left > 0; ) {
    result = new Date(result.getTime() + DAY_MS);
    if (isWorkingDay(result)) left -= 1;
  }
  return result;
}

/** "YYYY-MM-DD" of an IST day. */
function isoDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** The delivery window: `minDays` to `maxDays` working days after the dispatch day. */
export function estimateDelivery(
  now: Date,
  minDays: number,
  maxDays: number,
  config: DispatchConfig = DEFAULT_DISPATCH,
): { from: string; to: string } {
  const dispatch = dispatchDay(now, config);
  return { from: isoDay(addWorkingDays(dispatch, minDays)), to: isoDay(addWorkingDays(dispatch, maxDays)) };
}
