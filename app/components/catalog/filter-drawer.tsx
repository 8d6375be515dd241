import { SlidersHorizontal, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * The filters on narrow screens (≤ 900 px): a dialog opened by "Filters". Before JavaScript runs
 * the button is a link to the in-page #filters panel, which CSS shows as an overlay (:target).
 */
export function FilterDrawer({
  activeCount,
  children,
}: {
  activeCount: number;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const className =
    "inline-flex items-center gap-2 rounded-md border border-gray-400 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50 min-[901px]:hidden";
  const label = (
    <>
      <SlidersHorizontal className="h-4 w-4" aria-hidden />
      Filters
      {activeCount > 0 ? (
        <span className="rounded-full bg-brand-700 px-2 text-xs text-white">
          {activeCount}
          <span className="sr-only"> active</span>
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
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={className}>
          {label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[22rem] max-w-[90vw] flex-col bg-white shadow-xl focus:outline-none">
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold text-gray-900">Filters</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="rounded-md p-2 text-gray-700 hover:bg-gray-100" aria-label="Close filters">
                <X className="h-5 w-5" aria-hidden />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Narrow the product list; results update as you choose.</Dialog.Description>
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
          <div className="border-t border-gray-200 p-4">
            <Dialog.Close asChild>
              <button type="button" className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800">
                Show results
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
