// The checkout form's rules (product spec, section 5, "Checkout form"): the checkout page checks
// the address with these in the browser, and server/schemas/checkout.ts builds POST /api/checkout's
// zod schema on them, so both say the same thing.
import type { Problem } from "./forms.ts";

export const CHECKOUT_COUNTRIES = ["India", "USA", "UK", "Canada", "Australia"] as const;
export type CheckoutCountry = (typeof CHECKOUT_COUNTRIES)[number];

export const CHECKOUT_MESSAGES = {
  required: "Please fill all required fields",
  phone: "Please enter a 10-digit phone number",
  pinCode: "Please enter a 6-digit PIN code",
  postalCode: "Please enter a valid postal code",
  country: "Please choose a country from the list",
  email: "Please enter a valid email",
  tooLong: "This field is too long",
  paymentMethod: "Payment method must be razorpay",
  paymentVerification: "Payment verification failed",
} as const;

/** "98765 43210", "98765-43210" and "(98765) 43210" are ten digits too: spaces, dashes and brackets go. */
export function phoneDigits(phone: string): string {
  return phone.replace(/[\s()-]/g, "");
}

/** The phone as its digits (see phoneDigits). */
export function phoneProblem(digits: string): Problem {
  if (digits === "") return CHECKOUT_MESSAGES.required;
  return /^\d{10}$/.test(digits) ? undefined : CHECKOUT_MESSAGES.phone;
}

/** An Indian PIN code is six digits not starting with 0; elsewhere 2 to 12 letters, digits, spaces or dashes. */
export function postalCodeProblem(country: string, postalCode: string): Problem {
  if (country === "India") return /^[1-9]\d{5}$/.test(postalCode) ? undefined : CHECKOUT_MESSAGES.pinCode;
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(postalCode) ? undefined : CHECKOUT_MESSAGES.postalCode;
}
