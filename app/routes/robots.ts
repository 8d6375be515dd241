import type { Route } from "./+types/robots";
import { loadRobotsTxt } from "./robots.server";

/** GET /robots.txt, built from PUBLIC_URL so the Sitemap line is absolute. */
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(loadRobotsTxt(context), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
