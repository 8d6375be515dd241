// The REST API's answers as zod schemas (decisions/034): ONE place per shape, used only to describe
// them in the OpenAPI document (server/openapi/document.ts) — the server builds these objects in its
// modules and never parses its own output. Each schema is held equal to the TypeScript type the
// modules return (`sameOutput<…>`, ./schema-helpers.ts, fails to compile when they drift apart), and
// tests/api/openapi.test.ts validates real responses against the document.
import * as z from "zod/mini";
import { type AdminCouponJson, COUPON_TYPE_VALUES } from "#common/admin-coupon.ts";
import type { AdminOrderJson, AdminReviewJson } from "#common/admin.ts";
import type { SavedAddress } from "#common/addresses.ts";
import type { AuditEntryJson } from "#common/audit.ts";
import type { CartJson } from "#common/cart.ts";
import type { ProductFacets, ProductJson } from "#common/catalog.ts";
import type { CartCouponJson, CartOffersJson } from "#common/coupons.ts";
import type { CheckoutQuote, MyOrderJson, OrderDetailJson, OrderJson } from "#common/orders.ts";
import type { ShiprocketShipmentJson } from "#common/shipping.ts";
import type { PrescriptionJson } from "#common/prescriptions.ts";
import type { AdminPrescriptionOrderJson, PrescriptionOrderJson } from "#common/prescription-orders.ts";
import type { ReviewJson } from "#common/review.ts";
import type { AdminRefillJson, RefillJson } from "#common/refills.ts";
import { RETURN_REASON_IDS, RETURN_STATUS_LABELS, type ReturnReasonId, type ReturnRequestJson, type ReturnStatusId } from "#common/returns.ts";
import type { SearchSuggestionsJson } from "#common/search.ts";
import type { ServiceabilityJson, ServiceabilityRangeJson } from "#common/serviceability.ts";
import type { ShopSettingsJson } from "#common/settings.ts";
import type { ContactMessageJson, SubscriberJson } from "#server/modules/content/inbox.ts";
import type { AccountJson } from "#server/modules/users/accounts.ts";
import type { AdminUserJson } from "#server/modules/users/accounts-admin.ts";
import type { ProfileJson } from "#server/modules/users/profile.ts";
import type { AdminStats } from "#server/modules/orders/dashboard.ts";
import type { QueuePrescriptionJson } from "#common/pharmacist.ts";
import type { OrderAftercare } from "#server/modules/returns/returns.ts";
import type { OrderMessageJson } from "#common/phone-messages.ts";
import type { LowStockList } from "#server/modules/stock-alerts/low-stock.ts";
import { apiDocs } from "./registry.ts";
import { medicineFields, sameOutput, translatedFields } from "./schema-helpers.ts";
import { LANGUAGES, type ProductTranslations, TRANSLATABLE_PRODUCT_FIELDS } from "#common/language.ts";

const text = z.string();
const nullableText = z.nullable(z.string());
/** Money in rupees (GST included), as every order, cart and product figure is. */
const rupees = z.number();
const timestamp = z.string();

/** A file import's refusal names the row (the header is row 1) and, when it can, the column. */
const rowError = z.object({ row: z.number(), field: z.optional(z.string()), message: z.string() });

/**
 * Every refusal: `message` a sentence for people; `errors` one sentence per field (or, for a CSV
 * import, per row); `requestId` on a 500, to find it in the logs.
 */
export const errorReply = z.object({
  message: z.string(),
  errors: z.optional(z.union([z.record(z.string(), z.string()), z.array(rowError)])),
  requestId: z.optional(z.string()),
});

export const messageReply = z.object({ message: z.string() });

export const productImage = z.object({ url: text, altText: text });

export const product = sameOutput<ProductJson>()(
  z.object({
    _id: text,
    name: text,
    description: text,
    price: rupees,
    mrp: rupees,
    images: z.array(productImage),
    category: text,
    subcategory: nullableText,
    form: nullableText,
    tags: z.array(text),
    brand: nullableText,
    sku: text,
    collections: z.array(text),
    bestseller: z.boolean(),
    rating: z.number(),
    numReviews: z.number(),
    countInStock: z.number(),
    quantity: nullableText,
    schedule: z.enum(["OTC", "H", "H1", "X"]),
    prescriptionRequired: z.boolean(),
    hsnCode: nullableText,
    gstRate: z.number(),
    batchNumber: nullableText,
    expiryDate: nullableText,
    ...medicineFields(nullableText),
    createdAt: timestamp,
    updatedAt: timestamp,
    lang: z.optional(z.enum(LANGUAGES).register(apiDocs, { description: "Present when asked in another language than English (`?lang=hi`)." })),
    untranslated: z.optional(
      z.array(z.enum(TRANSLATABLE_PRODUCT_FIELDS)).register(apiDocs, {
        description: "With `lang`: the fields answered in English because the product has no text for them in that language.",
      }),
    ),
  }),
  true,
);

/** A product's text in other languages than English (`i18n.hi.name`…, decisions/063). */
export const productTranslations = sameOutput<ProductTranslations>()(
  z.object({ hi: z.optional(z.object(translatedFields(z.optional(text)))) }),
  true,
);

/** Admins' product answers add whether it is published and its own low-stock threshold. */
export const adminProduct = z.object({
  ...product.shape,
  published: z.optional(z.boolean()),
  lowStockThreshold: z.optional(z.nullable(z.number())),
  parcelWeightG: z.optional(z.nullable(z.number())),
  parcelLengthCm: z.optional(z.nullable(z.number())),
  parcelBreadthCm: z.optional(z.nullable(z.number())),
  parcelHeightCm: z.optional(z.nullable(z.number())),
  i18n: z.optional(productTranslations),
});

const facetCount = z.object({ name: text, count: z.number() });
export const productFacets = sameOutput<ProductFacets>()(
  z.object({
    categories: z.array(facetCount),
    subcategories: z.record(z.string(), z.array(facetCount)),
    brands: z.array(facetCount),
    prescription: z.array(facetCount),
    price: z.object({ min: z.number(), max: z.number() }),
  }),
  true,
);

export const searchSuggestions = sameOutput<SearchSuggestionsJson>()(
  z.object({
    products: z.array(
      z.object({ _id: text, name: text, url: text, image: z.nullable(productImage), price: rupees, composition: nullableText }),
    ),
    categories: z.array(z.object({ name: text, url: text, count: z.number() })),
    didYouMean: z.optional(z.object({ text, url: text })),
  }),
  true,
);

export const review = sameOutput<ReviewJson>()(
  z.object({ _id: text, name: text, rating: z.number(), comment: text, createdAt: timestamp, verifiedPurchase: z.boolean() }),
  true,
);

export const account = sameOutput<AccountJson>()(
  z.object({
    _id: text,
    name: text,
    email: nullableText,
    role: z.enum(["customer", "admin", "pharmacist"]),
    phone: nullableText,
    phoneVerified: z.boolean(),
  }),
  true,
);

/** A right code for a number no account has verified: the page asks for a name next (decisions/050). */
export const newPhoneAccount = z.object({ newAccount: z.literal(true) });

/** A code went out (or, for a number nobody has, the same answer). */
export const codeSent = z.object({ message: text, resendAfter: z.number() });

/** Registration and sign-in: the account and its session token (`Authorization: Bearer <token>`). */
export const signedIn = z.object({ user: account, token: text });

export const profile = sameOutput<ProfileJson>()(
  z.object({
    ...account.shape,
    emailVerified: z.boolean(),
    whatsappUpdates: z.boolean().register(apiDocs, { description: "Order news on WhatsApp asked for (profile or checkout); turned off by `false` or by removing the number." }),
    whatsappUpdatesAt: z.nullable(z.string().register(apiDocs, { description: "When WhatsApp updates were turned on; null while off." })),
    language: z.enum(LANGUAGES).register(apiDocs, { description: "The language of the shopper's emails, SMS and WhatsApp messages: `en` or `hi` (the pages they last used; default `en`)." }),
    createdAt: timestamp,
  }),
  true,
);

export const savedAddress = sameOutput<SavedAddress>()(
  z.object({
    _id: text,
    fullName: text,
    phone: text,
    line1: text,
    line2: z.optional(text),
    landmark: z.optional(text),
    city: text,
    state: text,
    postalCode: text,
    country: z.literal("India"),
    isDefault: z.boolean(),
  }),
  true,
);

const cartCoupon = sameOutput<CartCouponJson>()(z.object({ code: text, discount: rupees, message: z.optional(text) }), true);

export const cart = sameOutput<CartJson>()(
  z.object({
    _id: text,
    user: z.optional(text),
    guestId: z.optional(text),
    products: z.array(
      z.object({
        productId: text,
        name: text,
        image: text,
        price: rupees,
        quantity: z.number(),
        subcategory: nullableText,
        prescriptionRequired: z.boolean(),
        countInStock: z.number(),
        expiryDate: nullableText,
        quantityLabel: nullableText,
      }),
    ),
    totalPrice: rupees,
    itemsPrice: rupees,
    coupon: z.nullable(cartCoupon),
    discount: rupees,
    savings: rupees,
    updatedAt: timestamp,
  }),
  true,
);

/** GET /api/cart/offers: the public coupons for the cart (decisions/043). */
export const cartOffers = sameOutput<CartOffersJson>()(
  z.object({
    offers: z.array(
      z.object({
        code: text,
        title: text,
        terms: text,
        discount: rupees,
        addMore: rupees,
      }),
    ),
    best: nullableText,
  }),
  true,
);

/** The cart's writes answer the cart's fields and the same cart again under `cart` (older clients read either). */
export const cartWrite = z.object({ ...cart.shape, cart });

/** "Buy again": the cart as it now is, and each line left out (wholly or in part) with why. */
export const reorder = z.object({ cart, skipped: z.array(z.object({ productId: text, name: text, reason: text })) });

export const serviceability = sameOutput<ServiceabilityJson>()(
  z.union([
    z.object({ pin: text, serviceable: z.literal(false) }),
    z.object({
      pin: text,
      serviceable: z.literal(true),
      state: text,
      city: z.optional(text),
      cod: z.boolean(),
      estimatedDelivery: z.object({ from: text, to: text }),
    }),
  ]),
  true,
);

export const serviceabilityRange = sameOutput<ServiceabilityRangeJson>()(
  z.object({
    _id: text,
    pinFrom: text,
    pinTo: text,
    state: text,
    city: nullableText,
    minDays: z.number(),
    maxDays: z.number(),
    cod: z.boolean(),
  }),
  true,
);

const shippingAddress = z.object({
  firstName: text,
  lastName: text,
  address: text,
  line2: z.optional(text),
  landmark: z.optional(text),
  city: text,
  state: z.optional(text),
  postalCode: text,
  country: text,
  phone: text,
  email: text,
});

const orderStatus = z.enum(["Pending", "Processing", "Shipped", "Delivered", "Cancelled"]);

const refillFields = {
  _id: text,
  items: z.array(
    z.object({
      productId: text,
      quantity: z.number(),
      name: text,
      price: rupees,
      image: text,
      prescriptionRequired: z.boolean(),
    }),
  ),
  everyDays: z.union([z.literal(30), z.literal(60), z.literal(90)]),
  nextOrderOn: text,
  status: z.enum(["active", "paused", "cancelled"]),
  paymentMethod: z.enum(["razorpay", "cod"]),
  address: shippingAddress,
  addressId: z.optional(text),
  prescriptionId: z.optional(text),
  lastOrderId: z.optional(text),
  notice: z.optional(text),
  createdAt: timestamp,
};

/** A shopper's refill (decisions/057). */
export const refill = sameOutput<RefillJson>()(z.object(refillFields), true);

/** A refill in the admin list: whose it is too. */
export const adminRefill = sameOutput<AdminRefillJson>()(z.object({ ...refillFields, customer: z.object({ _id: text, name: text, email: text }) }), true);

export const order = sameOutput<OrderJson>()(
  z.object({
    _id: text,
    orderNumber: text,
    user: z.object({ _id: nullableText, name: text, email: nullableText }),
    orderItems: z.array(z.object({ productId: text, name: text, image: text, price: rupees, quantity: z.number() })),
    shippingAddress,
    paymentMethod: text,
    paymentResult: z.optional(z.object({ razorpay_payment_id: text, razorpay_order_id: text, razorpay_signature: text })),
    itemsPrice: rupees,
    discountPrice: rupees,
    coupon: z.nullable(z.object({ code: text })),
    shippingPrice: rupees,
    codFee: rupees,
    taxPrice: rupees,
    totalPrice: rupees,
    isPaid: z.boolean(),
    paidAt: z.optional(timestamp),
    status: orderStatus,
    isDelivered: z.boolean(),
    deliveredAt: z.optional(timestamp),
    prescription: z.nullable(
      z.object({
        status: z.enum(["pending", "approved", "rejected"]),
        prescriptionIds: z.array(text),
        reviewedAt: z.optional(timestamp),
        reviewer: z.optional(z.object({ name: text, registration: text })),
        reason: z.optional(text),
      }),
    ),
    estimatedDelivery: z.optional(z.object({ from: text, to: text })),
    codConfirmation: z.optional(
      z.object({ confirmed: z.boolean(), confirmBy: z.optional(timestamp), confirmedAt: z.optional(timestamp), confirmedBy: z.optional(z.enum(["customer", "staff"])) }),
    ),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  true,
);

export const myOrder = sameOutput<MyOrderJson>()(z.object({ ...order.shape, reservationExpiresAt: z.nullable(timestamp) }), true);

/** An order's Shiprocket shipment (issue 31): events newest first; `labelUrl` for admins only. */
export const shiprocketShipment = sameOutput<ShiprocketShipmentJson>()(
  z.object({
    provider: z.literal("shiprocket"),
    courier: text,
    awb: text,
    trackingUrl: text,
    labelUrl: nullableText,
    expectedDelivery: z.optional(text),
    currentStatus: nullableText,
    events: z.array(z.object({ at: timestamp, status: text, activity: text, location: text })),
    // Admins only: the parcel is back with the shop but the order could not be cancelled and refunded by itself; why (retried hourly).
    returnProblem: z.optional(text),
  }),
  true,
);

export const orderDetail = sameOutput<OrderDetailJson>()(
  z.object({
    ...order.shape,
    lines: z.array(
      z.object({
        productId: text,
        name: text,
        image: text,
        price: rupees,
        quantity: z.number(),
        sku: text,
        hsnCode: nullableText,
        gstRateBps: z.number(),
        lineTotal: rupees,
        tax: rupees,
        discount: rupees,
        mrp: rupees,
      }),
    ),
    statusHistory: z.array(z.object({ status: orderStatus, note: nullableText, at: timestamp })),
    payment: z.nullable(
      z.object({
        provider: text,
        providerOrderId: text,
        providerPaymentId: nullableText,
        signature: nullableText,
        method: nullableText,
        status: text,
        amount: rupees,
        currency: text,
        refundId: nullableText,
        refunded: rupees,
        failureReason: nullableText,
      }),
    ),
    invoiceSerial: nullableText,
    reservationExpiresAt: z.nullable(timestamp),
    cancelledAt: z.nullable(timestamp),
    cancellable: z.boolean(),
    shipment: z.optional(shiprocketShipment),
  }),
  true,
);

export const adminOrder = sameOutput<AdminOrderJson>()(
  z.object({
    ...order.shape,
    archivedAt: z.nullable(timestamp),
    removal: z.nullable(z.enum(["delete", "archive"])),
    nextStatuses: z.array(z.enum(["Processing", "Shipped", "Delivered", "Cancelled"])),
  }),
  true,
);

/** What the payment form needs for the gateway's checkout (Razorpay's order; null for cash on delivery). */
export const paymentStart = z.nullable(
  z.object({
    provider: text,
    keyId: z.optional(z.nullable(text)),
    orderId: z.optional(text),
    amount: z.optional(z.number()),
    currency: z.optional(text),
  }),
);

export const placedOrder = z.object({ order, payment: z.optional(paymentStart) });

export const checkoutQuote = sameOutput<CheckoutQuote>()(
  z.object({
    itemsPrice: rupees,
    discountPrice: rupees,
    shippingPrice: rupees,
    codFee: rupees,
    taxPrice: rupees,
    totalPrice: rupees,
    cod: z.object({ allowed: z.boolean(), reason: z.optional(text) }),
    estimatedDelivery: z.optional(z.object({ from: text, to: text })),
    prescriptionsNeeded: z.optional(z.array(text)),
  }),
  true,
);

export const prescription = sameOutput<PrescriptionJson>()(
  z.object({
    _id: text,
    status: z.enum(["pending", "approved", "rejected"]),
    fileName: text,
    contentType: text,
    patientName: nullableText,
    doctorName: nullableText,
    rejectReason: nullableText,
    reviewedAt: z.nullable(timestamp),
    createdAt: timestamp,
  }),
  true,
);

export const returnRequest = sameOutput<ReturnRequestJson>()(
  z.object({
    _id: text,
    orderId: text,
    orderNumber: text,
    status: z.enum(Object.keys(RETURN_STATUS_LABELS) as [ReturnStatusId, ...ReturnStatusId[]]),
    reason: z.enum(RETURN_REASON_IDS as [ReturnReasonId, ...ReturnReasonId[]]),
    details: nullableText,
    decisionReason: nullableText,
    createdAt: timestamp,
    decidedAt: z.nullable(timestamp),
    refund: z.nullable(z.object({ amount: rupees, method: z.enum(["gateway", "manual"]), id: nullableText })),
    creditNote: z.nullable(z.object({ _id: text, serial: text })),
    lines: z.array(z.object({ orderLineId: text, name: text, sku: text, quantity: z.number() })),
    customer: z.object({ name: text, email: text }),
  }),
  true,
);

export const shopSettings = sameOutput<ShopSettingsJson>()(
  z.object({
    lowStockThreshold: z.number(),
    dispatchCutoff: text,
    dispatchCutoffIsDefault: z.boolean(),
    defaultDispatchCutoff: text,
    updatedAt: timestamp,
  }),
  true,
);

export const auditEntry = sameOutput<AuditEntryJson>()(
  z.object({
    _id: text,
    at: timestamp,
    actor: z.object({ _id: nullableText, name: text, role: text }),
    action: text,
    entity: text,
    entityId: text,
    before: z.optional(z.unknown()),
    after: z.optional(z.unknown()),
  }),
  true,
);

export const adminReview = sameOutput<AdminReviewJson>()(
  z.object({
    _id: text,
    product: z.object({ _id: text, name: text }),
    user: z.nullable(z.object({ _id: text })),
    name: text,
    rating: z.number(),
    comment: text,
    verifiedPurchase: z.boolean(),
    hidden: z.boolean(),
    hiddenAt: z.nullable(timestamp),
    createdAt: timestamp,
  }),
  true,
);

export const adminCoupon = sameOutput<AdminCouponJson>()(
  z.object({
    _id: text,
    code: text,
    type: z.enum(COUPON_TYPE_VALUES),
    value: z.number(),
    maxDiscount: z.nullable(z.number()),
    minOrder: z.number(),
    startsAt: z.nullable(timestamp),
    endsAt: z.nullable(timestamp),
    usageLimit: z.nullable(z.number()),
    perCustomerLimit: z.nullable(z.number()),
    firstOrderOnly: z.boolean(),
    categories: z.array(text),
    productIds: z.array(text),
    includeRx: z.boolean(),
    active: z.boolean(),
    public: z.boolean(),
    issuedToEmail: nullableText,
    usage: z.object({ confirmed: z.number(), reserved: z.number(), discountGiven: rupees }),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  true,
);

export const adminUser = sameOutput<AdminUserJson>()(
  z.object({
    _id: text,
    name: text,
    email: nullableText,
    role: z.enum(["customer", "pharmacist", "admin"]),
    phone: nullableText,
    phoneVerified: z.boolean(),
    pharmacistRegistration: nullableText,
    twoFactorEnabled: z.boolean(),
    createdAt: timestamp,
  }),
  true,
);

export const contactMessage = sameOutput<ContactMessageJson>()(
  z.object({ _id: text, name: text, email: text, message: text, handled: z.boolean(), handledAt: z.nullable(timestamp), createdAt: timestamp }),
  true,
);

export const subscriber = sameOutput<SubscriberJson>()(z.object({ _id: text, email: text, createdAt: timestamp }), true);

export const adminStats = sameOutput<AdminStats>()(
  z.object({
    totalRevenue: rupees,
    totalOrders: z.number(),
    totalProducts: z.number(),
    totalUsers: z.number(),
    recentOrders: z.array(order),
    salesByDay: z.array(z.object({ date: text, revenue: rupees, orders: z.number() })),
  }),
  true,
);

export const lowStockList = sameOutput<LowStockList>()(
  z.object({
    items: z.array(z.object({ _id: text, name: text, sku: text, countInStock: z.number(), threshold: z.number(), ownThreshold: z.boolean() })),
    total: z.number(),
    defaultThreshold: z.number(),
  }),
  true,
);

export const queuePrescription = sameOutput<QueuePrescriptionJson>()(
  z.object({
    ...prescription.shape,
    orders: z.array(
      z.object({
        _id: text,
        orderNumber: text,
        status: text,
        isPaid: z.boolean(),
        prescriptionStatus: z.nullable(z.enum(["pending", "approved", "rejected"])),
        patient: text,
        customer: z.object({ name: text, email: text }),
        rxLines: z.array(z.object({ productId: text, name: text, sku: text, schedule: text, quantity: z.number() })),
        createdAt: timestamp,
      }),
    ),
  }),
  true,
);

const returnableLine = z.object({ orderLineId: text, name: text, sku: text, quantity: z.number() });

export const orderMessage = sameOutput<OrderMessageJson>()(
  z.object({
    _id: text,
    channel: z.enum(["sms", "whatsapp"]),
    to: text,
    template: text,
    label: text,
    language: z.enum(LANGUAGES).register(apiDocs, { description: "The language it went out in: the order's, or `en` where the provider has no Hindi template." }),
    status: z.enum(["queued", "sent", "delivered", "read", "failed"]),
    lastError: nullableText,
    attempts: z.number(),
    fallbackOf: nullableText,
    createdAt: timestamp,
    sentAt: z.nullable(timestamp),
    statusAt: z.nullable(timestamp),
  }),
  true,
);

export const orderAftercare = sameOutput<OrderAftercare>()(
  z.object({
    shipment: z.nullable(z.object({ courier: text, courierName: text, awb: text, trackingUrl: nullableText, shippedAt: z.nullable(timestamp) })),
    creditNotes: z.array(
      z.object({ _id: text, serial: text, issuedAt: timestamp, kind: z.enum(["cancellation", "return"]), totalPaise: z.number() }),
    ),
    returns: z.array(returnRequest),
    returnable: z.nullable(z.object({ until: timestamp, lines: z.array(returnableLine) })),
  }),
  true,
);

/** Order by prescription (decisions/058): a request as its shopper reads it, and as the pharmacists' queue lists it. */
export const prescriptionOrder = sameOutput<PrescriptionOrderJson>()(
  z.object({
    _id: text,
    status: z.enum(["waiting", "proposed", "declined"]),
    prescriptionId: text,
    note: nullableText,
    addressId: nullableText,
    items: z.array(z.object({ productId: text, name: text, quantity: z.number() })),
    message: nullableText,
    declineReason: nullableText,
    pharmacist: z.nullable(z.object({ name: text, registration: text })),
    decidedAt: nullableText,
    createdAt: text,
  }),
  true,
);

export const adminPrescriptionOrder = sameOutput<AdminPrescriptionOrderJson>()(
  z.object({
    ...prescriptionOrder.shape,
    customer: z.object({ name: text, email: nullableText, phone: nullableText }),
    prescription: z.object({ _id: text, fileName: text, contentType: text, patientName: nullableText, doctorName: nullableText, status: text }),
    address: z.nullable(
      z.object({ fullName: text, phone: text, line1: text, line2: nullableText, city: text, state: text, postalCode: text }),
    ),
  }),
  true,
);
