// The cart's, the coupon's and the delivery check's sentences from the JSON API are English (the
// API's contract); a Hindi page shows them in Hindi by recognising each one here. A sentence this
// table does not know shows as `fallback` (a Hindi "something went wrong") rather than in English.
// tests/api/cart-messages.test.ts checks every sentence the server can send is known.
import type { Language } from "#common/language.ts";
import type { Translate } from "~/lib/i18n";

const EXACT: Record<string, string> = {
  "Failed to fetch cart": "cart.error.fetch",
  "Failed to add to cart": "cart.error.add",
  "Failed to update quantity": "cart.error.update",
  "Failed to remove item": "cart.error.remove",
  "Something went wrong": "cart.error.other",
  "Please sign in": "cart.error.signIn",
  "You can only access your own cart": "cart.error.notYourCart",
  "Cart not found": "cart.error.cartNotFound",
  "Item not found in cart": "cart.error.lineNotFound",
  "Product not found": "cart.error.productNotFound",
  "Quantity must be a whole number of at least 1": "cart.error.quantity",
  "This coupon is not valid": "cart.error.couponInvalid",
  "This coupon has expired": "cart.error.couponExpired",
  "This coupon is not active yet": "cart.error.couponNotStarted",
  "You have already used this coupon": "cart.error.couponAlreadyUsed",
  "This code is for the email address it was sent to: sign in with that address to use it": "cart.error.couponPersonal",
  "This coupon is only for your first order": "cart.error.couponFirstOrderOnly",
  "This coupon has been fully used": "cart.error.couponFullyUsed",
  "This coupon does not apply to the items in your cart": "cart.error.couponNotApplicable",
  "Enter a coupon code": "cart.error.couponRequired",
  "Enter a valid PIN code": "cart.delivery.invalidPin",
  "Enter a 6-digit PIN code not starting with 0": "cart.delivery.invalidPin",
  "Could not check this PIN code. Please try again.": "cart.delivery.failed",
};

const PATTERNS: [RegExp, string, string][] = [
  [/^Only (\d+) items available$/, "cart.error.onlyAvailable", "count"],
  [/^You can buy at most (\d+) of one product at a time$/, "cart.error.overLimit", "limit"],
  [/^(.+) is a Schedule X medicine and cannot be sold online$/, "cart.error.notSoldOnline", "name"],
  [/^Add items worth (₹[\d,.]+) to use this coupon$/, "cart.error.couponMinOrder", "amount"],
  [/^Too many requests\. Please try again in (\d+) minutes?\.$/, "cart.error.tooMany", "minutes"],
];

/** A table of known English sentences: exact ones by catalogue key, and patterns whose first group fills one value. */
export type KnownSentences = { exact: Record<string, string>; patterns: [RegExp, string, string][] };

/**
 * `message` through `known`: its catalogue text, with the number or name it carries; `fallback`'s
 * text when it is not known (never the English). A value named `minutes` is passed as a number (plural).
 */
export function knownSentence(message: string, t: Translate, known: KnownSentences, fallback: string): string {
  const key = known.exact[message];
  if (key) return t(key);
  for (const [pattern, id, name] of known.patterns) {
    const match = pattern.exec(message);
    if (match) return t(id, { [name]: name === "minutes" ? Number(match[1]) : match[1] });
  }
  return t(fallback);
}

/** The sentence `message` in the page's language: as it is in English, its catalogue text in Hindi. */
export function cartMessage(message: string, language: Language, t: Translate, fallback = "cart.error.other"): string {
  if (language === "en") return message;
  return knownSentence(message, t, { exact: EXACT, patterns: PATTERNS }, fallback);
}
