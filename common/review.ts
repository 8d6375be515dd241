// A shopper's review (product spec, "Reviews"): the product page's form checks with these in the
// browser, and server/schemas/review.ts builds the API's zod schema on them.
import { checked, formText, hasNul, type Checked, type Problem } from "./forms.ts";

export const RATING_MESSAGE = "Rating must be a whole number from 1 to 5";
export const COMMENT_MAX = 2000;

export const REVIEW_FORM_MESSAGES = {
  commentRequired: "Comment is required",
  commentTooLong: `Comment is too long (${COMMENT_MAX} characters at most)`,
  commentNotAllowed: "Comment contains characters that are not allowed",
} as const;

/**
 * Form posts send "4"; JSON clients send 4. Only a number or a string of digits is read as one
 * ("5 stars", "4.5", "", null, true and a missing rating are not ratings: ratingProblem refuses
 * them). The form's stars start at five, so a shopper always sends one.
 */
export function ratingValue(value: unknown): unknown {
  if (typeof value === "string" && /^\s*\d{1,3}\s*$/.test(value)) return Number(value.trim());
  return value;
}

export function ratingProblem(rating: unknown): Problem {
  return typeof rating === "number" && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? undefined : RATING_MESSAGE;
}

/** The comment, already trimmed. */
export function commentProblem(comment: string): Problem {
  if (comment === "") return REVIEW_FORM_MESSAGES.commentRequired;
  if (comment.length > COMMENT_MAX) return REVIEW_FORM_MESSAGES.commentTooLong;
  if (hasNul(comment)) return REVIEW_FORM_MESSAGES.commentNotAllowed;
  return undefined;
}

/** A review as the API returns it (api-contract.md, "Reviews") and the product page shows it. */
export interface ReviewJson {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
  verifiedPurchase: boolean;
}

export interface ReviewInput {
  rating: number;
  comment: string;
}

export function checkReviewForm(values: Record<string, unknown>): Checked<ReviewInput> {
  const rating = ratingValue(values.rating);
  const comment = formText(values, "comment").trim();
  return checked({ rating: rating as number, comment }, { rating: ratingProblem(rating), comment: commentProblem(comment) });
}
