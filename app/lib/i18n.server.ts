// The message catalogues (app/i18n/<language>/<namespace>.json, ICU MessageFormat, one key per
// text) compiled once on the server with Lingui's compiler, and handed to pages in loader data:
// the root loader sends the frame's (header, menu, footer, cart, toasts, errors), each route's
// loader its own. The browser gets the compiled form only (decisions/065).
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { isLanguage, type Language } from "#common/language.ts";
import { type CompiledMessage, languageOfPath, type Messages } from "~/lib/i18n";

const sources = import.meta.glob<Record<string, string>>("../i18n/*/*.json", { eager: true, import: "default" });

/** Catalogue files by language and namespace, as written (the catalogue test reads these too). */
export const CATALOGUES: Record<Language, Record<string, Record<string, string>>> = { en: {}, hi: {} };
for (const [file, messages] of Object.entries(sources)) {
  const [, language, namespace] = file.match(/\/i18n\/(\w+)\/([\w-]+)\.json$/) ?? [];
  if (!isLanguage(language)) throw new Error(`Catalogue ${file}: no language "${language}"`);
  CATALOGUES[language][namespace] = messages;
}

export type Namespace = keyof (typeof CATALOGUES)["en"] & string;

const compiled = new Map<string, Messages>();

/** One namespace's messages in `language`, compiled; every key is `<namespace>.<name>`. */
export function catalogue(language: Language, namespace: string): Messages {
  const key = `${language}:${namespace}`;
  let messages = compiled.get(key);
  if (!messages) {
    const source = CATALOGUES[language][namespace];
    if (!source) throw new Error(`No catalogue ${namespace} in ${language}`);
    messages = {};
    for (const [id, text] of Object.entries(source)) messages[id] = compileMessage(text) as CompiledMessage;
    compiled.set(key, messages);
  }
  return messages;
}

/** The page's language, from the request's address. */
export function requestLanguage(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

/** The messages of `namespaces` in the request's language, for a loader's `messages`. */
export function pageMessages(request: Request, ...namespaces: string[]): Messages {
  const language = requestLanguage(request);
  return Object.assign({}, ...namespaces.map((namespace) => catalogue(language, namespace)));
}
