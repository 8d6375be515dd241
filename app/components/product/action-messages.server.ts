// The product page's own actions (a review, "Notify me") answer with the shared use cases' English
// sentences (the JSON API's too); on a Hindi page the action says them in Hindi through the API's
// sentences' one mechanism (app/lib/api-sentences.server.ts), its sources the keys below. A sentence not
// known becomes the form's general Hindi failure rather than English.
import type { Language } from "#common/language.ts";
import { serverApiText } from "~/lib/api-sentences.server";

type Answer = { message: string; errors?: Record<string, string> };

/** The catalogue keys whose English is one of the actions' sentences. */
const SOURCES = [
  "product.reviews.signInFirst",
  "product.reviews.already",
  "product.reviews.thanks",
  "product.reviews.ratingInvalid",
  "product.reviews.commentRequired",
  "product.reviews.commentTooLong",
  "product.reviews.commentNotAllowed",
  "product.notFound.title",
  "product.notify.thanks",
  "product.notify.emailRequired",
  "product.notify.emailInvalid",
  "product.notify.emailNotText",
  "product.notify.inStock",
  "product.notify.notFound",
  "cart.error.tooMany",
];

/** `answer` with its message and field errors in `language` (unchanged in English); `fallback` for a sentence not known. */
export function localizeAnswer<T extends Answer>(answer: T, language: Language, fallback: string): T {
  if (language === "en") return answer;
  const text = serverApiText(language, SOURCES, fallback);
  const say = (message: string) => (message ? text(message) : message);
  const errors = answer.errors ? Object.fromEntries(Object.entries(answer.errors).map(([field, message]) => [field, say(message)])) : answer.errors;
  return { ...answer, message: say(answer.message), errors };
}
