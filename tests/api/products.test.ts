import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductFacets, ProductJson } from "#common/catalog.ts";
import { products, reviews } from "#server/db/schema.ts";
import { DEMO_PRODUCTS } from "#server/db/seed/products.ts";
import { MALFORMED_MESSAGE } from "#server/http/reject-malformed.ts";
import { recountReviews } from "#server/modules/catalog/reviews.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer } from "../support/users.ts";

let shop: TestShop;
/** Every published demo product, newest first, as the API returns them. */
let all: ProductJson[];

beforeAll(async () => {
  shop = await createTestShop({ SEED_DEMO: "1" });
  const res = await request(shop.app).get("/api/products?limit=100");
  all = res.body;
});
afterAll(() => shop?.close());

const list = (query: string) => request(shop.app).get(`/api/products${query}`);
const names = (res: request.Response) => (res.body as ProductJson[]).map((p) => p.name);
const byName = (name: string) => all.find((p) => p.name === name)!;

function expectSorted<T>(values: T[], compare: (a: T, b: T) => number) {
  for (let i = 1; i < values.length; i++) expect(compare(values[i - 1]!, values[i]!)).toBeLessThanOrEqual(0);
}

/** Every storefront order puts out-of-stock products last (decisions/026), then applies its own order. */
const stockLast =
  (compare: (a: ProductJson, b: ProductJson) => number) =>
  (a: ProductJson, b: ProductJson): number =>
    Number(a.countInStock === 0) - Number(b.countInStock === 0) || compare(a, b);
const newestFirst = (a: ProductJson, b: ProductJson) => Date.parse(b.createdAt) - Date.parse(a.createdAt);
const outOfStock = DEMO_PRODUCTS.filter((p) => p.stock === 0).length;

describe("GET /api/products", () => {
  it("returns 12 published products, newest first, with X-Total-Count by default", async () => {
    const res = await list("");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json; charset=utf-8/);
    expect(res.body).toHaveLength(12);
    expect(res.headers["x-total-count"]).toBe(String(DEMO_PRODUCTS.length));
    expect(all).toHaveLength(DEMO_PRODUCTS.length);
    expect(res.body[0].name).toBe("Macnurish");
    expect(names(res)).toEqual(all.slice(0, 12).map((p) => p.name));
    expectSorted(all, stockLast(newestFirst));
    expect(outOfStock).toBeGreaterThan(0);
    expect(all.slice(-outOfStock).every((p) => p.countInStock === 0)).toBe(true);
  });

  it("returns products in the contract's shape, money in rupees", async () => {
    const macnurish = byName("Macnurish");
    expect(macnurish).toMatchObject({
      _id: expect.any(String),
      price: 69,
      mrp: 69,
      category: "Women Care",
      subcategory: "PCOS Care",
      form: "Powder",
      brand: "Healthcare Pharma",
      quantity: "/Sachet",
      countInStock: expect.any(Number),
      prescriptionRequired: false,
      bestseller: true,
      // No reviews stored, so no rating (the demo catalogue invents none).
      rating: 0,
      numReviews: 0,
    });
    expect(macnurish.images[0]).toEqual({ url: expect.any(String), altText: expect.any(String) });
    expect(new Date(macnurish.createdAt).toISOString()).toBe(macnurish.createdAt);
    expect(macnurish).not.toHaveProperty("searchVector");
    expect(macnurish).not.toHaveProperty("published");
  });

  describe("filters", () => {
    it("collections: a slug filters, 'all' does not", async () => {
      const res = await list("?collections=bestsellers&limit=100");
      const expected = DEMO_PRODUCTS.filter((p) => p.bestseller).map((p) => p.name);
      expect(names(res).sort()).toEqual(expected.sort());
      expect(res.headers["x-total-count"]).toBe(String(expected.length));
      expect((await list("?collections=all")).headers["x-total-count"]).toBe(String(DEMO_PRODUCTS.length));
      const section = await list("?collections=kids-nutrition&limit=100");
      expect(section.body.length).toBe(DEMO_PRODUCTS.filter((p) => p.category === "Kids Nutrition").length);
      expect(section.body.every((p: ProductJson) => p.category === "Kids Nutrition")).toBe(true);
      expect((await list("?collections=no-such-collection")).body).toEqual([]);
    });

    it.each(["Women Care", "women-care", "Women Healthcare", "women care"])(
      "category %s is the Women Care section",
      async (category) => {
        const res = await list(`?category=${encodeURIComponent(category)}&limit=100`);
        const expected = DEMO_PRODUCTS.filter((p) => p.category === "Women Care");
        expect(res.body).toHaveLength(expected.length);
        expect(res.body.every((p: ProductJson) => p.category === "Women Care")).toBe(true);
        expect(res.headers["x-total-count"]).toBe(String(expected.length));
      },
    );

    it("an unknown category matches nothing", async () => {
      const res = await list("?category=Garden%20Tools");
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers["x-total-count"]).toBe("0");
    });

    it("subcategory takes a comma-separated list", async () => {
      const one = await list("?subcategory=Protein&limit=100");
      expect(one.body.length).toBe(DEMO_PRODUCTS.filter((p) => p.subcategory === "Protein").length);
      const two = await list(`?subcategory=${encodeURIComponent("Protein, Hydration")}&limit=100`);
      const expected = DEMO_PRODUCTS.filter((p) => ["Protein", "Hydration"].includes(p.subcategory));
      expect(names(two).sort()).toEqual(expected.map((p) => p.name).sort());
    });

    it("brand takes a comma-separated list", async () => {
      const res = await list(`?brand=${encodeURIComponent("Femora,Bal Poshan")}&limit=100`);
      const expected = DEMO_PRODUCTS.filter((p) => p.brand === "Femora" || p.brand === "Bal Poshan");
      expect(names(res).sort()).toEqual(expected.map((p) => p.name).sort());
      expect((await list("?brand=Femora&limit=100")).body.every((p: ProductJson) => p.brand === "Femora")).toBe(true);
    });

    it("minPrice and maxPrice are rupees, inclusive", async () => {
      const res = await list("?minPrice=69&maxPrice=165&limit=100");
      const expected = DEMO_PRODUCTS.filter((p) => p.pricePaise >= 69_00 && p.pricePaise <= 165_00);
      expect(names(res).sort()).toEqual(expected.map((p) => p.name).sort());
      expect(names(res)).toContain("Macnurish");
      expect(names(res)).toContain("Iron, Folic Acid & Vitamin B12 Syrup");
      const fractional = await list("?minPrice=68.5&maxPrice=69.5");
      expect(names(fractional)).toEqual(["Macnurish"]);
    });

    it("prescription: required and not-required", async () => {
      const required = await list("?prescription=required&limit=100");
      const rx = DEMO_PRODUCTS.filter((p) => p.schedule !== undefined && p.schedule !== "OTC");
      expect(rx.length).toBeGreaterThan(0);
      expect(names(required).sort()).toEqual(rx.map((p) => p.name).sort());
      const otc = await list("?prescription=not-required&limit=100");
      expect(otc.body.length).toBe(DEMO_PRODUCTS.length - rx.length);
      expect(otc.body.every((p: ProductJson) => !p.prescriptionRequired)).toBe(true);
    });

    it("filters combine", async () => {
      const res = await list("?category=sports-nutrition&subcategory=Protein&brand=MuscleVeda&maxPrice=900&limit=100");
      expect(names(res)).toEqual(["Raw Whey Protein Isolate Unflavoured"]);
    });

    it("ignores unknown parameters and empty values", async () => {
      const res = await list("?foo=bar&category=&brand=&minPrice=&sortBy=&search=&limit=&page=&isPaid=true");
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(12);
      expect(res.headers["x-total-count"]).toBe(String(DEMO_PRODUCTS.length));
    });
  });

  describe("search", () => {
    it("finds a product by name", async () => {
      const res = await list("?search=macnurish");
      expect(res.body[0].name).toBe("Macnurish");
    });

    it("tolerates a typo and ranks the best match first: macnursh", async () => {
      const res = await list("?search=macnursh");
      expect(res.status).toBe(200);
      expect(res.body[0]?.name).toBe("Macnurish");
    });

    it("tolerates a typo: protien finds the protein products, ranked", async () => {
      const res = await list("?search=protien&limit=100");
      const found = names(res);
      const proteins = DEMO_PRODUCTS.filter((p) => p.subcategory === "Protein").map((p) => p.name);
      expect(found.slice(0, 3).every((name) => /protein/i.test(name))).toBe(true);
      for (const name of proteins.filter((n) => /protein/i.test(n))) expect(found).toContain(name);
      expect(res.headers["x-total-count"]).toBe(String(found.length));
    });

    it("ranks name matches above description matches", async () => {
      const res = await list("?search=zinc&limit=100");
      expect(res.body.length).toBeGreaterThan(2);
      expect(res.body[0].name).toMatch(/zinc/i);
      // Macnurish mentions zinc only in its description and tags.
      const names_ = names(res);
      expect(names_).toContain("Macnurish");
      expect(names_.indexOf("Macnurish")).toBeGreaterThan(names_.findIndex((n) => /zinc/i.test(n)));
    });

    it("searches brands and tags, and combines with filters", async () => {
      const brand = await list("?search=MuscleVeda&limit=100");
      expect(brand.body.length).toBe(DEMO_PRODUCTS.filter((p) => p.brand === "MuscleVeda").length);
      const filtered = await list("?search=protein&maxPrice=850&limit=100");
      expect(filtered.body.length).toBeGreaterThan(0);
      expect(filtered.body.every((p: ProductJson) => p.price <= 850)).toBe(true);
    });

    it("an explicit sortBy overrides relevance", async () => {
      const res = await list("?search=protein&sortBy=priceAsc&limit=100");
      expectSorted(res.body as ProductJson[], (a, b) => a.price - b.price);
    });

    it("matches word beginnings and numbers in hyphenated names", async () => {
      const prefix = await list("?search=electro&limit=100");
      expect(names(prefix).slice(0, 2).sort()).toEqual([
        "Effervescent Electrolyte Tablets Orange",
        "Electrolyte Hydration Mix Lemon",
      ]);
      expect(names(await list("?search=omega-3"))).toEqual(["Kids Omega-3 DHA Syrup"]);
      expect(names(await list(`?search=${encodeURIComponent("whey protien")}&limit=100`)).sort()).toEqual([
        "Raw Whey Protein Isolate Unflavoured",
        "Whey Protein Concentrate 80% Double Chocolate",
      ]);
    });

    it("pages through the ranking in order", async () => {
      const whole = names(await list("?search=zinc&limit=100"));
      const pages = await Promise.all([1, 2, 3].map((page) => list(`?search=zinc&limit=3&page=${page}`)));
      expect(pages.flatMap(names)).toEqual(whole.slice(0, 9));
      for (const page of pages) expect(page.headers["x-total-count"]).toBe(String(whole.length));
    });

    it("treats search text literally (no SQL, no wildcards)", async () => {
      for (const term of ["%", "_", "' or 1=1 --", "\\", "a:*", "!!!", "()"]) {
        const res = await list(`?search=${encodeURIComponent(term)}`);
        expect(res.status, term).toBe(200);
        expect(Number(res.headers["x-total-count"]), term).toBeLessThan(DEMO_PRODUCTS.length);
      }
      expect((await list("?search=zzzzqqqq")).body).toEqual([]);
    });
  });

  describe("sorting", () => {
    it("newest", async () => {
      const res = await list("?sortBy=newest&limit=100");
      expect(names(res)).toEqual(all.map((p) => p.name));
      const expected = [...DEMO_PRODUCTS]
        .sort((a, b) => Number(a.stock === 0) - Number(b.stock === 0) || a.addedDaysAgo - b.addedDaysAgo)
        .map((p) => p.name);
      expect(names(res)).toEqual(expected);
    });

    it("priceAsc", async () => {
      const res = await list("?sortBy=priceAsc&limit=100");
      expectSorted(res.body as ProductJson[], stockLast((a, b) => a.price - b.price || newestFirst(a, b)));
      expect(res.body[0].name).toBe("Oral Rehydration Salts WHO Formula");
      expect((res.body as ProductJson[]).slice(-outOfStock).every((p) => p.countInStock === 0)).toBe(true);
    });

    it("priceDesc", async () => {
      const res = await list("?sortBy=priceDesc&limit=100");
      expectSorted(res.body as ProductJson[], stockLast((a, b) => b.price - a.price || newestFirst(a, b)));
      expect(res.body[0].name).toBe("Whey Protein Concentrate 80% Double Chocolate");
    });

    it.each(["rating", "popularity"])("%s without any review: the newest order, out of stock last", async (sortBy) => {
      const res = await list(`?sortBy=${sortBy}&limit=100`);
      expect(names(res)).toEqual(all.map((p) => p.name));
    });

    it("an unknown sortBy is a 400", async () => {
      const res = await list("?sortBy=cheapest");
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/sortBy/);
    });
  });

  describe("paging", () => {
    it("limit and page slice the same ordering; X-Total-Count is the total", async () => {
      const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => list(`?limit=10&page=${page}`)));
      const sizes = [1, 2, 3, 4, 5].map((page) => Math.max(0, Math.min(10, DEMO_PRODUCTS.length - (page - 1) * 10)));
      expect(sizes.at(-1)).toBeGreaterThan(0);
      expect(pages.map((p) => p.body.length)).toEqual(sizes);
      for (const page of pages) expect(page.headers["x-total-count"]).toBe(String(DEMO_PRODUCTS.length));
      expect(pages.flatMap(names)).toEqual(all.map((p) => p.name));
    });

    it("a page past the end is empty and still counts the matches", async () => {
      const res = await list("?category=Kids%20Nutrition&limit=5&page=50");
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(res.headers["x-total-count"]).toBe(
        String(DEMO_PRODUCTS.filter((p) => p.category === "Kids Nutrition").length),
      );
    });

    it("limit 100 is allowed", async () => {
      expect((await list("?limit=100")).status).toBe(200);
    });

    it.each([
      ["limit=101", /limit/],
      ["limit=0", /limit/],
      ["limit=2.5", /limit/],
      ["page=0", /page/],
      ["page=-1", /page/],
      ["minPrice=abc", /minPrice/],
      ["maxPrice=1e400", /maxPrice/],
      ["prescription=maybe", /prescription/],
    ])("%s is a 400 with a message", async (query, message) => {
      const res = await list(`?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(res.body.errors).toEqual(expect.any(Object));
    });
  });
});

describe("GET /api/products/facets", () => {
  it("counts categories, subcategories and brands, with the price range", async () => {
    const res = await request(shop.app).get("/api/products/facets");
    expect(res.status).toBe(200);
    const facets = res.body as ProductFacets;
    const countOf = (key: (p: (typeof DEMO_PRODUCTS)[number]) => string, value: string) =>
      DEMO_PRODUCTS.filter((p) => key(p) === value).length;
    expect(facets.categories).toEqual([
      { name: "Women Care", count: countOf((p) => p.category, "Women Care") },
      { name: "Sports Nutrition", count: countOf((p) => p.category, "Sports Nutrition") },
      { name: "Kids Nutrition", count: countOf((p) => p.category, "Kids Nutrition") },
    ]);
    expect(Object.keys(facets.subcategories).sort()).toEqual(["Kids Nutrition", "Sports Nutrition", "Women Care"]);
    expect(facets.subcategories["Sports Nutrition"]).toContainEqual({
      name: "Protein",
      count: countOf((p) => p.subcategory, "Protein"),
    });
    const subcategoryTotal = Object.values(facets.subcategories)
      .flat()
      .reduce((sum, s) => sum + s.count, 0);
    expect(subcategoryTotal).toBe(DEMO_PRODUCTS.length);
    const brands = [...new Set(DEMO_PRODUCTS.map((p) => p.brand))].sort();
    expect(facets.brands.map((b) => b.name)).toEqual(brands);
    expect(facets.brands.find((b) => b.name === "Femora")?.count).toBe(countOf((p) => p.brand, "Femora"));
    expect(facets.price).toEqual({
      min: Math.min(...DEMO_PRODUCTS.map((p) => p.pricePaise)) / 100,
      max: Math.max(...DEMO_PRODUCTS.map((p) => p.pricePaise)) / 100,
    });
  });

  it("narrows to a collection", async () => {
    const res = await request(shop.app).get("/api/products/facets?collections=kids-nutrition");
    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual([
      { name: "Kids Nutrition", count: DEMO_PRODUCTS.filter((p) => p.category === "Kids Nutrition").length },
    ]);
    expect(Object.keys(res.body.subcategories)).toEqual(["Kids Nutrition"]);
    const everything = await request(shop.app).get("/api/products/facets?collections=all");
    expect(everything.body.categories).toHaveLength(3);
  });
});

describe("GET /api/products/new-arrivals", () => {
  it("returns the 8 newest products in stock, newest first", async () => {
    const res = await request(shop.app).get("/api/products/new-arrivals");
    expect(res.status).toBe(200);
    expect((res.body as ProductJson[]).every((p) => p.countInStock > 0)).toBe(true);
    expect(names(res)).toEqual(all.slice(0, 8).map((p) => p.name));
  });
});

describe("GET /api/products/similar/:id", () => {
  it("returns up to 8 products of the same category, excluding the product, same subcategory first", async () => {
    const product = byName("Whey Protein Concentrate 80% Double Chocolate");
    const res = await request(shop.app).get(`/api/products/similar/${product._id}`);
    expect(res.status).toBe(200);
    const similar = res.body as ProductJson[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(8);
    expect(similar.every((p) => p.category === "Sports Nutrition")).toBe(true);
    expect(similar.map((p) => p._id)).not.toContain(product._id);
    const sameSubcategory = DEMO_PRODUCTS.filter((p) => p.subcategory === "Protein").length - 1;
    expect(similar.slice(0, sameSubcategory).every((p) => p.subcategory === "Protein")).toBe(true);
  });

  it("is a 404 for an unknown or malformed id", async () => {
    for (const id of ["no-such-product", "..%2Fetc", "x".repeat(500)]) {
      const res = await request(shop.app).get(`/api/products/similar/${id}`);
      expect(res.status, id.slice(0, 20)).toBe(404);
      expect(res.body.message).toBe("Product not found");
    }
    // A NUL is refused before any router as malformed input (tests/api/malformed-input.test.ts).
    const nul = await request(shop.app).get("/api/products/similar/%00");
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(MALFORMED_MESSAGE);
  });
});

describe("GET /api/products/:id", () => {
  it("returns the product", async () => {
    const product = byName("Macnurish");
    const res = await request(shop.app).get(`/api/products/${product._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(product);
  });

  it.each([
    ["an unknown id", "no-such-product"],
    ["an unknown uuid", "00000000-0000-0000-0000-000000000000"],
    ["an encoded path", "..%2F..%2Fetc%2Fpasswd"],
    ["a dot-dot path", "../etc"],
    ["SQL", "%27%20or%201%3D1%20--"],
    ["a 5,000-character id", "x".repeat(5000)],
    ["a rupee sign", "%E2%82%B9"],
    ["an encoded slash", "a%2Fb"],
    ["two segments", "a/b/c"],
  ])("is a 404 Product not found for %s", async (_label, id) => {
    const res = await request(shop.app).get(`/api/products/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Product not found");
  });

  it("refuses a NUL in the id as malformed input: 400, before any router", async () => {
    const res = await request(shop.app).get("/api/products/%00");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MALFORMED_MESSAGE);
  });
});

describe("HTTP caching", () => {
  const paths = () => [
    "/api/products?limit=12",
    "/api/products/facets",
    "/api/products/new-arrivals",
    `/api/products/${byName("Macnurish")._id}`,
    `/api/products/similar/${byName("Macnurish")._id}`,
  ];

  it("public reads carry a weak ETag, a short public max-age and answer 304 when unchanged", async () => {
    for (const path of paths()) {
      const first = await request(shop.app).get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.etag, path).toMatch(/^W\/"/);
      expect(first.headers["cache-control"], path).toBe("public, max-age=60, stale-while-revalidate=300");
      expect(first.headers.vary, path).toMatch(/Authorization/);
      expect(first.headers.vary, path).toMatch(/Cookie/);
      const again = await request(shop.app).get(path).set("If-None-Match", first.headers.etag);
      expect(again.status, path).toBe(304);
      expect(again.text ?? "", path).toBe("");
      const stale = await request(shop.app).get(path).set("If-None-Match", 'W/"stale"');
      expect(stale.status, path).toBe(200);
    }
  });

  it("the ETag changes with the query", async () => {
    const a = await list("?limit=3");
    const b = await list("?limit=4");
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it("a request with credentials is answered private, so no shared cache keeps it", async () => {
    const customer = await createCustomer(shop.context);
    const res = await list("?limit=3").set(customer.headers);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, max-age=60, stale-while-revalidate=300");
    const cookie = await list("?limit=3").set("Cookie", "theme=dark");
    expect(cookie.headers["cache-control"]).toMatch(/^private/);
  });

  it("errors are not cached as products", async () => {
    const res = await request(shop.app).get("/api/products/no-such-product");
    expect(res.status).toBe(404);
    expect(res.headers["cache-control"] ?? "").not.toMatch(/public/);
  });
});

describe("catalogue changes", () => {
  it("are seen at once by counts, facets and search, typos included", async () => {
    const before = await list("?category=Kids%20Nutrition");
    const facetsBefore = (await request(shop.app).get("/api/products/facets")).body as ProductFacets;
    const [added] = await shop.context.db
      .insert(products)
      .values({
        name: "Shilajit Resin Kids Drops",
        description: "A test product.",
        pricePaise: 499_00,
        mrpPaise: 499_00,
        category: "Kids Nutrition",
        subcategory: "Immunity",
        brand: "Test Brand",
        sku: "TEST-SHILAJIT-1",
        collections: ["kids-nutrition"],
        stock: 5,
      })
      .returning({ id: products.id });
    try {
      const after = await list("?category=Kids%20Nutrition");
      expect(Number(after.headers["x-total-count"])).toBe(Number(before.headers["x-total-count"]) + 1);
      expect(after.body[0].name).toBe("Shilajit Resin Kids Drops");
      const facets = (await request(shop.app).get("/api/products/facets")).body as ProductFacets;
      expect(facets.brands).toContainEqual({ name: "Test Brand", count: 1 });
      expect(facets.categories.find((c) => c.name === "Kids Nutrition")?.count).toBe(
        facetsBefore.categories.find((c) => c.name === "Kids Nutrition")!.count + 1,
      );
      expect(names(await list("?search=shilajt"))).toEqual(["Shilajit Resin Kids Drops"]);

      await shop.context.db.update(products).set({ name: "Moringa Kids Drops" }).where(eq(products.id, added!.id));
      expect(names(await list("?search=moringa"))).toEqual(["Moringa Kids Drops"]);
      expect(names(await list("?search=shilajit"))).toEqual([]);
    } finally {
      await shop.context.db.delete(products).where(eq(products.id, added!.id));
    }
    expect((await list("?category=Kids%20Nutrition")).headers["x-total-count"]).toBe(before.headers["x-total-count"]);
  });
});

describe("product changes", () => {
  it("show at once in responses read before the change (stock, price)", async () => {
    const product = byName("Brahmi Syrup for Kids");
    const path = `/api/products/${product._id}`;
    const first = await request(shop.app).get(path);
    await request(shop.app).get(path);
    await shop.context.db.update(products).set({ stock: 3, pricePaise: 150_00 }).where(eq(products.id, product._id));
    try {
      const after = await request(shop.app).get(path).set("If-None-Match", first.headers.etag);
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ countInStock: 3, price: 150 });
      const listed = (await list("?limit=100")).body as ProductJson[];
      expect(listed.find((p) => p._id === product._id)).toMatchObject({ countInStock: 3, price: 150 });
    } finally {
      await shop.context.db
        .update(products)
        .set({ stock: product.countInStock, pricePaise: Math.round(product.price * 100) })
        .where(eq(products.id, product._id));
    }
  });
});

describe("unpublished products", () => {
  let hidden: ProductJson;

  beforeAll(async () => {
    hidden = byName("Macnurish");
    await shop.context.db.update(products).set({ published: false }).where(eq(products.id, hidden._id));
  });
  afterAll(async () => {
    await shop.context.db.update(products).set({ published: true }).where(eq(products.id, hidden._id));
  });

  it("are invisible in lists, searches, counts, facets, new arrivals, similar products and detail", async () => {
    const everything = await list("?limit=100");
    expect(names(everything)).not.toContain("Macnurish");
    expect(everything.headers["x-total-count"]).toBe(String(DEMO_PRODUCTS.length - 1));
    expect(names(await list("?search=macnurish"))).not.toContain("Macnurish");
    expect(names(await list("?collections=bestsellers&limit=100"))).not.toContain("Macnurish");

    const facets = (await request(shop.app).get("/api/products/facets")).body as ProductFacets;
    const womenCare = DEMO_PRODUCTS.filter((p) => p.category === "Women Care").length;
    expect(facets.categories.find((c) => c.name === "Women Care")?.count).toBe(womenCare - 1);

    expect(names(await request(shop.app).get("/api/products/new-arrivals"))).not.toContain("Macnurish");

    const sibling = byName("Myo-Inositol & D-Chiro-Inositol 40:1 Sachets");
    expect(names(await request(shop.app).get(`/api/products/similar/${sibling._id}`))).not.toContain("Macnurish");

    for (const path of [
      `/api/products/${hidden._id}`,
      `/api/products/similar/${hidden._id}`,
      `/api/products/${hidden._id}/reviews`,
    ]) {
      const res = await request(shop.app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe("Product not found");
    }
  });
});

describe("Highest Rated with real reviews (decisions/026)", () => {
  const ratingsOf: Record<string, number[]> = {
    "Macnurish": [5],
    "Kids Omega-3 DHA Syrup": [5, 4, 5, 4, 5, 4],
    "Raw Whey Protein Isolate Unflavoured": [1, 2],
  };
  let outOfStockName: string;

  beforeAll(async () => {
    outOfStockName = all.find((p) => p.countInStock === 0)!.name;
    ratingsOf[outOfStockName] = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5];
    for (const [name, ratings] of Object.entries(ratingsOf)) {
      await shop.context.db.insert(reviews).values(
        ratings.map((rating, index) => ({ productId: byName(name)._id, name: `Reviewer ${index + 1}`, rating, comment: "Real review." })),
      );
      await shop.context.db.transaction((tx) => recountReviews(tx, byName(name)._id));
    }
  });
  afterAll(async () => {
    for (const name of Object.keys(ratingsOf)) {
      await shop.context.db.delete(reviews).where(eq(reviews.productId, byName(name)._id));
      await shop.context.db.transaction((tx) => recountReviews(tx, byName(name)._id));
    }
  });

  it("ranks by the Bayesian average, unreviewed products in the middle, out of stock last", async () => {
    const ranked = (await list("?sortBy=rating&limit=100")).body as ProductJson[];
    expect(ranked.slice(0, 2).map((p) => p.name)).toEqual(["Kids Omega-3 DHA Syrup", "Macnurish"]);
    const inStock = ranked.filter((p) => p.countInStock > 0);
    expect(inStock.at(-1)?.name).toBe("Raw Whey Protein Isolate Unflavoured");
    // Unreviewed products keep the newest-first order between the reviewed ones.
    const unreviewed = inStock.slice(2, -1);
    expect(unreviewed.every((p) => p.numReviews === 0)).toBe(true);
    expectSorted(unreviewed, newestFirst);
    // Ten 5-star reviews do not lift an out-of-stock product above any product in stock.
    expect(ranked[inStock.length]?.name).toBe(outOfStockName);
    expect(ranked.slice(inStock.length).every((p) => p.countInStock === 0)).toBe(true);
    expect(byNameIn(ranked, "Kids Omega-3 DHA Syrup")).toMatchObject({ rating: 4.5, numReviews: 6 });
  });

  it("a search sorted by rating follows the same rule", async () => {
    const res = await list(`?search=${encodeURIComponent("protein")}&sortBy=rating&limit=100`);
    expect(names(res).at(-1)).toBe("Raw Whey Protein Isolate Unflavoured");
  });
});

const byNameIn = (list: ProductJson[], name: string) => list.find((p) => p.name === name);

describe("GET /api/products/facets under the list's filters (decisions/026)", () => {
  const facetsOf = async (query: string) => {
    const res = await request(shop.app).get(`/api/products/facets${query}`);
    expect(res.status, query).toBe(200);
    return res.body as ProductFacets;
  };
  const totalOf = async (query: string) => Number((await list(query)).headers["x-total-count"]);
  /** The query with one parameter set (replacing its value), as a shopper choosing that option does. */
  const withParam = (query: string, key: string, value: string) => {
    const params = new URLSearchParams(query);
    params.set(key, value);
    return `?${params}`;
  };

  it("counts each category under the other filters, matching X-Total-Count", async () => {
    for (const query of ["?maxPrice=200", "?search=zinc", "?prescription=required", "?search=zzzzqqqq", "?collections=women-care&maxPrice=300"]) {
      const facets = await facetsOf(query);
      for (const category of facets.categories) {
        expect(category.count, `${query} ${category.name}`).toBe(await totalOf(withParam(query, "category", category.name)));
      }
      const sum = facets.categories.reduce((total, category) => total + category.count, 0);
      expect(sum, query).toBe(await totalOf(query));
      for (const option of facets.prescription) {
        expect(option.count, `${query} ${option.name}`).toBe(await totalOf(withParam(query, "prescription", option.name)));
      }
    }
  });

  it("on a section collection, the other sections are absent (the panel shows them disabled at 0)", async () => {
    const facets = await facetsOf("?collections=women-care");
    expect(facets.categories.map((c) => c.name)).toEqual(["Women Care"]);
    const nothing = await facetsOf("?search=zzzzqqqq");
    expect(nothing.categories.every((c) => c.count === 0)).toBe(true);
    expect(Object.values(nothing.subcategories).flat().every((s) => s.count === 0)).toBe(true);
  });

  it("a category's subcategories follow the price, and the price range ignores the price filter", async () => {
    const facets = await facetsOf("?category=sports-nutrition&maxPrice=300");
    for (const subcategory of facets.subcategories["Sports Nutrition"] ?? []) {
      expect(subcategory.count, subcategory.name).toBe(
        await totalOf(`?category=sports-nutrition&maxPrice=300&subcategory=${encodeURIComponent(subcategory.name)}`),
      );
    }
    const sports = DEMO_PRODUCTS.filter((p) => p.category === "Sports Nutrition").map((p) => p.pricePaise / 100);
    expect(facets.price).toEqual({ min: Math.min(...sports), max: Math.max(...sports) });
  });

  it("refuses the list's invalid filters with the list's sentences", async () => {
    const res = await request(shop.app).get("/api/products/facets?minPrice=abc");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/minPrice/);
  });
});
