import { inArray } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductJson } from "#common/catalog.ts";
import type { SearchSuggestionsJson } from "#common/search.ts";
import { products } from "#server/db/schema.ts";
import { didYouMean } from "#server/modules/catalog/search.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";

// Search by salt, the header's suggestions, "Did you mean …" and substitutes (decisions/028).
let shop: TestShop;
const ids: Record<string, string> = {};

/** Four tranexamic acid products besides the demo catalogue: three of one composition (one unpublished), one combination of another strength. */
const SALT_PRODUCTS = [
  { key: "trapic", name: "Trapic 500 Tablet", composition: "Tranexamic Acid 500 mg", price: 250, published: true },
  { key: "pause", name: "Pause 500 Tablet", composition: "tranexamic acid (500mg)", price: 180, published: true },
  { key: "texakind", name: "Texakind 500 Tablet", composition: "Tranexamic Acid 500 mg", price: 90, published: false },
  { key: "combination", name: "Trapic MF Tablet", composition: "Tranexamic Acid 650 mg + Mefenamic Acid 250 mg", price: 300, published: true },
];

beforeAll(async () => {
  shop = await createTestShop({ SEED_DEMO: "1" });
  const rows = await shop.context.db
    .insert(products)
    .values(
      SALT_PRODUCTS.map((product, index) => ({
        name: product.name,
        description: "Used to control heavy menstrual bleeding.",
        composition: product.composition,
        pricePaise: product.price * 100,
        mrpPaise: product.price * 100,
        category: "Women Care",
        subcategory: "Menstrual Health",
        brand: "Test Pharma",
        sku: `TEST-TXA-${index}`,
        collections: ["women-care"],
        published: product.published,
      })),
    )
    .returning({ id: products.id, name: products.name });
  for (const row of rows) ids[SALT_PRODUCTS.find((product) => product.name === row.name)!.key] = row.id;
});
afterAll(() => shop?.close());

const get = (path: string) => request(shop.app).get(path);
const names = (res: request.Response) => (res.body as ProductJson[]).map((p) => p.name);
const suggest = async (q: string) => {
  const res = await get(`/api/products/suggestions?q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  return res.body as SearchSuggestionsJson;
};

describe("search by salt", () => {
  it("a salt finds the brands containing it, typos and word beginnings included", async () => {
    const expected = ["Pause 500 Tablet", "Trapic 500 Tablet", "Trapic MF Tablet"];
    const ours = "&brand=Test%20Pharma";
    expect(names(await get(`/api/products?search=tranexamic${ours}`)).sort()).toEqual(expected);
    expect(names(await get(`/api/products?search=tranexamc${ours}`)).sort()).toEqual(expected);
    expect(names(await get(`/api/products?search=Tranex${ours}`)).sort()).toEqual(expected);
    expect(names(await get(`/api/products?search=mefenamic%20acid${ours}`))).toEqual(["Trapic MF Tablet"]);
    // The brand's own name still ranks first.
    expect(names(await get("/api/products?search=trapic"))[0]).toMatch(/^Trapic/);
  });

  it("a changed composition is searched at once", async () => {
    await shop.context.db.update(products).set({ composition: "Ethamsylate 500 mg" }).where(inArray(products.id, [ids.pause!]));
    try {
      expect(names(await get("/api/products?search=ethamsylate"))).toEqual(["Pause 500 Tablet"]);
      expect(names(await get("/api/products?search=tranexamic"))).not.toContain("Pause 500 Tablet");
    } finally {
      await shop.context.db.update(products).set({ composition: "tranexamic acid (500mg)" }).where(inArray(products.id, [ids.pause!]));
    }
  });
});

describe("GET /api/products/suggestions", () => {
  it("offers the best-matching products (name matches first) and the sections holding matches, with true counts", async () => {
    const body = await suggest("whey");
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(6);
    const listing = await get("/api/products?search=whey&limit=6");
    expect(body.products.map((p) => p._id)).toEqual((listing.body as ProductJson[]).map((p) => p._id));
    const first = body.products[0]!;
    expect(first).toEqual({
      _id: expect.any(String),
      name: expect.stringMatching(/whey/i),
      url: `/product/${first._id}`,
      image: { url: expect.any(String), altText: expect.any(String) },
      price: expect.any(Number),
      composition: (listing.body as ProductJson[])[0]!.composition,
    });
    expect(body.categories.length).toBeGreaterThan(0);
    for (const category of body.categories) {
      const url = new URL(category.url, "http://shop.test");
      expect(url.pathname).toBe("/collections/all");
      expect(url.searchParams.get("search")).toBe("whey");
      const res = await get(`/api/products?search=whey&category=${url.searchParams.get("category")}`);
      expect(res.headers["x-total-count"], category.name).toBe(String(category.count));
    }
    expect(body.didYouMean).toBeUndefined();
  });

  it("finds brands by their salt and carries the composition, published products only", async () => {
    const body = await suggest("tranex");
    const suggested = body.products.map((p) => p.name);
    expect(suggested).toEqual(expect.arrayContaining(["Pause 500 Tablet", "Trapic 500 Tablet", "Trapic MF Tablet"]));
    expect(suggested).not.toContain("Texakind 500 Tablet");
    expect(body.products.find((p) => p.name === "Pause 500 Tablet")?.composition).toBe("tranexamic acid (500mg)");
    const total = (await get("/api/products?search=tranex")).headers["x-total-count"];
    expect(body.categories).toEqual([{ name: "Women Care", url: "/collections/all?search=tranex&category=women-care", count: Number(total) }]);
  });

  it("offers nothing for empty, one-letter or punctuation-only text", async () => {
    for (const q of ["", " ", "a", "%_*", "'"]) expect(await suggest(q), q).toEqual({ products: [], categories: [] });
    const missing = await get("/api/products/suggestions");
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ products: [], categories: [] });
  });

  it("offers a close product name when nothing matches", async () => {
    expect((await get("/api/products?search=kreatin%20monohidrate")).headers["x-total-count"]).toBe("0");
    const body = await suggest("kreatin monohidrate");
    expect(body.products).toEqual([]);
    expect(body.didYouMean?.text).toBe("Creatine Monohydrate Micronised");
    expect(body.didYouMean?.url).toBe(`/collections/all?search=${encodeURIComponent(body.didYouMean!.text).replace(/%20/g, "+")}`);
    // The suggested search finds something.
    expect(Number((await get(`/api/products?search=${encodeURIComponent(body.didYouMean!.text)}`)).headers["x-total-count"])).toBeGreaterThan(0);
    expect(await suggest("qqqxxzzv")).toEqual({ products: [], categories: [] });
  });

  it("refuses over-long text with a sentence and treats odd input as text", async () => {
    const long = await get(`/api/products/suggestions?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Filter values are limited to 200 characters");
    for (const q of ["q[a]=1", "q=whey&q=protein", "q=%27%3B%20drop%20table%20products%3B--", "q=<script>"]) {
      const res = await get(`/api/products/suggestions?${q}`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body.products), q).toBe(true);
    }
  });

  it("is a public, cacheable read", async () => {
    const res = await get("/api/products/suggestions?q=whey");
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=60/);
    expect(res.headers.etag).toBeTruthy();
    expect((await get("/api/products/suggestions?q=whey").set("If-None-Match", res.headers.etag)).status).toBe(304);
  });
});

describe("did you mean", () => {
  it("finds the product name closest to a search that found nothing", async () => {
    expect(await didYouMean(shop.context.db, "macnrsh")).toBe("Macnurish");
    expect(await didYouMean(shop.context.db, "vitamn d3 drps")).toBe("Vitamin D3 400 IU Drops");
    expect(await didYouMean(shop.context.db, "probiotc kidz")).toBe("Kids Probiotic Sachets LGG");
    expect(await didYouMean(shop.context.db, "zzqqxxv")).toBeNull();
    expect(await didYouMean(shop.context.db, "ab")).toBeNull();
  });

  it("never offers an unpublished product", async () => {
    expect(await didYouMean(shop.context.db, "texakindd")).not.toBe("Texakind 500 Tablet");
  });
});

describe("GET /api/products/:id/substitutes", () => {
  it("lists the other published products of the same salt composition, cheapest first", async () => {
    const res = await get(`/api/products/${ids.trapic}/substitutes`);
    expect(res.status).toBe(200);
    // Texakind is cheaper but unpublished; the combination is another composition.
    expect(names(res)).toEqual(["Pause 500 Tablet"]);
    expect(res.body[0]).toMatchObject({ price: 180, composition: "tranexamic acid (500mg)" });
    expect(names(await get(`/api/products/${ids.pause}/substitutes`))).toEqual(["Trapic 500 Tablet"]);
    // Another strength is another composition.
    expect(names(await get(`/api/products/${ids.combination}/substitutes`))).toEqual([]);
  });

  it("orders by price and follows publishing", async () => {
    await shop.context.db.update(products).set({ published: true }).where(inArray(products.id, [ids.texakind!]));
    try {
      expect(names(await get(`/api/products/${ids.trapic}/substitutes`))).toEqual(["Texakind 500 Tablet", "Pause 500 Tablet"]);
    } finally {
      await shop.context.db.update(products).set({ published: false }).where(inArray(products.id, [ids.texakind!]));
    }
  });

  it("is empty for a product without a composition and 404 for unknown, malformed or unpublished ids", async () => {
    await shop.context.db.update(products).set({ composition: null }).where(inArray(products.id, [ids.combination!]));
    expect((await get(`/api/products/${ids.combination}/substitutes`)).body).toEqual([]);
    for (const id of ["no-such-product", "00000000-0000-0000-0000-000000000000", ids.texakind, "%27"]) {
      const res = await get(`/api/products/${id}/substitutes`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe("Product not found");
    }
  });
});
