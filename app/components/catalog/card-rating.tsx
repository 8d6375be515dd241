import { Star } from "lucide-react";
import { useT } from "~/lib/i18n";

/**
 * A card's rating line from the product's stored, visible reviews only (decisions/026):
 * "★ 4.3 (12 reviews)", or "No reviews yet" when there are none.
 */
export function CardRating({ rating, numReviews }: { rating: number; numReviews: number }) {
  const t = useT();
  if (numReviews <= 0) return <p className="text-xs text-gray-600">{t("catalog.noReviews")}</p>;
  const value = rating.toFixed(1);
  const reviews = t("catalog.reviews", { count: numReviews });
  return (
    <p className="flex items-center gap-1 text-xs text-gray-700">
      <Star className="h-3.5 w-3.5 shrink-0 text-amber-600" fill="currentColor" strokeWidth={0} aria-hidden />
      <span className="sr-only">{t("catalog.rated", { value, reviews })}</span>
      <span aria-hidden>
        <span className="font-semibold text-gray-900">{value}</span> ({reviews})
      </span>
    </p>
  );
}
