// The language of a catalogue read (decisions/063): `?lang=hi` (or `en`) when given, else the
// shopper's first language in Accept-Language when the shop has it, else English. The same
// function keys every cache of catalogue answers (finished-responses.ts, server/api/products.ts),
// so a kept Hindi answer is never served to an English request or the other way round.
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "#common/language.ts";

export const LANGUAGE_MESSAGES = {
  lang: `lang must be one of ${LANGUAGES.join(", ")}`,
} as const;

/** Accept-Language headers longer than this are not read (English). */
const MAX_HEADER_LENGTH = 500;

/**
 * The language a shopper prefers most, when the shop has it: the tag with the highest q (the
 * first of equals) of an Accept-Language header, by its primary subtag (`hi-IN` is Hindi).
 * English when the header is absent, unreadable or prefers a language the shop does not have.
 */
export function preferredLanguage(header: string | undefined): Language {
  if (!header || header.length > MAX_HEADER_LENGTH) return DEFAULT_LANGUAGE;
  let best: { tag: string; q: number } | undefined;
  for (const part of header.split(",")) {
    const [tag = "", ...parameters] = part.trim().split(";");
    let q = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter);
      if (match) q = Number(match[1]);
    }
    if (tag === "" || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  const primary = best?.tag.trim().toLowerCase().split("-")[0];
  return isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
}

/**
 * The language of a catalogue read: `lang` from the query when given (undefined when it names no
 * language of the shop: the route answers 400), else the Accept-Language header's choice.
 * `fromHeader` says the answer depends on the header (the reply then varies on it).
 */
export function requestLanguage(
  lang: unknown,
  acceptLanguage: string | undefined,
): { language: Language; fromHeader: boolean } | undefined {
  const given = Array.isArray(lang) ? lang[0] : lang;
  if (given === undefined || given === "") return { language: preferredLanguage(acceptLanguage), fromHeader: true };
  const value = typeof given === "string" ? given.trim().toLowerCase() : undefined;
  return isLanguage(value) ? { language: value, fromHeader: false } : undefined;
}

/** The language of a raw request's URL and headers (before Express parses the query): undefined for a bad `lang`. */
export function languageOfUrl(url: string, acceptLanguage: string | undefined): Language | undefined {
  const query = url.indexOf("?");
  const lang = query === -1 ? undefined : (new URLSearchParams(url.slice(query + 1)).get("lang") ?? undefined);
  return requestLanguage(lang, acceptLanguage)?.language;
}
