// The product page's own actions (a review, "Notify me") answer with the shared use cases' English
// sentences (the JSON API's too); on a Hindi page the action says them in Hindi. A sentence not
// known here becomes the form's general Hindi failure rather than English.
import type { Language } from "#common/language.ts";
import { knownSentence } from "~/components/cart/cart-messages";
import { translator } from "~/lib/i18n";
import { catalogue } from "~/lib/i18n.server";

type Answer = { message: string; errors?: Record<string, string> };

const EXACT: Record<string, string> = {
  "Please sign in to write a review": "product.reviews.signInFirst",
  "You have already reviewed this product": "product.reviews.already",
  "Thank you! Your review has been posted.": "product.reviews.thanks",
  "Rating must be a whole number from 1 to 5": "product.reviews.ratingInvalid",
  "Comment is required": "product.reviews.commentRequired",
  "Comment contains characters that are not allowed": "product.reviews.commentNotAllowed",
  "Product not found": "product.notFound.title",
  "Please enter your email address so we can tell you when it is back.": "product.notify.emailRequired",
  "Please enter a valid email address": "product.notify.emailInvalid",
  "Please send your email address as text.": "product.notify.emailInvalid",
  "This product is in stock now, so you can add it to your cart.": "product.notify.inStock",
  "This product is not available.": "product.notify.notFound",
};

const PATTERNS: [RegExp, string, string][] = [
  [/^Comment is too long \((\d+) characters at most\)$/, "product.reviews.commentTooLong", "max"],
  [/^Thank you\. We will email (.+) once, when this product is back in stock\.$/, "product.notify.thanks", "email"],
  [/^Too many requests\. Please try again in (\d+) minutes?\.$/, "cart.error.tooMany", "minutes"],
];

/** `answer` with its message and field errors in `language` (unchanged in English); `fallback` for a sentence not known. */
export function localizeAnswer<T extends Answer>(answer: T, language: Language, fallback: string): T {
  if (language === "en") return answer;
  const t = translator(language, { ...catalogue(language, "product"), ...catalogue(language, "cart") });
  const say = (text: string) => (text ? knownSentence(text, t, { exact: EXACT, patterns: PATTERNS }, fallback) : text);
  const errors = answer.errors ? Object.fromEntries(Object.entries(answer.errors).map(([field, text]) => [field, say(text)])) : answer.errors;
  return { ...answer, message: say(answer.message), errors };
}
