// The catalogue as a CSV file (api-contract.md, "Operations (second release)"; decisions/033):
// one table of columns, each an admin product field (common/admin-product.ts) with its cell in
// the export and its example in the template. A new product field is one line here; the import
// reads each column under the same field name, through the same rules as the product form.
import { translationKey } from "./admin-product.ts";
import type { ProductJson } from "./catalog.ts";
import { type Language, type ProductTranslations, TRANSLATABLE_PRODUCT_FIELDS, type TranslatableProductField } from "./language.ts";

/** A product as the export writes it: the admin's product JSON. */
export type CatalogueProduct = ProductJson & { published: boolean; lowStockThreshold: number | null; i18n: ProductTranslations } & ProductParcelJson;

/** A product's parcel as the admin's product JSON carries it (null: not given). */
export interface ProductParcelJson {
  parcelWeightG: number | null;
  parcelLengthCm: number | null;
  parcelBreadthCm: number | null;
  parcelHeightCm: number | null;
}

/** List cells ("tags", "collections", "images", "imageAlt") hold their items separated by this. */
export const CSV_LIST_SEPARATOR = "|";

export interface CatalogueColumn {
  /** The header's name: the admin product field it carries (imageAlt: the images' alt texts). */
  name: string;
  /** The product's cell in the export. */
  cell: (product: CatalogueProduct) => string;
  /** The template's example row. */
  example: string;
  /** Items separated by CSV_LIST_SEPARATOR. */
  list?: true;
  /** A field's text in another language (`name_hi`): the import gives it as `i18n: { hi: { name } }`. */
  translation?: { language: Exclude<Language, "en">; field: TranslatableProductField };
}

const text = (value: string | null | undefined) => value ?? "";
/** A list cell; an item holding the separator is written with "/" instead (the separator cannot be escaped). */
const items = (values: readonly string[]) => values.map((value) => value.replaceAll(CSV_LIST_SEPARATOR, "/")).join(CSV_LIST_SEPARATOR);
/** A rupee amount: "249" for whole rupees, else always two decimals ("249.50", never "249.5"). */
const rupees = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));
const field = <K extends keyof CatalogueProduct>(name: K, example: string): CatalogueColumn => ({
  name,
  cell: (product) => {
    const value = product[name];
    return value === null || value === undefined ? "" : String(value);
  },
  example,
});

/** The template's Hindi examples, for the English examples above. */
const HINDI_EXAMPLES: Record<TranslatableProductField, string> = {
  name: "आयरन + फ़ोलिक एसिड टैबलेट",
  description: "महिलाओं के लिए आयरन और फ़ोलिक एसिड, रोज़ खाने के बाद एक टैबलेट।",
  composition: "फेरस एस्कॉर्बेट (100mg) + फ़ोलिक एसिड (1.5mg)",
  uses: "आयरन की कमी से होने वाला एनीमिया\nगर्भावस्था में आयरन और फ़ोलिक एसिड की ज़रूरत",
  directions: "रोज़ खाने के बाद एक टैबलेट, या डॉक्टर की सलाह के अनुसार।",
  sideEffects: "कब्ज़\nजी मिचलाना\nमल का रंग गहरा होना",
  safetyAdvice: "गर्भावस्था: अपने डॉक्टर से सलाह लें।\nशराब: कोई ज्ञात प्रभाव नहीं।",
};

/** Every column, in the file's order; `sku` first (it is the key of the import). */
export const CATALOGUE_COLUMNS: readonly CatalogueColumn[] = [
  field("sku", "ZK-IRON-60"),
  field("name", "Iron + Folic Acid Tablets"),
  field("description", "Iron and folic acid for women, one tablet a day after a meal."),
  field("category", "Women Care"),
  { name: "subcategory", cell: (p) => text(p.subcategory), example: "Supplements" },
  { name: "form", cell: (p) => text(p.form), example: "Tablet" },
  { name: "brand", cell: (p) => text(p.brand), example: "Zenkart" },
  { name: "price", cell: (p) => rupees(p.price), example: "249.50" },
  { name: "mrp", cell: (p) => rupees(p.mrp), example: "299" },
  field("countInStock", "120"),
  { name: "quantity", cell: (p) => text(p.quantity), example: "60 tablets" },
  { name: "tags", cell: (p) => items(p.tags), example: "iron|folic acid", list: true },
  { name: "collections", cell: (p) => items(p.collections), example: "women-care", list: true },
  field("schedule", "OTC"),
  { name: "hsnCode", cell: (p) => text(p.hsnCode), example: "30049099" },
  field("gstRate", "5"),
  { name: "batchNumber", cell: (p) => text(p.batchNumber), example: "B2611" },
  { name: "expiryDate", cell: (p) => text(p.expiryDate), example: "2028-06-30" },
  { name: "images", cell: (p) => items(p.images.map((image) => image.url)), example: "/images/placeholder-product.svg", list: true },
  { name: "imageAlt", cell: (p) => items(p.images.map((image) => image.altText)), example: "Iron + Folic Acid Tablets, box of 60", list: true },
  field("bestseller", "false"),
  field("published", "true"),
  // Stock alerts (decisions/031): empty means the shop's default threshold.
  field("lowStockThreshold", ""),
  // The parcel one unit ships in (Shiprocket, decisions/052): grams and centimetres; empty for none.
  field("parcelWeightG", "120"),
  field("parcelLengthCm", "12"),
  field("parcelBreadthCm", "6"),
  field("parcelHeightCm", "4"),
  // Medicine information (decisions/027).
  field("composition", "Ferrous Ascorbate (100mg) + Folic Acid (1.5mg)"),
  field("uses", "Iron deficiency anaemia\nIron and folic acid needs in pregnancy"),
  field("directions", "One tablet a day after a meal, or as your doctor advises."),
  field("sideEffects", "Constipation\nNausea\nDark stools"),
  field("safetyAdvice", "Pregnancy: Consult your doctor.\nAlcohol: No known interaction."),
  field("storage", "Store below 30°C, away from light and moisture."),
  field("manufacturer", "Zenkart Pharma Pvt Ltd, Plot 12, Baddi, Himachal Pradesh 173205"),
  field("marketer", "Zenkart Health Pvt Ltd, Bengaluru 560001"),
  field("countryOfOrigin", "India"),
  // Hindi (decisions/063): empty where the product has no Hindi text (shoppers then read English).
  ...TRANSLATABLE_PRODUCT_FIELDS.map((name) => translatedColumn("hi", name)),
];

/** A translated field's column: `name_hi`, `sideEffects_hi`. */
function translatedColumn(language: Exclude<Language, "en">, name: TranslatableProductField): CatalogueColumn {
  return {
    name: `${name}_${language}`,
    cell: (product) => product.i18n[language]?.[name] ?? "",
    example: HINDI_EXAMPLES[name],
    translation: { language, field: name },
  };
}

/** The column a product field's message belongs to: `i18n.hi.name` is the column `name_hi`. */
export function columnOfField(field: string): string {
  const column = CATALOGUE_COLUMNS.find((known) => known.translation && translationKey(known.translation.language, known.translation.field) === field);
  return column?.name ?? field;
}

export const CATALOGUE_CSV_HEADER = CATALOGUE_COLUMNS.map((column) => column.name);

/** Largest file imported (bytes) and most products in one file. */
export const MAX_CATALOGUE_IMPORT_BYTES = 8 * 1024 * 1024;
export const MAX_CATALOGUE_IMPORT_ROWS = 5_000;
/** Most row problems listed at once. */
export const MAX_CATALOGUE_ROW_ERRORS = 200;

export const CATALOGUE_CSV_MESSAGES = {
  noFile: "Choose a CSV file to import",
  notText: "The file is not a UTF-8 CSV text file",
  tooLarge: `The file is larger than ${MAX_CATALOGUE_IMPORT_BYTES / 1024 / 1024} MB`,
  unclosedQuote: "The file has a quoted cell that is never closed",
  skuFirst: "The first row must be the header, starting with the column sku",
  unknownColumn: (name: string) => `"${name}" is not a column of the catalogue; the columns are those of the export`,
  repeatedColumn: (name: string) => `The column "${name}" appears twice in the header`,
  altWithoutImages: "The column imageAlt needs the column images beside it",
  noChanges: "The file has only the sku column; add the columns to change",
  empty: "The file has no products",
  tooManyRows: `The file has more than ${MAX_CATALOGUE_IMPORT_ROWS.toLocaleString("en-IN")} products; split it into smaller files`,
  extraCells: "This row has more cells than the header",
  skuRequired: "Enter the product's SKU",
  repeatedSku: (row: number) => `This SKU is also on row ${row}`,
  imageMissing: (url: string) => `No uploaded image at ${url}; upload it first and use its address`,
  altCount: "imageAlt has more alt texts than there are images",
  badRows: "Nothing was imported: fix the rows listed and import the file again",
  moreErrors: (shown: number, total: number) =>
    `Nothing was imported: fix the rows listed and import the file again (the first ${shown} of ${total} problems are listed)`,
  partlyImported: (created: number, updated: number) =>
    `Imported up to the row listed (${created} created, ${updated} updated), which was refused: fix it and import the file again (rows already imported are updated, not added twice)`,
  imported: (created: number, updated: number) =>
    `Imported: ${created} ${created === 1 ? "product" : "products"} created, ${updated} updated`,
} as const;
