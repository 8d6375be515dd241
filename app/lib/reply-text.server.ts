// The sign-in and account pages' loader data for their texts (issue 34): their catalogues, and on
// /hi pages the ids of the `replies` catalogue by English sentence, so the page can show in Hindi
// what the shared rules and the use cases' reply tables say in English (app/lib/reply-text.ts).
// English pages get no ids: they show the sentences as they are (the API's contract).
import type { Flash } from "#common/flash.ts";
import type { Language } from "#common/language.ts";
import { translator } from "~/lib/i18n";
import { CATALOGUES, catalogue, pageMessages, requestLanguage } from "~/lib/i18n.server";

let idsBySentence: Record<string, string> | undefined;

/** English sentence → `replies.*` id, for the catalogue's plain sentences (those with placeholders are matched by app/lib/reply-text.ts). */
export function replyIds(): Record<string, string> {
  if (!idsBySentence) {
    idsBySentence = {};
    for (const [id, text] of Object.entries(CATALOGUES.en.replies ?? {})) {
      if (!text.includes("{") && !(text in idsBySentence)) idsBySentence[text] = id;
    }
  }
  return idsBySentence;
}

/** A sign-in or account page's `messages` (its namespaces and `replies`) and, in Hindi, `replyIds`. */
export function accountPageTexts(request: Request, ...namespaces: string[]): { messages: ReturnType<typeof pageMessages>; replyIds: Record<string, string> | null } {
  const language: Language = requestLanguage(request);
  return { messages: pageMessages(request, ...namespaces, "replies"), replyIds: language === "hi" ? replyIds() : null };
}

/** A one-time toast after a redirect ("Login successful", server/http/flash.ts) in the next page's language. */
export function flashInLanguage(flash: Flash | null, request: Request): Flash | null {
  if (!flash || requestLanguage(request) === "en") return flash;
  const id = replyIds()[flash.message];
  return id ? { ...flash, message: translator("hi", catalogue("hi", "replies"))(id) } : flash;
}
