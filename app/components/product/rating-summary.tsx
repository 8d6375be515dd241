import { useT } from "~/lib/i18n";
import { StarRating } from "./star-rating";

/**
 * The product page's rating beside the name, from the stored, visible reviews only
 * (decisions/026): stars, the average and "N reviews"; "No reviews yet" when there are none.
 * Either way a link to the Reviews tab (`?tab=reviews` without JavaScript).
 */
export function RatingSummary({
  rating,
  numReviews,
  onShowReviews,
}: {
  rating: number;
  numReviews: number;
  onShowReviews: (event: React.MouseEvent) => void;
}) {
  const t = useT();
  const link = (text: string) => (
    // biome-ignore lint/a11y/useValidAnchor: a real link without JavaScript (?tab=reviews), switching the tab in place with it.
    <a href="?tab=reviews#product-info" onClick={onShowReviews} className="text-sm text-brand-800 underline">
      {text}
    </a>
  );
  if (numReviews <= 0) {
    return <div className="mt-3 flex flex-wrap items-center gap-2">{link(t("catalog.noReviews"))}</div>;
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <StarRating rating={rating} />
      <span className="text-sm font-medium text-gray-800">{rating.toFixed(1)}</span>
      {link(t("catalog.reviews", { count: numReviews }))}
    </div>
  );
}
