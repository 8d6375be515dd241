import type { Route } from "./+types/sitemap";
import { loadSitemapXml } from "./sitemap.server";

/** GET /sitemap.xml: every public page and published product, absolute URLs from PUBLIC_URL. */
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(await loadSitemapXml(context), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
