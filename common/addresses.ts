// The address book's form rules and JSON shape (api-contract.md, "Addresses"). The profile's
// address page checks with these in the browser; server/schemas/addresses.ts builds the API's
// schema on them, so both say the same thing.
import { checked, formText, hasNul, type Checked, type Problem } from "./forms.ts";
import {
  INDIA_MESSAGES,
  type IndianState,
  isIndianState,
  isValidPin,
  mobileNumberProblem,
  normalizeIndianPhone,
} from "./india.ts";
import { countryProblem } from "./checkout.ts";

/** A saved address as the API answers it. */
export interface SavedAddress {
  _id: string;
  fullName: string;
  phone: string;
  line1: string;
  line2?: string;
  landmark?: string;
  city: string;
  state: string;
  postalCode: string;
  country: "India";
  isDefault: boolean;
}

/** At most this many saved addresses per customer. */
export const MAX_ADDRESSES = 20;

export const ADDRESS_LIMITS = { fullName: 100, line1: 200, line2: 200, landmark: 200, city: 100 } as const;

export const ADDRESS_MESSAGES = {
  ...INDIA_MESSAGES,
  tooMany: `You can save up to ${MAX_ADDRESSES} addresses. Delete one to add another.`,
  notFound: "Address not found",
  checkFields: "Please fill all required fields",
  added: "Address saved",
  updated: "Address updated",
  deleted: "Address deleted",
  madeDefault: "Default address changed",
  signInRequired: "Please sign in to manage your addresses",
} as const;

export const ADDRESS_FIELD_LABELS = {
  fullName: "Full name",
  phone: "Mobile number",
  line1: "Address line 1",
  line2: "Address line 2",
  landmark: "Landmark",
  city: "Town/City",
  state: "State/UT",
  postalCode: "PIN code",
} as const;

/** What a customer sends; `state` may be empty (the server fills it from the PIN). */
export interface AddressInput {
  fullName: string;
  phone: string;
  line1: string;
  line2: string | null;
  landmark: string | null;
  city: string;
  state: IndianState | null;
  postalCode: string;
  isDefault: boolean;
}

function textProblem(label: string, max: number, text: string, required: boolean): Problem {
  if (text === "") return required ? `${label} is required` : undefined;
  if (text.length > max) return `${label} is too long (${max} characters at most)`;
  if (hasNul(text)) return `${label} contains characters that are not allowed`;
  return undefined;
}

/** Checkbox values ("on", "true", true) as a form or JSON client sends them. */
function truthy(value: unknown): boolean {
  return value === true || value === "true" || value === "on" || value === "1";
}

/** The address form's checks (a JSON body or form fields). */
export function checkAddressForm(values: unknown): Checked<AddressInput> {
  const source = (typeof values === "object" && values !== null ? values : {}) as Record<string, unknown>;
  const read = (name: string) => formText(source, name).trim();
  const fullName = read("fullName");
  const rawPhone = read("phone");
  const line1 = read("line1");
  const line2 = read("line2");
  const landmark = read("landmark");
  const city = read("city");
  const state = read("state");
  const postalCode = read("postalCode").replace(/\s/g, "");
  const phone = normalizeIndianPhone(rawPhone);
  return checked(
    {
      fullName,
      phone: phone ?? "",
      line1,
      line2: line2 || null,
      landmark: landmark || null,
      city,
      state: isIndianState(state) ? state : null,
      postalCode,
      isDefault: truthy(source.isDefault),
    },
    {
      fullName: textProblem(ADDRESS_FIELD_LABELS.fullName, ADDRESS_LIMITS.fullName, fullName, true),
      phone: phone === null ? mobileNumberProblem(rawPhone) : undefined,
      // India only, as at checkout: an absent country is India, any other is refused (never stored as India).
      country: countryProblem(typeof source.country === "string" ? source.country : source.country === undefined || source.country === null ? "" : "?"),
      line1: textProblem(ADDRESS_FIELD_LABELS.line1, ADDRESS_LIMITS.line1, line1, true),
      line2: textProblem(ADDRESS_FIELD_LABELS.line2, ADDRESS_LIMITS.line2, line2, false),
      landmark: textProblem(ADDRESS_FIELD_LABELS.landmark, ADDRESS_LIMITS.landmark, landmark, false),
      city: textProblem(ADDRESS_FIELD_LABELS.city, ADDRESS_LIMITS.city, city, true),
      state: state === "" || isIndianState(state) ? undefined : INDIA_MESSAGES.state,
      postalCode: isValidPin(postalCode) ? undefined : INDIA_MESSAGES.pinCode,
    },
  );
}
