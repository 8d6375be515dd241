import type { Route } from "./+types/robots";

/** GET /robots.txt, built from PUBLIC_URL so the Sitemap line is absolute. */
export async function loader({ context }: Route.LoaderArgs) {
  const { robotsTxt } = await import("#server/modules/seo/sitemap.ts");
  return new Response(robotsTxt(context.shop.config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
