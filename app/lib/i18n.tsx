// The storefront's languages in the browser and on the server (decisions/065): the language is
// read from the address (`/hi/...` is Hindi, everything else English), and the texts come from
// message catalogues that travel in loader data, compiled by Lingui's compiler on the server
// (app/lib/i18n.server.ts), so no text and no message parser is in the JavaScript. `formatMessage`
// below reads Lingui's compiled form (the same output as @lingui/core's `i18n._` for every message
// of the catalogues, checked by tests/api/i18n-catalogues.test.ts) in a few hundred bytes: Lingui's
// own runtime is 2.2 KB gzip, more than the pages' budget headroom (decisions/037).
import { useLocation, useMatches } from "react-router";
import type { Language } from "#common/language.ts";
import { languageOfPath, localePath } from "#common/locale-path.ts";
import { groupIndian } from "#common/money.ts";

/** Lingui's compiled message: text, `[name]`, or `[name, "plural" | "selectordinal" | "select", { case: message }]`. */
export type CompiledMessage = string | (string | [string, string?, Record<string | number, CompiledMessage>?])[];
export type Messages = Record<string, CompiledMessage>;
export type MessageValues = Record<string, unknown>;

export { HINDI_PREFIX, languageOfPath, localePath, unprefixedPath } from "#common/locale-path.ts";

/** The `lang` of each language's pages, and the `og:locale` and `hreflang` values. */
export const HTML_LANG: Record<Language, string> = { en: "en-IN", hi: "hi" };
export const OG_LOCALE: Record<Language, string> = { en: "en_IN", hi: "hi_IN" };
export const HREFLANG: Record<Language, string> = { en: "en-IN", hi: "hi-IN" };
/** Each language's name written in itself, for the language switch. */
export const LANGUAGE_NAME: Record<Language, string> = { en: "English", hi: "हिन्दी" };

/** The language of the page being shown. */
export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** `localePath` in the page's language, for links: `<Link to={lp("/about")}>`. */
export function useLocalePath(): (path: string) => string {
  const language = useLanguage();
  return (path) => localePath(path, language);
}

export type Translate = (id: string, values?: MessageValues) => string;

/**
 * One compiled message with its values, as Lingui's runtime formats it: `{name}`, `plural` (exact
 * `=n` cases, then the language's plural category; `#` is the number in the page's language) and
 * `select`. The catalogues use nothing else (no number, date or ordinal formats; the catalogue test
 * would find a difference).
 */
/**
 * CLDR's plural category for the shop's two languages (English: "one" for 1; Hindi: "one" for 0,
 * 1 and any number below 1) and a count written as Intl writes it for the language (1,234,567 in
 * English, 12,34,567 in Hindi), both without Intl: the first Intl.PluralRules and
 * Intl.NumberFormat of a page load ICU's data for the language, 30-60 ms of the home page's main
 * thread (the catalogue test holds these equal to Lingui's runtime, which uses Intl).
 */
function pluralCategory(language: Language, n: number): string {
  const size = Math.abs(n);
  if (language === "hi") return Math.trunc(size) === 0 || size === 1 ? "one" : "other";
  return size === 1 ? "one" : "other";
}
function formatCount(language: Language, n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString(language);
  const whole = Math.abs(n);
  const digits = language === "hi" ? groupIndian(whole) : String(whole).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

export function formatMessage(message: CompiledMessage, values: MessageValues, language: Language, count?: number): string {
  if (typeof message === "string") return message;
  let text = "";
  for (const token of message) {
    if (typeof token === "string") {
      text += token === "#" && count !== undefined ? formatCount(language, count) : token;
    } else {
      const [name, type, cases = {}] = token;
      const value = values[name];
      const n = Number(value);
      const chosen =
        type === "plural"
          ? (cases[n] ?? cases[pluralCategory(language, n)] ?? cases.other)
          : type
            ? (cases[String(value)] ?? cases.other)
            : undefined;
      if (chosen !== undefined) text += formatMessage(chosen, values, language, type === "plural" ? n : undefined);
      else if (!type && value != null) text += String(value);
    }
  }
  return text;
}

/** A translator over compiled messages; a missing id shows as itself (the catalogue test fails first). */
export function translator(language: Language, messages: Messages): Translate {
  return (id, values = {}) => {
    const message = messages[id];
    return message === undefined ? id : formatMessage(message, values, language);
  };
}

/** Merged once per set of matches (React Router keeps the array while the page's data stays), not once per `useT()`. */
const mergedByMatches = new WeakMap<object, Messages>();

/** The messages every matched route's loader sent (`messages`), merged: the frame's and the page's. */
function mergedMessages(matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[]): Messages {
  const known = mergedByMatches.get(matches);
  if (known) return known;
  const merged: Messages = {};
  for (const match of matches) {
    const data = (match?.loaderData ?? match?.data) as { messages?: Messages } | undefined;
    if (data && typeof data === "object" && data.messages) Object.assign(merged, data.messages);
  }
  mergedByMatches.set(matches, merged);
  return merged;
}

/** For a route's `meta`: a translator over the matched routes' messages. */
export function metaTranslator(location: { pathname: string }, matches: readonly ({ data?: unknown; loaderData?: unknown } | undefined)[]): Translate {
  return translator(languageOfPath(location.pathname), mergedMessages(matches));
}

/** The page's translator: `t("frame.cart.label")`, `t("frame.cart.labelCount", { count })`, over the messages the matched routes' loaders sent. */
export function useT(): Translate {
  return translator(useLanguage(), mergedMessages(useMatches()));
}
