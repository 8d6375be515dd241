import { formatRupeeAmount } from "#common/money.ts";
import { PRICE_FILTER_MAX } from "#common/catalog.ts";
import { useT } from "~/lib/i18n";
import { PRICE_STEP } from "./listing-query";

// Two native range inputs over one track: keyboard, touch and screen readers for free, and no
// slider library in the page's JavaScript (a library slider would take the page over budget).
const THUMB =
  "[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:h-5 [&::-webkit-slider-thumb]:w-5 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-700 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow " +
  "[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:h-4 [&::-moz-range-thumb]:w-4 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-700 [&::-moz-range-thumb]:bg-white " +
  "focus-visible:outline-none [&:focus-visible::-webkit-slider-thumb]:outline-3 [&:focus-visible::-webkit-slider-thumb]:outline-offset-2 [&:focus-visible::-webkit-slider-thumb]:outline-accent-500 [&:focus-visible::-moz-range-thumb]:outline-3 [&:focus-visible::-moz-range-thumb]:outline-accent-500 " +
  "disabled:[&::-webkit-slider-thumb]:border-gray-400 disabled:[&::-webkit-slider-thumb]:cursor-default";
const INPUT = `pointer-events-none absolute inset-0 h-6 w-full appearance-none bg-transparent ${THUMB}`;

/** The price range, 0 to 1000 in steps of 10, with a thumb for each end. */
export function PriceSlider({
  value: [min, max],
  onChange,
  disabled,
}: {
  value: [number, number];
  onChange: (value: [number, number]) => void;
  /** Before JavaScript runs the number boxes below it are the way to set prices. */
  disabled: boolean;
}) {
  const t = useT();
  const percent = (amount: number) => (amount / PRICE_FILTER_MAX) * 100;
  return (
    <div className="relative mt-3 h-6">
      <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gray-300" aria-hidden>
        <div
          className={`absolute h-full rounded-full ${disabled ? "bg-gray-400" : "bg-brand-600"}`}
          style={{ left: `${percent(min)}%`, right: `${100 - percent(max)}%` }}
        />
      </div>
      <input
        type="range"
        aria-label={t("catalog.minimumPrice")}
        aria-valuetext={formatRupeeAmount(min)}
        min={0}
        max={PRICE_FILTER_MAX}
        step={PRICE_STEP}
        value={min}
        disabled={disabled}
        onChange={(event) => onChange([Math.min(Number(event.target.value), max - PRICE_STEP), max])}
        className={INPUT}
        // Thumbs close together: the one with room to move stays on top.
        style={{ zIndex: min > PRICE_FILTER_MAX / 2 ? 2 : 1 }}
      />
      <input
        type="range"
        aria-label={t("catalog.maximumPrice")}
        aria-valuetext={max >= PRICE_FILTER_MAX ? t("catalog.range.orMore", { amount: formatRupeeAmount(PRICE_FILTER_MAX) }) : formatRupeeAmount(max)}
        min={0}
        max={PRICE_FILTER_MAX}
        step={PRICE_STEP}
        value={max}
        disabled={disabled}
        onChange={(event) => onChange([min, Math.max(Number(event.target.value), min + PRICE_STEP)])}
        className={INPUT}
      />
    </div>
  );
}
