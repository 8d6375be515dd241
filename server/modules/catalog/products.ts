import { and, arrayContains, asc, desc, eq, getTableColumns, gte, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import {
  CATEGORIES,
  DEFAULT_PAGE_SIZE,
  SECTION_COLLECTIONS,
  type ProductFacets,
  type ProductJson,
  type ProductQuery,
} from "#common/catalog.ts";
import { paiseToRupees, rupeesToPaise } from "#common/money.ts";
import type { Database } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";

type ProductRow = typeof products.$inferSelect;

/** The public JSON of a product (money in rupees, the contract's field names). */
export function toProductJson(row: ProductRow): ProductJson {
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
    prescriptionRequired: row.prescriptionRequired,
    hsnCode: row.hsnCode,
    gstRate: row.gstRateBps / 100,
    batchNumber: row.batchNumber,
    expiryDate: row.expiryDate,
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

function searchCondition(term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${products.searchVector} @@ websearch_to_tsquery('english', ${term})
    or ${term} <% ${products.name}
    or ${products.name} ilike ${pattern})`;
}

function searchRank(term: string): SQL<number> {
  return sql<number>`(ts_rank_cd(${products.searchVector}, websearch_to_tsquery('english', ${term}))
    + word_similarity(${term}, ${products.name}))`;
}

function filterConditions(query: ProductQuery): SQL[] {
  const conditions: SQL[] = [eq(products.published, true)];
  if (query.collections && query.collections.toLowerCase() !== "all") {
    conditions.push(arrayContains(products.collections, [query.collections.toLowerCase()]));
  }
  if (query.category) {
    const category = categoryFromParam(query.category);
    // An unknown category matches nothing rather than everything.
    conditions.push(category ? eq(products.category, category) : sql`false`);
  }
  if (query.subcategory?.length) conditions.push(inArray(products.subcategory, query.subcategory));
  if (query.brand?.length) conditions.push(inArray(products.brand, query.brand));
  if (query.minPrice !== undefined) conditions.push(gte(products.pricePaise, rupeesToPaise(query.minPrice)));
  if (query.maxPrice !== undefined) conditions.push(lte(products.pricePaise, rupeesToPaise(query.maxPrice)));
  if (query.prescription) conditions.push(eq(products.prescriptionRequired, query.prescription === "required"));
  if (query.search) conditions.push(searchCondition(query.search));
  return conditions;
}

function ordering(query: ProductQuery): SQL[] {
  const newest = [desc(products.createdAt), asc(products.id)];
  switch (query.sortBy) {
    case "priceAsc":
      return [asc(products.pricePaise), ...newest];
    case "priceDesc":
      return [desc(products.pricePaise), ...newest];
    case "rating":
      return [desc(products.rating), desc(products.numReviews), ...newest];
    case "newest":
      return newest;
    default:
      // Without an explicit sort, a search is ordered by relevance.
      return query.search ? [desc(searchRank(query.search)), ...newest] : newest;
  }
}

export interface ProductPage {
  products: ProductJson[];
  /** Matches before paging (the X-Total-Count header, "N Product(s) Found"). */
  total: number;
  page: number;
  limit: number;
}

/** Published products matching the filters, sorted and paged, with the total count in the same query. */
export async function listProducts(db: Database, query: ProductQuery): Promise<ProductPage> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  const where = and(...filterConditions(query));
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...ordering(query))
    .limit(limit)
    .offset((page - 1) * limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(products).where(where);
    total = counted?.total ?? 0;
  }
  return { products: rows.map(({ total: _total, ...row }) => toProductJson(row as ProductRow)), total, page, limit };
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A published product, or null for unknown and malformed ids. */
export async function getProduct(db: Database, id: string): Promise<ProductJson | null> {
  if (!ID_PATTERN.test(id)) return null;
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.published, true)));
  return row ? toProductJson(row as ProductRow) : null;
}

export const NEW_ARRIVALS_LIMIT = 8;

export async function newArrivals(db: Database, limit = NEW_ARRIVALS_LIMIT): Promise<ProductJson[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(eq(products.published, true))
    .orderBy(desc(products.createdAt), asc(products.id))
    .limit(limit);
  return rows.map((row) => toProductJson(row as ProductRow));
}

export const SIMILAR_LIMIT = 8;

/**
 * Up to 8 published products of the same category, those sharing the subcategory and more tags
 * first; null when the product does not exist.
 */
export async function similarProducts(db: Database, id: string, limit = SIMILAR_LIMIT): Promise<ProductJson[] | null> {
  const product = await getProduct(db, id);
  if (!product) return null;
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.published, true), eq(products.category, product.category), ne(products.id, product._id)))
    .orderBy(
      desc(sql`(${products.subcategory} is not distinct from ${product.subcategory})`),
      desc(
        sql`cardinality(array(select unnest(${products.tags}) intersect select unnest(p.tags) from products p where p.id = ${product._id}))`,
      ),
      desc(products.rating),
      asc(products.id),
    )
    .limit(limit);
  return rows.map((row) => toProductJson(row as ProductRow));
}

/** Counts for the filter sidebar, over published products (optionally within one collection). */
export async function productFacets(db: Database, collection?: string): Promise<ProductFacets> {
  const conditions: SQL[] = [eq(products.published, true)];
  if (collection && collection.toLowerCase() !== "all") {
    conditions.push(arrayContains(products.collections, [collection.toLowerCase()]));
  }
  const where = and(...conditions);
  const [groups, brands, [price]] = await Promise.all([
    db
      .select({ category: products.category, subcategory: products.subcategory, count: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where)
      .groupBy(products.category, products.subcategory),
    db
      .select({ name: products.brand, count: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(and(where, sql`${products.brand} is not null`))
      .groupBy(products.brand)
      .orderBy(asc(products.brand)),
    db
      .select({
        min: sql<number>`coalesce(min(${products.pricePaise}), 0)`.mapWith(Number),
        max: sql<number>`coalesce(max(${products.pricePaise}), 0)`.mapWith(Number),
      })
      .from(products)
      .where(where),
  ]);

  const categoryCounts = new Map<string, number>();
  const subcategories: ProductFacets["subcategories"] = {};
  for (const group of groups) {
    categoryCounts.set(group.category, (categoryCounts.get(group.category) ?? 0) + group.count);
    if (group.subcategory) (subcategories[group.category] ??= []).push({ name: group.subcategory, count: group.count });
  }
  for (const list of Object.values(subcategories)) list.sort((a, b) => a.name.localeCompare(b.name));
  const order = (name: string) => {
    const index = CATEGORIES.indexOf(name as (typeof CATEGORIES)[number]);
    return index === -1 ? CATEGORIES.length : index;
  };
  return {
    categories: [...categoryCounts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name)),
    subcategories,
    brands: brands.map((brand) => ({ name: brand.name!, count: brand.count })),
    price: { min: paiseToRupees(price?.min ?? 0), max: paiseToRupees(price?.max ?? 0) },
  };
}
