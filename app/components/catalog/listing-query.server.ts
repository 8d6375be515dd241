import * as z from "zod/mini";
import { productQuerySchema, type ProductQuery } from "#common/catalog.ts";
import { categorySlug, type ListingFilters } from "./listing-query";

/** The URL parameters the page reads; `collections` comes from the path and `limit` is fixed. */
const KEYS = ["search", "sortBy", "minPrice", "maxPrice", "category", "subcategory", "brand", "prescription", "page"] as const;

/**
 * Reads the filters from a URL. A parameter that does not parse is dropped (the listing is shown
 * unfiltered for it) rather than failing the page; repeated parameters (several checked
 * subcategory boxes submitted without JavaScript) are read as a comma list.
 */
export function readListingFilters(params: URLSearchParams): ListingFilters {
  const raw: Record<string, string | string[]> = {};
  for (const key of KEYS) {
    const values = params.getAll(key);
    if (values.length > 0) raw[key] = values.length === 1 ? values[0] : values;
  }
  let parsed = z.safeParse(productQuerySchema, raw);
  for (let attempt = 0; !parsed.success && attempt < KEYS.length; attempt++) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = z.safeParse(productQuerySchema, raw);
  }
  const query: ProductQuery = parsed.success ? parsed.data : {};
  let minPrice = query.minPrice ?? null;
  let maxPrice = query.maxPrice ?? null;
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    search: query.search ?? "",
    sortBy: query.sortBy ?? "",
    minPrice: minPrice === 0 ? null : minPrice,
    maxPrice,
    category: (query.category && categorySlug(query.category)) ?? "",
    subcategories: unique(query.subcategory ?? []),
    brands: unique(query.brand ?? []),
    prescription: query.prescription ?? "",
    page: query.page ?? 1,
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
