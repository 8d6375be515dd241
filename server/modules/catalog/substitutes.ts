import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { ProductJson } from "#common/catalog.ts";
import { DEFAULT_LANGUAGE, type Language } from "#common/language.ts";
import type { Database } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { getProduct, toProductJson } from "./products.ts";

/** Substitutes listed on a product page (the cheapest). */
export const SUBSTITUTES_LIMIT = 8;

/** A composition compared without case, spaces or punctuation: "Tranexamic Acid (500 mg)" = "tranexamic acid 500mg". */
const normalised = (value: SQL) =>
  sql`regexp_replace(lower(${value}), '[^[:alnum:].]+', '', 'g')`;

/**
 * Other published products with the same salt composition (the same salts in the same
 * strengths), cheapest first (decisions/028); [] when the product has no composition, null when
 * there is no such product. The search index narrows the candidates to products containing the salts'
 * names before the exact comparison, so the catalogue is not scanned.
 */
export async function substitutesOf(
  db: Database,
  id: string,
  language: Language = DEFAULT_LANGUAGE,
  limit = SUBSTITUTES_LIMIT,
): Promise<ProductJson[] | null> {
  const product = await getProduct(db, id);
  if (!product) return null;
  const composition = product.composition?.trim();
  if (!composition) return [];
  // The salts' names (letters only: "500mg" and "500 mg" are different words to the index).
  const words = [...new Set(composition.toLowerCase().match(/\p{L}{3,}/gu) ?? [])].slice(0, 8);
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.published, true),
        ne(products.id, product._id),
        ...(words.length > 0 ? [sql`${products.searchVector} @@ to_tsquery('english', ${words.join(" & ")})`] : []),
        sql`${normalised(sql`${products.composition}`)} = ${normalised(sql`${composition}::text`)}`,
      ),
    )
    .orderBy(asc(products.pricePaise), asc(products.name), asc(products.id))
    .limit(limit);
  return rows.map((row) => toProductJson(row, language));
}
