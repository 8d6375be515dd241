import { adminReviewUpdateSchema } from "#common/schemas/admin-reviews.ts";
import type { SessionUser } from "#server/auth.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { deleteReview, reviewModerationAnswer, setReviewHidden, type ReviewModerationResult } from "#server/modules/admin/reviews.ts";

export { listReviewsForModeration } from "#server/modules/admin/reviews.ts";

/** The answer's sentence, or the refusal the API sends too (thrown for adminAction). */
function messageOf(result: ReviewModerationResult): string {
  const { status, message } = reviewModerationAnswer(result);
  if (status >= 400) throw new HttpError(status, message);
  return message;
}

/** The reviews page's Hide and Unhide buttons: the same input and the same function as PUT /api/admin/reviews/:id. */
export async function moderateReview(shop: ShopContext, admin: SessionUser, id: string, intent: string): Promise<string> {
  const { hidden } = parseInput(adminReviewUpdateSchema, {
    hidden: intent === "hide" ? true : intent === "unhide" ? false : undefined,
  });
  return messageOf(await setReviewHidden(shop.db, admin, id, hidden));
}

export async function removeReview(shop: ShopContext, admin: SessionUser, id: string): Promise<string> {
  return messageOf(await deleteReview(shop.db, admin, id));
}
