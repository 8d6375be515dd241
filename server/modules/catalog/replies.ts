import { ADMIN_MESSAGES, REVIEW_MODERATION_MESSAGES } from "#common/admin.ts";
import { PRESCRIPTION_MESSAGES } from "#common/prescriptions.ts";
import { invalidInputReply, ok, refusal, refused, type Refusals, type Reply } from "#server/replies.ts";
import type { InvalidInput } from "#server/schemas/input.ts";
import { throttledReply } from "#server/modules/limits/limiter.ts";
import type { DeleteProductResult, ProductWriteResult } from "./admin-products.ts";
import type { ReviewModerationResult } from "./moderation.ts";
import type { AddReviewResult } from "./reviews.ts";

export const PRODUCT_NOT_FOUND = "Product not found";

export const REVIEW_MESSAGES = {
  signIn: "Please sign in to write a review",
  alreadyReviewed: "You have already reviewed this product",
  thanks: "Thank you! Your review has been posted.",
} as const;

/** Writing a review needs a signed-in shopper; both doors answer a visitor this way. */
export const REVIEW_SIGN_IN_REPLY: Reply = { status: 401, message: REVIEW_MESSAGES.signIn };

/** The one status and message for every outcome of adding a review, for the API and the product page alike. */
export function reviewReply(result: AddReviewResult): Reply {
  if (result.ok) return { status: 201, message: REVIEW_MESSAGES.thanks };
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "already-reviewed":
      return { status: 409, message: REVIEW_MESSAGES.alreadyReviewed };
    case "product-not-found":
      return { status: 404, message: PRODUCT_NOT_FOUND };
  }
}

const PRODUCT_REFUSALS: Refusals<ProductWriteResult | DeleteProductResult> = {
  "nothing-to-update": refused(400, ADMIN_MESSAGES.nothingToUpdate),
  "not-found": refused(404, ADMIN_MESSAGES.productNotFound),
  "sku-taken": refused(409, ADMIN_MESSAGES.skuTaken, "sku"),
  "price-above-mrp": refused(400, ADMIN_MESSAGES.priceAboveMrp, "price"),
  "schedule-x": refused(400, PRESCRIPTION_MESSAGES.scheduleX, "schedule"),
};

const REVIEW_MODERATION_SUCCESS = {
  hidden: ok(REVIEW_MODERATION_MESSAGES.reviewHidden),
  shown: ok(REVIEW_MODERATION_MESSAGES.reviewShown),
  deleted: ok(REVIEW_MODERATION_MESSAGES.reviewDeleted),
} as const;

/**
 * The staff's catalogue reads and writes, each outcome as one status and sentence: the REST handlers
 * (server/api/admin/products.ts, reviews.ts) send it with the changed record, the admin pages'
 * actions show it, the catalogue CSV import reports it per row.
 */
export const catalogReply = {
  /** The staff's lists (products, reviews) refuse a query they cannot read: 400, the parameter's message. */
  list: (result: InvalidInput): Reply => invalidInputReply(result.errors),

  /** Creating (201, "Product created") and saving (200, "Product saved") share their refusals. */
  writeProduct(result: ProductWriteResult, use: "create" | "update"): Reply {
    if (!result.ok) return refusal(result, PRODUCT_REFUSALS);
    return use === "create" ? ok(ADMIN_MESSAGES.productCreated, 201) : ok("Product saved");
  },
  /** "Product deleted", or the note that it was unpublished because orders refer to it. */
  deleteProduct(result: DeleteProductResult): Reply {
    if (!result.ok) return refusal(result, PRODUCT_REFUSALS);
    return ok(result.outcome === "deleted" ? ADMIN_MESSAGES.productDeleted : ADMIN_MESSAGES.productUnpublished);
  },

  /** Hide, show again and delete (decisions/015). */
  moderateReview: (result: ReviewModerationResult): Reply =>
    result.ok ? REVIEW_MODERATION_SUCCESS[result.outcome] : refusal(result, { "not-found": refused(404, REVIEW_MODERATION_MESSAGES.reviewNotFound) }),
};
