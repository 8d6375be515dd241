// The collection page's server side: its filters read from the URL, and the catalogue's reads.
import type { AppLoadContext } from "react-router";
import * as z from "zod/mini";
import { DEFAULT_PAGE_SIZE, type ProductQuery } from "#common/catalog.ts";
import type { Language } from "#common/language.ts";
import { productQuerySchema } from "#server/schemas/catalog.ts";
import { listProducts, productFacets } from "#server/modules/catalog/products.ts";
import { didYouMean } from "#server/modules/catalog/search.ts";
import { categorySlug, toProductQuery, type ListingFilters } from "~/components/catalog/listing-query";

/** One page of the collection's products under the filters, and the facets its sidebar offers. */
export async function loadListing(context: AppLoadContext, collection: string, filters: ListingFilters, language: Language) {
  const { db } = context.shop;
  const query = { ...toProductQuery(filters), collections: collection };
  const [result, facets] = await Promise.all([
    listProducts(db, { ...query, limit: DEFAULT_PAGE_SIZE }, language),
    // The sidebar's counts follow the other filters shown (decisions/026).
    productFacets(db, query),
  ]);
  return { result, facets };
}

/** "Did you mean …" for a search that found nothing: a close product name, or null (decisions/028). */
export function suggestSearch(context: AppLoadContext, text: string): Promise<string | null> {
  return didYouMean(context.shop.db, text);
}

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
