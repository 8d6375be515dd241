// POST /api/products/:id/reviews. The rules are common/review.ts, which the product page's review
// form uses in the browser.
import * as z from "zod/mini";
import { commentProblem, RATING_MESSAGE, ratingProblem, ratingValue, REVIEW_FORM_MESSAGES } from "#common/review.ts";
import { rule } from "./rule.ts";

const rating = z.pipe(z.transform(ratingValue), z.number({ error: RATING_MESSAGE }).check(rule(ratingProblem)));

const comment = z.string({ error: REVIEW_FORM_MESSAGES.commentRequired }).check(z.trim(), rule(commentProblem));

export const reviewSchema = z.object({ rating, comment });
