import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ProductImageJson } from "#common/catalog.ts";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useT } from "~/lib/i18n";

/** The gallery's full-screen view (loaded on demand by ImageGallery); arrow keys change the image. */
export default function FullScreenImage({
  open,
  onOpenChange,
  returnFocusTo,
  images,
  index,
  onSelect,
  name,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
  images: ProductImageJson[];
  index: number;
  onSelect: (index: number) => void;
  name: string;
}) {
  const t = useT();
  const count = images.length;
  const current = images[index] ?? images[0];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          onKeyDown={(event) => {
            if (count < 2) return;
            if (event.key === "ArrowRight") onSelect(index + 1);
            if (event.key === "ArrowLeft") onSelect(index - 1);
          }}
        >
          <div className="flex items-center justify-between px-4 py-3 text-white">
            <Dialog.Title className="text-base font-medium">
              {name}
              {count > 1 ? (
                <span className="ml-2 text-gray-300">
                  {t("product.imageOf", { index: index + 1, count })}
                </span>
              ) : null}
            </Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="rounded-md p-2 text-white hover:bg-white/10" aria-label={t("product.closeFullScreen")}>
                <X className="h-6 w-6" aria-hidden />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{current.altText || name}</Dialog.Description>
          <div className="relative flex min-h-0 flex-1 items-center justify-center p-4">
            <ResponsiveImage
              key={current.url}
              src={current.url}
              alt={current.altText || name}
              width={1200}
              height={1200}
              sizes="100vw"
              priority
              className="max-h-full max-w-full object-contain"
            />
            {count > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => onSelect(index - 1)}
                  className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-900 hover:bg-white"
                  aria-label={t("product.previousImage")}
                >
                  <ChevronLeft className="h-6 w-6" aria-hidden />
                </button>
                <button
                  type="button"
                  onClick={() => onSelect(index + 1)}
                  className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-900 hover:bg-white"
                  aria-label={t("product.nextImage")}
                >
                  <ChevronRight className="h-6 w-6" aria-hidden />
                </button>
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
