import { Star } from "lucide-react";
import { useT } from "~/lib/i18n";

const STARS = [0, 1, 2, 3, 4];

/** Five stars filled to the rating, announced as "Rated 4.5 out of 5". */
export function StarRating({ rating, size = "md" }: { rating: number; size?: "sm" | "md" }) {
  const t = useT();
  const value = Math.round(Math.min(5, Math.max(0, rating)) * 10) / 10;
  const icon = size === "sm" ? "h-4 w-4 shrink-0" : "h-5 w-5 shrink-0";
  return (
    <span role="img" aria-label={t("product.rated", { value })} className="relative inline-flex align-middle">
      <span className="flex text-gray-300">
        {STARS.map((star) => (
          <Star key={star} className={icon} fill="currentColor" strokeWidth={0} aria-hidden />
        ))}
      </span>
      <span className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-600" style={{ width: `${(value / 5) * 100}%` }}>
        {STARS.map((star) => (
          <Star key={star} className={icon} fill="currentColor" strokeWidth={0} aria-hidden />
        ))}
      </span>
    </span>
  );
}
