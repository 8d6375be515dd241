import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#server/db/schema.ts";
import { loader as robotsLoader } from "~/routes/robots.ts";
import { loader as sitemapLoader } from "~/routes/sitemap.ts";
import { createTestShop, type TestShop } from "#tests/support/test-shop.ts";
import { escapeXml, PUBLIC_PAGES } from "./sitemap.ts";

const PUBLIC_URL = "https://shop.example.in";
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ SEED_DEMO: "1", PUBLIC_URL: `${PUBLIC_URL}/` });
});
afterAll(() => shop?.close());

/** Calls a resource route's loader the way React Router does, with the shop's load context. */
function call<T extends (args: never) => unknown>(loader: T, pathname: string) {
  const args = {
    request: new Request(`${PUBLIC_URL}${pathname}`),
    params: {},
    context: { shop: shop.context, requestId: "test", cspNonce: "", user: null },
  };
  return loader(args as never) as Promise<Response>;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

describe("GET /sitemap.xml", () => {
  it("lists every public page and every published product with absolute URLs", async () => {
    const [hidden] = await shop.context.db.select({ id: products.id }).from(products).limit(1);
    await shop.context.db.update(products).set({ published: false }).where(eq(products.id, hidden!.id));
    await shop.context.db
      .update(products)
      .set({ updatedAt: new Date("2026-03-04T23:30:00Z") })
      .where(sql`${products.id} <> ${hidden!.id}`);

    const res = await call(sitemapLoader, "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = await res.text();
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'),
    ).toBe(true);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);

    const published = await shop.context.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.published, true));
    expect(published.length).toBeGreaterThan(10);
    // Each page in English, then in Hindi under /hi (decisions/065).
    const urls = locs(xml);
    const both = (page: string) => [`${PUBLIC_URL}${page}`, `${PUBLIC_URL}/hi${page === "/" ? "" : page}`];
    expect(urls.slice(0, PUBLIC_PAGES.length * 2)).toEqual(PUBLIC_PAGES.flatMap(both));
    expect(urls.slice(PUBLIC_PAGES.length * 2).sort()).toEqual(published.flatMap((row) => both(`/product/${row.id}`)).sort());
    for (const page of ["/", "/about", "/how-to-order", "/collections/all", "/collections/women-care", "/collections/sports-nutrition", "/collections/kids-nutrition"]) {
      expect(urls).toContain(`${PUBLIC_URL}${page}`);
    }
    expect(urls).toContain(`${PUBLIC_URL}/hi`);
    expect(urls).toContain(`${PUBLIC_URL}/hi/collections/women-care`);
    // Both versions of a page name each other, English as the default.
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/hi/about</loc><xhtml:link rel="alternate" hreflang="en-IN" href="${PUBLIC_URL}/about"/><xhtml:link rel="alternate" hreflang="hi-IN" href="${PUBLIC_URL}/hi/about"/><xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/about"/></url>`,
    );
    expect(urls).not.toContain(`${PUBLIC_URL}/product/${hidden!.id}`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/product/${published[0]!.id}</loc><lastmod>2026-03-04</lastmod>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/hi/product/${published[0]!.id}</loc><lastmod>2026-03-04</lastmod>`);
    expect(xml.match(/<lastmod>/g)).toHaveLength(published.length * 2);
  });

  it("escapes what XML does not allow in text", () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
  });
});

describe("GET /robots.txt", () => {
  it("points crawlers at the absolute sitemap URL and keeps private areas out", async () => {
    const res = await call(robotsLoader, "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/shop\.example\.in\/sitemap\.xml$/m);
  });
});
