import { useId } from "react";
import { useLanguage, useT } from "~/lib/i18n";

export const MAX_QUANTITY_PER_ADD = 10;

/** The largest quantity a shopper may pick: the smaller of 10 and the stock. */
export function maxQuantity(countInStock: number): number {
  return Math.max(0, Math.min(MAX_QUANTITY_PER_ADD, countInStock));
}

/** Quantity 1..min(10, stock), with the pack text beside it ("/Sachet", "200ml"). */
export function QuantitySelector({
  value,
  onChange,
  countInStock,
  packText,
}: {
  value: number;
  onChange: (quantity: number) => void;
  countInStock: number;
  packText: string | null;
}) {
  const id = useId();
  const t = useT();
  const language = useLanguage();
  const max = maxQuantity(countInStock);
  const options = Array.from({ length: Math.max(1, max) }, (_, index) => index + 1);
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-semibold text-gray-900">
        {t("product.quantity")}
      </label>
      <select
        id={id}
        name="quantity"
        value={Math.min(value, Math.max(1, max))}
        disabled={max === 0}
        onChange={(event) => onChange(Number(event.target.value))}
        className="rounded-md border border-gray-400 bg-white px-3 py-2 text-base disabled:bg-gray-100 disabled:text-gray-500"
      >
        {options.map((quantity) => (
          <option key={quantity} value={quantity}>
            {quantity}
          </option>
        ))}
      </select>
      {packText ? <span lang={language === "hi" ? "en" : undefined} className="text-sm text-gray-700">{packText}</span> : null}
    </div>
  );
}
