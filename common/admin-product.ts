// A product as the admin creates or changes it (api-contract.md, "Admin"; PUT /api/products/:id):
// every field's rule and message, written once in plain code. The product form checks with it in
// the browser before sending; server/schemas/admin.ts wraps the same function as the API's zod
// schema, so the page and the API can never disagree (decisions/016).
import { ADMIN_MESSAGES, GST_RATES, MAX_PRICE_RUPEES, MAX_PRODUCT_IMAGES, MAX_STOCK, SHOP_IMAGE_URL } from "./admin.ts";
import { CATEGORIES, DOSAGE_FORMS, type ProductImageJson } from "./catalog.ts";
import { checked, type Checked, type Problem } from "./forms.ts";
import { isLanguage, type Language, TRANSLATABLE_PRODUCT_FIELDS, type TranslatableProductField } from "./language.ts";
import { cleanMedicineText, MEDICINE_FIELDS, type MedicineField, medicineTextMessages, medicineTextProblem } from "./medicine-information.ts";
import { PRESCRIPTION_MESSAGES, SCHEDULES, type Schedule } from "./prescriptions.ts";
import { SETTINGS_MESSAGES, wholeNumber } from "./settings.ts";

export type DosageForm = (typeof DOSAGE_FORMS)[number];

/** POST /api/admin/products: name, description, category and price required; the rest optional. */
export interface AdminProductInput {
  name: string;
  description: string;
  category: string;
  /** Rupees. */
  price: number;
  /** Rupees; defaults to the price on create. */
  mrp?: number;
  form?: DosageForm | null;
  subcategory?: string | null;
  brand?: string | null;
  /** Generated when absent on create; unique whatever the letter case. */
  sku?: string;
  /** The contract's name for stock. */
  countInStock?: number;
  /** Pack text ("/Sachet", "200ml"): the contract calls it `quantity`. */
  quantity?: string | null;
  tags?: string[];
  collections?: string[];
  /** Drug schedule (OTC, H, H1, X); prescriptionRequired follows from it (decisions/019). */
  schedule?: Schedule;
  /** Older clients' flag: true without a schedule means Schedule H, false means OTC. */
  prescriptionRequired?: boolean;
  bestseller?: boolean;
  published?: boolean;
  hsnCode?: string | null;
  /** Percent. */
  gstRate?: number;
  batchNumber?: string | null;
  /** "YYYY-MM-DD", or null to clear it. */
  expiryDate?: string | null;
  /** Units at or below which the product is low on stock; null (or empty) for the shop's default (decisions/031). */
  lowStockThreshold?: number | null;
  /** The parcel one unit ships in (Shiprocket's form starts from it): grams and whole centimetres; null (or empty) clears it. */
  parcelWeightG?: number | null;
  parcelLengthCm?: number | null;
  parcelBreadthCm?: number | null;
  parcelHeightCm?: number | null;
  images?: ProductImageJson[];
  /** Medicine information (common/medicine-information.ts): text, or null (or empty) to clear it. */
  composition?: string | null;
  uses?: string | null;
  directions?: string | null;
  sideEffects?: string | null;
  safetyAdvice?: string | null;
  storage?: string | null;
  manufacturer?: string | null;
  marketer?: string | null;
  countryOfOrigin?: string | null;
  /**
   * Text in other languages (api-contract "Hindi"): `{ hi: { name?, description?, … } }`. A field
   * given changes, empty (or null) removes it, an absent one stays; `hi: null` (or `i18n: null`)
   * removes every Hindi text. Shoppers see English where a field has none (decisions/063).
   */
  i18n?: ProductTranslationsInput | null;
}

/** The Hindi text of an admin write: a field's new text, or null to remove it. */
export type ProductTranslationInput = Partial<Record<TranslatableProductField, string | null>>;
export type ProductTranslationsInput = { hi?: ProductTranslationInput | null };

/** PUT: any product fields (the rest stay). */
export type AdminProductUpdate = Partial<AdminProductInput>;

/**
 * One field read: its clean value (undefined: not given), or the message to show beside it.
 * `wrongType`: the value was not even the right kind (text, number, list...); then the price is
 * not compared with the MRP, as the API always did.
 */
type Read<T> = { value: T } | { problem: string; wrongType?: true };

const ok = <T>(value: T): Read<T> => ({ value });
const refuse = (problem: string): Read<never> => ({ problem });
const wrongType = (problem: string): Read<never> => ({ problem, wrongType: true });
const tooLong = (label: string, max: number) => `${label} is too long (${max} characters at most)`;

/** Strings from a form or a query; empty counts as absent. */
function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

/** Form posts send "12.5"; JSON clients send 12.5. Empty text is "not given". */
function numeric(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

function requiredText(value: unknown, required: string, label: string, max: number): Read<string> {
  if (typeof value !== "string") return wrongType(required);
  const text = value.trim();
  if (text === "") return refuse(required);
  return text.length > max ? refuse(tooLong(label, max)) : ok(text);
}

/** Optional text: empty (or null) clears the field. */
function optionalText(value: unknown, label: string, max: number): Read<string | null | undefined> {
  if (value === undefined) return ok(undefined);
  if (value === null) return ok(null);
  if (typeof value !== "string") return wrongType(`${label} must be text`);
  const text = value.trim();
  if (text.length > max) return refuse(tooLong(label, max));
  return ok(text === "" ? null : text);
}

/** Rupees above 0 with at most two decimals (they become integer paise). */
function rupees(value: unknown, message: string, required = message): Read<number> {
  const amount = numeric(value);
  if (!isNumber(amount)) return wrongType(amount === undefined ? required : message);
  return amount > 0 && amount <= MAX_PRICE_RUPEES && hasAtMostTwoDecimals(amount) ? ok(amount) : refuse(message);
}

function category(value: unknown): Read<string> {
  if (typeof value !== "string") return wrongType(ADMIN_MESSAGES.categoryRequired);
  const key = value.trim().toLowerCase();
  const name = CATEGORIES.find((known) => known.toLowerCase() === key) ?? value.trim();
  if (name === "") return refuse(ADMIN_MESSAGES.categoryRequired);
  return (CATEGORIES as readonly string[]).includes(name) ? ok(name) : refuse(ADMIN_MESSAGES.categoryInvalid);
}

function dosageForm(value: unknown): Read<DosageForm | null | undefined> {
  if (value === undefined) return ok(undefined);
  if (value === null) return ok(null);
  if (typeof value !== "string") return wrongType(ADMIN_MESSAGES.formInvalid);
  const key = value.trim().toLowerCase();
  if (key === "") return ok(null);
  const name = DOSAGE_FORMS.find((known) => known.toLowerCase() === key);
  return name ? ok(name) : wrongType(ADMIN_MESSAGES.formInvalid);
}

function sku(value: unknown): Read<string | undefined> {
  if (value === undefined) return ok(undefined);
  if (typeof value !== "string") return wrongType("SKU must be text");
  const text = value.trim();
  if (text.length > 64) return refuse(tooLong("SKU", 64));
  return /^[A-Za-z0-9][A-Za-z0-9._\-/]*$|^$/.test(text) ? ok(text) : refuse("SKU may contain only letters, digits and . _ - /");
}

function stock(value: unknown): Read<number | undefined> {
  const present = blankToUndefined(value);
  if (present === undefined) return ok(undefined);
  const count = numeric(present);
  if (!isNumber(count)) return wrongType(ADMIN_MESSAGES.stockInvalid);
  return Number.isInteger(count) && count >= 0 && count <= MAX_STOCK ? ok(count) : refuse(ADMIN_MESSAGES.stockInvalid);
}

/** A list of short texts: an array, or one comma-separated string (a form field). */
function textList(value: unknown, label: string, lowerCase = false): Read<string[] | undefined> {
  if (value === undefined) return ok(undefined);
  if (value === null) return ok([]);
  const items = typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(items)) return wrongType(`${label} must be a list of texts`);
  const cleaned: string[] = [];
  for (const item of items) {
    if (typeof item !== "string") return wrongType(`${label} must be text`);
    const text = lowerCase ? item.trim().toLowerCase() : item.trim();
    if (text.length > 60) return refuse(`Each of ${label.toLowerCase()} is limited to 60 characters`);
    if (text !== "" && !cleaned.includes(text)) cleaned.push(text);
  }
  return cleaned.length > 30 ? refuse(`${label}: at most 30`) : ok(cleaned);
}

export const FLAG_INVALID = "Must be true or false";

/** A checkbox or a JSON flag: "on", "true", "1", "yes" and their opposites become booleans; anything else stays as it is. */
export function flagValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim().toLowerCase();
  if (["true", "on", "1", "yes"].includes(text)) return true;
  if (["false", "off", "0", "no", ""].includes(text)) return false;
  return value;
}

function flag(value: unknown): Read<boolean | undefined> {
  if (value === undefined) return ok(undefined);
  const read = flagValue(value);
  return typeof read === "boolean" ? ok(read) : wrongType(FLAG_INVALID);
}

function schedule(value: unknown): Read<Schedule | undefined> {
  if (value === undefined) return ok(undefined);
  if (typeof value !== "string") return wrongType(PRESCRIPTION_MESSAGES.scheduleInvalid);
  const key = value.trim().toUpperCase();
  const known = SCHEDULES.find((name) => name === key);
  return known ? ok(known) : refuse(PRESCRIPTION_MESSAGES.scheduleInvalid);
}

function hsnCode(value: unknown): Read<string | null | undefined> {
  if (value === undefined) return ok(undefined);
  const text = value === null ? "" : typeof value === "number" ? String(value) : value;
  if (typeof text !== "string") return wrongType("HSN code must be 4 to 8 digits");
  if (!/^(\d{4,8})?$/.test(text.trim())) return refuse("HSN code must be 4 to 8 digits");
  return ok(text.trim() === "" ? null : text.trim());
}

function gstRate(value: unknown): Read<number | undefined> {
  const present = blankToUndefined(value);
  if (present === undefined) return ok(undefined);
  const rate = numeric(present);
  if (!isNumber(rate)) return wrongType(ADMIN_MESSAGES.gstRateInvalid);
  return (GST_RATES as readonly number[]).includes(rate) ? ok(rate) : refuse(ADMIN_MESSAGES.gstRateInvalid);
}

/** A real day of the calendar as YYYY-MM-DD (no 31 April). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Empty (or null) means the shop's default threshold; else a whole number of units. */
function lowStockThreshold(value: unknown): Read<number | null | undefined> {
  if (value === undefined) return ok(undefined);
  if (value === null || (typeof value === "string" && value.trim() === "")) return ok(null);
  const threshold = wholeNumber(value);
  return threshold === undefined ? (typeof value === "number" || typeof value === "string" ? refuse(SETTINGS_MESSAGES.productThresholdInvalid) : wrongType(SETTINGS_MESSAGES.productThresholdInvalid)) : ok(threshold);
}

/** A product's parcel fields (the admin's JSON, the form and the catalogue CSV share these names). */
export const PARCEL_FIELDS = ["parcelWeightG", "parcelLengthCm", "parcelBreadthCm", "parcelHeightCm"] as const;

export const PARCEL_MESSAGES = {
  weight: "Enter the parcel weight in grams: a whole number from 1 to 100000, or leave it empty",
  size: "Enter the box size in whole centimetres from 1 to 300, or leave it empty",
} as const;

/** Empty (or null) clears it; else a whole number from 1 to `max`. */
function parcelNumber(max: number, message: string): (value: unknown) => Read<number | null | undefined> {
  return (value) => {
    if (value === undefined) return ok(undefined);
    if (value === null || (typeof value === "string" && value.trim() === "")) return ok(null);
    if (typeof value !== "number" && typeof value !== "string") return wrongType(message);
    const number = wholeNumber(value, max);
    return number === undefined || number < 1 ? refuse(message) : ok(number);
  };
}

function expiryDate(value: unknown): Read<string | null | undefined> {
  if (value === undefined) return ok(undefined);
  const text = value === null ? "" : typeof value === "string" ? value.trim().slice(0, 10) : value;
  if (typeof text !== "string") return wrongType(ADMIN_MESSAGES.expiryInvalid);
  if (text !== "" && !isCalendarDate(text)) return refuse(ADMIN_MESSAGES.expiryInvalid);
  return ok(text === "" ? null : text);
}

/** Images live on this shop (uploads or demo files), never on another host (the CSP allows none). */
export function imageUrlProblem(url: string): Problem {
  return url.length > 300 || !SHOP_IMAGE_URL.test(url) || url.includes("..") ? ADMIN_MESSAGES.imageUrlInvalid : undefined;
}

function images(value: unknown): Read<ProductImageJson[] | undefined> {
  if (value === undefined) return ok(undefined);
  if (!Array.isArray(value)) return wrongType(ADMIN_MESSAGES.imagesInvalid);
  const read: ProductImageJson[] = [];
  for (const image of value) {
    if (typeof image !== "object" || image === null || Array.isArray(image)) return wrongType(ADMIN_MESSAGES.imagesInvalid);
    const { url, altText = "" } = image as { url?: unknown; altText?: unknown };
    if (typeof url !== "string") return wrongType(ADMIN_MESSAGES.imageUrlInvalid);
    const problem = imageUrlProblem(url.trim());
    if (problem) return refuse(problem);
    const alt = altText ?? "";
    if (typeof alt !== "string") return wrongType("Alt text must be text");
    if (alt.trim().length > 200) return refuse(tooLong("Alt text", 200));
    read.push({ url: url.trim(), altText: alt.trim() });
  }
  return read.length > MAX_PRODUCT_IMAGES ? refuse(ADMIN_MESSAGES.imagesInvalid) : ok(read);
}

/** One medicine information text: empty (or null) clears it; line breaks only where the field has lines. */
function medicineText(name: MedicineField): (value: unknown) => Read<string | null | undefined> {
  const field = MEDICINE_FIELDS.find((known) => known.name === name)!;
  return (value) => {
    if (value === undefined) return ok(undefined);
    if (value === null) return ok(null);
    if (typeof value !== "string") return wrongType(medicineTextMessages(field).wrongType);
    const text = cleanMedicineText(value);
    const problem = medicineTextProblem(text, field);
    if (problem) return refuse(problem);
    return ok(text === "" ? null : text);
  };
}

/** The limits of a translated field: those of its English field. */
const TRANSLATED_MAX: Record<TranslatableProductField, number> = {
  name: 200,
  description: 10_000,
  composition: 500,
  uses: 2000,
  directions: 2000,
  sideEffects: 2000,
  safetyAdvice: 2000,
};

/** How a language is named in messages for staff. */
export const LANGUAGE_NAMES = { en: "English", hi: "Hindi" } as const;

/** The English label of a translatable field ("Hindi name", "Hindi salt composition"). */
function translatedLabel(field: TranslatableProductField): string {
  if (field === "name" || field === "description") return field;
  return MEDICINE_FIELDS.find((known) => known.name === field)!.noun;
}

/** Where a translated field's message goes: `i18n.hi.name` (the form's field name too). */
export const translationKey = (language: string, field: string) => `i18n.${language}.${field}`;

export const TRANSLATION_MESSAGES = {
  notObject: "Translations must be given as { hi: { name, description, … } }",
  english: "English text goes in the product's own fields, not under i18n",
  unknownLanguage: (language: string) =>
    `"${language.slice(0, 20)}" is not a language of the shop; product text may be translated into Hindi (hi)`,
  languageNotObject: (language: Exclude<Language, "en">) => `The ${LANGUAGE_NAMES[language]} text must be an object of fields (name, description, …)`,
  unknownField: (field: string) =>
    `"${field.slice(0, 40)}" cannot be translated; the translated fields are ${TRANSLATABLE_PRODUCT_FIELDS.join(", ")}`,
  wrongType: (language: Exclude<Language, "en">, field: TranslatableProductField) => `The ${LANGUAGE_NAMES[language]} ${translatedLabel(field)} must be text`,
} as const;

/** One translated text: trimmed; empty (or null) removes it; the English field's length and line rules. */
function translatedText(language: Exclude<Language, "en">, field: TranslatableProductField, value: unknown): Read<string | null> {
  if (value === null) return ok(null);
  if (typeof value !== "string") return wrongType(TRANSLATION_MESSAGES.wrongType(language, field));
  const label = `${LANGUAGE_NAMES[language]} ${translatedLabel(field)}`;
  const medicine = MEDICINE_FIELDS.find((known) => known.name === field);
  if (medicine) {
    const text = cleanMedicineText(value);
    const problem = medicineTextProblem(text, { ...medicine, noun: label });
    return problem ? refuse(problem) : ok(text === "" ? null : text);
  }
  const text = value.trim();
  if (text.length > TRANSLATED_MAX[field]) return refuse(tooLong(label.charAt(0).toUpperCase() + label.slice(1), TRANSLATED_MAX[field]));
  return ok(text === "" ? null : text);
}

/**
 * `i18n` of an admin write: the texts by language and field (null: remove), and a message per
 * wrong part under its key (`i18n`, `i18n.fr`, `i18n.hi.name`).
 */
function readTranslations(value: unknown): { value: ProductTranslationsInput | null | undefined; problems: Record<string, Problem> } {
  const problems: Record<string, Problem> = {};
  if (value === undefined || value === null) return { value: value as null | undefined, problems };
  if (typeof value !== "object" || Array.isArray(value)) return { value: undefined, problems: { i18n: TRANSLATION_MESSAGES.notObject } };
  const read: ProductTranslationsInput = {};
  for (const [language, texts] of Object.entries(value as Record<string, unknown>)) {
    if (!isLanguage(language)) {
      problems[`i18n.${language.slice(0, 20)}`] = TRANSLATION_MESSAGES.unknownLanguage(language);
      continue;
    }
    if (language === "en") {
      problems[`i18n.${language}`] = TRANSLATION_MESSAGES.english;
      continue;
    }
    if (texts === undefined) continue;
    if (texts === null) {
      read[language] = null;
      continue;
    }
    if (typeof texts !== "object" || Array.isArray(texts)) {
      problems[`i18n.${language}`] = TRANSLATION_MESSAGES.languageNotObject(language);
      continue;
    }
    const fields: ProductTranslationInput = {};
    for (const [field, text] of Object.entries(texts as Record<string, unknown>)) {
      if (!(TRANSLATABLE_PRODUCT_FIELDS as readonly string[]).includes(field)) {
        problems[translationKey(language, field.slice(0, 40))] = TRANSLATION_MESSAGES.unknownField(field);
        continue;
      }
      if (text === undefined) continue;
      const checkedText = translatedText(language, field as TranslatableProductField, text);
      if ("problem" in checkedText) problems[translationKey(language, field)] = checkedText.problem;
      else fields[field as TranslatableProductField] = checkedText.value;
    }
    read[language] = fields;
  }
  return { value: read, problems };
}

/** Every field's reader, in the order the form shows them (and the first message is the summary). */
const PRODUCT_FIELDS: { [K in Exclude<keyof AdminProductInput, "i18n">]-?: (value: unknown) => Read<AdminProductInput[K]> } = {
  name: (value) => requiredText(value, ADMIN_MESSAGES.nameRequired, "Name", 200),
  description: (value) => requiredText(value, ADMIN_MESSAGES.descriptionRequired, "Description", 10_000),
  category,
  price: (value) => rupees(value, ADMIN_MESSAGES.priceInvalid, ADMIN_MESSAGES.priceRequired),
  mrp: (value) => (blankToUndefined(value) === undefined ? ok(undefined) : rupees(value, ADMIN_MESSAGES.mrpInvalid)),
  form: dosageForm,
  subcategory: (value) => optionalText(value, "Subcategory", 100),
  brand: (value) => optionalText(value, "Brand", 100),
  sku,
  countInStock: stock,
  quantity: (value) => optionalText(value, "Pack text", 60),
  tags: (value) => textList(value, "Tags"),
  collections: (value) => textList(value, "Collections", true),
  schedule,
  prescriptionRequired: flag,
  bestseller: flag,
  published: flag,
  hsnCode,
  gstRate,
  batchNumber: (value) => optionalText(value, "Batch number", 40),
  expiryDate,
  lowStockThreshold,
  parcelWeightG: parcelNumber(100_000, PARCEL_MESSAGES.weight),
  parcelLengthCm: parcelNumber(300, PARCEL_MESSAGES.size),
  parcelBreadthCm: parcelNumber(300, PARCEL_MESSAGES.size),
  parcelHeightCm: parcelNumber(300, PARCEL_MESSAGES.size),
  images,
  composition: medicineText("composition"),
  uses: medicineText("uses"),
  directions: medicineText("directions"),
  sideEffects: medicineText("sideEffects"),
  safetyAdvice: medicineText("safetyAdvice"),
  storage: medicineText("storage"),
  manufacturer: medicineText("manufacturer"),
  marketer: medicineText("marketer"),
  countryOfOrigin: medicineText("countryOfOrigin"),
};

/**
 * Reads a product's fields (a JSON body or the product form's values). "create" requires name,
 * description, category and price; "update" reads only the fields given. The price may not be
 * above the MRP when both are given.
 */
export function checkProduct(input: unknown, mode: "create"): Checked<AdminProductInput>;
export function checkProduct(input: unknown, mode: "update"): Checked<AdminProductUpdate>;
export function checkProduct(input: unknown, mode: "create" | "update"): Checked<AdminProductUpdate>;
export function checkProduct(input: unknown, mode: "create" | "update"): Checked<AdminProductUpdate> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { ok: false, errors: { _: ADMIN_MESSAGES.productInvalid } };
  const fields = input as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  const problems: Record<string, Problem> = {};
  let comparable = true;
  for (const [name, readField] of Object.entries(PRODUCT_FIELDS) as [string, (value: unknown) => Read<unknown>][]) {
    if (mode === "update" && fields[name] === undefined) continue;
    const read = readField(fields[name]);
    if ("problem" in read) {
      problems[name] = read.problem;
      if (read.wrongType) comparable = false;
    } else if (read.value !== undefined) data[name] = read.value;
  }
  if (fields.i18n !== undefined) {
    const translations = readTranslations(fields.i18n);
    Object.assign(problems, translations.problems);
    if (translations.value !== undefined) data.i18n = translations.value;
  }
  // Compared even when other fields have problems, so one submit shows this message too.
  const price = numeric(fields.price);
  const mrp = numeric(blankToUndefined(fields.mrp));
  if (comparable && isNumber(price) && isNumber(mrp) && price > mrp) problems.price ??= ADMIN_MESSAGES.priceAboveMrp;
  // A Schedule X product may be kept unpublished, never shown for sale (create publishes by default).
  const published = fields.published === undefined ? (mode === "create" ? true : undefined) : flagValue(fields.published);
  if (data.schedule === "X" && published === true) problems.schedule ??= PRESCRIPTION_MESSAGES.scheduleX;
  return checked(data as AdminProductUpdate, problems);
}
