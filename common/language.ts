/**
 * The shop's languages (decisions/063): English, and Hindi under `/hi`. A shopper's language is
 * the one of the pages they last used; it is kept on the account and on each order, and their
 * emails, SMS and WhatsApp messages are written in it.
 */
export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "hi";
}

/** The refusal of a `language` that is not one of LANGUAGES (checkout and profile bodies). */
export const LANGUAGE_MESSAGE = 'Language must be "en" (English) or "hi" (Hindi)';

/** The product fields that may carry a translation (api-contract "Hindi"); English where one is missing. */
export const TRANSLATABLE_PRODUCT_FIELDS = [
  "name",
  "description",
  "composition",
  "uses",
  "directions",
  "sideEffects",
  "safetyAdvice",
] as const;
export type TranslatableProductField = (typeof TRANSLATABLE_PRODUCT_FIELDS)[number];
export type ProductTranslation = Partial<Record<TranslatableProductField, string>>;
/** `products.i18n`: one entry per language other than English. */
export type ProductTranslations = Partial<Record<Exclude<Language, "en">, ProductTranslation>>;
