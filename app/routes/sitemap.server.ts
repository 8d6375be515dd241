// sitemap.xml's server side.
import type { AppLoadContext } from "react-router";
import { sitemapXml } from "#server/modules/seo/sitemap.ts";

/** Every public page and published product, absolute URLs from PUBLIC_URL. */
export function loadSitemapXml(context: AppLoadContext): Promise<string> {
  return sitemapXml(context.shop);
}
