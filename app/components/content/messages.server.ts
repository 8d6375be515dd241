// The content pages' actions answer in the page's language: the `pages` messages of the request's
// language, for formMessage (app/components/content/form-messages.ts).
import { type Translate, translator } from "~/lib/i18n";
import { catalogue, requestLanguage } from "~/lib/i18n.server";

export function pagesTranslator(request: Request): Translate {
  const language = requestLanguage(request);
  return translator(language, catalogue(language, "pages"));
}
