// The reviews page's server side: the moderation list, and Hide, Unhide and Delete through the
// catalog module's use cases and its reply table (the same as PUT and DELETE
// /api/admin/reviews/:id, decisions/015).
import type { AppLoadContext } from "react-router";
import { REVIEW_PAGE_MESSAGES, type AdminReviewJson } from "#common/admin.ts";
import type { SessionUser } from "#server/auth.ts";
import { catalogReply } from "#server/modules/catalog/replies.ts";
import { deleteReview, listReviewsForModeration, setReviewHidden } from "#server/modules/catalog/moderation.ts";
import { formText } from "~/lib/form-text";
import { adminAction } from "./admin-action.server";
import { hasNextPage, listForPage } from "./admin-list.server";

/** The list shows the start of a comment; the whole of it is on the product page (or in the API). */
const EXCERPT = 280;

function excerpt(comment: string): string {
  const characters = Array.from(comment);
  return characters.length <= EXCERPT ? comment : `${characters.slice(0, EXCERPT).join("").trimEnd()}…`;
}

/** The list as GET /api/admin/reviews reads it (listForPage: an unreadable filter is left out), comments cut to their start. */
export async function loadReviews(context: AppLoadContext, url: URL) {
  try {
    const list = await listForPage((query) => listReviewsForModeration(context.shop.db, query), url);
    const { search = "", status = "" } = list.query;
    const reviews = list.items.map((review) => ({ ...review, comment: excerpt(review.comment) }));
    return { reviews, total: list.total, hasNext: hasNextPage(list), page: list.page, search, status, error: null };
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, REVIEW_PAGE_MESSAGES.fetchFailed);
    return { reviews: [] as AdminReviewJson[], total: 0, hasNext: false, page: 1, search: "", status: "" as const, error: REVIEW_PAGE_MESSAGES.fetchFailed };
  }
}

/** The form's `intent`: "delete", "hide" or "unhide" (anything else is refused by the schema, as in the API). */
export function moderateReviews(context: AppLoadContext, admin: SessionUser, form: FormData) {
  const { db } = context.shop;
  const { intent, id } = formText(form, ["intent", "id"]);
  if (intent === "delete") {
    return adminAction(context, REVIEW_PAGE_MESSAGES.deleteFailed, async () => catalogReply.moderateReview(await deleteReview(db, admin, id)));
  }
  const hidden = intent === "hide" ? true : intent === "unhide" ? false : undefined;
  return adminAction(context, REVIEW_PAGE_MESSAGES.updateFailed, async () =>
    catalogReply.moderateReview(await setReviewHidden(db, admin, id, { hidden })),
  );
}
