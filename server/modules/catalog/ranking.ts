/**
 * "Highest Rated" (docs/decisions/026): products are ranked by a Bayesian average of their visible
 * reviews, as if every product also had RATING_PRIOR_WEIGHT reviews of RATING_PRIOR_MEAN stars.
 * One 5-star review then scores 3.33, below twenty reviews averaging 4.5 (4.2), and a product with
 * no reviews scores the prior exactly: the middle of the scale, which says nothing either way.
 * Ties (no reviews at all, most often) keep the newest first; out-of-stock products come last.
 */
export const RATING_PRIOR_MEAN = 3;
export const RATING_PRIOR_WEIGHT = 5;

/** The score "Highest Rated" sorts by, from the average and the number of visible reviews. */
export function ratingScore(average: number, count: number): number {
  if (count <= 0) return RATING_PRIOR_MEAN;
  return (RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN + average * count) / (RATING_PRIOR_WEIGHT + count);
}
