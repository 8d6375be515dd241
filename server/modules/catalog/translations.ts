// Products in Hindi (issue 34 item 4, decisions/063): `products.i18n` holds a product's text in
// languages other than English, `{ hi: { name, description, composition, … } }`. The one place a
// catalogue answer picks its language: each translatable field in the asked language where the
// product has it, in English where it has not.
import type { ProductTranslationsInput } from "#common/admin-product.ts";
import {
  DEFAULT_LANGUAGE,
  type Language,
  LANGUAGES,
  type ProductTranslation,
  type ProductTranslations,
  TRANSLATABLE_PRODUCT_FIELDS,
  type TranslatableProductField,
} from "#common/language.ts";

/** The languages a product may have text in besides English. */
const TRANSLATED_LANGUAGES = LANGUAGES.filter((language): language is Exclude<Language, "en"> => language !== DEFAULT_LANGUAGE);

/** The fields a catalogue answer may carry in another language (a product's JSON, a suggestion). */
type Localizable = { [K in TranslatableProductField]?: string | null };

/**
 * A product's fields in `language`: each translatable field the product has in that language
 * replaces the English one; the others stay English and are listed in `untranslated` (so a page can
 * mark them `lang="en"`). English answers are the product as stored, unchanged.
 */
export function localizeProduct<T extends Localizable>(
  product: T,
  translations: ProductTranslations | null | undefined,
  language: Language = DEFAULT_LANGUAGE,
): T & { lang?: Language; untranslated?: TranslatableProductField[] } {
  if (language === "en") return product;
  const texts: ProductTranslation = translations?.[language] ?? {};
  const localized: Localizable = { ...product };
  const untranslated: TranslatableProductField[] = [];
  for (const field of TRANSLATABLE_PRODUCT_FIELDS) {
    if (!(field in product)) continue;
    const text = texts[field];
    if (text) localized[field] = text;
    // An English field that is empty has nothing to mark.
    else if (product[field]) untranslated.push(field);
  }
  return { ...(localized as T), lang: language, untranslated };
}

/**
 * The stored translations after an admin write: a field given changes, null removes it, an absent
 * one stays; a language left without text is dropped. `current` is {} on create.
 */
export function mergeTranslations(current: ProductTranslations, input: ProductTranslationsInput | null): ProductTranslations {
  if (input === null) return {};
  const merged: ProductTranslations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const given = input[language];
    if (given === null) continue;
    const texts: ProductTranslation = { ...current[language] };
    for (const field of TRANSLATABLE_PRODUCT_FIELDS) {
      const value = given?.[field];
      if (value === null) delete texts[field];
      else if (value !== undefined) texts[field] = value;
    }
    // Stored in the fields' own order, so the same texts are always the same JSON.
    const ordered = Object.fromEntries(TRANSLATABLE_PRODUCT_FIELDS.flatMap((field) => (texts[field] ? [[field, texts[field]]] : [])));
    if (Object.keys(ordered).length > 0) merged[language] = ordered;
  }
  return merged;
}
