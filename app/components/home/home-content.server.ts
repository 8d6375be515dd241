// The home page's reads. Server-only: the .server suffix keeps this file, and the database
// modules it imports, out of the browser bundle.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { products, researchArticles } from "#server/db/schema.ts";
import { getProduct, newArrivals } from "#server/modules/catalog/products.ts";
import { toCardProduct, type CardProduct } from "~/components/catalog/product-card";
import { NEW_LAUNCH_NAME, type NewLaunchProduct } from "./new-launch";
import type { ResearchArticle } from "./research-highlights";

/** The research highlights, newest first. */
export async function listResearchArticles(db: Database): Promise<ResearchArticle[]> {
  return db
    .select({
      slug: researchArticles.slug,
      title: researchArticles.title,
      description: researchArticles.description,
      fullContent: researchArticles.fullContent,
      category: researchArticles.category,
      image: researchArticles.image,
      imageAlt: researchArticles.imageAlt,
      publishedOn: researchArticles.publishedOn,
      link: researchArticles.link,
    })
    .from(researchArticles)
    .orderBy(desc(researchArticles.publishedOn));
}

/** The New Launch product (found by its name), or null when the catalogue lacks it. */
export async function findNewLaunchProduct(db: Database): Promise<NewLaunchProduct | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.name, NEW_LAUNCH_NAME), eq(products.published, true)))
    .limit(1);
  const product = row ? await getProduct(db, row.id) : null;
  return product
    ? { id: product._id, price: product.price, image: product.images[0] ?? null, inStock: product.countInStock > 0 }
    : null;
}

/** The newest products, trimmed to what a carousel card shows. */
export async function listNewArrivalCards(db: Database): Promise<CardProduct[]> {
  return (await newArrivals(db)).map(toCardProduct);
}
