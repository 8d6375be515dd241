// zod/mini: the admin's review moderation calls (decisions/015). The admin page builds the same
// inputs from its forms, so both doors validate alike.
import * as z from "zod/mini";
import { adminListQuerySchema } from "./admin.ts";

export const REVIEW_STATUSES = ["visible", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Texts the review moderation page and the API share. */
export const REVIEW_MODERATION_MESSAGES = {
  reviewNotFound: "Review not found",
  reviewHidden: "Review hidden from the shop",
  reviewShown: "Review shown in the shop again",
  reviewDeleted: "Review deleted",
  hiddenInvalid: "Hidden must be true or false",
  statusInvalid: "Status must be hidden or visible",
  searchInvalid: "Search contains characters that are not allowed",
} as const;

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
