import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useT } from "~/lib/i18n";

/** The mobile filter drawer itself (loaded on demand by FilterDrawer). */
export default function FilterDialog({
  open,
  onOpenChange,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[22rem] max-w-[90vw] flex-col bg-white shadow-xl focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold text-gray-900">{t("catalog.filters")}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="rounded-md p-2 text-gray-700 hover:bg-gray-100" aria-label={t("catalog.closeFilters")}>
                <X className="h-5 w-5" aria-hidden />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("catalog.filterDescription")}</Dialog.Description>
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
          <div className="border-t border-gray-200 p-4">
            <Dialog.Close asChild>
              <button type="button" className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800">
                {t("catalog.showResults")}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
