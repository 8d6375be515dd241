import { Star } from "lucide-react";

/**
 * A card's rating line from the product's stored, visible reviews only (decisions/026):
 * "★ 4.3 (12 reviews)", or "No reviews yet" when there are none.
 */
export function CardRating({ rating, numReviews }: { rating: number; numReviews: number }) {
  if (numReviews <= 0) return <p className="text-xs text-gray-600">No reviews yet</p>;
  const value = rating.toFixed(1);
  const reviews = `${numReviews} ${numReviews === 1 ? "review" : "reviews"}`;
  return (
    <p className="flex items-center gap-1 text-xs text-gray-700">
      <Star className="h-3.5 w-3.5 shrink-0 text-amber-600" fill="currentColor" strokeWidth={0} aria-hidden />
      <span className="sr-only">{`Rated ${value} out of 5 from ${reviews}`}</span>
      <span aria-hidden>
        <span className="font-semibold text-gray-900">{value}</span> ({reviews})
      </span>
    </p>
  );
}
