// robots.txt's server side.
import type { AppLoadContext } from "react-router";
import { robotsTxt } from "#server/modules/seo/sitemap.ts";

/** robots.txt, built from PUBLIC_URL so the Sitemap line is absolute. */
export function loadRobotsTxt(context: AppLoadContext): string {
  return robotsTxt(context.shop.config.publicUrl);
}
