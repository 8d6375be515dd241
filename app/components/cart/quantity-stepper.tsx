import { Minus, Plus } from "lucide-react";
import { useT } from "~/lib/i18n";

const STEP_BUTTON =
  "inline-flex h-9 w-9 flex-none items-center justify-center text-gray-800 hover:bg-gray-100 aria-disabled:cursor-not-allowed aria-disabled:text-gray-400 aria-disabled:hover:bg-transparent";

/**
 * A quantity from 1 to `max` with − and + buttons (the cart drawer's controls, before the line
 * exists). aria-disabled rather than disabled at the ends, so the focus stays on the button.
 */
export function QuantityStepper({ value, max, onChange, name }: { value: number; max: number; onChange: (quantity: number) => void; name: string }) {
  const t = useT();
  const atMinimum = value <= 1;
  const atMaximum = value >= max;
  return (
    <div className="flex items-center justify-between rounded-md border border-gray-300 bg-white" role="group" aria-label={t("catalog.quantityOf", { name })}>
      <button
        type="button"
        aria-label={t("catalog.decrease", { name })}
        aria-disabled={atMinimum}
        onClick={() => {
          if (!atMinimum) onChange(value - 1);
        }}
        className={STEP_BUTTON}
      >
        <Minus className="h-4 w-4" aria-hidden />
      </button>
      <span className="min-w-8 text-center font-medium text-gray-900" aria-live="polite">
        <span className="sr-only">{t("catalog.quantity")}</span>
        {value}
      </span>
      <button
        type="button"
        aria-label={t("catalog.increase", { name })}
        aria-disabled={atMaximum}
        onClick={() => {
          if (!atMaximum) onChange(value + 1);
        }}
        className={STEP_BUTTON}
      >
        <Plus className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
