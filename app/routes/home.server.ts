// The home page's reads, through the catalogue and content modules.
import type { AppLoadContext } from "react-router";
import type { Language } from "#common/language.ts";
import type { Database } from "#server/db/client.ts";
import { findProductByName, newArrivals } from "#server/modules/catalog/products.ts";
import { listResearchArticles } from "#server/modules/content/research.ts";
import { toCardProduct, type CardProduct } from "~/components/catalog/product-card";
import { NEW_LAUNCH_NAME, type NewLaunchProduct } from "~/components/home/new-launch";

/** The research highlights and the New Launch product, awaited; the new arrivals as a promise to stream. */
export async function loadHomePage(context: AppLoadContext, language: Language) {
  const { db, logger } = context.shop;
  // Below the fold, so streamed after the first paint: returned as a promise, not awaited.
  const newArrivals = loadNewArrivalCards(db, language).catch((error: unknown) => {
    logger.error({ err: error, requestId: context.requestId }, "new arrivals failed to load");
    throw error;
  });
  // Marks the rejection as handled until React Router subscribes, so a failure while the
  // awaited reads below are pending never counts as an unhandled rejection.
  newArrivals.catch(() => {});
  const [articles, newLaunch] = await Promise.all([listResearchArticles(db), loadNewLaunchProduct(db)]);
  return { articles, newLaunch, newArrivals };
}

/** The New Launch product (found by its name), or null when the catalogue lacks it. */
async function loadNewLaunchProduct(db: Database): Promise<NewLaunchProduct | null> {
  const product = await findProductByName(db, NEW_LAUNCH_NAME);
  return product
    ? { id: product._id, price: product.price, image: product.images[0] ?? null, inStock: product.countInStock > 0 }
    : null;
}

/** The newest products, trimmed to what a carousel card shows. */
async function loadNewArrivalCards(db: Database, language: Language): Promise<CardProduct[]> {
  return (await newArrivals(db, language)).map(toCardProduct);
}
