/**
 * The checkout form's fields and the browser's checks (spec section 5, "Checkout form"). The
 * server checks the same rules again (common/schemas/checkout.ts, same messages); these only
 * save the shopper a round trip, so they are plain code rather than zod in the checkout bundle.
 */

export const COUNTRIES = ["India", "USA", "UK", "Canada", "Australia"] as const;

export const SHIPPING_FIELDS = ["firstName", "lastName", "address", "city", "postalCode", "country", "phone", "email"] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingAddress = Record<ShippingField, string>;

export const CHECKOUT_FORM_MESSAGES = {
  required: "Please fill all required fields",
  phone: "Please enter a 10-digit phone number",
  pinCode: "Please enter a 6-digit PIN code",
  postalCode: "Please enter a valid postal code",
} as const;

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
    return { message: CHECKOUT_FORM_MESSAGES.required, errors: Object.fromEntries(missing.map((field) => [field, ""])) };
  }
  const errors: ShippingCheck["errors"] = {};
  if (!/^\d{10}$/.test(phoneDigits(values.phone))) errors.phone = CHECKOUT_FORM_MESSAGES.phone;
  const postalCode = values.postalCode.trim();
  if (values.country === "India") {
    if (!/^[1-9]\d{5}$/.test(postalCode)) errors.postalCode = CHECKOUT_FORM_MESSAGES.pinCode;
  } else if (!/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(postalCode)) {
    errors.postalCode = CHECKOUT_FORM_MESSAGES.postalCode;
  }
  return { message: null, errors };
}

/** "98765 43210", "98765-43210" and "(98765) 43210" are ten digits too. */
export function phoneDigits(phone: string): string {
  return phone.replace(/[\s()-]/g, "");
}

/** What `POST /api/checkout` receives: trimmed values, the phone as its digits. */
export function toShippingAddress(values: ShippingAddress): ShippingAddress {
  const trimmed = Object.fromEntries(SHIPPING_FIELDS.map((field) => [field, values[field].trim()])) as ShippingAddress;
  return { ...trimmed, phone: phoneDigits(trimmed.phone) };
}
