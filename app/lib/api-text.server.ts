// The English sources of a namespace's API sentences (`<ns>.api.*` keys) for a Hindi page's
// loader: `useApiText()` (api-text.ts) matches the API's English messages against them.
import type { ApiSources } from "~/lib/api-text";
import { CATALOGUES, requestLanguage } from "~/lib/i18n.server";

/** None on English pages (the API's words are the page's). */
export function apiSources(request: Request, ...namespaces: string[]): ApiSources | undefined {
  if (requestLanguage(request) === "en") return undefined;
  return namespaces.flatMap((namespace) => Object.entries(CATALOGUES.en[namespace] ?? {}).filter(([key]) => key.includes(".api.")));
}
