// Bodies and queries of the refill calls (api-contract.md, "Reorder and refills"; decisions/057),
// built on the plain checks of common/refills.ts that the pages run in the browser.
import * as z from "zod/mini";
import { addIstDays } from "#common/dates.ts";
import { checkRefillChange, checkRefillCreate, REFILL_START_MAX_DAYS, REFILL_STATUSES } from "#common/refills.ts";
import { adminListQuerySchema, filterWord } from "./admin.ts";
import { fromCheck } from "./rule.ts";

/** POST /api/refills, its start checked against `today` (an Indian date). */
export const refillCreateSchema = (today: string) => fromCheck((body) => checkRefillCreate(body, today, addIstDays(today, REFILL_START_MAX_DAYS)));

/** PUT /api/refills/:id. */
export const refillChangeSchema = fromCheck(checkRefillChange);

/** GET /api/admin/refills?status=&page=&limit=. */
export const adminRefillsQuerySchema = z.object({
  status: z.pipe(z.transform(filterWord), z.optional(z.enum(REFILL_STATUSES, `Status must be one of ${REFILL_STATUSES.join(", ")}`))),
  page: z.pipe(adminListQuerySchema.shape.page, z.transform((value) => value ?? 1)),
  limit: z.pipe(adminListQuerySchema.shape.limit, z.transform((value) => value ?? 50)),
});
