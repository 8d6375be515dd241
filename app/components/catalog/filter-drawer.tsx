import { SlidersHorizontal } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useT } from "~/lib/i18n";
import { useHydrated } from "./use-hydrated";

const loadDialog = () => import("./filter-dialog");
const FilterDialog = lazy(loadDialog);

/**
 * The filters on narrow screens (≤ 900 px): a dialog opened by "Filters", its code fetched when
 * the shopper heads for the button. Before JavaScript runs the button is a link to the in-page
 * #filters panel, which CSS shows as an overlay (:target).
 */
export function FilterDrawer({ activeCount, children }: { activeCount: number; children: React.ReactNode }) {
  const hydrated = useHydrated();
  const t = useT();
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing runs the dialog's own focus handling.
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const className =
    "inline-flex items-center gap-2 rounded-md border border-gray-400 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50 min-[901px]:hidden";
  const label = (
    <>
      <SlidersHorizontal className="h-4 w-4" aria-hidden />
      {t("catalog.filters")}
      {activeCount > 0 ? (
        <span className="rounded-full bg-brand-700 px-2 text-xs text-white">
          {activeCount}
          <span className="sr-only">{t("catalog.activeCount")}</span>
        </span>
      ) : null}
    </>
  );

  if (!hydrated) {
    return (
      <a href="#filters" className={className}>
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className={className}
      >
        {label}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <FilterDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef}>
            {children}
          </FilterDialog>
        </Suspense>
      ) : null}
    </>
  );
}

function preload() {
  void loadDialog();
}
