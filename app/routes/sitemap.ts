import type { Route } from "./+types/sitemap";

/** GET /sitemap.xml: every public page and published product, absolute URLs from PUBLIC_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  const { sitemapXml } = await import("#server/modules/seo/sitemap.ts");
  return new Response(await sitemapXml(context.shop), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
