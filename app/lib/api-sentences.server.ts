// The sources of the API's English sentences (app/lib/api-sentences.ts), taken from the catalogues: a
// selector names the keys whose English text is an API sentence, a prefix ending in "." (all of
// `replies.`, `checkout.api.`) or one key. Each key's English, compiled by Lingui, becomes a plain
// sentence or a pattern: `{name}` a group, a plural's cases alternatives and its `#` a number. A
// /hi page's loader sends them (`apiSources`); the server's own answers (a product page's action, a
// flash) go through `serverApiText`. English pages get none: the API's words are the page's.
import type { Flash } from "#common/flash.ts";
import type { Language } from "#common/language.ts";
import { type ApiSource, type ApiSources, apiText, type Transform } from "~/lib/api-sentences";
import { type CompiledMessage, translator } from "~/lib/i18n";
import { CATALOGUES, catalogue, pageMessages, requestLanguage } from "~/lib/i18n.server";

/** The placeholders whose English value is not shown as it is, by key (api-sentences.ts's `Transform`). */
const TRANSFORMS: Record<string, Record<string, Transform>> = {
  "replies.refillNotOrdered": { date: "date", reason: "sentence", next: "date" },
  "replies.fieldRequired": { field: "term" },
  "replies.fieldTooLong": { field: "term" },
  "replies.fieldCharacters": { field: "term" },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One key's English as a source: the sentence itself, or a pattern and the placeholders its groups fill. */
function source(key: string, english: CompiledMessage): ApiSource {
  if (typeof english === "string") return [key, english];
  if (english.every((token) => typeof token === "string")) return [key, english.join("")];
  const groups: string[] = [];
  const transforms = TRANSFORMS[key] ?? {};
  const pattern = (message: CompiledMessage, plural?: string): string => {
    if (typeof message === "string") return escapeRegExp(message);
    return message
      .map((token) => {
        if (typeof token === "string") {
          if (token !== "#" || !plural) return escapeRegExp(token);
          groups.push(plural);
          return "(\\d+)";
        }
        const [name, type, cases = {}] = token;
        if (!type) {
          groups.push(transforms[name] ? `${name}:${transforms[name]}` : name);
          return "(.+?)";
        }
        // Lingui's compiled cases carry an `offset` beside the branches (undefined unless written).
        return `(?:${Object.entries(cases)
          .flatMap(([which, branch]) => (which === "offset" || branch === undefined ? [] : [pattern(branch, type === "plural" ? name : plural)]))
          .join("|")})`;
      })
      .join("");
  };
  return [key, `^${pattern(english)}$`, groups];
}

const bySelectors = new Map<string, ApiSources>();

/** The sources the selectors name, by namespace (built once per set of selectors). */
export function sourcesOf(...selectors: string[]): ApiSources {
  const known = bySelectors.get(selectors.join(" "));
  if (known) return known;
  const sources: ApiSources = {};
  for (const selector of selectors) {
    const namespace = selector.slice(0, selector.indexOf("."));
    const english = catalogue("en", namespace);
    const keys = selector.endsWith(".") ? Object.keys(CATALOGUES.en[namespace] ?? {}).filter((key) => key.startsWith(selector)) : [selector];
    for (const key of keys) {
      const message = english[key];
      if (message === undefined) throw new Error(`No catalogue key ${key} for the API's sentences`);
      (sources[namespace] ??= []).push(source(key, message));
    }
  }
  bySelectors.set(selectors.join(" "), sources);
  return sources;
}

/** A /hi page's `apiSources`; none on English pages (the API's words are the page's). */
export function apiSources(request: Request, ...selectors: string[]): ApiSources | undefined {
  if (requestLanguage(request) === "en") return undefined;
  return sourcesOf(...selectors);
}

/** All namespaces' sources in one list, kept so that api-sentences.ts builds its patterns once. */
const joined = new WeakMap<ApiSources, ApiSource[]>();

/** The server's own use: `text(message)` in `language` through the selectors' sources (their namespaces' texts), as it is in English. */
export function serverApiText(language: Language, selectors: string[], fallback?: string): (message: string | null | undefined) => string {
  if (language === "en") return (message) => message ?? "";
  const sources = sourcesOf(...selectors);
  let all = joined.get(sources);
  if (!all) joined.set(sources, (all = Object.values(sources).flat()));
  const t = translator(language, Object.assign({}, ...Object.keys(sources).map((namespace) => catalogue(language, namespace))));
  return apiText(all, t, language, fallback);
}

/** A sign-in or account page's `messages` (its namespaces and `replies`) and, in Hindi, the `replies` catalogue's sources. */
export function accountPageTexts(request: Request, ...namespaces: string[]): { messages: ReturnType<typeof pageMessages>; apiSources: ApiSources | undefined } {
  return { messages: pageMessages(request, ...namespaces, "replies"), apiSources: apiSources(request, "replies.") };
}

/** A one-time toast after a redirect ("Login successful", server/http/flash.ts) in the next page's language; as it is when not known. */
export function flashInLanguage(flash: Flash | null, request: Request): Flash | null {
  const language = requestLanguage(request);
  if (!flash || language === "en") return flash;
  return { ...flash, message: serverApiText(language, ["replies."])(flash.message) };
}
