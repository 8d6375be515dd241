// Bodies and queries of the pharmacist's calls (api-contract.md, "Second release": Prescriptions),
// built on the plain rules of common/pharmacist.ts that the review page checks with in the browser.
import * as z from "zod/mini";
import { checkReview, H1_RETENTION_YEARS, REVIEW_MESSAGES } from "#common/pharmacist.ts";
import { PRESCRIPTION_STATUSES } from "#common/prescriptions.ts";
import { adminListQuerySchema } from "./admin.ts";
import { fromCheck } from "./rule.ts";

/** POST /api/admin/orders/:id/prescription-review. */
export const prescriptionReviewSchema = fromCheck(checkReview);

const firstText = (value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim().toLowerCase() : undefined;
};

/** GET /api/admin/prescriptions?status=&page=&limit=: pending, approved or rejected; empty or "all": every status. */
export const reviewQueueQuerySchema = z.object({
  status: z.pipe(
    z.transform((value: unknown) => {
      const text = firstText(value);
      return text === "all" ? undefined : text;
    }),
    z.optional(z.enum(PRESCRIPTION_STATUSES, `Status must be one of ${PRESCRIPTION_STATUSES.join(", ")}`)),
  ),
  page: adminListQuerySchema.shape.page,
  limit: adminListQuerySchema.shape.limit,
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as written, or undefined when it is not one (2026-02-30 is not). */
function calendarDate(value: unknown): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== "string" || !ISO_DATE.test(text.trim())) return undefined;
  const date = new Date(`${text.trim()}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text.trim() ? undefined : text.trim();
}

/** The calendar day `years` years after a "YYYY-MM-DD" day (29 February gives 1 March when the year has none). */
function yearsLater(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/** GET /api/admin/reports/h1-register.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: both days included (India time). */
export const h1RegisterQuerySchema = z.pipe(
  z.object({ from: z.optional(z.unknown()), to: z.optional(z.unknown()) }),
  z.transform((query, ctx) => {
    const from = calendarDate(query.from);
    const to = calendarDate(query.to);
    // Any period within the register's retention: to at most H1_RETENTION_YEARS calendar years after from.
    if (!from || !to || to < from || to > yearsLater(from, H1_RETENTION_YEARS)) {
      ctx.issues.push({ code: "custom", message: REVIEW_MESSAGES.dateRangeInvalid, input: query, path: [from ? "to" : "from"] });
      return z.NEVER;
    }
    return { from, to };
  }),
);
