// Faceted counts (decisions/026) on a small catalogue of its own: each option counts what the list
// would show with it chosen and every other filter kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductFacets, ProductQuery } from "#common/catalog.ts";
import type { Database } from "#server/db/client.ts";
import { products } from "#server/db/schema.ts";
import { createTestDatabase, type TestDatabase } from "#tests/support/database.ts";
import { listProducts, productFacets } from "./products.ts";

let database: TestDatabase;
let db: Database;

const ROWS = [
  // name, category, subcategory, brand, price ₹, prescription, stock
  ["Folate Tablets", "Women Care", "Pregnancy Care", "Femora", 120, false, 10],
  ["Iron Syrup", "Women Care", "Pregnancy Care", "Femora", 240, false, 0],
  ["Letrozole Tablets", "Women Care", "Fertility", "Rx Labs", 480, true, 5],
  ["Whey Protein", "Sports Nutrition", "Protein", "MuscleVeda", 1800, false, 4],
  ["Electrolyte Drink", "Sports Nutrition", "Hydration", "MuscleVeda", 90, false, 20],
  ["Kids Multivitamin", "Kids Nutrition", "Multivitamins", "Bal Poshan", 150, false, 7],
] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await db.insert(products).values(
    ROWS.map(([name, category, subcategory, brand, rupees, rx, stock], index) => ({
      name,
      description: `${name} for the facet test.`,
      pricePaise: rupees * 100,
      mrpPaise: rupees * 100,
      category,
      subcategory,
      brand,
      sku: `FACET-${index}`,
      collections: [category.toLowerCase().replace(" ", "-")],
      schedule: rx ? ("H" as const) : ("OTC" as const),
      prescriptionRequired: rx,
      stock,
      createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
    })),
  );
});
afterAll(() => database?.release());

const count = (list: { name: string; count: number }[], name: string) => list.find((entry) => entry.name === name)?.count;
const total = async (query: ProductQuery) => (await listProducts(db, { ...query, limit: 100 })).total;

describe("productFacets", () => {
  it("without filters counts every published product once per facet", async () => {
    const facets = await productFacets(db, {});
    expect(facets.categories).toEqual([
      { name: "Women Care", count: 3 },
      { name: "Sports Nutrition", count: 2 },
      { name: "Kids Nutrition", count: 1 },
    ]);
    expect(facets.subcategories["Women Care"]).toEqual([
      { name: "Fertility", count: 1 },
      { name: "Pregnancy Care", count: 2 },
    ]);
    expect(facets.prescription).toEqual([
      { name: "required", count: 1 },
      { name: "not-required", count: 5 },
    ]);
    expect(facets.price).toEqual({ min: 90, max: 1800 });
  });

  it("counts categories under the price and prescription filters (but not the category's own)", async () => {
    const facets = await productFacets(db, { category: "women-care", maxPrice: 200 });
    expect(facets.categories).toEqual([
      { name: "Women Care", count: 1 },
      { name: "Sports Nutrition", count: 1 },
      { name: "Kids Nutrition", count: 1 },
    ]);
    // Subcategories keep the category and the price.
    expect(facets.subcategories["Women Care"]).toEqual([
      { name: "Fertility", count: 0 },
      { name: "Pregnancy Care", count: 1 },
    ]);
    // The price range ignores the price filter itself, so the slider can widen again.
    expect(facets.price).toEqual({ min: 120, max: 480 });
  });

  it("keeps options of the page's universe at 0 rather than dropping them, so they can be shown disabled", async () => {
    const section = await productFacets(db, { collections: "women-care" });
    expect(section.categories).toEqual([{ name: "Women Care", count: 3 }]);
    const nothing = await productFacets(db, { search: "zzzzqqqq" });
    expect(nothing.categories.map((entry) => entry.count)).toEqual([0, 0, 0]);
    expect(nothing.subcategories["Sports Nutrition"]).toEqual([
      { name: "Hydration", count: 0 },
      { name: "Protein", count: 0 },
    ]);
    expect(nothing.price).toEqual({ min: 0, max: 0 });
  });

  it("agrees with the list: each option's count is the total the list gives with that option chosen", async () => {
    const queries: ProductQuery[] = [
      {},
      { search: "tablets" },
      { prescription: "not-required", minPrice: 100 },
      { category: "Sports Nutrition", subcategory: ["Protein"] },
      { collections: "women-care", brand: ["Femora"] },
    ];
    for (const query of queries) {
      const facets: ProductFacets = await productFacets(db, query);
      const { category: _category, subcategory: _subcategory, ...withoutCategory } = query;
      for (const entry of facets.categories) {
        expect(entry.count, `${JSON.stringify(query)} ${entry.name}`).toBe(await total({ ...withoutCategory, category: entry.name }));
      }
      for (const [category, list] of Object.entries(facets.subcategories)) {
        for (const entry of list) {
          const expected = query.category && query.category !== category ? 0 : await total({ ...query, subcategory: [entry.name] });
          expect(count(list, entry.name), `${JSON.stringify(query)} ${entry.name}`).toBe(expected);
        }
      }
      for (const entry of facets.brands) {
        expect(entry.count, `${JSON.stringify(query)} ${entry.name}`).toBe(await total({ ...query, brand: [entry.name] }));
      }
      for (const entry of facets.prescription) {
        const prescription = entry.name as "required" | "not-required";
        expect(entry.count, `${JSON.stringify(query)} ${entry.name}`).toBe(await total({ ...query, prescription }));
      }
    }
  });
});
