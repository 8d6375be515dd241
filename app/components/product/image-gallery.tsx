import { Expand } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import type { ProductImageJson } from "#common/catalog.ts";
import { PRODUCT_PLACEHOLDER } from "#common/images.ts";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useT } from "~/lib/i18n";

const loadFullScreen = () => import("./full-screen-image");
const FullScreenImage = lazy(loadFullScreen);

/** The main image (the page's LCP), thumbnails to switch it (arrow keys move between them), and a full-screen view. */
export function ImageGallery({ images, name }: { images: ProductImageJson[]; name: string }) {
  const list = images.length > 0 ? images : [{ url: PRODUCT_PLACEHOLDER, altText: name }];
  const [index, setIndex] = useState(0);
  const t = useT();
  const [fullScreen, setFullScreen] = useState(false);
  // The dialog's code arrives with the first open and stays mounted after it.
  const [used, setUsed] = useState(false);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const openButton = useRef<HTMLButtonElement>(null);
  const current = list[index] ?? list[0];
  const count = list.length;

  const select = (next: number, focus = false) => {
    const wrapped = (next + count) % count;
    setIndex(wrapped);
    if (focus) thumbs.current[wrapped]?.focus();
  };
  const openFullScreen = () => {
    setUsed(true);
    setFullScreen(true);
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
          onClick={openFullScreen}
        />
        <FullScreenButton ref={openButton} expanded={fullScreen} onClick={openFullScreen} />
      </div>

      {count > 1 ? (
        <div role="group" aria-label={t("product.images")} className="mt-3 flex gap-3">
          {list.map((image, i) => (
            <button
              key={image.url}
              ref={(element) => {
                thumbs.current[i] = element;
              }}
              type="button"
              aria-label={t("product.showImage", { index: i + 1, count })}
              aria-pressed={i === index}
              tabIndex={i === index ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={onThumbKey}
              className="h-20 w-20 overflow-hidden rounded-lg border-2 border-gray-200 bg-gray-50 aria-pressed:border-brand-700"
            >
              <ResponsiveImage src={image.url} alt="" width={80} height={80} sizes="80px" maxWidth={160} className="h-full w-full object-contain" />
            </button>
          ))}
        </div>
      ) : null}

      {used ? (
        <Suspense fallback={null}>
          <FullScreenImage
            open={fullScreen}
            onOpenChange={setFullScreen}
            returnFocusTo={openButton}
            images={list}
            index={index}
            onSelect={select}
            name={name}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Shown once the page has hydrated (it needs JavaScript). Its own component, so that the switch
 * re-renders only the button, not the gallery's images.
 */
function FullScreenButton({ ref, expanded, onClick }: { ref: React.Ref<HTMLButtonElement>; expanded: boolean; onClick: () => void }) {
  const hydrated = useHydrated();
  const t = useT();
  return (
    <button
      ref={ref}
      type="button"
      hidden={!hydrated}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={onClick}
      className="absolute bottom-3 right-3 inline-flex items-center gap-1 rounded-md bg-white/95 px-3 py-2 text-sm font-medium text-gray-900 shadow hover:bg-white"
    >
      <Expand className="h-4 w-4" aria-hidden />
      {t("product.fullScreen")}
    </button>
  );
}

function preload() {
  void loadFullScreen();
}
