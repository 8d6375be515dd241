import { formatRupeeAmount } from "#common/money.ts";
import { useT } from "~/lib/i18n";

/** The selling price, with the MRP struck through and the saving when the MRP is higher (DPCO: show both). */
export function Price({ price, mrp, size = "md" }: { price: number; mrp: number; size?: "md" | "lg" }) {
  const t = useT();
  const discounted = mrp > price;
  const percentOff = discounted ? Math.round(((mrp - price) / mrp) * 100) : 0;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${size === "lg" ? "text-base" : "text-sm"}`}>
      <span className="sr-only">{t("catalog.price")}</span>
      <span className={`font-bold text-gray-900 ${size === "lg" ? "text-3xl" : "text-lg"}`}>{formatRupeeAmount(price)}</span>
      {discounted ? (
        <>
          <span className="text-gray-600">
            <span className={size === "lg" ? "" : "sr-only"}>{t("catalog.mrp")}</span>
            <s>{formatRupeeAmount(mrp)}</s>
          </span>
          <span className="font-semibold text-green-800">{t("catalog.percentOff", { percent: percentOff })}</span>
        </>
      ) : null}
    </p>
  );
}
