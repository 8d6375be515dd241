import { ChevronLeft, ChevronRight, Expand, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, useState } from "react";
import { PRODUCT_PLACEHOLDER } from "#common/images.ts";
import type { ProductImageJson } from "#common/catalog.ts";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { ResponsiveImage } from "~/components/ui/responsive-image";

/** The main image (the page's LCP), thumbnails to switch it (arrow keys move between them), and a full-screen view. */
export function ImageGallery({ images, name }: { images: ProductImageJson[]; name: string }) {
  const list = images.length > 0 ? images : [{ url: PRODUCT_PLACEHOLDER, altText: name }];
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const hydrated = useHydrated();
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = list[index] ?? list[0];
  const count = list.length;

  const select = (next: number, focus = false) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    if (focus) thumbs.current[wrapped]?.focus();
  };

  const onThumbKey = (event: React.KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key], true);
  };

  return (
    <Dialog.Root open={fullScreen} onOpenChange={setFullScreen}>
      <div>
        <div className="relative aspect-square overflow-hidden rounded-xl border border-gray-200 bg-gray-50">
          <ResponsiveImage
            key={current.url}
            src={current.url}
            alt={current.altText || name}
            width={800}
            height={800}
            sizes="(max-width: 767px) 92vw, (max-width: 1280px) 46vw, 600px"
            priority={index === 0}
            className="h-full w-full cursor-zoom-in object-contain"
            onClick={() => setFullScreen(true)}
          />
          <Dialog.Trigger asChild>
            <button
              type="button"
              hidden={!hydrated}
              className="absolute bottom-3 right-3 inline-flex items-center gap-1 rounded-md bg-white/95 px-3 py-2 text-sm font-medium text-gray-900 shadow hover:bg-white"
            >
              <Expand className="h-4 w-4" aria-hidden />
              View full screen
            </button>
          </Dialog.Trigger>
        </div>

        {count > 1 ? (
          <div role="group" aria-label="Product images" className="mt-3 flex gap-3">
            {list.map((image, i) => (
              <button
                key={image.url}
                ref={(element) => {
                  thumbs.current[i] = element;
                }}
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                aria-pressed={i === index}
                tabIndex={i === index ? 0 : -1}
                onClick={() => select(i)}
                onKeyDown={onThumbKey}
                className="h-20 w-20 overflow-hidden rounded-lg border-2 border-gray-200 bg-gray-50 aria-pressed:border-brand-700"
              >
                <ResponsiveImage
                  src={image.url}
                  alt=""
                  width={80}
                  height={80}
                  sizes="80px"
                  maxWidth={160}
                  className="h-full w-full object-contain"
                />
              </button>
            ))}
          </div>
        ) : null}

        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
          <Dialog.Content
            className="fixed inset-0 z-50 flex flex-col focus:outline-none"
            onKeyDown={(event) => {
              if (count < 2) return;
              if (event.key === "ArrowRight") select(index + 1);
              if (event.key === "ArrowLeft") select(index - 1);
            }}
          >
            <div className="flex items-center justify-between px-4 py-3 text-white">
              <Dialog.Title className="text-base font-medium">
                {name}
                {count > 1 ? (
                  <span className="ml-2 text-gray-300">
                    (image {index + 1} of {count})
                  </span>
                ) : null}
              </Dialog.Title>
              <Dialog.Close asChild>
                <button type="button" className="rounded-md p-2 text-white hover:bg-white/10" aria-label="Close full screen view">
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
                    onClick={() => select(index - 1)}
                    className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-900 hover:bg-white"
                    aria-label="Previous image"
                  >
                    <ChevronLeft className="h-6 w-6" aria-hidden />
                  </button>
                  <button
                    type="button"
                    onClick={() => select(index + 1)}
                    className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-900 hover:bg-white"
                    aria-label="Next image"
                  >
                    <ChevronRight className="h-6 w-6" aria-hidden />
                  </button>
                </>
              ) : null}
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </div>
    </Dialog.Root>
  );
}
