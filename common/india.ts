// India-only addresses (issue 14): the 36 states and union territories, the PIN code and mobile
// number rules and their messages. Shared by the browser (address forms, the delivery check) and
// the server (server/schemas/addresses.ts, the serviceability lookup, the checkout), so a rule and
// its sentence exist once.

/** The 28 states, then the 8 union territories, by their official names. */
export const INDIAN_STATES = [
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chhattisgarh",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
  "Andaman and Nicobar Islands",
  "Chandigarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Jammu and Kashmir",
  "Ladakh",
  "Lakshadweep",
  "Puducherry",
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

export function isIndianState(value: string): value is IndianState {
  return (INDIAN_STATES as readonly string[]).includes(value);
}

/** The only country the shop delivers to (the shipping policy). */
export const COUNTRY_INDIA = "India";

export const PIN_CODE_MESSAGE = "Enter a valid PIN code";
/** api-contract.md's sentence for a phone that is not 10 digits. */
export const MOBILE_NUMBER_MESSAGE = "Please enter a 10-digit phone number";
/** Ten digits that cannot be an Indian mobile number. */
export const MOBILE_START_MESSAGE = "Enter a mobile number starting with 6, 7, 8 or 9";
export const STATE_MESSAGE = "Choose a state";

export const INDIA_MESSAGES = {
  pinCode: PIN_CODE_MESSAGE,
  mobileNumber: MOBILE_NUMBER_MESSAGE,
  mobileStart: MOBILE_START_MESSAGE,
  state: STATE_MESSAGE,
} as const;

/** A PIN code: six digits, the first not 0 (the first digit is the postal zone, 1 to 9). */
export function isValidPin(pin: string): boolean {
  return /^[1-9]\d{5}$/.test(pin);
}

/**
 * A mobile number as people and autofill type it: "+91 98450 12345", "91-98450-12345",
 * "098450-12345", "(98450) 12345", "9845012345". Spaces, dashes, dots and brackets go, then one
 * leading "+91", "91" (only when 12 digits remain) or "0"; what is left must be 10 digits starting
 * 6 to 9. Returns those 10 digits, or null.
 */
export function normalizeIndianPhone(input: string): string | null {
  const digits = withoutPrefix(input);
  return digits !== null && /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** The number without separators and without one leading "+91", "91" or "0" (null for another country's "+"). */
function withoutPrefix(input: string): string | null {
  let digits = input.trim().replace(/[\s().-]/g, "");
  if (digits.startsWith("+")) {
    if (!digits.startsWith("+91")) return null;
    digits = digits.slice(3);
  } else if (digits.length === 12 && digits.startsWith("91")) {
    digits = digits.slice(2);
  } else if (digits.length === 11 && digits.startsWith("0")) {
    digits = digits.slice(1);
  }
  return digits;
}

/** Why a typed phone is not a mobile number: not 10 digits (the contract's sentence), or 10 not starting 6-9; undefined when it is one. */
export function mobileNumberProblem(input: string): string | undefined {
  if (normalizeIndianPhone(input)) return undefined;
  return /^\d{10}$/.test(withoutPrefix(input) ?? "") ? MOBILE_START_MESSAGE : MOBILE_NUMBER_MESSAGE;
}

/** "9845012345" → "98450 12345", how Indian mobile numbers are read out. */
export function formatIndianPhone(digits: string): string {
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 5)} ${digits.slice(5)}` : digits;
}
