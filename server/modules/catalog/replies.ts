import { invalidInputReply, type Reply } from "#server/replies.ts";
import { throttledReply } from "#server/modules/limits/limiter.ts";
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
