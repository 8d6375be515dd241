import { count, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { products, researchArticles } from "../schema.ts";
import { DEMO_ARTICLES } from "./articles.ts";
import { productImages } from "./packshots.ts";
import { demoMedicineColumns } from "./medicine-information.ts";
import { demoTranslations } from "./hindi.ts";
import { DEMO_PRODUCTS, type DemoProduct, type ShopCategory } from "./products.ts";
import { prescriptionRequiredFor } from "#common/prescriptions.ts";

const GST_RATE_BPS: Record<DemoProduct["hsnCode"], number> = { "3004": 500, "2106": 1800 };

const CATEGORY_COLLECTION: Record<ShopCategory, string> = {
  "Women Care": "women-care",
  "Sports Nutrition": "sports-nutrition",
  "Kids Nutrition": "kids-nutrition",
};

/** Products added within this many days are in the "new-arrivals" collection. */
const NEW_ARRIVAL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Any number works; it only has to be the same in every process seeding one database. */
const CATALOGUE_SEED_LOCK = 7_355_001;

export function demoProductRow(product: DemoProduct, now: Date): typeof products.$inferInsert {
  const collections = [CATEGORY_COLLECTION[product.category]];
  if (product.bestseller) collections.push("bestsellers");
  if (product.addedDaysAgo <= NEW_ARRIVAL_DAYS) collections.push("new-arrivals");
  const createdAt = new Date(now.getTime() - product.addedDaysAgo * DAY_MS);
  return {
    name: product.name,
    description: product.description,
    pricePaise: product.pricePaise,
    mrpPaise: product.mrpPaise,
    images: productImages(product),
    category: product.category,
    subcategory: product.subcategory,
    form: product.form,
    tags: product.tags,
    brand: product.brand,
    sku: product.sku,
    collections,
    bestseller: product.bestseller ?? false,
    stock: product.stock,
    packText: product.packText,
    prescriptionRequired: prescriptionRequiredFor(product.schedule ?? "OTC"),
    schedule: product.schedule ?? "OTC",
    hsnCode: product.hsnCode,
    gstRateBps: GST_RATE_BPS[product.hsnCode],
    batchNumber: product.batchNumber,
    expiryDate: product.expiryDate,
    ...demoMedicineColumns(product.sku, product.brand),
    i18n: demoTranslations(product.sku),
    published: true,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Inserts the demo catalogue in one transaction, only into an empty products table, so an
 * operator's edits are never overwritten and a crash never leaves half a catalogue.
 * Returns the number of products inserted (0 when the table already had products).
 */
export async function seedDemoCatalogue(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    // Two processes starting together against one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return 0;
    const rows = DEMO_PRODUCTS.map((product) => demoProductRow(product, now));
    await tx.insert(products).values(rows);
    return rows.length;
  });
}

/** Inserts each demo article whose slug is missing; existing articles are left as they are. */
export async function seedDemoArticles(db: Database): Promise<number> {
  const inserted = await db
    .insert(researchArticles)
    .values(DEMO_ARTICLES)
    .onConflictDoNothing({ target: researchArticles.slug })
    .returning({ id: researchArticles.id });
  return inserted.length;
}
