// A product's medicine information (issue 19; docs/decisions/027): the fields, their labels and
// limits, the rule the admin form and the API share (common/admin-product.ts reads each field
// with `medicineTextProblem`), and how the product page reads safety advice.

/** The medicine information fields, in the order the form and the product page show them. */
export const MEDICINE_FIELDS = [
  { name: "composition", label: "Salt composition", noun: "salt composition", max: 500, multiline: false },
  { name: "uses", label: "Uses", noun: "uses", max: 2000, multiline: true },
  { name: "directions", label: "How to take", noun: "directions", max: 2000, multiline: true },
  { name: "sideEffects", label: "Side effects", noun: "side effects", max: 2000, multiline: true },
  { name: "safetyAdvice", label: "Safety advice", noun: "safety advice", max: 2000, multiline: true },
  { name: "storage", label: "Storage", noun: "storage advice", max: 500, multiline: false },
  { name: "manufacturer", label: "Manufacturer (name and address)", noun: "manufacturer", max: 300, multiline: true },
  { name: "marketer", label: "Marketer (name and address)", noun: "marketer", max: 300, multiline: true },
  { name: "countryOfOrigin", label: "Country of origin", noun: "country of origin", max: 60, multiline: false },
] as const;

export type MedicineField = (typeof MEDICINE_FIELDS)[number]["name"];

/** The fields as the API returns them: text or null. */
export type MedicineInformation = Record<MedicineField, string | null>;

/** The topics safety advice is written under, one line each ("Pregnancy: Consult your doctor."). */
export const SAFETY_TOPICS = ["Pregnancy", "Breastfeeding", "Alcohol", "Driving", "Kidney", "Liver"] as const;

/** Control characters other than line breaks and tabs (a pasted NUL or escape code cannot be shown). */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** What a field's rule needs: its noun in messages, its length and whether it may have lines (a Hindi field names itself "Hindi uses"). */
type TextRule = Pick<(typeof MEDICINE_FIELDS)[number], "max" | "multiline"> & { noun: string };

/** The messages of one field, naming it as a sentence does ("the salt composition"). */
export function medicineTextMessages(field: TextRule) {
  return {
    wrongType: `The ${field.noun} field must be text.`,
    tooLong: `Please keep the ${field.noun} within ${field.max.toLocaleString("en-IN")} characters.`,
    control: `The ${field.noun} field contains a character that cannot be shown; please retype that part.`,
    lineBreak: `Please write the ${field.noun} on one line.`,
  };
}

/**
 * The rule for one medicine information text (already known to be a string): the message, or
 * undefined. Line breaks are kept in the fields that may have several lines.
 */
export function medicineTextProblem(text: string, field: TextRule): string | undefined {
  const messages = medicineTextMessages(field);
  if (CONTROL_CHARACTERS.test(text)) return messages.control;
  if (!field.multiline && /[\r\n]/.test(text)) return messages.lineBreak;
  if (text.length > field.max) return messages.tooLong;
  return undefined;
}

/** Trimmed, Windows line ends made plain, runs of blank lines cut to one. */
export function cleanMedicineText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export interface SafetyAdviceLine {
  /** "Pregnancy", "Alcohol"…; null for a line written without a topic. */
  topic: string | null;
  advice: string;
}

/**
 * Safety advice as the page shows it: one entry per line; a line starting with a short topic
 * and a colon ("Alcohol: Avoid.", "शराब: सेवन न करें।": letters and vowel signs) is shown under that topic.
 */
export function safetyAdviceLines(text: string): SafetyAdviceLine[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const match = /^([\p{L}][\p{L}\p{M} ]{0,29}):\s+(.+)$/u.exec(line);
      return match ? { topic: match[1]!.trim(), advice: match[2]!.trim() } : { topic: null, advice: line };
    });
}

/** A medicine rather than a food supplement: HSN chapter 30 (pharmaceutical products) or prescription-only. */
export function isMedicine(product: { hsnCode: string | null; prescriptionRequired: boolean }): boolean {
  return product.prescriptionRequired || (product.hsnCode?.startsWith("30") ?? false);
}

/** "Name Pvt. Ltd., Plot 1, Satara…" → { name, address }: the name is the first line, or the text before the first comma. */
export function makerParts(text: string): { name: string; address: string | null } {
  const newline = text.indexOf("\n");
  const cut = newline >= 0 ? newline : text.indexOf(", ");
  if (cut < 0) return { name: text.trim(), address: null };
  const address = text.slice(cut + 1).replace(/\s+/g, " ").trim();
  return { name: text.slice(0, cut).replace(/,$/, "").trim(), address: address === "" ? null : address };
}
