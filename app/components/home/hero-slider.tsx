import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useLocalePath, useT } from "~/lib/i18n";

/** Spec section 9: autoplay every 5 s, text 1 s after a slide shows, 3 slides. */
export const HERO_AUTOPLAY_MS = 5000;
export const HERO_TEXT_DELAY_MS = 1000;

/** The hero always spans the viewport; the preload in home.tsx must offer the same srcset and sizes. */
export const HERO_IMAGE = { width: 1600, height: 700, sizes: "100vw", maxWidth: 1200 } as const;

/** A slide: its picture and where its button leads; its texts are `home.hero.<key>.headline`, `.subtext` and `.cta`. */
export interface HeroSlide {
  key: string;
  image: string;
  to: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  { key: "1", image: "/images/hero/slide-1.webp", to: "/collections/women-care" },
  { key: "2", image: "/images/hero/slide-2.webp", to: "/collections/sports-nutrition" },
  { key: "3", image: "/images/hero/slide-3.webp", to: "/collections/kids-nutrition" },
];

const COUNT = HERO_SLIDES.length;

/**
 * The hero carousel (WAI-ARIA APG carousel pattern). Server-rendered with the first slide and its
 * text visible; after hydration it rotates every 5 s unless the visitor prefers reduced motion,
 * pauses while hovered or keyboard-focused, and has a pause/play button (WCAG 2.2.2).
 */
export function HeroSlider() {
  const t = useT();
  const lp = useLocalePath();
  const [index, setIndex] = useState(0);
  // Bumped on every slide change (automatic or manual) so both timers start again.
  const [cycle, setCycle] = useState(0);
  const [textShown, setTextShown] = useState(true);
  // Off until hydration decides (no rotation without JavaScript or under reduced motion).
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Slides 2 and 3 get their images once the page has loaded, never competing with the LCP image.
  const [restLoaded, setRestLoaded] = useState(false);
  const regionRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const rotating = playing && !hovered && !focused;

  function goTo(target: number) {
    const next = (target + COUNT) % COUNT;
    if (next !== index) {
      setIndex(next);
      setTextShown(false);
      setRestLoaded(true);
    }
    setCycle((value) => value + 1);
  }

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setPlaying(!query.matches);
    const onChange = (event: MediaQueryListEvent) => event.matches && setPlaying(false);
    query.addEventListener("change", onChange);

    const loadRest = () => setRestLoaded(true);
    if (document.readyState === "complete") loadRest();
    else window.addEventListener("load", loadRest, { once: true });
    return () => {
      query.removeEventListener("change", onChange);
      window.removeEventListener("load", loadRest);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: goTo is new every render; the reason follows.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => goTo(index + 1), HERO_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
    // goTo reads only `index`; `cycle` restarts the wait after every manual change.
  }, [rotating, index, cycle]);

  useEffect(() => {
    if (textShown) return;
    const timer = window.setTimeout(() => setTextShown(true), HERO_TEXT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [textShown, cycle]);

  return (
    <section
      ref={regionRef}
      aria-roledescription="carousel"
      aria-label={t("home.hero.label")}
      className="relative h-[32rem] bg-brand-50 sm:h-[28rem] lg:h-[32rem]"
      onPointerEnter={(event) => event.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setHovered(false)}
      onFocus={(event) => {
        // Keyboard focus pauses rotation (APG); a mouse click on a control does not, and
        // focusing the pause/play button itself must not fight what it is about to do.
        if (event.target !== toggleRef.current && event.target.matches(":focus-visible")) setFocused(true);
      }}
      onBlur={(event) => {
        if (!regionRef.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* Anchored left, not centred: a centred bar would move as its buttons stream in (CLS). */}
      <div className="absolute inset-x-0 bottom-3 z-10 mx-auto max-w-7xl px-4 sm:bottom-5 sm:px-6">
        <div className="inline-flex items-center gap-1 rounded-full bg-white/95 px-2 py-1 shadow-md ring-1 ring-gray-200">
          <button
            ref={toggleRef}
            type="button"
            className="rounded-full p-1.5 text-gray-800 hover:bg-brand-50 hover:text-brand-800"
            aria-label={playing ? t("home.hero.pause") : t("home.hero.play")}
            onClick={() => {
              setPlaying((value) => !value);
              setFocused(false);
            }}
          >
            {playing ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
          </button>
          <button
            type="button"
            className="rounded-full p-1.5 text-gray-800 hover:bg-brand-50 hover:text-brand-800"
            aria-label={t("home.hero.previous")}
            aria-controls="hero-slides"
            onClick={() => goTo(index - 1)}
          >
            <ChevronLeft className="h-5 w-5" aria-hidden />
          </button>
          {HERO_SLIDES.map((slide, i) => (
            <button
              key={slide.image}
              type="button"
              className="group flex h-7 w-7 items-center justify-center rounded-full"
              aria-label={t("home.hero.show", { n: i + 1, count: COUNT })}
              aria-current={i === index ? "true" : undefined}
              aria-controls="hero-slides"
              onClick={() => goTo(i)}
            >
              <span
                className={`block h-2.5 w-2.5 rounded-full ${
                  i === index ? "bg-brand-700 ring-2 ring-brand-700 ring-offset-2" : "bg-gray-500 group-hover:bg-brand-500"
                }`}
              />
            </button>
          ))}
          <button
            type="button"
            className="rounded-full p-1.5 text-gray-800 hover:bg-brand-50 hover:text-brand-800"
            aria-label={t("home.hero.next")}
            aria-controls="hero-slides"
            onClick={() => goTo(index + 1)}
          >
            <ChevronRight className="h-5 w-5" aria-hidden />
          </button>
        </div>
      </div>

      <div
        id="hero-slides"
        aria-live={rotating ? "off" : "polite"}
        className="relative h-full overflow-hidden"
      >
        {HERO_SLIDES.map((slide, i) => {
          const active = i === index;
          const showText = active && textShown;
          return (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.hero.position", { n: i + 1, count: COUNT })}
              className={`absolute inset-0 bg-white transition-[opacity,visibility] duration-700 sm:bg-brand-50 ${
                active ? "visible opacity-100" : "invisible opacity-0"
              }`}
            >
              <div className="relative h-48 sm:absolute sm:inset-0 sm:h-full">
                {i === 0 || restLoaded ? (
                  <ResponsiveImage
                    src={slide.image}
                    alt=""
                    width={HERO_IMAGE.width}
                    height={HERO_IMAGE.height}
                    sizes={HERO_IMAGE.sizes}
                    maxWidth={HERO_IMAGE.maxWidth}
                    priority={i === 0}
                    className="h-full w-full object-cover object-right"
                  />
                ) : null}
                <div className="absolute inset-0 hidden bg-gradient-to-r from-white/95 via-white/75 via-45% to-white/0 sm:block" />
              </div>
              <div className="relative mx-auto flex max-w-7xl px-4 pt-5 sm:h-full sm:items-center sm:px-6 sm:pt-0 sm:pb-10">
                <div
                  className={`max-w-xl transition-[opacity,transform,visibility] duration-500 ${
                    showText ? "visible translate-y-0 opacity-100" : "invisible translate-y-3 opacity-0"
                  }`}
                >
                  <h2 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-4xl lg:text-5xl">{t(`home.hero.${slide.key}.headline`)}</h2>
                  <p className="mt-2 text-base text-gray-800 sm:mt-4 sm:text-lg">{t(`home.hero.${slide.key}.subtext`)}</p>
                  <Link
                    to={lp(slide.to)}
                    className="mt-4 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 sm:mt-6"
                  >
                    {t(`home.hero.${slide.key}.cta`)}
                  </Link>
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
