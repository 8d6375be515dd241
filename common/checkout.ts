// The checkout form's rules (product spec, section 5, "Checkout form", as issue 14 narrowed it to
// India): the checkout page checks the address with these in the browser, and
// server/schemas/checkout.ts builds POST /api/checkout's zod schema on them, so both say the same
// thing. The India rules and sentences themselves are common/india.ts's.
import type { Problem } from "./forms.ts";
import { COUNTRY_INDIA, INDIA_MESSAGES, isIndianState, isValidPin, mobileNumberProblem, normalizeIndianPhone } from "./india.ts";

export const CHECKOUT_MESSAGES = {
  required: "Please fill all required fields",
  phone: INDIA_MESSAGES.mobileNumber,
  pinCode: INDIA_MESSAGES.pinCode,
  state: INDIA_MESSAGES.state,
  country: "We deliver only within India",
  notServiceable: "We do not deliver to this PIN code yet",
  addressNotFound: "Choose one of your saved addresses",
  email: "Please enter a valid email",
  tooLong: "This field is too long",
  paymentMethod: "Choose to pay online or by cash on delivery",
  paymentVerification: "Payment verification failed",
} as const;

/** The labels of the two ways to pay, as the checkout offers them. */
export const PAYMENT_CHOICES = {
  razorpay: "Pay online (UPI, cards, netbanking)",
  cod: "Cash on delivery",
} as const;

/** The phone as typed ("+91 98450 12345", "098450-12345"): its ten digits, or null when it is not a mobile number. */
export function phoneDigits(phone: string): string | null {
  return normalizeIndianPhone(phone);
}

/** The phone as typed. */
export function phoneProblem(phone: string): Problem {
  if (phone.trim() === "") return CHECKOUT_MESSAGES.required;
  return mobileNumberProblem(phone);
}

/** An Indian PIN code: six digits not starting with 0. */
export function postalCodeProblem(postalCode: string): Problem {
  if (postalCode.trim() === "") return CHECKOUT_MESSAGES.required;
  return isValidPin(postalCode.trim()) ? undefined : CHECKOUT_MESSAGES.pinCode;
}

/** A state is optional (the server fills it from the PIN code); when given, one of the 36. */
export function stateProblem(state: string): Problem {
  return state.trim() === "" || isIndianState(state.trim()) ? undefined : CHECKOUT_MESSAGES.state;
}

/** Only India: an absent country is India; any other is refused. */
export function countryProblem(country: string): Problem {
  return country.trim() === "" || country.trim().toLowerCase() === COUNTRY_INDIA.toLowerCase() ? undefined : CHECKOUT_MESSAGES.country;
}
