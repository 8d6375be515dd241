// The collection page's filters as its URL holds them: writing them, labels and chips (reading: app/routes/collection.server.ts).
import { PRICE_FILTER_MAX, SORT_OPTIONS, type ProductQuery, type SortBy } from "#common/catalog.ts";
import { formatRupeeAmount } from "#common/money.ts";
import type { Translate } from "~/lib/i18n";

/** The category radios; the spec calls the Women Care section "Women Healthcare". */
export const CATEGORY_OPTIONS = [
  { value: "", label: "All Products", category: null },
  { value: "women-care", label: "Women Healthcare", category: "Women Care" },
  { value: "sports-nutrition", label: "Sports Nutrition", category: "Sports Nutrition" },
  { value: "kids-nutrition", label: "Kids Nutrition", category: "Kids Nutrition" },
] as const;

export const PRESCRIPTION_OPTIONS = [
  { value: "", label: "All" },
  { value: "required", label: "Required" },
  { value: "not-required", label: "Not Required" },
] as const;

export type Prescription = (typeof PRESCRIPTION_OPTIONS)[number]["value"];

export const PRICE_STEP = 10;

export interface ListingFilters {
  search: string;
  /** Absent: newest first, or best match while searching. */
  sortBy: SortBy | "";
  minPrice: number | null;
  maxPrice: number | null;
  /** A category slug ("women-care") or "" for all. */
  category: string;
  subcategories: string[];
  brands: string[];
  prescription: Prescription;
  page: number;
}

export const NO_FILTERS: ListingFilters = {
  search: "",
  sortBy: "",
  minPrice: null,
  maxPrice: null,
  category: "",
  subcategories: [],
  brands: [],
  prescription: "",
  page: 1,
};

/** "women-care", "Women Care" and "Women Healthcare" all give "women-care"; unknown names give undefined. */
export function categorySlug(value: string): string | undefined {
  const key = value.trim().toLowerCase();
  return CATEGORY_OPTIONS.find(
    (option) => option.category !== null && (option.value === key || option.category.toLowerCase() === key || option.label.toLowerCase() === key),
  )?.value;
}

/** The catalogue query for the filters (the collection and page size are added by the caller). */
export function toProductQuery(filters: ListingFilters): ProductQuery {
  return {
    limit: undefined,
    collections: undefined,
    search: filters.search || undefined,
    sortBy: filters.sortBy || undefined,
    minPrice: filters.minPrice ?? undefined,
    maxPrice: filters.maxPrice ?? undefined,
    category: filters.category || undefined,
    subcategory: filters.subcategories.length ? filters.subcategories : undefined,
    brand: filters.brands.length ? filters.brands : undefined,
    prescription: filters.prescription || undefined,
    page: filters.page,
  };
}

/** The query string for the filters ("" when none), defaults left out so URLs stay short and shareable. */
export function listingSearch(filters: ListingFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.category) params.set("category", filters.category);
  if (filters.subcategories.length) params.set("subcategory", filters.subcategories.join(","));
  if (filters.brands.length) params.set("brand", filters.brands.join(","));
  if (filters.minPrice !== null) params.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== null) params.set("maxPrice", String(filters.maxPrice));
  if (filters.prescription) params.set("prescription", filters.prescription);
  if (filters.sortBy) params.set("sortBy", filters.sortBy);
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A product's category ("Kids Nutrition") in the page's language where it is one of the shop's sections; else as written. */
export function categoryName(category: string, t: Translate): string {
  const slug = categorySlug(category);
  return slug ? t(`catalog.collection.${slug}`) : category;
}

/** A category radio's label in the page's language ("Women Healthcare"); an unknown slug as it is. */
export function categoryOptionLabel(slug: string, t: Translate): string {
  return CATEGORY_OPTIONS.some((option) => option.value === slug) ? t(`catalog.category.${slug || "all"}`) : slug;
}

export function categoryLabel(slug: string): string {
  return CATEGORY_OPTIONS.find((option) => option.value === slug)?.label ?? slug;
}

export function sortLabel(sortBy: SortBy | ""): string {
  return SORT_OPTIONS.find((option) => option.value === sortBy)?.label ?? "Newest First";
}

/** "₹100 – ₹500", "₹100 and above", "Up to ₹500" (in the page's language). */
export function priceRangeLabel(min: number | null, max: number | null, t: Translate): string {
  if (min !== null && max !== null) return t("catalog.range.between", { min: formatRupeeAmount(min), max: formatRupeeAmount(max) });
  if (min !== null) return t("catalog.range.from", { min: formatRupeeAmount(min) });
  if (max !== null) return t("catalog.range.upTo", { max: formatRupeeAmount(max) });
  return t("catalog.range.between", { min: formatRupeeAmount(0), max: `${formatRupeeAmount(PRICE_FILTER_MAX)}+` });
}

export interface FilterChip {
  key: string;
  label: string;
  /** The listing without this filter (back to the first page). */
  without: ListingFilters;
}

/** One removable chip per active filter, labelled in the page's language. */
export function activeFilterChips(filters: ListingFilters, t: Translate): FilterChip[] {
  const base = { ...filters, page: 1 };
  const chips: FilterChip[] = [];
  if (filters.search) chips.push({ key: "search", label: t("catalog.chip.search", { value: filters.search }), without: { ...base, search: "" } });
  if (filters.category) {
    chips.push({
      key: "category",
      label: t("catalog.chip.category", { value: categoryOptionLabel(filters.category, t) }),
      without: { ...base, category: "", subcategories: [] },
    });
  }
  for (const name of filters.subcategories) {
    chips.push({
      key: `subcategory:${name}`,
      label: t("catalog.chip.subcategory", { value: name }),
      without: { ...base, subcategories: filters.subcategories.filter((item) => item !== name) },
    });
  }
  for (const name of filters.brands) {
    chips.push({ key: `brand:${name}`, label: t("catalog.chip.brand", { value: name }), without: { ...base, brands: filters.brands.filter((item) => item !== name) } });
  }
  if (filters.minPrice !== null || filters.maxPrice !== null) {
    chips.push({
      key: "price",
      label: t("catalog.chip.price", { value: priceRangeLabel(filters.minPrice, filters.maxPrice, t) }),
      without: { ...base, minPrice: null, maxPrice: null },
    });
  }
  if (filters.prescription) {
    chips.push({
      key: "prescription",
      label: t("catalog.chip.prescription", { value: t(`catalog.prescription.${filters.prescription}`) }),
      without: { ...base, prescription: "" },
    });
  }
  return chips;
}
