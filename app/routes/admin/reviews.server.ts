// The reviews page's server side: the moderation list, and Hide, Unhide and Delete through the
// admin module's use cases and its one reply table (the same as PUT and DELETE
// /api/admin/reviews/:id, decisions/015).
import type { AppLoadContext } from "react-router";
import { ADMIN_PAGE_SIZE, type AdminReviewJson, type ReviewStatus } from "#common/admin.ts";
import type { SessionUser } from "#server/auth.ts";
import { adminReply } from "#server/modules/admin/replies.ts";
import { deleteReview, listReviewsForModeration, setReviewHidden } from "#server/modules/admin/reviews.ts";
import { adminReviewQuerySchema } from "#server/schemas/admin-reviews.ts";
import { pageParam } from "~/components/admin/pager";
import { REVIEW_PAGE_MESSAGES } from "~/components/admin/review-texts";
import { formText } from "~/lib/form-text";
import { adminAction } from "./admin-action.server";

/** The list shows the start of a comment; the whole of it is on the product page (or in the API). */
const EXCERPT = 280;

function excerpt(comment: string): string {
  const characters = Array.from(comment);
  return characters.length <= EXCERPT ? comment : `${characters.slice(0, EXCERPT).join("").trimEnd()}…`;
}

/** The list's `search` and `status` from the page's URL, read as GET /api/admin/reviews reads them (unreadable: no filter). */
function reviewFilters(url: URL): { search: string; status: ReviewStatus | "" } {
  const parsed = adminReviewQuerySchema.safeParse({
    search: url.searchParams.get("search") ?? undefined,
    status: url.searchParams.get("status") ?? undefined,
  });
  return parsed.success ? { search: parsed.data.search ?? "", status: parsed.data.status ?? "" } : { search: "", status: "" };
}

export async function loadReviews(context: AppLoadContext, url: URL) {
  const page = pageParam(url);
  const { search, status } = reviewFilters(url);
  try {
    const result = await listReviewsForModeration(context.shop.db, {
      page,
      limit: ADMIN_PAGE_SIZE,
      search: search || undefined,
      status: status || undefined,
    });
    const reviews = result.items.map((review) => ({ ...review, comment: excerpt(review.comment) }));
    return { reviews, total: result.total, hasNext: page * ADMIN_PAGE_SIZE < result.total, page, search, status, error: null };
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, REVIEW_PAGE_MESSAGES.fetchFailed);
    return { reviews: [] as AdminReviewJson[], total: 0, hasNext: false, page, search, status, error: REVIEW_PAGE_MESSAGES.fetchFailed };
  }
}

/** The form's `intent`: "delete", "hide" or "unhide" (anything else is refused by the schema, as in the API). */
export function moderateReviews(context: AppLoadContext, admin: SessionUser, form: FormData) {
  const { db } = context.shop;
  const { intent, id } = formText(form, ["intent", "id"]);
  if (intent === "delete") {
    return adminAction(context, REVIEW_PAGE_MESSAGES.deleteFailed, async () => adminReply.moderateReview(await deleteReview(db, admin, id)));
  }
  const hidden = intent === "hide" ? true : intent === "unhide" ? false : undefined;
  return adminAction(context, REVIEW_PAGE_MESSAGES.updateFailed, async () =>
    adminReply.moderateReview(await setReviewHidden(db, admin, id, { hidden })),
  );
}
