// The search suggestions' JSON (GET /api/products/suggestions; decisions/028).
import type { ProductImageJson } from "./catalog.ts";

/** A product offered while the shopper types. */
export interface SuggestedProductJson {
  _id: string;
  name: string;
  /** The product page, `/product/{_id}`. */
  url: string;
  image: ProductImageJson | null;
  /** Rupees. */
  price: number;
  /** The salt composition, shown when the match came from it ("tranexamic" finds the brand). */
  composition: string | null;
}

/** A shop section holding matches: `count` is the number of products the listing at `url` finds. */
export interface SuggestedCategoryJson {
  name: string;
  url: string;
  count: number;
}

export interface SearchSuggestionsJson {
  products: SuggestedProductJson[];
  categories: SuggestedCategoryJson[];
  /** When nothing matches: a product name close to the text (trigram similarity), else absent. */
  didYouMean?: { text: string; url: string };
}

/** Searches shorter than this get no suggestions (too many, too vague). */
export const MIN_SUGGEST_LENGTH = 2;

/** The listing's URL for a search, optionally within a section (`category` slug). */
export function searchUrl(text: string, category?: string): string {
  const params = new URLSearchParams({ search: text });
  if (category) params.set("category", category);
  return `/collections/all?${params}`;
}
