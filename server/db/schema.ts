import { sql } from "drizzle-orm";
import type { MessageChannel, MessageStatus } from "#common/phone-messages.ts";
import { ORDER_STATUSES, type OrderStatus, type PaymentMethod, type ShippingAddress } from "#common/orders.ts";
import type { Language, ProductTranslations } from "#common/language.ts";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// Better Auth (email + password, admin plugin, bearer plugin)
// ---------------------------------------------------------------------------

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("customer"),
    /** A pharmacist's State Pharmacy Council registration number, recorded on each decision. */
    pharmacistRegistration: text("pharmacist_registration"),
    /** The customer's own phone number, 10 digits (profile, decisions/023). */
    phone: text("phone"),
    /** True once the number was proved with a one-time code (decisions/050): only then does it sign in. */
    phoneVerified: boolean("phone_verified").notNull().default(false),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    /** Two-factor sign-in is on (Better Auth's two-factor plugin sets it once a first code is entered; decisions/051). */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** When the shopper asked for order news on WhatsApp (profile or checkout; decisions/054); null when not. */
    whatsappUpdatesAt: timestamp("whatsapp_updates_at", { withTimezone: true }),
    /** The language of the pages the shopper last used (decisions/063): their emails, SMS and WhatsApp follow it. */
    language: text("language").$type<Language>().notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_language_check", sql`${t.language} in ('en', 'hi')`),
    check("user_role_check", sql`${t.role} in ('customer', 'pharmacist', 'admin')`),
    uniqueIndex("user_verified_phone_unique").on(t.phone).where(sql`${t.phoneVerified}`),
  ],
);

/**
 * One-time sign-in and phone-change codes (decisions/050): one live code per number, only its
 * HMAC kept, five tries, five minutes. `userId` is set for a code that adds the number to that
 * signed-in account; null for a sign-in code.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    phone: text("phone").primaryKey(),
    codeHash: text("code_hash").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("phone_codes_expires_at_idx").on(t.expiresAt), check("phone_codes_phone_check", sql`${t.phone} ~ '^[6-9][0-9]{9}$'`)],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

/**
 * Better Auth's two-factor plugin's table (decisions/051): one row per account that set up an
 * authenticator. `secret` and `backup_codes` are encrypted with the shop's auth secret
 * (XChaCha20-Poly1305); `verified` turns true when the first code is entered.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/**
 * Authenticator codes already accepted for an account (decisions/051): a code is refused again
 * until `used_until`, when its 30-second step and the step of grace either side have passed.
 * Only the code's SHA-256 is kept.
 */
export const twoFactorUsedCodes = pgTable(
  "two_factor_used_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedUntil: timestamp("used_until", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * The shop's record of each account link it emails besides Better Auth's reset tokens
 * (decisions/042): verification and email-change links (Better Auth signs them as JWTs, which
 * nothing could cancel; one works only while its row exists) and the undo link an old address
 * gets when the account's email changes. Only the token's SHA-256 is kept.
 */
export const accountLinks = pgTable(
  "account_links",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address the link concerns: the one to verify, the new one, or (undo) the one to restore. */
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_links_user_idx").on(t.userId),
    index("account_links_email_idx").on(t.email),
    check("account_links_kind_check", sql`${t.kind} in ('verify-email', 'change-email', 'undo-email-change')`),
  ],
);

/** Better Auth's rate limiter keeps its counters here so several processes share them. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------

export interface ProductImage {
  url: string;
  altText: string;
}

export const products = pgTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    pricePaise: integer("price_paise").notNull(),
    mrpPaise: integer("mrp_paise").notNull(),
    images: jsonb("images").$type<ProductImage[]>().notNull().default([]),
    /** The shop section: Women Care, Sports Nutrition, Kids Nutrition. */
    category: text("category").notNull(),
    subcategory: text("subcategory"),
    /** The dosage form: Tablet, Syrup, Capsule, Powder, Topical, Injection. */
    form: text("form"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    brand: text("brand"),
    sku: text("sku").notNull().unique(),
    collections: text("collections").array().notNull().default(sql`'{}'::text[]`),
    bestseller: boolean("bestseller").notNull().default(false),
    rating: real("rating").notNull().default(0),
    numReviews: integer("num_reviews").notNull().default(0),
    /** "Highest Rated" ranks by this Bayesian average, kept with rating and numReviews (catalog/ranking.ts). */
    ratingScore: real("rating_score").notNull().default(3),
    stock: integer("stock").notNull().default(0),
    /** Pack text shown beside the quantity selector ("/Sachet", "200ml"); the API calls it `quantity`. */
    packText: text("pack_text"),
    /** Follows from `schedule` (a check keeps them in step): true for H, H1 and X. */
    prescriptionRequired: boolean("prescription_required").notNull().default(false),
    /** Drug schedule (pharmacy-domain.md): OTC, H, H1 (separate register) or X (never sold online). */
    schedule: text("schedule").$type<DrugSchedule>().notNull().default("OTC"),
    hsnCode: text("hsn_code"),
    /** GST rate in basis points (500 = 5%). Prices are GST-inclusive. */
    gstRateBps: integer("gst_rate_bps").notNull().default(500),
    batchNumber: text("batch_number"),
    expiryDate: date("expiry_date"),
    /** Stock at or below this is "low" (dashboard list, daily email); null: the shop's default (shop_settings). */
    lowStockThreshold: integer("low_stock_threshold"),
    /** Medicine information (decisions/027): the salt composition is part of the search document. */
    composition: text("composition"),
    uses: text("uses"),
    directions: text("directions"),
    sideEffects: text("side_effects"),
    /** One line per topic, "Pregnancy: …" (common/medicine-information.ts). */
    safetyAdvice: text("safety_advice"),
    storage: text("storage"),
    /** The parcel one unit ships in (migration 0038): grams and centimetres, pre-filling "Ship with Shiprocket"; null: not given. */
    parcelWeightG: integer("parcel_weight_g"),
    parcelLengthCm: integer("parcel_length_cm"),
    parcelBreadthCm: integer("parcel_breadth_cm"),
    parcelHeightCm: integer("parcel_height_cm"),
    /** Name and address. */
    manufacturer: text("manufacturer"),
    marketer: text("marketer"),
    countryOfOrigin: text("country_of_origin"),
    published: boolean("published").notNull().default(true),
    /** Text in other languages (decisions/063): `{ hi: { name?, description?, composition?, … } }`; English where a field is missing. */
    i18n: jsonb("i18n").$type<ProductTranslations>().notNull().default({}),
    /** Maintained by a trigger (see the migrations): weighted name, brand, tags, description. */
    searchVector: tsvector("search_vector"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_price_check", sql`${t.pricePaise} >= 0 and ${t.pricePaise} <= ${t.mrpPaise}`),
    check("products_stock_check", sql`${t.stock} >= 0`),
    check("products_rating_check", sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    check("products_schedule_check", sql`${t.schedule} in ('OTC', 'H', 'H1', 'X')`),
    check("products_schedule_rx_check", sql`${t.prescriptionRequired} = (${t.schedule} <> 'OTC')`),
    check("products_gst_check", sql`${t.gstRateBps} >= 0 and ${t.gstRateBps} <= 4000`),
    check(
      "products_parcel_check",
      sql`(${t.parcelWeightG} is null or ${t.parcelWeightG} between 1 and 100000) and (${t.parcelLengthCm} is null or ${t.parcelLengthCm} between 1 and 300) and (${t.parcelBreadthCm} is null or ${t.parcelBreadthCm} between 1 and 300) and (${t.parcelHeightCm} is null or ${t.parcelHeightCm} between 1 and 300)`,
    ),
    check(
      "products_low_stock_threshold_check",
      sql`${t.lowStockThreshold} is null or (${t.lowStockThreshold} >= 0 and ${t.lowStockThreshold} <= 100000)`,
    ),
    index("products_search_idx").using("gin", t.searchVector),
    index("products_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("products_category_idx").on(t.category, t.subcategory),
    index("products_collections_idx").using("gin", t.collections),
    index("products_created_idx").on(t.createdAt),
    index("products_price_idx").on(t.pricePaise),
    // Out-of-stock products last in every storefront order (migration 0021).
    index("products_listing_newest_idx").on(sql`(${t.stock} = 0)`, t.createdAt.desc(), t.id),
    index("products_listing_price_idx").on(sql`(${t.stock} = 0)`, t.pricePaise, t.createdAt.desc()),
    index("products_listing_price_desc_idx").on(sql`(${t.stock} = 0)`, t.pricePaise.desc(), t.createdAt.desc()),
    index("products_listing_rating_idx").on(sql`(${t.stock} = 0)`, t.ratingScore.desc(), t.numReviews.desc(), t.createdAt.desc()),
    index("products_category_score_idx").on(t.category, t.subcategory, t.ratingScore),
  ],
);

/**
 * "Notify me when back in stock" requests (decisions/027): pending until their one email is
 * queued. A trigger (migration 0017) sets `dueAt` in the transaction that brings the product back.
 */
export const stockNotifications = pgTable(
  "stock_notifications",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The signed-in shopper who asked; null for a guest. */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    createdAt: createdAt(),
    dueAt: timestamp("due_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    check("stock_notifications_email_check", sql`${t.email} = lower(${t.email}) and length(${t.email}) <= 254`),
    uniqueIndex("stock_notifications_pending_idx").on(t.productId, t.email).where(sql`${t.notifiedAt} is null`),
    index("stock_notifications_due_idx").on(t.dueAt).where(sql`${t.notifiedAt} is null and ${t.dueAt} is not null`),
    index("stock_notifications_user_idx").on(t.userId),
  ],
);

/**
 * Every lower-cased word of product names, brands, tags, sections and descriptions, kept by a
 * trigger (see the migrations). Search corrects a shopper's typo against these words, so the
 * fuzzy part of a search looks at the vocabulary rather than at every product.
 */
export const searchTerms = pgTable(
  "search_terms",
  { word: text("word").primaryKey() },
  (t) => [index("search_terms_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

/**
 * One row whose version a trigger bumps whenever a product is added, removed or changed in a
 * way that can change which filters it matches; counts and facets are cached per version.
 */
export const catalogueState = pgTable(
  "catalogue_state",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    /** Bumped once per transaction that changes any product (migration 0026, catalogue-cache.ts). */
    productsVersion: bigint("products_version", { mode: "number" }).notNull().default(0),
    productsVersionXact: xid8("products_version_xact"),
  },
  (t) => [check("catalogue_state_single_row", sql`${t.id} = 1`)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull(),
    verifiedPurchase: boolean("verified_purchase").notNull().default(false),
    /** Set by an admin: the review leaves every public read, the rating and the count (decisions/015). */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId),
    index("reviews_product_created_idx").on(t.productId, t.createdAt),
    index("reviews_created_idx").on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Carts
// ---------------------------------------------------------------------------

export const carts = pgTable(
  "carts",
  {
    id: id(),
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    guestId: text("guest_id").unique(),
    /** The coupon the shopper applied (issue 15); checked again on every read and at checkout. */
    couponId: text("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("carts_owner_check", sql`(${t.userId} is null) <> (${t.guestId} is null)`),
    index("carts_updated_idx").on(t.updatedAt),
  ],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.productId] }), check("cart_lines_quantity_check", sql`${t.quantity} > 0`)],
);

// ---------------------------------------------------------------------------
// Orders and payments
// ---------------------------------------------------------------------------

// The statuses and the address shape are part of the shared contract (common/orders.ts).
export { ORDER_STATUSES, type OrderStatus, type ShippingAddress };

export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("Pending"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull().default("razorpay"),
    itemsPaise: integer("items_paise").notNull(),
    shippingPaise: integer("shipping_paise").notNull().default(0),
    /** A coupon's discount (0 without one); total = items - discount + shipping + COD fee. */
    discountPaise: integer("discount_paise").notNull().default(0),
    /** The coupon's code as applied (issue 15); its use is a coupon_redemptions row. */
    couponCode: text("coupon_code"),
    /** The cash-on-delivery fee (0 unless paid by COD). */
    codFeePaise: integer("cod_fee_paise").notNull().default(0),
    /** GST included in the items price (prices are GST-inclusive). */
    taxPaise: integer("tax_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    isPaid: boolean("is_paid").notNull().default(false),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    isDelivered: boolean("is_delivered").notNull().default(false),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Stock stays reserved until this moment; unpaid orders are cancelled after it. */
    reservationExpiresAt: timestamp("reservation_expires_at", { withTimezone: true }),
    providerOrderId: text("provider_order_id").unique(),
    /** Set instead of erasing an order that has an invoice or a payment (decisions/014). */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** The courier (common/couriers.ts) and AWB the order was shipped with (decisions/032). */
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** The pharmacist's review of an order with prescription-only lines; null when it has none. */
    prescriptionStatus: text("prescription_status").$type<PrescriptionStatus>(),
    prescriptionReviewedAt: timestamp("prescription_reviewed_at", { withTimezone: true }),
    prescriptionReviewerId: text("prescription_reviewer_id").references(() => user.id, { onDelete: "set null" }),
    /** The reviewing pharmacist's name and registration, copied so the record outlives the account. */
    prescriptionReviewerName: text("prescription_reviewer_name"),
    prescriptionReviewerRegistration: text("prescription_reviewer_registration"),
    prescriberName: text("prescriber_name"),
    prescriberRegistration: text("prescriber_registration"),
    prescriptionRejectReason: text("prescription_reject_reason"),
    /** The delivery dates promised for the PIN code when the order was placed (decisions/044). */
    deliveryFrom: date("delivery_from"),
    deliveryTo: date("delivery_to"),
    /** Cash on delivery (decisions/044): confirmed by the shopper or the staff before this moment, or cancelled. */
    codConfirmBy: timestamp("cod_confirm_by", { withTimezone: true }),
    codConfirmedAt: timestamp("cod_confirmed_at", { withTimezone: true }),
    codConfirmedBy: text("cod_confirmed_by").$type<"customer" | "staff">(),
    /** The shopper asked for this order's news on WhatsApp (checkout's box or the profile's choice; decisions/054). */
    whatsappUpdatesAt: timestamp("whatsapp_updates_at", { withTimezone: true }),
    /** The language the order was placed in (decisions/063): its emails, SMS and WhatsApp messages are written in it. */
    language: text("language").$type<Language>().notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_language_check", sql`${t.language} in ('en', 'hi')`),
    check("orders_cod_confirmed_by_check", sql`${t.codConfirmedBy} in ('customer', 'staff')`),
    index("orders_cod_confirm_by_idx").on(t.codConfirmBy).where(sql`${t.codConfirmedAt} is null`),
    check("orders_prescription_status_check", sql`${t.prescriptionStatus} in ('pending', 'approved', 'rejected')`),
    index("orders_prescription_status_idx").on(t.prescriptionStatus, t.createdAt),
    check("orders_status_check", sql`${t.status} in ('Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled')`),
    check("orders_total_check", sql`${t.totalPaise} = ${t.itemsPaise} - ${t.discountPaise} + ${t.shippingPaise} + ${t.codFeePaise}`),
    check("orders_money_check", sql`${t.discountPaise} >= 0 and ${t.discountPaise} <= ${t.itemsPaise} and ${t.codFeePaise} >= 0`),
    check("orders_payment_method_check", sql`${t.paymentMethod} in ('razorpay', 'cod')`),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * An order shipped through Shiprocket (issue 31, decisions/052, migration 0036): Shiprocket's order
 * and shipment ids are stored as soon as they exist, so a retry continues the same Shiprocket order.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").$type<"shiprocket">().notNull().default("shiprocket"),
    providerOrderId: text("provider_order_id"),
    providerShipmentId: text("provider_shipment_id"),
    courier: text("courier"),
    courierId: integer("courier_id"),
    awb: text("awb").unique(),
    labelUrl: text("label_url"),
    pickupBookedAt: timestamp("pickup_booked_at", { withTimezone: true }),
    expectedDelivery: date("expected_delivery"),
    currentStatus: text("current_status"),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** While one request ships the order through Shiprocket, a second one is refused until this moment (a lease, not a lock held over the network calls). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** When the adhoc create was sent (migration 0038): a retry without its ids looks the order up by number first. */
    createSentAt: timestamp("create_sent_at", { withTimezone: true }),
    /** The parcel is back with the shop but the order could not be cancelled and refunded by itself: why (the admin's task; retried hourly). */
    returnProblem: text("return_problem"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("shipments_provider_check", sql`${t.provider} in ('shiprocket')`)],
);

/**
 * Shiprocket's courier network's answer for a delivery PIN code (issue 31, decisions/052, migration
 * 0038), kept a day so that every process, the PIN check, the quote and the checkout read one promise.
 */
export const courierServiceability = pgTable(
  "courier_serviceability",
  {
    pin: text("pin").primaryKey(),
    serviceable: boolean("serviceable").notNull(),
    state: text("state"),
    city: text("city"),
    cod: boolean("cod").notNull().default(false),
    /** The recommended courier's delivery days, counted in working days from the dispatch day. */
    days: integer("days"),
    courier: text("courier"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("courier_serviceability_days_check", sql`${t.days} is null or (${t.days} >= 0 and ${t.days} <= 60)`)],
);

/** A courier scan of a shipment, once each (shipment, time, status, activity). */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: id(),
    shipmentId: text("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    activity: text("activity").notNull(),
    location: text("location").notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("shipment_events_once").on(t.shipmentId, t.at, t.status, t.activity), index("shipment_events_shipment_at_idx").on(t.shipmentId, t.at)],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    image: text("image"),
    sku: text("sku").notNull(),
    hsnCode: text("hsn_code"),
    gstRateBps: integer("gst_rate_bps").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    mrpPaise: integer("mrp_paise").notNull(),
    quantity: integer("quantity").notNull(),
    taxPaise: integer("tax_paise").notNull(),
    /** This line's share of the coupon's discount; its GST is on the discounted value (decisions/025). */
    discountPaise: integer("discount_paise").notNull().default(0),
    batchNumber: text("batch_number"),
    expiryDate: date("expiry_date"),
    /** The product's schedule when ordered (the H1 register reads it). */
    schedule: text("schedule").$type<DrugSchedule>().notNull().default("OTC"),
  },
  (t) => [
    check("order_lines_schedule_check", sql`${t.schedule} in ('OTC', 'H', 'H1', 'X')`),
    check("order_lines_quantity_check", sql`${t.quantity} > 0`),
    index("order_lines_order_idx").on(t.orderId),
  ],
);

export const DRUG_SCHEDULES = ["OTC", "H", "H1", "X"] as const;
export type DrugSchedule = (typeof DRUG_SCHEDULES)[number];
export type PrescriptionStatus = "pending" | "approved" | "rejected";

/**
 * An uploaded prescription (decisions/019). The file is private (`storageKey` in the private
 * store, never under /images). It outlives its uploader's account: the law keeps the record.
 */
export const prescriptions = pgTable(
  "prescriptions",
  {
    id: id(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").$type<PrescriptionStatus>().notNull().default("pending"),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    patientName: text("patient_name"),
    doctorName: text("doctor_name"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    rejectReason: text("reject_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("prescriptions_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index("prescriptions_user_idx").on(t.userId, t.createdAt),
    index("prescriptions_status_idx").on(t.status, t.createdAt),
  ],
);

/** The prescriptions an order was placed with; neither side can be erased while linked. */
export const orderPrescriptions = pgTable(
  "order_prescriptions",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    prescriptionId: text("prescription_id")
      .notNull()
      .references(() => prescriptions.id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ name: "order_prescriptions_pk", columns: [t.orderId, t.prescriptionId] }),
    index("order_prescriptions_prescription_idx").on(t.prescriptionId),
  ],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<OrderStatus>().notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);

export const invoices = pgTable("invoices", {
  id: id(),
  orderId: text("order_id")
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: "restrict" }),
  /** At most 16 characters, unique within the financial year (e.g. "INV/2026-27/0001"). */
  serial: text("serial").notNull().unique(),
  financialYear: text("financial_year").notNull(),
  issuedAt: createdAt(),
});

/** The last invoice number issued per financial year ("2026-27"); bumped under its row lock, so serials are gap-free. */
export const invoiceCounters = pgTable("invoice_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/** The last credit note number issued per financial year; its own series, gap-free like invoices (decisions/032). */
export const creditNoteCounters = pgTable("credit_note_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

export type ReturnStatus = "requested" | "approved" | "rejected";
export type ReturnReason = "wrong-item" | "damaged" | "near-expiry";

/** A customer's request to return delivered lines, and the admin's decision (decisions/032). */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    status: text("status").$type<ReturnStatus>().notNull().default("requested"),
    reason: text("reason").$type<ReturnReason>().notNull(),
    details: text("details"),
    decisionReason: text("decision_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    refundPaise: integer("refund_paise"),
    /** "gateway": refunded through the payment provider; "manual": a cash-on-delivery order, paid back by the shop. */
    refundMethod: text("refund_method").$type<"gateway" | "manual">(),
    refundId: text("refund_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("return_requests_status_check", sql`${t.status} in ('requested', 'approved', 'rejected')`),
    check("return_requests_reason_check", sql`${t.reason} in ('wrong-item', 'damaged', 'near-expiry')`),
    check("return_requests_refund_method_check", sql`${t.refundMethod} is null or ${t.refundMethod} in ('gateway', 'manual')`),
    index("return_requests_order_idx").on(t.orderId, t.createdAt),
    index("return_requests_status_idx").on(t.status, t.createdAt),
  ],
);

export const returnRequestLines = pgTable(
  "return_request_lines",
  {
    returnId: text("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: text("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ name: "return_request_lines_pk", columns: [t.returnId, t.orderLineId] }),
    check("return_request_lines_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/** A GST credit note against an invoice: a cancellation (everything left) or a return (the returned lines). Never deleted. */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    returnId: text("return_id")
      .unique()
      .references(() => returnRequests.id, { onDelete: "restrict" }),
    /** "CN/2627/000001", at most 16 characters, unique. */
    serial: text("serial").notNull().unique(),
    financialYear: text("financial_year").notNull(),
    kind: text("kind").$type<"cancellation" | "return">().notNull(),
    reason: text("reason").notNull(),
    shippingPaise: integer("shipping_paise").notNull().default(0),
    codFeePaise: integer("cod_fee_paise").notNull().default(0),
    totalPaise: integer("total_paise").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("credit_notes_kind_check", sql`${t.kind} in ('cancellation', 'return')`),
    check("credit_notes_money_check", sql`${t.shippingPaise} >= 0 and ${t.codFeePaise} >= 0 and ${t.totalPaise} >= 0`),
    index("credit_notes_order_idx").on(t.orderId, t.issuedAt),
  ],
);

/** The order lines (and how many units) a credit note credits, with the amounts credited. */
export const creditNoteLines = pgTable(
  "credit_note_lines",
  {
    id: id(),
    creditNoteId: text("credit_note_id")
      .notNull()
      .references(() => creditNotes.id, { onDelete: "restrict" }),
    orderLineId: text("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    /** Unit price × quantity, before the coupon's share. */
    amountPaise: integer("amount_paise").notNull(),
    discountPaise: integer("discount_paise").notNull(),
    taxPaise: integer("tax_paise").notNull(),
  },
  (t) => [
    check(
      "credit_note_lines_check",
      sql`${t.quantity} > 0 and ${t.amountPaise} >= 0 and ${t.discountPaise} >= 0 and ${t.taxPaise} >= 0 and ${t.discountPaise} <= ${t.amountPaise}`,
    ),
    index("credit_note_lines_note_idx").on(t.creditNoteId),
    index("credit_note_lines_order_line_idx").on(t.orderLineId),
  ],
);

export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    /** Not unique: a customer who pays one provider order twice leaves two rows (the second `extra`). */
    providerOrderId: text("provider_order_id").notNull(),
    providerPaymentId: text("provider_payment_id").unique(),
    signature: text("signature"),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    status: text("status").notNull().default("created"),
    method: text("method"),
    refundId: text("refund_id"),
    refundedPaise: integer("refunded_paise").notNull().default(0),
    failureReason: text("failure_reason"),
    /** A second capture for an order already paid: refunded in full, never counted (decisions/014). */
    extra: boolean("extra").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payments_status_check", sql`${t.status} in ('created', 'authorized', 'captured', 'failed', 'refunded')`),
    index("payments_order_idx").on(t.orderId),
    index("payments_provider_order_idx").on(t.providerOrderId),
  ],
);

export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    provider: text("provider").notNull(),
    /** The provider's event id; a replayed webhook is recognised by it. */
    providerEventId: text("provider_event_id").notNull(),
    type: text("type").notNull(),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull(),
    receivedAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_idx").on(t.provider, t.providerEventId)],
);

export const outboundEmails = pgTable(
  "outbound_emails",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Extra headers of this email (List-Unsubscribe on marketing email, migration 0027); null for most. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** A failed delivery is retried from this moment on (exponential backoff). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("outbound_emails_status_idx").on(t.status, t.createdAt)],
);

export type { MessageChannel, MessageStatus } from "#common/phone-messages.ts";

/**
 * The outbox of messages to a shopper's phone (decisions/054): written in the transaction of the
 * change it reports, sent by the job runner like the emails above. `template` is the shop's
 * template name (docs/messages.md) and `params` its body parameters in order. `status` moves on
 * with the provider's reports (WhatsApp: sent, delivered, read, failed); a failed WhatsApp
 * message is sent again by SMS, as a row whose `fallbackOf` names it.
 */
export const outboundMessages = pgTable(
  "outbound_messages",
  {
    id: id(),
    channel: text("channel").$type<MessageChannel>().notNull(),
    /** 10 digits starting 6-9 (a provider gets "91" in front). */
    to: text("to").notNull(),
    template: text("template").notNull(),
    params: jsonb("params").$type<string[]>().notNull(),
    /** The language it is written in (decisions/064): chosen when queued; its MSG91 flow and WhatsApp template follow it. */
    language: text("language").$type<Language>().notNull().default("en"),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    status: text("status").$type<MessageStatus>().notNull().default("queued"),
    providerMessageId: text("provider_message_id").unique(),
    fallbackOf: text("fallback_of").references((): AnyPgColumn => outboundMessages.id, { onDelete: "set null" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the provider last reported on it (delivered, read, failed). */
    statusAt: timestamp("status_at", { withTimezone: true }),
  },
  (t) => [
    check("outbound_messages_channel_check", sql`${t.channel} in ('sms', 'whatsapp')`),
    check("outbound_messages_language_check", sql`${t.language} in ('en', 'hi')`),
    check("outbound_messages_status_check", sql`${t.status} in ('queued', 'sent', 'delivered', 'read', 'failed')`),
    index("outbound_messages_due_idx").on(t.status, t.nextAttemptAt),
    index("outbound_messages_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("outbound_messages_one_fallback").on(t.fallbackOf).where(sql`${t.fallbackOf} is not null`),
  ],
);

/** Each inbound WhatsApp message (a button reply, a STOP) acted on once: its id is kept with what came of it. */
export const whatsappInbound = pgTable("whatsapp_inbound", {
  messageId: text("message_id").primaryKey(),
  /** The sender as Meta gives it ("91" + 10 digits). */
  from: text("from").notNull(),
  kind: text("kind").notNull(),
  orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Numbers that sent STOP: no WhatsApp message goes to them (guests included) until they opt in again. */
export const whatsappOptOuts = pgTable("whatsapp_opt_outs", {
  phone: text("phone").primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: id(),
  /** Stored lower-cased so the same address cannot subscribe twice. */
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
  /** Set when the subscriber opened the emailed link (double opt-in); only confirmed addresses get the newsletter. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** SHA-256 of the link's random token (the token itself is only in the email). */
  confirmationTokenHash: text("confirmation_token_hash").unique(),
  confirmationExpiresAt: timestamp("confirmation_expires_at", { withTimezone: true }),
  /** The random token of every marketing email's unsubscribe link (no sign-in needed). */
  unsubscribeToken: text("unsubscribe_token").unique(),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
});

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

// ---------------------------------------------------------------------------
// Audit
// ---------------------------------------------------------------------------

/** Admin changes, written in the transaction of the change (server/modules/audit, decisions/015). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Kept when the account is deleted (no foreign key, decisions/033); null for the shop and payment gateways. */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.at),
    index("audit_log_entity_id_idx").on(t.entityId, t.at),
    index("audit_log_at_idx").on(t.at),
  ],
);

export const researchArticles = pgTable("research_articles", {
  id: id(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  fullContent: text("full_content").notNull(),
  category: text("category").notNull(),
  image: text("image").notNull(),
  imageAlt: text("image_alt").notNull(),
  publishedOn: date("published_on").notNull(),
  link: text("link").notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------------------
// Delivery promise and address book (issue 14, decisions/021)
// ---------------------------------------------------------------------------

/**
 * Where the shop delivers: PIN ranges (inclusive, never overlapping: an exclusion constraint in
 * 0011) → state, city where known, working days from the dispatch point, cash on delivery.
 */
export const serviceabilityRanges = pgTable(
  "serviceability_ranges",
  {
    id: id(),
    pinFrom: integer("pin_from").notNull(),
    pinTo: integer("pin_to").notNull(),
    state: text("state").notNull(),
    city: text("city"),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    cod: boolean("cod").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("serviceability_ranges_pin_check", sql`${t.pinFrom} between 100000 and 999999 and ${t.pinTo} between ${t.pinFrom} and 999999`),
    check("serviceability_ranges_days_check", sql`${t.minDays} between 0 and 60 and ${t.maxDays} between ${t.minDays} and 60`),
    index("serviceability_ranges_from_idx").on(t.pinFrom),
  ],
);

/** A customer's saved delivery addresses (India only); at most one default each. */
export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    /** 10 digits starting 6-9 (common/india.ts normalizeIndianPhone). */
    phone: text("phone").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    landmark: text("landmark"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    postalCode: text("postal_code").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("addresses_one_default_idx").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

// ---------------------------------------------------------------------------
// Coupons (issue 15, decisions/025)
// ---------------------------------------------------------------------------

export const COUPON_TYPES = ["percent", "fixed"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    /** Stored upper-case; shoppers may type it in any case. */
    code: text("code").notNull(),
    type: text("type").$type<CouponType>().notNull(),
    /** Percent coupons: basis points (1000 = 10%). */
    percentBps: integer("percent_bps"),
    /** Fixed coupons: the amount off. */
    amountPaise: integer("amount_paise"),
    maxDiscountPaise: integer("max_discount_paise"),
    /** Compared with the items' value before any discount, shipping excluded. */
    minOrderPaise: integer("min_order_paise").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Uses in all (reserved and confirmed); null: no cap. */
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    /** Empty arrays: every product; otherwise only products of these sections or ids. */
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    productIds: text("product_ids").array().notNull().default(sql`'{}'::text[]`),
    /** Prescription-only lines are left out of the discount unless this is set. */
    includeRx: boolean("include_rx").notNull().default(false),
    active: boolean("active").notNull().default(true),
    /** Listed to shoppers as an offer in the cart and checkout (decisions/043); codes handed out by hand stay private. */
    public: boolean("public").notNull().default(false),
    /** The newsletter's welcome code: the address it was made for (one per address). */
    issuedToEmail: text("issued_to_email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_idx").on(t.code),
    uniqueIndex("coupons_issued_to_email_idx").on(t.issuedToEmail).where(sql`${t.issuedToEmail} is not null`),
    check("coupons_code_check", sql`${t.code} = upper(${t.code}) and ${t.code} ~ '^[A-Z0-9_-]{3,32}$'`),
    // A welcome code is personal: never listed to others.
    check("coupons_public_check", sql`not ${t.public} or ${t.issuedToEmail} is null`),
  ],
);

export const COUPON_REDEMPTION_STATUSES = ["reserved", "confirmed", "released"] as const;
export type CouponRedemptionStatus = (typeof COUPON_REDEMPTION_STATUSES)[number];

/** One use of a coupon by one order: reserved at checkout, confirmed when paid (COD: placed), released on expiry or cancellation. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: id(),
    couponId: text("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** Lower-cased: the per-customer cap counts by account and by address. */
    email: text("email").notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<CouponRedemptionStatus>().notNull().default("reserved"),
    discountPaise: integer("discount_paise").notNull(),
    reservedAt: timestamp("reserved_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("coupon_redemptions_order_idx").on(t.orderId),
    index("coupon_redemptions_coupon_idx").on(t.couponId, t.status),
    index("coupon_redemptions_user_idx").on(t.userId),
    index("coupon_redemptions_email_idx").on(t.email),
    check("coupon_redemptions_status_check", sql`${t.status} in ('reserved', 'confirmed', 'released')`),
  ],
);

// ---------------------------------------------------------------------------
// Shop settings and daily jobs (issue 17, decisions/031)
// ---------------------------------------------------------------------------

/** The admin's settings: one row (id 1). A null cut-off means the configured one (SHOP_DISPATCH_CUTOFF). */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(10),
    dispatchCutoff: text("dispatch_cutoff"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("shop_settings_single_row_check", sql`${t.id} = 1`),
    check("shop_settings_threshold_check", sql`${t.lowStockThreshold} >= 0 and ${t.lowStockThreshold} <= 100000`),
    check("shop_settings_cutoff_check", sql`${t.dispatchCutoff} is null or ${t.dispatchCutoff} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** One row per daily job and IST day, inserted before the job runs: the claim that makes it run once. */
export const dailyJobRuns = pgTable(
  "daily_job_runs",
  {
    job: text("job").notNull(),
    day: date("day").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    detail: jsonb("detail"),
  },
  (t) => [primaryKey({ name: "daily_job_runs_pk", columns: [t.job, t.day] })],
);

// ---------------------------------------------------------------------------
// Subscribe and refill (issue 32, decisions/057, migration 0041)
// ---------------------------------------------------------------------------

export type RefillStatus = "active" | "paused" | "cancelled";

/**
 * A shopper's standing order: `items` every `everyDays` days, next on `nextOrderOn` (an Indian
 * date), to `address` (copied from the saved address when chosen: the order is sent where the
 * shopper said, even if the address book changes), paid by `paymentMethod`. `notice` is what the
 * shopper was last told about it that they must act on (why nothing was ordered, why it paused).
 */
export const refills = pgTable(
  "refills",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    items: jsonb("items").$type<{ productId: string; quantity: number }[]>().notNull(),
    everyDays: integer("every_days").notNull(),
    nextOrderOn: date("next_order_on").notNull(),
    status: text("status").$type<RefillStatus>().notNull().default("active"),
    paymentMethod: text("payment_method").$type<PaymentMethod>().notNull(),
    addressId: text("address_id").references(() => addresses.id, { onDelete: "set null" }),
    address: jsonb("address").$type<ShippingAddress>().notNull(),
    prescriptionId: text("prescription_id").references(() => prescriptions.id, { onDelete: "set null" }),
    lastOrderId: text("last_order_id").references(() => orders.id, { onDelete: "set null" }),
    notice: text("notice"),
    /** The date whose reminder was queued (once per date, whichever process got there first). */
    remindedFor: date("reminded_for"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("refills_every_days_check", sql`${t.everyDays} in (30, 60, 90)`),
    check("refills_status_check", sql`${t.status} in ('active', 'paused', 'cancelled')`),
    check("refills_payment_method_check", sql`${t.paymentMethod} in ('razorpay', 'cod')`),
    index("refills_user_idx").on(t.userId, t.createdAt),
    index("refills_due_idx").on(t.status, t.nextOrderOn),
  ],
);

/** One row per refill and date, inserted in the transaction that orders it: a date is acted on once. */
export const refillRuns = pgTable(
  "refill_runs",
  {
    refillId: text("refill_id")
      .notNull()
      .references(() => refills.id, { onDelete: "cascade" }),
    orderOn: date("order_on").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    outcome: text("outcome").$type<"placed" | "not-placed" | "paused">().notNull(),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "refill_runs_pk", columns: [t.refillId, t.orderOn] }),
    check("refill_runs_outcome_check", sql`${t.outcome} in ('placed', 'not-placed', 'paused')`),
    uniqueIndex("refill_runs_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
);

/** What an approved prescription covers of one product (the pharmacist's record when approving). */
export const prescriptionCovers = pgTable(
  "prescription_covers",
  {
    prescriptionId: text("prescription_id")
      .notNull()
      .references(() => prescriptions.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Units over the prescription's life, every order placed with it counted. */
    quantity: integer("quantity").notNull(),
    /** The last Indian date an order may be placed with it. */
    until: date("until").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "prescription_covers_pk", columns: [t.prescriptionId, t.productId] }),
    check("prescription_covers_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/** A proposed item of an order by prescription: the product, its name when proposed, how many the prescription covers. */
export interface ProposedItem {
  productId: string;
  name: string;
  quantity: number;
}

/**
 * "Build my order from this prescription" (issue 32, decisions/058): waiting for a pharmacist,
 * then proposed (the items went into the shopper's cart; they are what a later order may hold
 * without a second review) or declined with the reason. One waiting request per prescription.
 */
export const prescriptionOrders = pgTable(
  "prescription_orders",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    prescriptionId: text("prescription_id")
      .notNull()
      .references(() => prescriptions.id, { onDelete: "cascade" }),
    addressId: text("address_id").references(() => addresses.id, { onDelete: "set null" }),
    note: text("note"),
    status: text("status").$type<"waiting" | "proposed" | "declined">().notNull().default("waiting"),
    items: jsonb("items").$type<ProposedItem[]>(),
    message: text("message"),
    declineReason: text("decline_reason"),
    pharmacistId: text("pharmacist_id").references(() => user.id, { onDelete: "set null" }),
    /** The deciding pharmacist's name and registration, copied as an order's review copies them. */
    pharmacistName: text("pharmacist_name"),
    pharmacistRegistration: text("pharmacist_registration"),
    prescriberName: text("prescriber_name"),
    prescriberRegistration: text("prescriber_registration"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("prescription_orders_status_check", sql`${t.status} in ('waiting', 'proposed', 'declined')`),
    index("prescription_orders_user_idx").on(t.userId, t.createdAt),
    index("prescription_orders_status_idx").on(t.status, t.createdAt),
    uniqueIndex("prescription_orders_one_waiting").on(t.prescriptionId).where(sql`${t.status} = 'waiting'`),
  ],
);

/** The orders placed already approved from a proposal (decisions/058): what each used of it is counted from their lines. */
export const prescriptionOrderOrders = pgTable(
  "prescription_order_orders",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    prescriptionOrderId: text("prescription_order_id")
      .notNull()
      .references(() => prescriptionOrders.id, { onDelete: "cascade" }),
  },
  (t) => [index("prescription_order_orders_request_idx").on(t.prescriptionOrderId)],
);
