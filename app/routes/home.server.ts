// The home page's reads, through the catalogue and content modules.
import type { Database } from "#server/db/client.ts";
import { findProductByName, newArrivals } from "#server/modules/catalog/products.ts";
import { listResearchArticles } from "#server/modules/content/research.ts";
import { toCardProduct, type CardProduct } from "~/components/catalog/product-card";
import { NEW_LAUNCH_NAME, type NewLaunchProduct } from "~/components/home/new-launch";
import type { ResearchArticle } from "~/components/home/research-highlights";

/** The research highlights, newest first. */
export async function loadResearchArticles(db: Database): Promise<ResearchArticle[]> {
  return listResearchArticles(db);
}

/** The New Launch product (found by its name), or null when the catalogue lacks it. */
export async function loadNewLaunchProduct(db: Database): Promise<NewLaunchProduct | null> {
  const product = await findProductByName(db, NEW_LAUNCH_NAME);
  return product
    ? { id: product._id, price: product.price, image: product.images[0] ?? null, inStock: product.countInStock > 0 }
    : null;
}

/** The newest products, trimmed to what a carousel card shows. */
export async function loadNewArrivalCards(db: Database): Promise<CardProduct[]> {
  return (await newArrivals(db)).map(toCardProduct);
}
