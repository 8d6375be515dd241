import { ensureFirstAdmin } from "./admin.ts";
import { seedDemoArticles, seedDemoCatalogue } from "./catalogue.ts";
import type { SeedShop } from "./seed-shop.ts";

/**
 * Runs on every start and is idempotent. With SEED_DEMO on: the demo catalogue goes into an
 * empty products table, and missing research articles are added by slug. Always: the first
 * admin account (see admin.ts).
 */
export async function seedDatabase(shop: SeedShop): Promise<void> {
  if (shop.config.seedDemo) {
    const productCount = await seedDemoCatalogue(shop.db);
    if (productCount > 0) shop.logger.info({ products: productCount }, "Demo catalogue seeded");
    const articleCount = await seedDemoArticles(shop.db);
    if (articleCount > 0) shop.logger.info({ articles: articleCount }, "Research articles seeded");
  }
  await ensureFirstAdmin(shop);
}
