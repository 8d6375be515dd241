// POST /api/checkout's (and its quote's) body and the payment verification. The rules and texts
// are common/checkout.ts and common/india.ts, which the checkout page checks its form with in the
// browser. The address is read once, by server/modules/orders/checkout-request.ts.
import * as z from "zod/mini";
import { CHECKOUT_MESSAGES, countryProblem, phoneProblem, postalCodeProblem, stateProblem } from "#common/checkout.ts";
import { EMAIL_MAX, isValidEmail, normalizeEmail } from "#common/forms.ts";
import { COUNTRY_INDIA, normalizeIndianPhone } from "#common/india.ts";
import { PAYMENT_METHODS } from "#common/orders.ts";
import { COUPON_MESSAGES } from "#common/coupons.ts";
import { prescriptionIdsSchema } from "./prescriptions.ts";
import { rule } from "./rule.ts";
import { language } from "./language.ts";
import { whatsappUpdates } from "./whatsapp.ts";

const trimmed = z.transform((value: unknown) => (typeof value === "string" ? value.trim() : value === undefined || value === null ? "" : value));

const text = (max: number) =>
  z.pipe(
    trimmed,
    z.string({ error: CHECKOUT_MESSAGES.required }).check(z.minLength(1, CHECKOUT_MESSAGES.required), z.maxLength(max, CHECKOUT_MESSAGES.tooLong)),
  );

/** An optional line: absent, empty or blank is left out. */
const optionalText = (max: number, problem: (value: string) => string | undefined = () => undefined) =>
  z.optional(
    z.pipe(
      z.pipe(trimmed, z.string({ error: CHECKOUT_MESSAGES.tooLong }).check(z.maxLength(max, CHECKOUT_MESSAGES.tooLong), rule(problem))),
      z.transform((value: string) => (value === "" ? undefined : value)),
    ),
  );

/** A mobile number as people and autofill type it ("+91 98450 12345", "098450-12345"), stored as its 10 digits. */
const phone = z.pipe(
  z.pipe(trimmed, z.string({ error: CHECKOUT_MESSAGES.required }).check(z.maxLength(40, CHECKOUT_MESSAGES.phone), rule(phoneProblem))),
  z.transform((value: string) => normalizeIndianPhone(value) ?? value),
);

export const shippingAddressSchema = z.object(
  {
    firstName: text(100),
    lastName: text(100),
    address: text(300),
    line2: optionalText(300),
    landmark: optionalText(200),
    city: text(100),
    /** Filled from the PIN code when absent (checkout-request.ts). */
    state: optionalText(60, stateProblem),
    postalCode: z.pipe(z.pipe(text(12), z.transform((value: string) => value.replace(/\s/g, ""))), z.string().check(rule(postalCodeProblem))),
    /** India only; an absent country is India. */
    country: z.pipe(
      z.pipe(trimmed, z.string({ error: CHECKOUT_MESSAGES.country }).check(z.maxLength(40, CHECKOUT_MESSAGES.country), rule(countryProblem))),
      z.transform((): string => COUNTRY_INDIA),
    ),
    phone,
    /** The account's email; the form shows it fixed, so an absent one is filled in by the server. */
    email: z.optional(
      z.pipe(
        z.transform((value: unknown) => (typeof value === "string" ? normalizeEmail(value) : value)),
        z.string({ error: CHECKOUT_MESSAGES.email }).check(z.maxLength(EMAIL_MAX, CHECKOUT_MESSAGES.tooLong), z.refine(isValidEmail, CHECKOUT_MESSAGES.email)),
      ),
    ),
  },
  { error: CHECKOUT_MESSAGES.required },
);

export const checkoutSchema = z.object({
  /** Typed in at checkout; or `addressId`, one of the caller's saved addresses. */
  shippingAddress: z.optional(z.unknown()),
  addressId: z.optional(z.string({ error: CHECKOUT_MESSAGES.addressNotFound }).check(z.maxLength(64, CHECKOUT_MESSAGES.addressNotFound))),
  paymentMethod: z.optional(z.enum(PAYMENT_METHODS, { error: CHECKOUT_MESSAGES.paymentMethod })),
  prescriptionIds: prescriptionIdsSchema,
  /** A coupon code (issue 15); absent or blank: the coupon applied to the cart, if any. */
  couponCode: z.optional(
    z.pipe(
      z.transform((value: unknown) => (typeof value === "string" ? value.trim() : value)),
      z.string({ error: COUPON_MESSAGES.invalid }).check(z.maxLength(64, COUPON_MESSAGES.invalid)),
    ),
  ),
  /** This order's news on WhatsApp to its delivery phone; true also turns the account's opt-in on (decisions/055). */
  whatsappUpdates: z.optional(whatsappUpdates),
  /** The language of the pages the order is placed from (decisions/064); absent: the account's. */
  language: z.optional(language),
});

/** The three fields the checkout widget (or the test dialog) hands back. */
const paymentField = (max: number) =>
  z
    .string({ error: CHECKOUT_MESSAGES.paymentVerification })
    .check(z.minLength(1, CHECKOUT_MESSAGES.paymentVerification), z.maxLength(max, CHECKOUT_MESSAGES.paymentVerification));

export const verifyPaymentSchema = z.object({
  razorpay_payment_id: paymentField(100),
  razorpay_order_id: paymentField(100),
  razorpay_signature: paymentField(200),
});

export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;
