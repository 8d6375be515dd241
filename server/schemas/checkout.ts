// POST /api/checkout's body and the payment verification. The rules and texts are common/checkout.ts,
// which the checkout page checks its form with in the browser.
import * as z from "zod/mini";
import { CHECKOUT_COUNTRIES, CHECKOUT_MESSAGES, phoneDigits, phoneProblem, postalCodeProblem } from "#common/checkout.ts";
import { EMAIL_MAX, isValidEmail, normalizeEmail } from "#common/forms.ts";
import { prescriptionIdsSchema } from "./prescriptions.ts";
import { rule } from "./rule.ts";

const text = (max: number) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? value.trim() : value === undefined || value === null ? "" : value)),
    z.string({ error: CHECKOUT_MESSAGES.required }).check(z.minLength(1, CHECKOUT_MESSAGES.required), z.maxLength(max, CHECKOUT_MESSAGES.tooLong)),
  );

/** Spaces, dashes and brackets are allowed while typing; ten digits remain. */
const phone = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? phoneDigits(value) : value === undefined || value === null ? "" : value)),
  z.string({ error: CHECKOUT_MESSAGES.required }).check(rule(phoneProblem)),
);

export const shippingAddressSchema = z
  .object({
    firstName: text(100),
    lastName: text(100),
    address: text(300),
    city: text(100),
    postalCode: text(12),
    country: z.pipe(text(40), z.enum(CHECKOUT_COUNTRIES, { error: CHECKOUT_MESSAGES.country })),
    phone,
    /** The account's email; the form shows it fixed, so an absent one is filled in by the server. */
    email: z.optional(
      z.pipe(
        z.transform((value: unknown) => (typeof value === "string" ? normalizeEmail(value) : value)),
        z.string({ error: CHECKOUT_MESSAGES.email }).check(z.maxLength(EMAIL_MAX, CHECKOUT_MESSAGES.tooLong), z.refine(isValidEmail, CHECKOUT_MESSAGES.email)),
      ),
    ),
  }, { error: CHECKOUT_MESSAGES.required })
  .check(
    z.superRefine((value, ctx) => {
      const message = postalCodeProblem(value.country, value.postalCode);
      if (message !== undefined) ctx.issues.push({ code: "custom", message, path: ["postalCode"], input: value.postalCode });
    }),
  );

export const checkoutSchema = z.object({
  shippingAddress: z.unknown(),
  paymentMethod: z.optional(z.literal("razorpay", { error: CHECKOUT_MESSAGES.paymentMethod })),
  prescriptionIds: prescriptionIdsSchema,
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
