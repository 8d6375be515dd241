// The admin's review moderation calls (decisions/015). The admin page builds the same inputs from
// its forms, so both doors validate alike; statuses and texts are common/admin.ts.
import * as z from "zod/mini";
import { REVIEW_MODERATION_MESSAGES, REVIEW_STATUSES } from "#common/admin.ts";
import { adminListQuerySchema } from "./admin.ts";

/** GET /api/admin/reviews: `page`, `limit`, `search` (product or reviewer name), `status`. */
export const adminReviewQuerySchema = z.object({
  ...adminListQuerySchema.shape,
  search: z.pipe(
    adminListQuerySchema.shape.search,
    z.optional(z.string().check(z.regex(/^[^\u0000]*$/, REVIEW_MODERATION_MESSAGES.searchInvalid))),
  ),
  status: z.pipe(
    z.transform((value: unknown) => {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first !== "string") return first;
      const text = first.trim().toLowerCase();
      return text === "" || text === "all" ? undefined : text;
    }),
    z.optional(z.enum(REVIEW_STATUSES, REVIEW_MODERATION_MESSAGES.statusInvalid)),
  ),
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;

/** PUT /api/admin/reviews/:id: hide (true) or show again (false). */
export const adminReviewUpdateSchema = z.object({
  hidden: z.boolean({ error: REVIEW_MODERATION_MESSAGES.hiddenInvalid }),
});
