import { and, asc, desc, eq, sql } from "drizzle-orm";
import { SECTION_COLLECTIONS } from "#common/catalog.ts";
import { DEFAULT_LANGUAGE, type Language } from "#common/language.ts";
import { paiseToRupees } from "#common/money.ts";
import { MIN_SUGGEST_LENGTH, searchUrl, type SearchSuggestionsJson } from "#common/search.ts";
import type { Database } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { cachedForVersion, catalogueVersion } from "./catalogue-cache.ts";
import { didYouMean, productSearch, searchWords } from "./search.ts";
import { localizeProduct } from "./translations.ts";

/** Products offered in the header's suggestions. */
export const SUGGESTED_PRODUCTS = 6;

const SECTION_SLUGS = new Map(Object.entries(SECTION_COLLECTIONS).map(([slug, category]) => [category as string, slug]));

const NONE: SearchSuggestionsJson = { products: [], categories: [] };

/**
 * What the header offers while a shopper types (decisions/028): the best-matching published
 * products (the listing's own search: name matches first, then newest; salt, brand, tags and
 * sections match too), the shop sections holding matches with how many each, and, when nothing
 * matches, a product name close to the text. Names and compositions in `language` where a product
 * has them (English where not). Kept per catalogue version, by the language and the search's words.
 */
export async function searchSuggestions(db: Database, text: string, language: Language = DEFAULT_LANGUAGE): Promise<SearchSuggestionsJson> {
  const words = searchWords(text);
  const query = words.join(" ");
  if (query.length < MIN_SUGGEST_LENGTH) return NONE;
  const version = await catalogueVersion(db);
  return cachedForVersion(db, "suggestions", `${language} ${query}`, version, () => suggest(db, query, language));
}

async function suggest(db: Database, query: string, language: Language): Promise<SearchSuggestionsJson> {
  const search = await productSearch(db, query);
  if (!search) return NONE;
  const matching = and(eq(products.published, true), sql`${products.searchVector} @@ to_tsquery('english', ${search.anywhere})`);
  const found = await db
    .select({
      id: products.id,
      name: products.name,
      images: products.images,
      pricePaise: products.pricePaise,
      composition: products.composition,
      i18n: products.i18n,
    })
    .from(products)
    .where(matching)
    .orderBy(desc(sql`${products.searchVector} @@ to_tsquery('english', ${search.inName})`), desc(products.createdAt), asc(products.id))
    .limit(SUGGESTED_PRODUCTS);
  if (found.length === 0) {
    const text = await didYouMean(db, query);
    return text ? { ...NONE, didYouMean: { text, url: searchUrl(text) } } : NONE;
  }
  const sections = await db
    .select({ name: products.category, count: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(matching)
    .groupBy(products.category)
    .orderBy(desc(sql`count(*)`), asc(products.category));
  return {
    products: found.map((row) => {
      const { name, composition } = localizeProduct({ name: row.name, composition: row.composition }, row.i18n, language);
      return {
        _id: row.id,
        name,
        url: `/product/${row.id}`,
        image: row.images[0] ?? null,
        price: paiseToRupees(row.pricePaise),
        composition,
      };
    }),
    categories: sections.flatMap((section) => {
      const slug = SECTION_SLUGS.get(section.name);
      return slug ? [{ name: section.name, url: searchUrl(query, slug), count: section.count }] : [];
    }),
  };
}
