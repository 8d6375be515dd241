// zod/mini: the checkout form (product spec, section 5) and POST /api/checkout's body.
import * as z from "zod/mini";

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
} as const;

const text = (max: number) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" ? value.trim() : value === undefined || value === null ? "" : value)),
    z.string({ error: CHECKOUT_MESSAGES.required }).check(z.minLength(1, CHECKOUT_MESSAGES.required), z.maxLength(max, CHECKOUT_MESSAGES.tooLong)),
  );

/** Spaces, dashes and brackets are allowed while typing; ten digits remain. */
const phone = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" ? value.replace(/[\s()-]/g, "") : value === undefined || value === null ? "" : value)),
  z.string({ error: CHECKOUT_MESSAGES.required }).check(
    z.minLength(1, CHECKOUT_MESSAGES.required),
    z.regex(/^\d{10}$/, CHECKOUT_MESSAGES.phone),
  ),
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
        z.transform((value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() : value)),
        z.string({ error: CHECKOUT_MESSAGES.email }).check(z.maxLength(254, CHECKOUT_MESSAGES.tooLong), z.email(CHECKOUT_MESSAGES.email)),
      ),
    ),
  }, { error: CHECKOUT_MESSAGES.required })
  .check(
    z.superRefine((value, ctx) => {
      const valid = value.country === "India" ? /^[1-9]\d{5}$/.test(value.postalCode) : /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(value.postalCode);
      if (!valid) {
        ctx.issues.push({
          code: "custom",
          message: value.country === "India" ? CHECKOUT_MESSAGES.pinCode : CHECKOUT_MESSAGES.postalCode,
          path: ["postalCode"],
          input: value.postalCode,
        });
      }
    }),
  );

export const checkoutSchema = z.object({
  shippingAddress: z.unknown(),
  paymentMethod: z.optional(z.literal("razorpay", { error: CHECKOUT_MESSAGES.paymentMethod })),
});

/** The three fields the checkout widget (or the test dialog) hands back. */
export const verifyPaymentSchema = z.object({
  razorpay_payment_id: z.string().check(z.minLength(1), z.maxLength(100)),
  razorpay_order_id: z.string().check(z.minLength(1), z.maxLength(100)),
  razorpay_signature: z.string().check(z.minLength(1), z.maxLength(200)),
});

export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;
