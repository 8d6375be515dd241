// Storefront paths by language (decisions/065): Hindi pages are the English ones under `/hi`.
// The app (app/lib/i18n.tsx), the sitemap and the server's loaders read the language from here.
import type { Language } from "./language.ts";

/** The prefix of the Hindi pages. */
export const HINDI_PREFIX = "/hi";

/** The language of a page, from its path: the one place that decides it. */
export function languageOfPath(pathname: string): Language {
  return pathname === HINDI_PREFIX || pathname.startsWith(`${HINDI_PREFIX}/`) ? "hi" : "en";
}

/** A path without its language prefix: `/hi/about` → `/about`, `/hi` → `/`. */
export function unprefixedPath(pathname: string): string {
  if (languageOfPath(pathname) === "en") return pathname;
  return pathname.slice(HINDI_PREFIX.length) || "/";
}

/**
 * A storefront path in `language`: `/about` → `/hi/about` in Hindi, unchanged in English. Paths
 * already prefixed are first unprefixed; other addresses (`https:`, `mailto:`, `#id`, `?q`) and
 * the admin area are left as they are.
 */
export function localePath(path: string, language: Language): string {
  if (!path.startsWith("/") || path.startsWith("//") || path === "/admin" || path.startsWith("/admin/")) return path;
  const [pathname, rest = ""] = splitPath(path);
  const bare = unprefixedPath(pathname);
  if (language === "en") return `${bare}${rest}`;
  return `${bare === "/" ? HINDI_PREFIX : `${HINDI_PREFIX}${bare}`}${rest}`;
}

function splitPath(path: string): [string, string] {
  const at = path.search(/[?#]/);
  return at === -1 ? [path, ""] : [path.slice(0, at), path.slice(at)];
}

