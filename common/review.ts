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

/** Form posts send "4"; JSON clients send 4. Absent or empty means the default of five stars. */
export function ratingValue(value: unknown): unknown {
  if (value === undefined || value === null) return 5;
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return 5;
  return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
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

export interface ReviewInput {
  rating: number;
  comment: string;
}

export function checkReviewForm(values: Record<string, unknown>): Checked<ReviewInput> {
  const rating = ratingValue(values.rating);
  const comment = formText(values, "comment").trim();
  return checked({ rating: rating as number, comment }, { rating: ratingProblem(rating), comment: commentProblem(comment) });
}
