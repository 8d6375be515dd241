// sitemap.xml and robots.txt (app/routes/sitemap.ts, app/routes/robots.ts): absolute URLs built
// from PUBLIC_URL, every public page and every published product.
import { asc, eq } from "drizzle-orm";
import { SECTION_COLLECTIONS } from "#common/catalog.ts";
import type { ShopContext } from "#server/context.ts";
import { products } from "#server/db/schema.ts";
import { localePath } from "#common/locale-path.ts";

/** The storefront's public pages (app/routes.ts), without the product pages. */
export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/about",
  "/certifications",
  "/quality",
  "/career",
  "/apply",
  "/career-path",
  "/talent-network",
  "/contact",
  "/terms",
  "/shipping",
  "/privacy",
  "/how-to-order",
  "/collections/all",
  ...Object.keys(SECTION_COLLECTIONS).map((slug) => `/collections/${slug}`),
];

const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/**
 * The sitemap document (sitemaps.org 0.9); product pages carry their last change as lastmod. Every
 * page is listed in English and in Hindi (under /hi), each entry naming both versions and English
 * as the default (hreflang alternates, as the pages' own <link rel="alternate"> do; decisions/065).
 */
export async function sitemapXml(shop: Pick<ShopContext, "db" | "config">): Promise<string> {
  const base = shop.config.publicUrl.replace(/\/+$/, "");
  const rows = await shop.db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.published, true))
    .orderBy(asc(products.id));

  const link = (hreflang: string, pathname: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(base + pathname)}"/>`;
  const entries = (pathname: string, lastmod?: Date) => {
    const hindi = localePath(pathname, "hi");
    const alternates = `${link("en-IN", pathname)}${link("hi-IN", hindi)}${link("x-default", pathname)}`;
    const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
    return [pathname, hindi].map((loc) => `<url><loc>${escapeXml(base + loc)}</loc>${modified}${alternates}</url>`);
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...PUBLIC_PAGES.flatMap((pathname) => entries(pathname)),
    ...rows.flatMap((row) => entries(`/product/${encodeURIComponent(row.id)}`, row.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: the Sitemap line must be an absolute URL, hence served from a route, not public/. */
export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /checkout",
    "Disallow: /profile",
    "Disallow: /hi/checkout",
    "Disallow: /hi/profile",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
