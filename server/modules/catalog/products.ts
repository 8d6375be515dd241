import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  ne,
  not,
  sql,
  type SQL,
} from "drizzle-orm";
import {
  CATEGORIES,
  DEFAULT_PAGE_SIZE,
  SECTION_COLLECTIONS,
  type FacetCount,
  type ProductFacets,
  type ProductJson,
  type ProductQuery,
} from "#common/catalog.ts";
import { paiseToRupees, rupeesToPaise } from "#common/money.ts";
import { DEFAULT_LANGUAGE, type Language } from "#common/language.ts";
import { asSchedule, prescriptionRequiredFor } from "#common/prescriptions.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import { products } from "#server/db/schema.ts";
import { cachedForVersion, catalogueVersion, catalogueVersionColumn } from "./catalogue-cache.ts";
import { productSearch, type ProductSearch } from "./search.ts";
import { localizeProduct } from "./translations.ts";

type ProductRow = typeof products.$inferSelect;

/**
 * The public JSON of a product (money in rupees, the contract's field names), its text in
 * `language` where the product has it and in English where not (translations.ts).
 */
export function toProductJson(row: ProductRow, language: Language = DEFAULT_LANGUAGE): ProductJson {
  return localizeProduct(toEnglishJson(row), row.i18n, language);
}

function toEnglishJson(row: ProductRow): ProductJson {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: paiseToRupees(row.pricePaise),
    mrp: paiseToRupees(row.mrpPaise),
    images: row.images,
    category: row.category,
    subcategory: row.subcategory,
    form: row.form,
    tags: row.tags,
    brand: row.brand,
    sku: row.sku,
    collections: row.collections,
    bestseller: row.bestseller,
    rating: Math.round(row.rating * 10) / 10,
    numReviews: row.numReviews,
    countInStock: row.stock,
    quantity: row.packText,
    schedule: asSchedule(row.schedule),
    prescriptionRequired: prescriptionRequiredFor(asSchedule(row.schedule)),
    hsnCode: row.hsnCode,
    gstRate: row.gstRateBps / 100,
    batchNumber: row.batchNumber,
    expiryDate: row.expiryDate,
    composition: row.composition,
    uses: row.uses,
    directions: row.directions,
    sideEffects: row.sideEffects,
    safetyAdvice: row.safetyAdvice,
    storage: row.storage,
    manufacturer: row.manufacturer,
    marketer: row.marketer,
    countryOfOrigin: row.countryOfOrigin,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Columns of a product without the search vector (never needed outside SQL). */
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);

const CATEGORY_ALIASES: Record<string, string> = { "women healthcare": "Women Care" };

/** "women-care", "Women Care" and the spec's "Women Healthcare" all name the Women Care section. */
export function categoryFromParam(value: string): string | undefined {
  const key = value.trim().toLowerCase();
  return (
    SECTION_COLLECTIONS[key] ??
    CATEGORY_ALIASES[key] ??
    CATEGORIES.find((category) => category.toLowerCase() === key) ??
    undefined
  );
}

const matches = (query: string) => sql`${products.searchVector} @@ to_tsquery('english', ${query})`;

/** The filters of a list, normalised: also the key of its cached match count. */
function filterKey(query: ProductQuery, search: ProductSearch | undefined): string {
  return JSON.stringify([
    query.collections?.toLowerCase() === "all" ? undefined : query.collections?.toLowerCase(),
    query.category === undefined ? undefined : (categoryFromParam(query.category) ?? false),
    query.subcategory,
    query.brand,
    query.minPrice,
    query.maxPrice,
    query.prescription,
    search?.anywhere,
  ]);
}

function filterConditions(query: ProductQuery, search: ProductSearch | undefined): SQL[] {
  const { universe, parts } = filterParts(query, search);
  return [...universe, ...Object.values(parts)];
}

const NEWEST = [desc(products.createdAt), asc(products.id)];

/** Every storefront order puts out-of-stock products last, keeping the order within each part (indexes: migration 0021). */
const IN_STOCK_FIRST = sql`(${products.stock} = 0)`;

/** "Highest Rated": the Bayesian score of the visible reviews (ranking.ts), then more reviews, then newest. */
const BEST_RATED = [desc(products.ratingScore), desc(products.numReviews), ...NEWEST];

function ordering(query: ProductQuery): SQL[] {
  switch (query.sortBy) {
    case "priceAsc":
      return [IN_STOCK_FIRST, asc(products.pricePaise), ...NEWEST];
    case "priceDesc":
      return [IN_STOCK_FIRST, desc(products.pricePaise), ...NEWEST];
    case "rating":
      return [IN_STOCK_FIRST, ...BEST_RATED];
    default:
      return [IN_STOCK_FIRST, ...NEWEST];
  }
}

export interface ProductPage {
  products: ProductJson[];
  /** Matches before paging (the X-Total-Count header, "N Product(s) Found"). */
  total: number;
  page: number;
  limit: number;
}

const pageColumns = { ...productColumns, catalogueVersion: catalogueVersionColumn };

/** How much of a search's ranking is kept: the first pages, which shoppers mostly look at. */
const RANKED_IDS = 480;

/**
 * Published products matching the filters, sorted and paged. Explicit orders walk an index, so
 * a page costs about the same whatever the size of the catalogue; the total is counted once per
 * catalogue version and filter set (catalogue-cache.ts). A search without an explicit order is
 * ranked by relevance: products with every word in the name first, newest first within each.
 */
export async function listProducts(db: Database, query: ProductQuery, language: Language = DEFAULT_LANGUAGE): Promise<ProductPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const offset = (page - 1) * limit;
  if (query.search) return searchProducts(db, query, query.search, { page, limit, offset }, language);

  const where = and(...filterConditions(query, undefined));
  const rows = await db
    .select(pageColumns)
    .from(products)
    .where(where)
    .orderBy(...ordering(query))
    .limit(limit)
    .offset(offset);
  const version = rows[0]?.catalogueVersion ?? (await catalogueVersion(db));
  const total = await countMatches(db, filterKey(query, undefined), version, where);
  return {
    products: rows.map(({ catalogueVersion: _version, ...row }) => toProductJson(row as ProductRow, language)),
    total,
    page,
    limit,
  };
}

function countMatches(db: Database, key: string, version: number, where: SQL | undefined): Promise<number> {
  return cachedForVersion(db, "count", key, version, async () => {
    const [counted] = await db.select({ total: count() }).from(products).where(where);
    return counted?.total ?? 0;
  });
}

interface Paging {
  page: number;
  limit: number;
  offset: number;
}

async function searchProducts(
  db: Database,
  query: ProductQuery,
  text: string,
  { page, limit, offset }: Paging,
  language: Language,
): Promise<ProductPage> {
  const version = await catalogueVersion(db);
  const search = await cachedForVersion(db, "search", text, version, () => productSearch(db, text));
  // A search of punctuation alone has no words to match.
  if (!search) return { products: [], total: 0, page, limit };
  const key = filterKey(query, search);
  const where = and(...filterConditions(query, search));

  if (query.sortBy) {
    const rows = await db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...ordering(query))
      .limit(limit)
      .offset(offset);
    const total = await countMatches(db, key, version, where);
    return { products: rows.map((row) => toProductJson(row as ProductRow, language)), total, page, limit };
  }

  // Ranking reads every match once (one narrow query that also counts them), then pages are
  // fetched by id; the ranking is kept until the catalogue changes.
  const relevance = [IN_STOCK_FIRST, desc(matches(search.inName)), ...NEWEST];
  const ranking = await cachedForVersion(db, "ranking", key, version, async () => {
    const rows = await db
      .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...relevance)
      .limit(RANKED_IDS);
    return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 };
  });

  let rows: ProductRow[];
  if (offset + limit <= ranking.ids.length || ranking.ids.length === ranking.total) {
    const ids = ranking.ids.slice(offset, offset + limit);
    const found =
      ids.length > 0
        ? ((await db.select(productColumns).from(products).where(inArray(products.id, ids))) as ProductRow[])
        : [];
    const byId = new Map(found.map((row) => [row.id, row]));
    rows = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    rows = (await db
      .select(productColumns)
      .from(products)
      .where(where)
      .orderBy(...relevance)
      .limit(limit)
      .offset(offset)) as ProductRow[];
  }
  return { products: rows.map((row) => toProductJson(row, language)), total: ranking.total, page, limit };
}

/** A published product, or null for unknown and malformed ids. */
export async function getProduct(db: Database, id: string, language: Language = DEFAULT_LANGUAGE): Promise<ProductJson | null> {
  if (!ID_PATTERN.test(id)) return null;
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.published, true)));
  return row ? toProductJson(row as ProductRow, language) : null;
}

/** The published product of that exact name (the home page's New Launch), or null. */
export async function findProductByName(db: Database, name: string, language: Language = DEFAULT_LANGUAGE): Promise<ProductJson | null> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.name, name), eq(products.published, true)))
    .limit(1);
  return row ? toProductJson(row as ProductRow, language) : null;
}

export const NEW_ARRIVALS_LIMIT = 8;

export async function newArrivals(db: Database, language: Language = DEFAULT_LANGUAGE, limit = NEW_ARRIVALS_LIMIT): Promise<ProductJson[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(eq(products.published, true))
    .orderBy(IN_STOCK_FIRST, ...NEWEST)
    .limit(limit);
  return rows.map((row) => toProductJson(row as ProductRow, language));
}

export const SIMILAR_LIMIT = 8;

/** Products of the same subcategory (and then of the rest of the category) considered for "similar". */
const SIMILAR_CANDIDATES = 100;

/**
 * Up to 8 published products of the same category, in stock first, then those sharing the
 * subcategory and more tags, then the better rated; null when the product does not exist. Only the best-rated
 * candidates of each group are compared (by id and tags alone), so a large category costs no
 * more than a small one.
 */
export async function similarProducts(
  db: Database,
  id: string,
  language: Language = DEFAULT_LANGUAGE,
  limit = SIMILAR_LIMIT,
): Promise<ProductJson[] | null> {
  const product = await getProduct(db, id);
  if (!product) return null;
  const sameSubcategory = sql`${products.subcategory} is not distinct from ${product.subcategory}`;
  const candidates = (where: SQL) =>
    db
      .select({ id: products.id, tags: products.tags, inStock: sql<boolean>`${products.stock} > 0` })
      .from(products)
      .where(
        and(eq(products.published, true), eq(products.category, product.category), ne(products.id, product._id), where),
      )
      .orderBy(IN_STOCK_FIRST, ...BEST_RATED)
      .limit(SIMILAR_CANDIDATES);

  const tags = new Set(product.tags);
  type Candidate = { id: string; tags: string[]; inStock: boolean };
  const rank = (rows: Candidate[]) =>
    rows.map((row, index) => ({ ...row, index, shared: row.tags.filter((tag) => tags.has(tag)).length }));

  const ranked = rank(await candidates(sameSubcategory));
  if (ranked.length < limit) {
    const others = rank(await candidates(not(sameSubcategory)));
    ranked.push(...others.map((row) => ({ ...row, shared: row.shared - 1_000, index: row.index + SIMILAR_CANDIDATES })));
  }
  const chosen = ranked
    .sort((a, b) => Number(b.inStock) - Number(a.inStock) || b.shared - a.shared || a.index - b.index)
    .slice(0, limit)
    .map((row) => row.id);
  if (chosen.length === 0) return [];
  const rows = await db.select(productColumns).from(products).where(inArray(products.id, chosen));
  const byId = new Map(rows.map((row) => [row.id, row as ProductRow]));
  return chosen.flatMap((chosenId) => {
    const row = byId.get(chosenId);
    return row ? [toProductJson(row, language)] : [];
  });
}

/** A filter the sidebar counts options for; each facet's counts apply every other active filter. */
type Dimension = "category" | "subcategory" | "brand" | "price" | "prescription" | "search";

/**
 * The filters of a list in two parts: the page's universe (published, in the collection), which
 * every count shares, and one condition per active filter, which a facet leaves out for its own
 * options (faceted counts, docs/decisions/026).
 */
function filterParts(
  query: ProductQuery,
  search: ProductSearch | null | undefined,
): { universe: SQL[]; parts: Partial<Record<Dimension, SQL>> } {
  const universe: SQL[] = [eq(products.published, true)];
  if (query.collections && query.collections.toLowerCase() !== "all") {
    universe.push(arrayContains(products.collections, [query.collections.toLowerCase()]));
  }
  const parts: Partial<Record<Dimension, SQL>> = {};
  if (query.category) {
    const category = categoryFromParam(query.category);
    // An unknown category matches nothing rather than everything.
    parts.category = category ? eq(products.category, category) : sql`false`;
  }
  if (query.subcategory?.length) parts.subcategory = inArray(products.subcategory, query.subcategory);
  if (query.brand?.length) parts.brand = inArray(products.brand, query.brand);
  const prices: SQL[] = [];
  if (query.minPrice !== undefined) prices.push(gte(products.pricePaise, rupeesToPaise(query.minPrice)));
  if (query.maxPrice !== undefined) prices.push(lte(products.pricePaise, rupeesToPaise(query.maxPrice)));
  if (prices.length > 0) parts.price = and(...prices);
  if (query.prescription) parts.prescription = eq(products.prescriptionRequired, query.prescription === "required");
  // A search of punctuation alone (null) has no words to match.
  if (search !== undefined) parts.search = search ? matches(search.anywhere) : sql`false`;
  return { universe, parts };
}

/**
 * Counts for the filter sidebar under the same filters as the list (GET /api/products/facets
 * takes the list's query): each option counts the products the list would show with that option
 * chosen and every other filter kept, so a count of 0 means choosing it finds nothing. Options
 * are those of the page's universe (published products of the collection), so they stay put while
 * filters change. Kept per catalogue version and filter set.
 */
export async function productFacets(db: Database, query: ProductQuery = {}): Promise<ProductFacets> {
  const version = await catalogueVersion(db);
  const search = query.search
    ? await cachedForVersion(db, "search", query.search, version, () => productSearch(db, query.search!))
    : undefined;
  const key = filterKey(query, search ?? undefined) + (search === null ? "#nothing" : "");
  // A copy, so a caller changing the result cannot change the cached facets.
  return structuredClone(await cachedForVersion(db, "facets", key, version, () => countFacets(db, query, search)));
}

const countWhere = (condition: SQL | undefined) =>
  sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);

/** One grouped scan of the universe; each facet's count is a filtered aggregate of it. */
async function countFacets(db: Database, query: ProductQuery, search: ProductSearch | null | undefined): Promise<ProductFacets> {
  const { universe, parts } = filterParts(query, search);
  const allBut = (...own: Dimension[]) =>
    and(...Object.entries(parts).flatMap(([dimension, condition]) => (own.includes(dimension as Dimension) ? [] : [condition])));
  const forPrice = allBut("price") ?? sql`true`;
  const groups = await db
    .select({
      category: products.category,
      subcategory: products.subcategory,
      brand: products.brand,
      prescriptionRequired: products.prescriptionRequired,
      // Choosing a category clears the subcategories, so neither narrows the categories' counts.
      forCategory: countWhere(allBut("category", "subcategory")),
      forSubcategory: countWhere(allBut("subcategory")),
      forBrand: countWhere(allBut("brand")),
      forPrescription: countWhere(allBut("prescription")),
      minPrice: sql<number | null>`min(${products.pricePaise}) filter (where ${forPrice})`,
      maxPrice: sql<number | null>`max(${products.pricePaise}) filter (where ${forPrice})`,
    })
    .from(products)
    .where(and(...universe))
    .groupBy(products.category, products.subcategory, products.brand, products.prescriptionRequired);

  const add = (counts: Map<string, number>, name: string, count: number) => counts.set(name, (counts.get(name) ?? 0) + count);
  const categoryCounts = new Map<string, number>();
  const subcategoryCounts = new Map<string, Map<string, number>>();
  const brandCounts = new Map<string, number>();
  const prescriptionCounts = new Map<string, number>([
    ["required", 0],
    ["not-required", 0],
  ]);
  let min: number | null = null;
  let max: number | null = null;
  for (const group of groups) {
    add(categoryCounts, group.category, group.forCategory);
    if (group.subcategory) {
      const counts = subcategoryCounts.get(group.category) ?? new Map<string, number>();
      subcategoryCounts.set(group.category, add(counts, group.subcategory, group.forSubcategory));
    }
    if (group.brand) add(brandCounts, group.brand, group.forBrand);
    add(prescriptionCounts, group.prescriptionRequired ? "required" : "not-required", group.forPrescription);
    if (group.minPrice !== null) min = Math.min(min ?? Number.POSITIVE_INFINITY, Number(group.minPrice));
    if (group.maxPrice !== null) max = Math.max(max ?? 0, Number(group.maxPrice));
  }

  const byName = (a: FacetCount, b: FacetCount) => a.name.localeCompare(b.name);
  const list = (counts: Map<string, number>) => [...counts].map(([name, count]) => ({ name, count }));
  const order = (name: string) => {
    const index = CATEGORIES.indexOf(name as (typeof CATEGORIES)[number]);
    return index === -1 ? CATEGORIES.length : index;
  };
  return {
    categories: list(categoryCounts).sort((a, b) => order(a.name) - order(b.name) || byName(a, b)),
    subcategories: Object.fromEntries([...subcategoryCounts].map(([category, counts]) => [category, list(counts).sort(byName)])),
    brands: list(brandCounts).sort(byName),
    prescription: list(prescriptionCounts),
    price: { min: paiseToRupees(min ?? 0), max: paiseToRupees(max ?? 0) },
  };
}
