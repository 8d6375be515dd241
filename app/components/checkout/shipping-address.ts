/**
 * The checkout form's fields and the browser's checks (spec section 5, "Checkout form"), built on
 * the shared rules of common/checkout.ts, which the server applies again (server/schemas/checkout.ts).
 */
import { CHECKOUT_MESSAGES, phoneDigits, phoneProblem, postalCodeProblem } from "#common/checkout.ts";


export const SHIPPING_FIELDS = ["firstName", "lastName", "address", "city", "postalCode", "country", "phone", "email"] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingAddress = Record<ShippingField, string>;

export interface ShippingCheck {
  /** The alert for the whole form ('Please fill all required fields'), or null. */
  message: string | null;
  /** Per field: the text shown beside it, or "" when only the form's alert describes it. */
  errors: Partial<Record<ShippingField, string>>;
}

/** Missing fields first (one alert for all of them), then the phone and, for India, the PIN code. */
export function checkShippingAddress(values: ShippingAddress): ShippingCheck {
  const missing = SHIPPING_FIELDS.filter((field) => values[field].trim() === "");
  if (missing.length > 0) {
    return { message: CHECKOUT_MESSAGES.required, errors: Object.fromEntries(missing.map((field) => [field, ""])) };
  }
  const errors: ShippingCheck["errors"] = {};
  const phone = phoneProblem(phoneDigits(values.phone));
  if (phone) errors.phone = phone;
  const postalCode = postalCodeProblem(values.country, values.postalCode.trim());
  if (postalCode) errors.postalCode = postalCode;
  return { message: null, errors };
}

/** What `POST /api/checkout` receives: trimmed values, the phone as its digits. */
export function toShippingAddress(values: ShippingAddress): ShippingAddress {
  const trimmed = Object.fromEntries(SHIPPING_FIELDS.map((field) => [field, values[field].trim()])) as ShippingAddress;
  return { ...trimmed, phone: phoneDigits(trimmed.phone) };
}
