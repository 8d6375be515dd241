import { ChevronLeft, ChevronRight } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { Await, useAsyncError } from "react-router";
import { ProductCard, type CardProduct } from "~/components/catalog/product-card";
import { type Translate, useT } from "~/lib/i18n";

/** Spec section 9: scroll step, drag multiplier and card width of the carousel. */
export const CAROUSEL_SCROLL_STEP = 300;
export const CAROUSEL_DRAG_MULTIPLIER = 1.5;
const DRAG_THRESHOLD_PX = 5;

/** "Explore New Arrivals": streamed in after the first paint (the loader defers it). */
export function NewArrivals({ products }: { products: Promise<CardProduct[]> }) {
  const t = useT();
  return (
    <section aria-labelledby="new-arrivals-heading" className="below-fold bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <Suspense
          fallback={
            <Frame t={t}>
              <p role="status" className="text-gray-700">
                {t("home.arrivals.loading")}
              </p>
            </Frame>
          }
        >
          <Await resolve={products} errorElement={<NewArrivalsError />}>
            {(list) => <ProductCarousel products={list} />}
          </Await>
        </Suspense>
      </div>
    </section>
  );
}

/** The heading row and the track's box; the same in every state, so nothing shifts when the list arrives. */
function Frame({ controls, children, t }: { controls?: React.ReactNode; children: React.ReactNode; t: Translate }) {
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="new-arrivals-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
            {t("home.arrivals.heading")}
          </h2>
          <p className="mt-2 text-gray-700">{t("home.arrivals.text")}</p>
        </div>
        {controls ? <div className="flex gap-2">{controls}</div> : null}
      </div>
      <div className="mt-6 min-h-[40rem]">{children}</div>
    </>
  );
}

function NewArrivalsError() {
  const error = useAsyncError();
  const t = useT();
  const message = error instanceof Error ? error.message : t("errors.title500");
  return (
    <Frame t={t}>
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        {t("home.arrivals.error", { message })}
      </p>
    </Frame>
  );
}

const ARROW =
  "inline-flex h-10 w-10 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-800 shadow-sm hover:border-brand-500 hover:text-brand-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:border-gray-300 aria-disabled:hover:text-gray-800";

function ProductCarousel({ products }: { products: CardProduct[] }) {
  const t = useT();
  const trackRef = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  const drag = useRef<{ pointerId: number; x: number; scrollLeft: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const update = () => {
      setAtStart(track.scrollLeft <= 1);
      setAtEnd(track.scrollLeft + track.clientWidth >= track.scrollWidth - 1);
    };
    track.addEventListener("scroll", update, { passive: true });
    // Also reports the first size: no forced layout while the page hydrates.
    const observer = new ResizeObserver(update);
    observer.observe(track);
    return () => {
      track.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);

  function scrollByStep(direction: 1 | -1) {
    const track = trackRef.current;
    if (!track || (direction < 0 ? atStart : atEnd)) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    track.scrollBy({ left: direction * CAROUSEL_SCROLL_STEP, behavior: reduce ? "auto" : "smooth" });
  }

  // Mouse drag scrolling; touch and pen keep the browser's own scrolling, keys are untouched.
  function onPointerDown(event: React.PointerEvent<HTMLUListElement>) {
    if (event.pointerType !== "mouse" || event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, x: event.clientX, scrollLeft: event.currentTarget.scrollLeft, moved: false };
  }
  function onPointerMove(event: React.PointerEvent<HTMLUListElement>) {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const dx = event.clientX - state.x;
    if (!state.moved) {
      if (Math.abs(dx) < DRAG_THRESHOLD_PX) return;
      state.moved = true;
      // Captured only once it is a drag, so a plain click still reaches the card's link.
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    event.currentTarget.scrollLeft = state.scrollLeft - dx * CAROUSEL_DRAG_MULTIPLIER;
  }
  function endDrag() {
    if (drag.current?.moved) {
      // The click that ends a drag must not open a product; it fires in this same task.
      suppressClick.current = true;
      window.setTimeout(() => (suppressClick.current = false), 0);
    }
    drag.current = null;
  }

  return (
    <Frame
      t={t}
      controls={
        <>
          <button
            type="button"
            className={ARROW}
            aria-label={t("home.arrivals.left")}
            aria-controls="new-arrivals-track"
            aria-disabled={atStart}
            onClick={() => scrollByStep(-1)}
          >
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </button>
          <button
            type="button"
            className={ARROW}
            aria-label={t("home.arrivals.right")}
            aria-controls="new-arrivals-track"
            aria-disabled={atEnd}
            onClick={() => scrollByStep(1)}
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </button>
        </>
      }
    >
      {products.length === 0 ? (
        <p className="text-gray-700">{t("home.arrivals.empty")}</p>
      ) : (
        <ul
          ref={trackRef}
          id="new-arrivals-track"
          aria-label={t("home.arrivals.label")}
          className="relative flex cursor-grab gap-5 overflow-x-auto pb-4 select-none active:cursor-grabbing"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onClickCapture={(event) => {
            if (!suppressClick.current) return;
            event.preventDefault();
            event.stopPropagation();
          }}
          onDragStart={(event) => event.preventDefault()}
        >
          {products.map((product) => (
            <li key={product._id} className="w-[280px] shrink-0">
              <ProductCard product={product} sizes="280px" />
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}
