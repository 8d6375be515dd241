// The delivery promise's shapes and texts (api-contract.md, "Serviceability"; decisions/021): the
// "Check delivery" box, the admin's serviceability page and the server share them.

/** GET /api/serviceability/:pin */
export type ServiceabilityJson =
  | { pin: string; serviceable: false }
  | {
      pin: string;
      serviceable: true;
      state: string;
      city?: string;
      cod: boolean;
      estimatedDelivery: { from: string; to: string };
    };

/** What the "Check delivery" box shows: nothing yet, an answer for a PIN, or a problem with what was typed. */
export interface DeliveryCheckState {
  pin: string;
  result?: ServiceabilityJson;
  error?: string;
}

/** A PIN from a query string or a form, without the spaces people type (at most 12 characters kept). */
export function pinFromInput(value: string | null | undefined): string {
  return (value ?? "").replace(/\s/g, "").slice(0, 12);
}

/** One row of the admin's serviceability table. */
export interface ServiceabilityRangeJson {
  _id: string;
  pinFrom: string;
  pinTo: string;
  state: string;
  city: string | null;
  minDays: number;
  maxDays: number;
  cod: boolean;
}

/** The CSV's columns, in order (export and import). */
export const SERVICEABILITY_CSV_HEADER = ["pinFrom", "pinTo", "state", "city", "minDays", "maxDays", "cod"] as const;

export const DELIVERY_CHECK_TEXTS = {
  heading: "Check delivery",
  label: "PIN code",
  button: "Check",
  codAvailable: "Cash on delivery available",
  codUnavailable: "Cash on delivery is not available for this PIN code",
  notServiceable: "We do not deliver to this PIN code yet",
  failed: "Could not check this PIN code. Please try again.",
} as const;

export const SERVICEABILITY_MESSAGES = {
  pin: "Enter a 6-digit PIN code not starting with 0",
  pinOrder: "pinTo must not be before pinFrom",
  state: "Enter one of the 36 states and union territories, spelt as in the export",
  city: "City must be at most 100 characters",
  days: "Enter a whole number of working days from 0 to 60",
  daysOrder: "maxDays must not be less than minDays",
  cod: "Enter yes or no",
  extraCells: "This row has more cells than the header",
  overlap: (row: number) => `This range overlaps the range on row ${row}`,
  notText: "The file is not a UTF-8 CSV text file",
  unclosedQuote: "The file has a quoted cell that is never closed",
  header: `The first row must be the header: ${SERVICEABILITY_CSV_HEADER.join(",")}`,
  empty: "The file has no ranges; the shop would deliver nowhere",
  tooManyRows: "The file has more than 20,000 ranges",
  tooLarge: "The file is larger than 2 MB",
  noFile: "Choose a CSV file to import",
  badRows: "Nothing was imported: fix the rows listed and import the file again",
  imported: (count: number) => `Imported ${count} ranges; the previous table was replaced`,
} as const;

