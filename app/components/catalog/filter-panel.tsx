import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { PRICE_FILTER_MAX, SORT_OPTIONS, type ProductFacets, type SortBy } from "#common/catalog.ts";
import {
  CATEGORY_OPTIONS,
  PRESCRIPTION_OPTIONS,
  priceRangeLabel,
  type ListingFilters,
  type Prescription,
} from "./listing-query";
import { PriceSlider } from "./price-slider";
import { useLanguage, useT } from "~/lib/i18n";
import { useHydrated } from "./use-hydrated";

export const SEARCH_DEBOUNCE_MS = 300;

/** Merges changes into the filters being shown and updates the URL (replace: no new history entry). */
export type FilterChange = (changes: Partial<ListingFilters>, options?: { replace?: boolean }) => void;

interface FilterPanelProps {
  filters: ListingFilters;
  /** Counts under the other active filters (decisions/026): an option counted 0 is shown disabled unless chosen. */
  facets: Pick<ProductFacets, "categories" | "subcategories" | "prescription">;
  /** The section of a section collection (/collections/women-care), whose subcategories are offered. */
  sectionCategory: string | null;
  /** The listing's path: the form's GET target and the "Clear All Filters" link. */
  action: string;
  onChange: FilterChange;
}

/**
 * The filter sidebar: a real GET form, so it works without JavaScript (submitted by "Apply
 * filters"); with JavaScript each control updates the URL as it changes.
 */
export function FilterPanel({ filters, facets, sectionCategory, action, onChange }: FilterPanelProps) {
  const id = useId();
  const hydrated = useHydrated();
  const t = useT();
  // Subcategory names are the catalogue's words, in English.
  const untranslated = useLanguage() === "hi" ? "en" : undefined;
  const search = useDebouncedSearch(filters.search, (value) => onChange({ search: value }, { replace: true }));
  const price = usePriceRange(filters, (minPrice, maxPrice) => onChange({ minPrice, maxPrice }));
  const update = (changes: Partial<ListingFilters>) => onChange(changes);

  const categoryName = CATEGORY_OPTIONS.find((option) => option.value === filters.category)?.category ?? sectionCategory;
  const subcategoryFacets = categoryName ? (facets.subcategories[categoryName] ?? []) : [];
  const subcategories = [
    ...subcategoryFacets,
    ...filters.subcategories.filter((name) => !subcategoryFacets.some((facet) => facet.name === name)).map((name) => ({ name, count: 0 })),
  ];
  const countOf = (category: string | null) =>
    category === null
      ? facets.categories.reduce((sum, facet) => sum + facet.count, 0)
      : (facets.categories.find((facet) => facet.name === category)?.count ?? 0);
  const prescriptionCount = (value: string) =>
    value === ""
      ? facets.prescription.reduce((sum, facet) => sum + facet.count, 0)
      : (facets.prescription.find((facet) => facet.name === value)?.count ?? 0);

  const searching = Boolean(filters.search);
  const sortValue = filters.sortBy || (searching ? "" : "newest");

  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={t("catalog.productFilters")}
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        search.flush();
        price.flushTyped();
      }}
    >
      <div>
        <label htmlFor={`${id}-search`} className="block text-sm font-semibold text-gray-900">
          {t("catalog.searchProducts")}
        </label>
        <div className="relative mt-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500" aria-hidden />
          <input
            id={`${id}-search`}
            name="search"
            type="search"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            placeholder={t("catalog.searchPlaceholder")}
            autoComplete="off"
            className="block w-full rounded-md border border-gray-400 py-2 pl-9 pr-3 text-base"
          />
        </div>
      </div>

      <div>
        <label htmlFor={`${id}-sort`} className="block text-sm font-semibold text-gray-900">
          {t("catalog.sortBy")}
        </label>
        <select
          id={`${id}-sort`}
          name="sortBy"
          value={sortValue}
          onChange={(event) => {
            const value = event.target.value as SortBy | "";
            update({ sortBy: value === "newest" && !searching ? "" : value });
          }}
          className="mt-1 block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-base"
        >
          {searching ? <option value="">{t("catalog.sort.best")}</option> : null}
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(`catalog.sort.${option.value}`)}
            </option>
          ))}
        </select>
      </div>

      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">{t("catalog.priceRange")}</legend>
        <p className="mt-1 text-sm text-gray-700" aria-hidden>
          {priceRangeLabel(price.range[0] > 0 ? price.range[0] : null, price.range[1] < PRICE_FILTER_MAX ? price.range[1] : null, t)}
        </p>
        <PriceSlider
          value={price.range}
          disabled={!hydrated}
          onChange={(value) => {
            price.slide(value);
            price.commitSlider(value);
          }}
        />
        <div className="mt-3 grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${id}-min`} className="block text-xs font-medium text-gray-700">
              {t("catalog.minPrice")}
            </label>
            <input
              id={`${id}-min`}
              name="minPrice"
              type="number"
              inputMode="numeric"
              min={0}
              value={price.minText}
              placeholder="0"
              onChange={(event) => price.setMinText(event.target.value)}
              onBlur={price.flushTyped}
              className="mt-1 block w-full rounded-md border border-gray-400 px-2 py-1.5 text-base"
            />
          </div>
          <div>
            <label htmlFor={`${id}-max`} className="block text-xs font-medium text-gray-700">
              {t("catalog.maxPrice")}
            </label>
            <input
              id={`${id}-max`}
              name="maxPrice"
              type="number"
              inputMode="numeric"
              min={0}
              value={price.maxText}
              placeholder={`${PRICE_FILTER_MAX}+`}
              onChange={(event) => price.setMaxText(event.target.value)}
              onBlur={price.flushTyped}
              className="mt-1 block w-full rounded-md border border-gray-400 px-2 py-1.5 text-base"
            />
          </div>
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">{t("catalog.category")}</legend>
        <div className="mt-2 space-y-1">
          {CATEGORY_OPTIONS.map((option) => (
            <Choice
              key={option.value || "all"}
              type="radio"
              name="category"
              value={option.value}
              checked={filters.category === option.value}
              onChange={() => update({ category: option.value, subcategories: [] })}
              label={t(`catalog.category.${option.value || "all"}`)}
              count={countOf(option.category)}
            />
          ))}
        </div>
      </fieldset>

      {subcategories.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">{t("catalog.subcategory")}</legend>
          <div className="mt-2 space-y-1">
            {subcategories.map((facet) => {
              const checked = filters.subcategories.includes(facet.name);
              return (
                <Choice
                  key={facet.name}
                  type="checkbox"
                  name="subcategory"
                  value={facet.name}
                  checked={checked}
                  onChange={() =>
                    update({
                      subcategories: checked
                        ? filters.subcategories.filter((name) => name !== facet.name)
                        : [...filters.subcategories, facet.name],
                    })
                  }
                  label={facet.name}
                  lang={untranslated}
                  count={facet.count}
                />
              );
            })}
          </div>
        </fieldset>
      ) : null}

      <fieldset>
        <legend className="text-sm font-semibold text-gray-900">{t("catalog.prescription")}</legend>
        <div className="mt-2 space-y-1">
          {PRESCRIPTION_OPTIONS.map((option) => (
            <Choice
              key={option.value || "all"}
              type="radio"
              name="prescription"
              value={option.value}
              checked={filters.prescription === option.value}
              onChange={() => update({ prescription: option.value as Prescription })}
              label={t(`catalog.prescription.${option.value || "all"}`)}
              count={prescriptionCount(option.value)}
            />
          ))}
        </div>
      </fieldset>

      {filters.brands.map((brand) => (
        <input key={brand} type="hidden" name="brand" value={brand} />
      ))}

      {/* Apply comes last: hidden once JavaScript runs, it leaves nothing to move up. */}
      <div className="flex flex-col gap-2 border-t border-gray-200 pt-4">
        <Link
          to={action}
          preventScrollReset
          className="rounded-md border border-gray-400 px-4 py-2 text-center text-sm font-semibold text-gray-800 hover:bg-gray-50"
        >
          {t("catalog.clearAllFilters")}
        </Link>
        <button
          type="submit"
          hidden={hydrated}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {t("catalog.applyFilters")}
        </button>
      </div>
    </Form>
  );
}

function Choice({
  type,
  name,
  value,
  checked,
  onChange,
  label,
  count,
  lang,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  count?: number;
  lang?: string;
}) {
  // An option that would find nothing under the other filters cannot be chosen (one chosen before
  // the other filters changed stays enabled, so it can be cleared).
  const disabled = count === 0 && !checked;
  return (
    <label
      className={`flex items-center gap-2 rounded px-1 py-1 text-sm ${disabled ? "cursor-not-allowed text-gray-500" : "cursor-pointer text-gray-800 hover:bg-gray-50"}`}
    >
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="h-4 w-4 shrink-0 accent-brand-700"
      />
      <span lang={lang}>{label}</span>
      {count !== undefined ? (
        <span className={`ml-auto text-xs ${disabled ? "text-gray-500" : "text-gray-600"}`}>{` (${count})`}</span>
      ) : null}
    </label>
  );
}

/**
 * The search box's text, sent 300 ms after the last keystroke. The URL's value replaces the
 * text only when it changed from elsewhere (a chip, Clear All, the back button), never with an
 * older value while the shopper is still typing.
 */
function useDebouncedSearch(fromUrl: string, send: (value: string) => void) {
  const [text, setTextState] = useState(fromUrl);
  const lastSent = useRef(fromUrl);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    if (fromUrl !== lastSent.current) {
      clearTimeout(timer.current);
      pending.current = null;
      setTextState(fromUrl);
    }
    lastSent.current = fromUrl;
  }, [fromUrl]);

  const flush = () => {
    clearTimeout(timer.current);
    const value = (pending.current ?? text).trim();
    pending.current = null;
    if (value === lastSent.current) return;
    lastSent.current = value;
    sendRef.current(value);
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;

  // A search typed in the mobile drawer just before it closes still applies.
  useEffect(() => () => void (pending.current !== null && flushRef.current()), []);

  return {
    text,
    setText(value: string) {
      setTextState(value);
      pending.current = value;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flushRef.current(), SEARCH_DEBOUNCE_MS);
    },
    flush,
  };
}

/** The slider's two values, the number boxes' text, and when each commits to the URL. */
function usePriceRange(filters: ListingFilters, send: (minPrice: number | null, maxPrice: number | null) => void) {
  const fromUrl: [number, number] = [
    clamp(filters.minPrice ?? 0),
    filters.maxPrice === null ? PRICE_FILTER_MAX : clamp(filters.maxPrice),
  ];
  const [range, setRange] = useState(fromUrl);
  const [minText, setMinText] = useState(filters.minPrice === null ? "" : String(filters.minPrice));
  const [maxText, setMaxText] = useState(filters.maxPrice === null ? "" : String(filters.maxPrice));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSent = useRef<[number | null, number | null]>([filters.minPrice, filters.maxPrice]);
  const sendRef = useRef(send);
  sendRef.current = send;

  useEffect(() => {
    // The URL catching up with what this panel sent must not undo steps taken since.
    if (filters.minPrice === lastSent.current[0] && filters.maxPrice === lastSent.current[1]) return;
    lastSent.current = [filters.minPrice, filters.maxPrice];
    setRange([clamp(filters.minPrice ?? 0), filters.maxPrice === null ? PRICE_FILTER_MAX : clamp(filters.maxPrice)]);
    setMinText(filters.minPrice === null ? "" : String(filters.minPrice));
    setMaxText(filters.maxPrice === null ? "" : String(filters.maxPrice));
  }, [filters.minPrice, filters.maxPrice]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const sendIfChanged = (minPrice: number | null, maxPrice: number | null) => {
    if (minPrice === lastSent.current[0] && maxPrice === lastSent.current[1]) return;
    lastSent.current = [minPrice, maxPrice];
    sendRef.current(minPrice, maxPrice);
  };

  return {
    range,
    minText,
    maxText,
    setMinText,
    setMaxText,
    slide(value: [number, number]) {
      setRange(value);
      setMinText(value[0] > 0 ? String(value[0]) : "");
      setMaxText(value[1] < PRICE_FILTER_MAX ? String(value[1]) : "");
    },
    /** Key presses and drags arrive step by step; a burst of them is one change (one history entry). */
    commitSlider([min, max]: [number, number]) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => sendIfChanged(min > 0 ? min : null, max < PRICE_FILTER_MAX ? max : null), SEARCH_DEBOUNCE_MS);
    },
    flushTyped() {
      clearTimeout(timer.current);
      let min = parsePrice(minText);
      let max = parsePrice(maxText);
      if (min !== null && max !== null && min > max) [min, max] = [max, min];
      if (min === 0) min = null;
      setRange([clamp(min ?? 0), max === null ? PRICE_FILTER_MAX : clamp(max)]);
      setMinText(min === null ? "" : String(min));
      setMaxText(max === null ? "" : String(max));
      sendIfChanged(min, max);
    },
  };
}

function parsePrice(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

function clamp(value: number) {
  return Math.min(PRICE_FILTER_MAX, Math.max(0, value));
}
