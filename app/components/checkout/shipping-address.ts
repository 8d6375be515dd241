/**
 * The checkout form's fields and the browser's checks (spec section 5, "Checkout form", India only
 * since issue 14), built on the shared rules of common/checkout.ts, which the server applies again
 * (server/schemas/checkout.ts).
 */
import type { SavedAddress } from "#common/addresses.ts";
import { CHECKOUT_MESSAGES, phoneDigits, phoneProblem, postalCodeProblem, stateProblem } from "#common/checkout.ts";

export const SHIPPING_FIELDS = ["firstName", "lastName", "address", "line2", "landmark", "city", "postalCode", "state", "phone", "email"] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingAddress = Record<ShippingField, string>;

/** Left empty without a problem: the second line and the landmark; the state is filled from the PIN code. */
const OPTIONAL: readonly ShippingField[] = ["line2", "landmark", "state"];
export const isOptional = (field: ShippingField) => OPTIONAL.includes(field);

export interface ShippingCheck {
  /** The alert for the whole form ('Please fill all required fields'), or null. */
  message: string | null;
  /** Per field: the text shown beside it, or "" when only the form's alert describes it. */
  errors: Partial<Record<ShippingField, string>>;
}

/** Missing fields first (one alert for all of them), then the phone, the PIN code and the state. */
export function checkShippingAddress(values: ShippingAddress): ShippingCheck {
  const missing = SHIPPING_FIELDS.filter((field) => !isOptional(field) && values[field].trim() === "");
  if (missing.length > 0) {
    return { message: CHECKOUT_MESSAGES.required, errors: Object.fromEntries(missing.map((field) => [field, ""])) };
  }
  const errors: ShippingCheck["errors"] = {};
  const phone = phoneProblem(values.phone);
  if (phone) errors.phone = phone;
  const postalCode = postalCodeProblem(values.postalCode.replace(/\s/g, ""));
  if (postalCode) errors.postalCode = postalCode;
  const state = stateProblem(values.state);
  if (state) errors.state = state;
  return { message: null, errors };
}

/** What `POST /api/checkout` receives: trimmed values, the phone as its ten digits, empty optional lines left out. */
export function toShippingAddress(values: ShippingAddress): Record<string, string> {
  const body: Record<string, string> = { country: "India" };
  for (const field of SHIPPING_FIELDS) {
    const value = field === "postalCode" ? values[field].replace(/\s/g, "") : values[field].trim();
    if (value !== "" || !isOptional(field)) body[field] = value;
  }
  body.phone = phoneDigits(body.phone ?? "") ?? body.phone ?? "";
  return body;
}

/** The address book's body (POST /api/users/addresses) for "Save this address to my address book". */
export function toSavedAddressBody(values: ShippingAddress): Record<string, string> {
  const address = toShippingAddress(values);
  return {
    fullName: `${address.firstName ?? ""} ${address.lastName ?? ""}`.trim(),
    phone: address.phone ?? "",
    line1: address.address ?? "",
    line2: address.line2 ?? "",
    landmark: address.landmark ?? "",
    city: address.city ?? "",
    state: address.state ?? "",
    postalCode: address.postalCode ?? "",
  };
}

/** A saved address in one line, for its radio choice: "Meera Iyer, 4 Church Street, Bengaluru, Karnataka 560001". */
export function savedAddressLine(address: SavedAddress): string {
  return [address.fullName, address.line1, address.line2, address.landmark, address.city, `${address.state} ${address.postalCode}`]
    .filter((part) => part && part.trim() !== "")
    .join(", ");
}
