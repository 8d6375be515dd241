import { CalendarDays, ExternalLink } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { formatLongDate } from "#common/dates.ts";
import type { ResearchArticle } from "#common/research.ts";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useT } from "~/lib/i18n";

/** The filters; each label is `home.research.<value>`. */
const FILTERS = [{ value: "all" }, { value: "research" }, { value: "education" }, { value: "clinical" }] as const;

type Filter = (typeof FILTERS)[number]["value"];

/**
 * Columns of the wide grid under an expanded card: the others share full rows where they can
 * (two cards as two halves), so no blank cell sits beside a card.
 */
const REST_COLUMNS: Record<number, string> = { 1: "lg:grid-cols-3", 2: "lg:grid-cols-2", 4: "lg:grid-cols-2" };

const CATEGORY_STYLE: Record<string, string> = {
  research: "bg-indigo-50 text-indigo-800",
  education: "bg-emerald-50 text-emerald-800",
  clinical: "bg-sky-50 text-sky-800",
};

/** "2024-03-15" → "15 March 2024" (the shop's one date format, common/dates.ts). */
const formatPublishedOn = formatLongDate;

/** Research highlights: filter by category; one card at a time expands to full width with the whole article. */
export function ResearchHighlights({ articles }: { articles: ResearchArticle[] }) {
  const t = useT();
  const [filter, setFilter] = useState<Filter>("all");
  const [expanded, setExpanded] = useState<string | null>(null);
  const filterRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const visible = filter === "all" ? articles : articles.filter((article) => article.category === filter);
  // The expanded card goes first, full width, and the others follow it: a full-width card in the
  // middle of the grid would leave blank cells beside the cards of the row it broke.
  const open = visible.find((article) => article.slug === expanded);
  const ordered = open ? [open, ...visible.filter((article) => article !== open)] : visible;
  const columns = open ? (REST_COLUMNS[ordered.length - 1] ?? "lg:grid-cols-3") : "lg:grid-cols-3";
  const toggled = useRef<{ slug: string; opened: boolean } | null>(null);
  const cardRefs = useRef(new Map<string, HTMLElement>());

  // The toggled card may have moved: keep the focus on its button and bring an opened card into view.
  useEffect(() => {
    const last = toggled.current;
    toggled.current = null;
    const card = last ? cardRefs.current.get(last.slug) : undefined;
    if (!last || !card) return;
    const button = card.querySelector<HTMLButtonElement>("button[aria-expanded]");
    if (button && document.activeElement !== button) button.focus({ preventScroll: true });
    if (last.opened && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: "start" });
  }, [expanded]);

  function toggle(slug: string) {
    const opened = expanded !== slug;
    toggled.current = { slug, opened };
    setExpanded(opened ? slug : null);
  }

  function choose(next: Filter) {
    setFilter(next);
    if (expanded && next !== "all" && articles.find((article) => article.slug === expanded)?.category !== next) {
      setExpanded(null);
    }
  }

  // A toolbar is one tab stop; arrow keys, Home and End move between its buttons.
  function onToolbarKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    const current = filterRefs.current.findIndex((button) => button === document.activeElement);
    if (current === -1) return;
    const last = FILTERS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? (current + 1) % FILTERS.length
        : event.key === "ArrowLeft"
          ? (current + last) % FILTERS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    filterRefs.current[target]?.focus();
  }

  const selectedLabel = t(`home.research.${filter}`);
  return (
    <section aria-labelledby="research-heading" className="below-fold bg-brand-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <h2 id="research-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
          {t("home.research.heading")}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-gray-700">{t("home.research.text")}</p>
        <div
          role="toolbar"
          aria-label={t("home.research.filterLabel")}
          aria-controls="research-articles"
          className="mt-6 flex flex-wrap gap-2"
          onKeyDown={onToolbarKeyDown}
        >
          {FILTERS.map((option, i) => {
            const pressed = option.value === filter;
            return (
              <button
                key={option.value}
                ref={(element) => {
                  filterRefs.current[i] = element;
                }}
                type="button"
                tabIndex={pressed ? 0 : -1}
                aria-pressed={pressed}
                onClick={() => choose(option.value)}
                className={`rounded-full border px-4 py-2 text-sm font-semibold ${
                  pressed
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-gray-300 bg-white text-gray-800 hover:border-brand-500 hover:text-brand-800"
                }`}
              >
                {t(`home.research.${option.value}`)}
              </button>
            );
          })}
        </div>
        <p role="status" className="sr-only">
          {filter === "all"
            ? t("home.research.showing", { count: visible.length })
            : t("home.research.showingIn", { count: visible.length, category: selectedLabel })}
        </p>
        <ul id="research-articles" className={`mt-8 grid gap-6 md:grid-cols-2 ${columns}`}>
          {ordered.map((article) => (
            <ArticleCard
              key={article.slug}
              ref={(element) => {
                if (element) cardRefs.current.set(article.slug, element);
                else cardRefs.current.delete(article.slug);
              }}
              article={article}
              expanded={article.slug === expanded}
              onToggle={() => toggle(article.slug)}
            />
          ))}
        </ul>
        {visible.length === 0 ? <p className="text-gray-700">{t("home.research.none")}</p> : null}
      </div>
    </section>
  );
}

function ArticleCard({
  article,
  expanded,
  onToggle,
  ref,
}: {
  article: ResearchArticle;
  expanded: boolean;
  onToggle: () => void;
  ref: React.Ref<HTMLLIElement>;
}) {
  const t = useT();
  const fullId = `research-${article.slug}-full`;
  const categoryStyle = CATEGORY_STYLE[article.category] ?? "bg-gray-100 text-gray-800";
  // A category without a filter of its own keeps its stored name.
  const categoryKey = `home.research.${article.category}`;
  const categoryLabel = t(categoryKey) === categoryKey ? article.category : t(categoryKey);
  return (
    <li ref={ref} className={expanded ? "scroll-mt-20 md:col-span-full" : undefined}>
      <article
        aria-labelledby={`research-${article.slug}-title`}
        className={`h-full overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm ${expanded ? "flow-root" : "flex flex-col"}`}
      >
        {/* Expanded, the picture floats beside the start of the article and the text flows on beneath it: no blank column beside a long text. */}
        <div className={expanded ? "md:float-left md:mr-6 md:mb-4 md:w-2/5" : undefined}>
          <ResponsiveImage
            src={article.image}
            alt={article.imageAlt}
            width={800}
            height={500}
            sizes={expanded ? "(min-width: 768px) 40vw, 100vw" : "(min-width: 1024px) 380px, (min-width: 768px) 50vw, 100vw"}
            maxWidth={800}
            className="aspect-[8/5] h-auto w-full object-cover"
          />
        </div>
        <div className={expanded ? "p-6" : "flex flex-1 flex-col p-6"}>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className={`rounded-full px-3 py-0.5 font-semibold capitalize ${categoryStyle}`}>{categoryLabel}</span>
            <span className="flex items-center gap-1 text-gray-700">
              <CalendarDays className="h-4 w-4" aria-hidden />
              <time dateTime={article.publishedOn}>{formatPublishedOn(article.publishedOn)}</time>
            </span>
          </div>
          {/* The articles are written in English (lang marks them on Hindi pages). */}
          <h3 id={`research-${article.slug}-title`} lang="en" className="mt-3 text-xl font-semibold text-gray-900">
            {article.title}
          </h3>
          <p lang="en" className="mt-2 text-gray-700">
            {article.description}
          </p>
          {expanded ? (
            <div id={fullId} lang="en" className="mt-4 space-y-4 text-gray-800">
              {article.fullContent.split(/\n\s*\n/).map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          ) : null}
          <div className="mt-auto flex flex-wrap items-center gap-4 pt-5">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={fullId}
              onClick={onToggle}
              className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
            >
              {expanded ? t("home.research.less") : t("home.research.more")}
              <span className="sr-only">: {article.title}</span>
            </button>
            {expanded ? (
              <a
                href={article.link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                {t("home.research.full")}
                <ExternalLink className="h-4 w-4" aria-hidden />
                <span className="sr-only">{t("frame.footer.newTab")}</span>
              </a>
            ) : null}
          </div>
        </div>
      </article>
    </li>
  );
}
