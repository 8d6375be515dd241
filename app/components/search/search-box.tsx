import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { type Translate, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import { formatRupeeAmount } from "#common/money.ts";
import { MIN_SUGGEST_LENGTH, type SearchSuggestionsJson } from "#common/search.ts";
import { useHydrated } from "~/components/catalog/use-hydrated";

/** Milliseconds of typing pause before suggestions are asked for. */
const DEBOUNCE_MS = 150;

interface Option {
  url: string;
  group: "Products" | "Categories" | "Did you mean";
  label: string;
  detail?: string;
  price?: string;
  image?: string;
}

/** Answers already fetched in this page's life, by the typed text. */
const answers = new Map<string, Option[]>();

/** A section's name in the page's language (the frame's section names), else as the shop writes it. */
function sectionName(url: string, name: string, t: Translate): string {
  const slug = new URLSearchParams(url.split("?")[1] ?? "").get("category");
  const key = `frame.section.${slug}`;
  const translated = slug ? t(key) : key;
  return translated === key ? name : translated;
}

function toOptions(body: SearchSuggestionsJson, t: Translate): Option[] {
  return [
    ...body.products.map((product): Option => ({
      url: product.url,
      group: "Products",
      label: product.name,
      detail: product.composition ?? undefined,
      price: formatRupeeAmount(product.price),
      image: product.image ? `${product.image.url}?w=96` : undefined,
    })),
    ...body.categories.map((category): Option => ({
      url: category.url,
      group: "Categories",
      label: sectionName(category.url, category.name, t),
      detail: t("search.matching", { count: category.count }),
    })),
    ...(body.didYouMean ? [{ url: body.didYouMean.url, group: "Did you mean", label: body.didYouMean.text } as const] : []),
  ];
}

/**
 * The header's search: a plain GET form to /collections/all?search= (so it works before and
 * without JavaScript), enhanced once hydrated into an ARIA 1.2 combobox with a listbox of
 * suggestions (list autocomplete, no automatic selection): typing asks
 * /api/products/suggestions after a pause, cancelling the previous request; Down/Up move
 * through the options (wrapping), Enter opens the active one (or searches for the text when
 * none is active), Escape closes the list, then clears the text, then calls `onEscape`.
 */
export function SearchBox({ inputRef, onEscape }: { inputRef: React.RefObject<HTMLInputElement | null>; onEscape?: () => void }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const t = useT();
  const lp = useLocalePath();
  const language = useLanguage();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [text, setText] = useState("");
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  // The chosen option by its URL, so an answer arriving after the shopper moved keeps their choice when it still offers it.
  const [activeUrl, setActiveUrl] = useState<string | null>(null);
  const active = activeUrl === null ? -1 : options.findIndex((option) => option.url === activeUrl);
  const setActive = (index: number) => setActiveUrl(index >= 0 ? (options[index]?.url ?? null) : null);
  // What the status region says of the last answer (worded at render, in the page's language).
  const [announcement, setAnnouncement] = useState<{ query: string; count: number } | null>(null);
  // The text the last answer found nothing for, while the input has focus: "No matches" is said, not left to guess.
  const [noMatches, setNoMatches] = useState<string | null>(null);
  const focused = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows the language, which is a dependency.
  useEffect(() => {
    const query = text.trim();
    if (query.length < MIN_SUGGEST_LENGTH) {
      setOptions([]);
      setOpen(false);
      setActiveUrl(null);
      setNoMatches(null);
      return;
    }
    const show = (list: Option[]) => {
      setOptions(list);
      setOpen(focused.current && list.length > 0);
      setNoMatches(focused.current && list.length === 0 ? query : null);
      setAnnouncement({ query, count: list.length });
    };
    // Answers are kept by language too: the API answers names in the page's language (`lang`).
    const cacheKey = `${language} ${query}`;
    const known = answers.get(cacheKey);
    if (known) return show(known);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/products/suggestions?q=${encodeURIComponent(query)}&lang=${language}`, {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        if (!response.ok) return;
        const list = toOptions(await response.json(), t);
        answers.set(cacheKey, list);
        show(list);
      } catch {
        // Aborted by newer typing, or offline: the form still searches on Enter.
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, language]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const clear = () => {
    if (inputRef.current) inputRef.current.value = "";
    setText("");
  };
  const go = (option: Option) => {
    close();
    clear();
    navigate(lp(option.url));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === "ArrowDown";
        if (!open) {
          setOpen(true);
          setActive(event.altKey ? -1 : down ? 0 : count - 1);
        } else setActive(down ? (active + 1) % count : active <= 0 ? count - 1 : active - 1);
        return;
      }
      case "Enter":
        if (open && active >= 0) {
          event.preventDefault();
          go(options[active]!);
        } else close();
        return;
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        if (open) close();
        else if (text) clear();
        else onEscape?.();
        return;
    }
  };

  const groups = [...new Set(options.map((option) => option.group))];
  return (
    <Form method="get" action={lp("/collections/all")} role="search" className="mx-auto flex max-w-3xl gap-2" onSubmit={close}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {t("frame.search.label")}
      </label>
      <div className="relative min-w-0 flex-1">
        <input
          ref={inputRef}
          id={`${id}-input`}
          name="search"
          type="search"
          placeholder={t("frame.search.placeholder")}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setActiveUrl(null);
          }}
          onKeyDown={hydrated ? onKeyDown : undefined}
          onFocus={(event) => {
            focused.current = true;
            // Text typed before the page was hydrated.
            if (event.target.value !== text) setText(event.target.value);
            else if (options.length > 0) setOpen(true);
            else if (answers.get(`${language} ${text.trim()}`)?.length === 0) setNoMatches(text.trim());
          }}
          onBlur={() => {
            focused.current = false;
            close();
            setNoMatches(null);
          }}
          {...(hydrated && {
            role: "combobox",
            "aria-autocomplete": "list" as const,
            "aria-expanded": open,
            "aria-controls": listboxId,
            "aria-activedescendant": open && active >= 0 ? `${id}-option-${active}` : undefined,
          })}
          className="w-full rounded-md border border-gray-400 px-3 py-2 text-base focus:border-brand-600"
        />
        {hydrated ? (
          <div
            id={listboxId}
            role="listbox"
            aria-label={t("frame.search.suggestions")}
            hidden={!open}
            className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
          >
            {groups.map((group) => (
              <div key={group} role="group" aria-labelledby={`${id}-${group.replace(/\s/g, "")}`}>
                <div
                  id={`${id}-${group.replace(/\s/g, "")}`}
                  role="presentation"
                  className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-gray-700"
                >
                  {t(`frame.search.${group.replace(/\s/g, "")}`)}
                </div>
                {options.map((option, index) =>
                  option.group === group ? (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the input (aria-activedescendant); this is the mouse's way.
                    <div
                      key={option.url}
                      id={`${id}-option-${index}`}
                      role="option"
                      aria-selected={index === active}
                      tabIndex={-1}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => go(option)}
                      className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-gray-900 hover:bg-brand-50 ${
                        index === active ? "bg-brand-50 outline-2 -outline-offset-2 outline-brand-600" : ""
                      }`}
                    >
                      {group === "Products" ? (
                        <img
                          src={option.image ?? "/images/placeholder-product.svg"}
                          alt=""
                          width={40}
                          height={40}
                          className="h-10 w-10 shrink-0 rounded object-contain"
                        />
                      ) : null}
                      <span className="min-w-0 flex-1">
                        {/* The whole name and composition, wrapped: long medicine names are told apart by their ends (strength, form). */}
                        <span className="block font-medium break-words">{group === "Did you mean" ? t("search.didYouMean", { text: option.label }) : option.label}</span>
                        {option.detail ? <span className="block text-xs break-words text-gray-700">{option.detail}</span> : null}
                      </span>
                      {option.price ? <span className="shrink-0 font-semibold">{option.price}</span> : null}
                    </div>
                  ) : null,
                )}
              </div>
            ))}
          </div>
        ) : null}
        {hydrated && noMatches !== null && !open ? (
          <p
            data-testid="search-no-matches"
            className="absolute inset-x-0 top-full z-40 mt-1 rounded-md border border-gray-200 bg-white px-3 py-2 text-sm text-gray-800 shadow-lg break-words"
          >
            {t("frame.search.noMatches", { query: noMatches })}
          </p>
        ) : null}
        <span role="status" className="sr-only">
          {focused.current && announcement
            ? announcement.count === 0
              ? t("frame.search.announceNone", { query: announcement.query })
              : t("frame.search.announce", { count: announcement.count })
            : ""}
        </span>
      </div>
      <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        {t("frame.search.submit")}
      </button>
    </Form>
  );
}
