// The JSON API answers in English (its contract, api-contract.md); a Hindi page shows its sentences
// in Hindi (issue 34, decisions/065), all through this one mechanism. A catalogue key whose English
// text is one of the API's sentences exactly (`{name}` where it varies, an ICU plural where its
// words do) is that sentence's source. A /hi page's loader sends the sources its parts need, by
// namespace (`apiSources`, api-sentences.server.ts, which turns each into a sentence or a pattern);
// `useApiText(namespaces, fallback)` finds the source a message matches and shows the page's text
// for its key, with the varying parts carried over (through the transform a source declares for a
// placeholder). English pages get no sources: the message shows as the API wrote it. A message no
// source knows shows as the `fallback` key's text (a general Hindi failure, never English), or as
// it came when a use gives none.
import { useMatches } from "react-router";
import { formatLongDate } from "#common/dates.ts";
import type { Language } from "#common/language.ts";
import { type MessageValues, type Translate, useLanguage, useT } from "~/lib/i18n";

/**
 * How a placeholder's English value is shown: `date` a stored sentence's "24 November 2026" written
 * the page's way; `sentence` an API sentence itself, matched like the whole (fallback included);
 * `term` a name the sources know as a sentence of its own (a form field's), else as it came.
 * Without one the value is carried over as it is (a count too: the plural reads it as a number).
 */
export type Transform = "date" | "sentence" | "term";

/**
 * One source: `[key, sentence]` for a sentence without placeholders; `[key, pattern, groups]` for
 * one with them, each group of the pattern naming the placeholder it fills (`name`, or
 * `name:transform`).
 */
export type ApiSource = [key: string, sentence: string] | [key: string, pattern: string, groups: string[]];

/** The sources a page's loaders send, by namespace. */
export type ApiSources = Record<string, ApiSource[]>;

type Matcher = { exact: Map<string, string>; patterns: [key: string, pattern: RegExp, groups: string[]][] };

/** Built once per list of sources. */
const matchers = new WeakMap<readonly ApiSource[], Matcher>();

function matcher(sources: readonly ApiSource[]): Matcher {
  let built = matchers.get(sources);
  if (!built) {
    built = { exact: new Map(), patterns: [] };
    for (const [key, text, groups] of sources) {
      if (groups) built.patterns.push([key, new RegExp(text), groups]);
      else if (!built.exact.has(text)) built.exact.set(text, key);
    }
    matchers.set(sources, built);
  }
  return built;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "24 November 2026" (a stored sentence's date) written the page's way. */
function longDate(english: string, language: Language): string {
  const [day, month, year] = english.split(" ");
  const index = MONTHS.indexOf(month ?? "");
  return index < 0 ? english : formatLongDate(`${year}-${String(index + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`, language);
}

/**
 * `text(message)`: the message through `sources` in the translator's language: an exact sentence
 * first, then the patterns in order; `fallback`'s text (or the message) when none matches; an empty
 * string for none.
 */
export function apiText(sources: readonly ApiSource[], t: Translate, language: Language, fallback?: string): (message: string | null | undefined) => string {
  const { exact, patterns } = matcher(sources);
  const known = (message: string): string | undefined => {
    const key = exact.get(message);
    if (key) return t(key);
    for (const [id, pattern, groups] of patterns) {
      const found = pattern.exec(message);
      if (!found) continue;
      const values: MessageValues = {};
      groups.forEach((group, index) => {
        const value = found[index + 1];
        const [name = group, transform] = group.split(":");
        // A plural's cases are alternatives: the group of the case that matched fills the value.
        if (value === undefined || name in values) return;
        const term = transform === "term" ? exact.get(value) : undefined;
        values[name] = transform === "date" ? longDate(value, language) : transform === "sentence" ? text(value) : term ? t(term) : value;
      });
      return t(id, values);
    }
    return undefined;
  };
  const text = (message: string | null | undefined): string => {
    if (!message) return "";
    return known(message) ?? (fallback ? t(fallback) : message);
  };
  return text;
}

/** The sources of `namespaces` the matched routes' loaders sent, joined once per set of matches. */
const sourcesByMatches = new WeakMap<object, Map<string, ApiSource[]>>();

function pageSources(matches: ReturnType<typeof useMatches>, namespaces: readonly string[]): ApiSource[] {
  let byScope = sourcesByMatches.get(matches);
  if (!byScope) sourcesByMatches.set(matches, (byScope = new Map()));
  const scope = namespaces.join(" ");
  let sources = byScope.get(scope);
  if (!sources) {
    const sent: ApiSources = {};
    for (const match of matches) Object.assign(sent, (match?.loaderData as { apiSources?: ApiSources } | undefined)?.apiSources);
    sources = namespaces.flatMap((namespace) => sent[namespace] ?? []);
    byScope.set(scope, sources);
  }
  return sources;
}

/**
 * `text(message)`: the API's sentence in the page's language, matched against the sources of
 * `namespaces` only (the same English can have another Hindi in another namespace); as it is on
 * English pages; an empty string for none.
 */
export function useApiText(namespaces: readonly string[], fallback?: string): (message: string | null | undefined) => string {
  return matchedApiText(useMatches(), namespaces, useT(), useLanguage(), fallback);
}

/** `useApiText`'s work, for a part that loads this module only once it has a sentence to show (it passes what the hooks gave it). */
export function matchedApiText(
  matches: ReturnType<typeof useMatches>,
  namespaces: readonly string[],
  t: Translate,
  language: Language,
  fallback?: string,
): (message: string | null | undefined) => string {
  if (language === "en") return (message) => message ?? "";
  return apiText(pageSources(matches, namespaces), t, language, fallback);
}

/** Each field's message through `useApiText`. */
export function useApiErrors(namespaces: readonly string[], fallback?: string): (errors: Record<string, string>) => Record<string, string> {
  const text = useApiText(namespaces, fallback);
  return (errors) => Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, text(message)]));
}

/** The sign-in and account pages' sentences (the `replies` sources their loaders send); the general failure for one not known. */
export function useReplyText(): (message: string | null | undefined) => string {
  return useApiText(["replies"], "replies.unknown");
}

/** `useReplyText` for each field's message. */
export function useReplyErrors(): (errors: Record<string, string>) => Record<string, string> {
  return useApiErrors(["replies"], "replies.unknown");
}

/** The order and checkout parts' sentences (`orders.api.`, `checkout.api.`); as they came when not known. */
export function useOrderApiText(): (message: string | null | undefined) => string {
  return useApiText(["orders", "checkout"]);
}

/** The cart's, coupon's and delivery check's sentences (the shop layout's CART_SOURCES); the cart's general failure for one not known. */
export function useCartApiText(): (message: string | null | undefined) => string {
  return useApiText(["cart"], "cart.error.other");
}
