// Request bodies whose zod schema is a whole-input check from common/ (`fromCheck`, decisions/016):
// zod sees `unknown` there, so z.toJSONSchema() can say nothing about them. Each gets the shape a
// JSON client sends, written here once and held equal to the check's own input type (`sameInput<…>`
// fails to compile when they drift apart); the rules and messages stay in the check alone.
import * as z from "zod/mini";
import { type AdminCouponInput, COUPON_TYPE_VALUES } from "#common/admin-coupon.ts";
import { GST_RATES } from "#common/admin.ts";
import type { AdminProductInput, AdminProductUpdate } from "#common/admin-product.ts";
import type { AddressInput } from "#common/addresses.ts";
import { CATEGORIES, DOSAGE_FORMS } from "#common/catalog.ts";
import { INDIAN_STATES, type IndianState } from "#common/india.ts";
import { LANGUAGES } from "#common/language.ts";
import type { ReviewInput } from "#common/pharmacist.ts";
import { SCHEDULES } from "#common/prescriptions.ts";
import type { ShopSettingsUpdate } from "#common/settings.ts";
import { addressSchema } from "#server/schemas/addresses.ts";
import { adminCouponSchema } from "#server/schemas/admin-coupons.ts";
import { adminProductSchema, adminProductUpdateSchema } from "#server/schemas/admin.ts";
import { backInStockRequestSchema } from "#server/schemas/back-in-stock.ts";
import { checkoutSchema, shippingAddressSchema } from "#server/schemas/checkout.ts";
import { prescriptionReviewSchema } from "#server/schemas/pharmacist.ts";
import { refillChangeSchema } from "#server/schemas/refills.ts";
import type { RefillChangeInput, RefillCreateInput } from "#common/refills.ts";
import { settingsUpdateSchema } from "#server/schemas/settings.ts";
import type { Parcel } from "#common/shipping.ts";
import { shipmentParcelSchema } from "#server/schemas/shipping.ts";
import { apiDocs } from "./registry.ts";
import { medicineFields, sameInput, translatedFields } from "./schema-helpers.ts";

const text = z.string();
const nullableText = z.optional(z.nullable(z.string()));

const productFields = {
  name: z.string().register(apiDocs, { description: "Required on create; at most 200 characters." }),
  description: text,
  category: z.string().register(apiDocs, { description: `One of ${CATEGORIES.join(", ")} (or its slug, e.g. women-care).` }),
  price: z.number().register(apiDocs, { description: "Rupees, more than 0, at most two decimals." }),
  mrp: z.optional(z.number().register(apiDocs, { description: "Rupees; defaults to the price on create." })),
  form: z.optional(z.nullable(z.enum(DOSAGE_FORMS))),
  subcategory: nullableText,
  brand: nullableText,
  sku: z.optional(text),
  countInStock: z.optional(z.number().register(apiDocs, { description: "Units in stock (a whole number)." })),
  quantity: nullableText,
  tags: z.optional(z.array(text)),
  collections: z.optional(z.array(text)),
  schedule: z.optional(z.enum(SCHEDULES)),
  prescriptionRequired: z.optional(z.boolean()),
  bestseller: z.optional(z.boolean()),
  published: z.optional(z.boolean()),
  hsnCode: nullableText,
  gstRate: z.optional(z.number().register(apiDocs, { description: `Percent: one of ${GST_RATES.join(", ")}.` })),
  batchNumber: nullableText,
  expiryDate: z.optional(z.nullable(z.string().register(apiDocs, { description: "YYYY-MM-DD, or null to clear it." }))),
  lowStockThreshold: z.optional(z.nullable(z.number())),
  parcelWeightG: z.optional(z.nullable(z.number().register(apiDocs, { description: "Grams one unit ships at (1 to 100000); null clears it. Pre-fills Ship with Shiprocket." }))),
  parcelLengthCm: z.optional(z.nullable(z.number().register(apiDocs, { description: "Box length in whole cm (1 to 300); null clears it." }))),
  parcelBreadthCm: z.optional(z.nullable(z.number().register(apiDocs, { description: "Box breadth in whole cm (1 to 300); null clears it." }))),
  parcelHeightCm: z.optional(z.nullable(z.number().register(apiDocs, { description: "Box height in whole cm (1 to 300); null clears it." }))),
  images: z.optional(z.array(z.object({ url: text, altText: text }))),
  ...medicineFields(nullableText),
  i18n: z.optional(
    z
      .nullable(z.object({ hi: z.optional(z.nullable(z.object(translatedFields(nullableText)))) }))
      .register(apiDocs, {
        description:
          "Text in Hindi (decisions/063): each field given changes (trimmed, the English field's length), empty or null removes it, absent ones stay; `hi: null` removes all. Shoppers read English where a field has none.",
      }),
  ),
};

const productCreate = sameInput<AdminProductInput>()(z.object(productFields), true);

const productUpdate = sameInput<AdminProductUpdate>()(z.partial(z.object(productFields)), true);

const settingsUpdate = sameInput<ShopSettingsUpdate>()(
  z.object({
    lowStockThreshold: z.optional(z.number()),
    dispatchCutoff: z.optional(z.nullable(z.string().register(apiDocs, { description: "HH:MM, India time; null returns to the configured cut-off." }))),
  }),
  true,
);

const coupon = sameInput<AdminCouponInput>()(
  z.object({
    code: z.string().register(apiDocs, { description: "3 to 32 letters, digits, dashes or underscores." }),
    type: z.enum(COUPON_TYPE_VALUES),
    value: z.number().register(apiDocs, { description: "Percent (more than 0, at most 100) or rupees." }),
    maxDiscount: z.nullable(z.number()),
    minOrder: z.number(),
    startsAt: z.nullable(z.string()),
    endsAt: z.nullable(z.string()),
    usageLimit: z.nullable(z.number()),
    perCustomerLimit: z.nullable(z.number()),
    firstOrderOnly: z.boolean(),
    categories: z.array(z.string()),
    productIds: z.array(z.string()),
    includeRx: z.boolean(),
    active: z.boolean(),
    public: z.boolean().register(apiDocs, { description: "Listed to shoppers as an offer (GET /api/cart/offers); false by default, and never for a welcome code." }),
  }),
  true,
);

const address = sameInput<AddressInput>()(
  z.object({
    fullName: text,
    phone: z.string().register(apiDocs, { description: "An Indian mobile number (10 digits starting 6 to 9)." }),
    line1: text,
    line2: z.nullable(text),
    landmark: z.nullable(text),
    city: text,
    state: z.nullable(z.enum(INDIAN_STATES as unknown as [IndianState, ...IndianState[]])),
    postalCode: z.string().register(apiDocs, { description: "A 6-digit PIN code." }),
    isDefault: z.boolean(),
  }),
  true,
);

const prescriptionReview = sameInput<ReviewInput>()(
  z.union([
    z.object({
      decision: z.literal("approve"),
      prescriberName: text,
      prescriberRegistration: text,
      cover: z.array(z.object({ productId: text, quantity: z.number(), until: text })).register(apiDocs, {
        description:
          "Optional: per prescription medicine of the order, the units the prescription covers over its life and the last date (YYYY-MM-DD) it may be used; refills never order beyond it (decisions/057).",
      }),
    }),
    z.object({ decision: z.literal("reject"), reason: text }),
  ]),
  true,
);

const backInStock = sameInput<{ email: string }>()(
  z.object({ email: z.string().register(apiDocs, { description: "A guest's address; a signed-in shopper's account address is used instead." }) }),
  true,
);

/** The checkout reads `shippingAddress` as `unknown` and checks it with shippingAddressSchema afterwards (checkout-request.ts). */
const checkout = z.object({
  ...checkoutSchema.shape,
  shippingAddress: z.optional(shippingAddressSchema),
  whatsappUpdates: z.optional(
    z.boolean().register(apiDocs, {
      description: "This order's news on WhatsApp, to its delivery phone (stored with the time); true also turns the account's WhatsApp updates on when it has a mobile number.",
    }),
  ),
  language: z.optional(
    z.enum(LANGUAGES).register(apiDocs, {
      description: "The language of the pages the order is placed from, `en` or `hi`: its emails, SMS and WhatsApp messages are written in it. Absent: the account's language.",
    }),
  ),
});

/** Shipping through Shiprocket (issue 31): the box size defaults to 20 × 15 × 10 cm. */
const parcel = sameInput<Partial<Omit<Parcel, "weightKg">> & Pick<Parcel, "weightKg">>()(
  z.object({
    weightKg: z.number().register(apiDocs, { description: "The parcel's weight in kg (more than 0, at most 100)." }),
    lengthCm: z.optional(z.number()),
    breadthCm: z.optional(z.number()),
    heightCm: z.optional(z.number()),
    courierId: z.optional(z.number().register(apiDocs, { description: "Shiprocket's courier company id; without it Shiprocket chooses." })),
  }),
  true,
);

const refillItems = z.array(z.object({ productId: text, quantity: z.number().register(apiDocs, { description: "A whole number from 1 to 100 (and at most the per-product limit)." }) }));
const refillPeriod = z.union([z.literal(30), z.literal(60), z.literal(90)]);

/** POST /api/refills (decisions/057). */
export const refillCreateBody = sameInput<RefillCreateInput>()(
  z.object({
    items: refillItems,
    everyDays: refillPeriod,
    addressId: z.string().register(apiDocs, { description: "One of the caller's saved addresses; the refill keeps a copy of it." }),
    paymentMethod: z.enum(["cod", "razorpay"]),
    prescriptionId: z.optional(z.string().register(apiDocs, { description: "The caller's approved prescription: required when an item is prescription-only." })),
    startOn: z.optional(z.string().register(apiDocs, { description: "The first order's Indian date, YYYY-MM-DD, today or later; default today (ordered within two minutes)." })),
  }),
  true,
);

/** PUT /api/refills/:id. */
const refillChange = sameInput<RefillChangeInput>()(
  z.object({
    items: z.optional(refillItems),
    everyDays: z.optional(refillPeriod),
    status: z.optional(z.enum(["active", "paused"])),
    prescriptionId: z.optional(z.string().register(apiDocs, { description: "A newer approved prescription of the caller's for the prescription-only items (a refill paused for want of one)." })),
  }),
  true,
);

/** The documented body of each whole-input check the API reads (the schema object is the key). */
export const DOCUMENTED_BODIES = new Map<unknown, z.ZodMiniType>([
  [adminProductSchema, productCreate],
  [adminProductUpdateSchema, productUpdate],
  [settingsUpdateSchema, settingsUpdate],
  [adminCouponSchema, coupon],
  [addressSchema, address],
  [prescriptionReviewSchema, prescriptionReview],
  [backInStockRequestSchema, backInStock],
  [checkoutSchema, checkout],
  [shipmentParcelSchema, parcel],
  [refillChangeSchema, refillChange],
]);
