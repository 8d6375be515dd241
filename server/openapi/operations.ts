// Every REST call the shop answers under /api, as the OpenAPI document describes it (decisions/034):
// who may call it, the zod schemas the server validates its query and body with (server/schemas),
// and its answers (server/openapi/responses.ts). tests/api/openapi.test.ts fails when a mounted
// route has no entry here, or an entry names no mounted route.
import * as z from "zod/mini";
import { addressSchema } from "#server/schemas/addresses.ts";
import { adminRefillsQuerySchema, refillChangeSchema } from "#server/schemas/refills.ts";
import { refillCreateBody } from "./bodies.ts";
import { adminCouponListQuerySchema, adminCouponSchema } from "#server/schemas/admin-coupons.ts";
import { adminReviewQuerySchema, adminReviewUpdateSchema } from "#server/schemas/admin-reviews.ts";
import {
  adminCreateUserSchema,
  adminListQuerySchema,
  adminMessageUpdateSchema,
  adminOrderQuerySchema,
  adminOrderStatusSchema,
  adminProductQuerySchema,
  adminProductSchema,
  adminProductUpdateSchema,
  adminUpdateUserSchema,
} from "#server/schemas/admin.ts";
import {
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  profileSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "#server/schemas/account.ts";
import { auditQuerySchema } from "#server/schemas/audit.ts";
import { loginSchema, registerSchema } from "#server/schemas/auth.ts";
import { codeRequestSchema, codeVerifySchema, deleteByCodeSchema, deletionCodeSchema, phoneChangeSchema, phoneChangeVerifySchema } from "#server/schemas/phone.ts";
import { backInStockRequestSchema } from "#server/schemas/back-in-stock.ts";
import { addToCartSchema, removeCartLineSchema, updateCartLineSchema } from "#server/schemas/cart.ts";
import { productQuerySchema } from "#server/schemas/catalog.ts";
import { LANGUAGES } from "#common/language.ts";
import { checkoutSchema, verifyPaymentSchema } from "#server/schemas/checkout.ts";
import { contactSchema, subscribeSchema } from "#server/schemas/content.ts";
import { h1RegisterQuerySchema, prescriptionReviewSchema, reviewQueueQuerySchema } from "#server/schemas/pharmacist.ts";
import { prescriptionOrderAskSchema, prescriptionOrderDeclineSchema, prescriptionOrderProposalSchema } from "#server/schemas/prescription-orders.ts";
import { prescriptionOrderQuerySchema } from "#server/modules/pharmacy/prescription-orders.ts";
import { returnDecisionSchema, returnListQuerySchema, returnRequestSchema } from "#server/schemas/returns.ts";
import { reviewSchema } from "#server/schemas/review.ts";
import { settingsUpdateSchema } from "#server/schemas/settings.ts";
import { twoFactorDisableSchema, twoFactorEnableSchema, twoFactorSetupSchema, twoFactorSignInSchema } from "#server/schemas/two-factor.ts";
import { shipmentParcelSchema } from "#server/schemas/shipping.ts";
import { apiDocs } from "./registry.ts";
import * as shapes from "./responses.ts";

/**
 * Who may call: anyone; anyone, with more for a signed-in caller; a signed-in customer (session
 * cookie or `Authorization: Bearer <token>`); an admin; an admin or a pharmacist; Razorpay (signed body);
 * Shiprocket (its token in x-api-key).
 */
export type Access = "public" | "optional" | "user" | "admin" | "staff" | "gateway" | "shipping" | "whatsapp";

/** A JSON answer (a zod schema), or a file of this media type. */
export type Answer = z.ZodMiniType | { file: string; description: string };

export interface Operation {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Express's way: `/api/products/:id`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  query?: z.ZodMiniType;
  /** The validated JSON body, or a multipart upload (field name and what it takes). */
  body?: z.ZodMiniType | { multipart: string; description: string } | { raw: string };
  /** Success answers by status (error answers are added by the document: `{ message, errors? }`). */
  responses: Record<number, Answer>;
  /** Error statuses this call answers besides 400/401/403 implied by its body and access. */
  errors?: number[];
  /** Answered with X-Total-Count (matches before paging). */
  paged?: boolean;
  example?: unknown;
}

const pdf = (description: string) => ({ file: "application/pdf", description });
const csv = (description: string) => ({ file: "text/csv", description });

const list = <S extends z.ZodMiniType>(item: S) => z.array(item);
const messageWith = <S extends Record<string, z.ZodMiniType>>(fields: S) => z.object({ message: z.string(), ...fields });

// The coupon list's `kind`: what each value lists.
apiDocs.add(adminCouponListQuerySchema.shape.kind, {
  description: "campaign: the admin's own coupons; welcome: the newsletter's one-per-subscriber codes; all (or absent): both.",
  examples: ["campaign"],
});

// The return list's page: corrected, never refused (returnListQuerySchema).
apiDocs.add(returnListQuerySchema.shape.page, { description: "The page, a whole number from 1; anything else lists page 1." });

/**
 * `?lang=` of the catalogue reads (decisions/063): the language of names, descriptions and medicine
 * information, English where a product has no text in it. Without it the first language of
 * Accept-Language chooses (hi or en; any other: en), and the answer varies on that header.
 */
const languageQuery = {
  lang: z.optional(
    z.enum(LANGUAGES).register(apiDocs, {
      description:
        "The language of product text: hi answers each field in Hindi where the product has it, English where not (listed in `untranslated`). Without it, the first language of Accept-Language (hi or en) chooses.",
    }),
  ),
};
const catalogueQuery = z.extend(productQuerySchema, languageQuery);
const languageOnly = z.object(languageQuery);

const catalogueImported = z.object({ message: z.string(), created: z.number(), updated: z.number() });
const rangesImported = z.object({ message: z.string(), imported: z.number(), replaced: z.number() });

export const OPERATIONS: Operation[] = [
  // --- Catalogue ------------------------------------------------------------------------------
  { method: "GET", path: "/api/products", tag: "Products", summary: "List published products (filters, sort, paging).", access: "public", query: catalogueQuery, responses: { 200: list(shapes.product) }, paged: true },
  { method: "GET", path: "/api/products/facets", tag: "Products", summary: "Filter counts for a listing, each option counted under the other filters.", access: "public", query: catalogueQuery, responses: { 200: shapes.productFacets } },
  { method: "GET", path: "/api/products/new-arrivals", tag: "Products", summary: "The newest published products.", access: "public", query: languageOnly, responses: { 200: list(shapes.product) } },
  { method: "GET", path: "/api/products/suggestions", tag: "Products", summary: "Search suggestions while typing: products, sections and 'did you mean'.", access: "public", query: z.object({ q: productQuerySchema.shape.search, ...languageQuery }), responses: { 200: shapes.searchSuggestions } },
  { method: "GET", path: "/api/products/similar/:id", tag: "Products", summary: "Products similar to one product.", access: "public", query: languageOnly, responses: { 200: list(shapes.product) }, errors: [404] },
  { method: "GET", path: "/api/products/:id", tag: "Products", summary: "One published product.", access: "public", query: languageOnly, responses: { 200: shapes.product }, errors: [404] },
  { method: "GET", path: "/api/products/:id/substitutes", tag: "Products", summary: "Other products with the same salt composition, cheapest first.", access: "public", query: languageOnly, responses: { 200: list(shapes.product) }, errors: [404] },
  { method: "GET", path: "/api/products/:id/reviews", tag: "Reviews", summary: "A product's visible reviews, newest first.", access: "public", responses: { 200: list(shapes.review) }, errors: [404] },
  { method: "POST", path: "/api/products/:id/reviews", tag: "Reviews", summary: "Review a product (one review per customer and product).", access: "user", body: reviewSchema, responses: { 201: shapes.review }, errors: [404, 409, 429] },
  { method: "GET", path: "/api/products/{*rest}", tag: "Products", summary: "Any deeper path under /api/products names no product: always 404.", access: "public", responses: {}, errors: [404] },
  { method: "POST", path: "/api/products/:id/notify-me", tag: "Products", summary: "Email me once when this out-of-stock product is back (guests send { email }).", access: "optional", body: backInStockRequestSchema, responses: { 200: shapes.messageReply, 201: shapes.messageReply }, errors: [404, 409, 429] },
  { method: "PUT", path: "/api/products/:id", tag: "Admin: products", summary: "Change a product (the spec's product edit; a dosage form sent as `category` is taken as the form).", access: "admin", body: adminProductUpdateSchema, responses: { 200: shapes.adminProduct }, errors: [404, 409] },

  // --- Content --------------------------------------------------------------------------------
  { method: "POST", path: "/api/subscribe", tag: "Content", summary: "Subscribe to the newsletter (answers the welcome coupon).", access: "public", body: subscribeSchema, responses: { 200: messageWith({ coupon: z.optional(z.nullable(z.unknown())) }), 201: messageWith({ coupon: z.optional(z.nullable(z.unknown())) }) }, errors: [429], example: { email: "asha@example.in" } },
  { method: "POST", path: "/api/contact", tag: "Content", summary: "Send a message to the shop.", access: "public", body: contactSchema, responses: { 201: shapes.messageReply, 200: shapes.messageReply }, errors: [429] },
  { method: "GET", path: "/api/serviceability/:pin", tag: "Delivery", summary: "Whether the shop delivers to a PIN code, by when, and whether cash on delivery is offered.", access: "public", responses: { 200: shapes.serviceability } },

  // --- Account --------------------------------------------------------------------------------
  { method: "POST", path: "/api/users/register", tag: "Account", summary: "Create a customer account; answers the account and a session token (and sets the session cookie).", access: "public", body: registerSchema, responses: { 201: shapes.signedIn }, errors: [409, 429], example: { name: "Asha Rao", email: "asha@example.in", password: "a long passphrase", confirmPassword: "a long passphrase" } },
  { method: "POST", path: "/api/users/login", tag: "Account", summary: "Sign in; answers the account and a session token (and sets the session cookie), or, for an account with two-factor sign-in on, `{ twoFactorRequired: true, challenge }` and no session: POST /api/users/login/2fa finishes it.", access: "public", body: loginSchema, responses: { 200: z.union([shapes.signedIn, z.object({ twoFactorRequired: z.literal(true), challenge: z.string() })]) }, errors: [401, 429], example: { email: "asha@example.in", password: "a long passphrase" } },
  { method: "POST", path: "/api/users/otp", tag: "Account", summary: "Send a 6-digit sign-in code by SMS (MSG91) or WhatsApp; the same answer for every valid number. Valid 5 minutes, 5 tries, a new one voids the old.", access: "public", body: codeRequestSchema, responses: { 200: shapes.codeSent }, errors: [429, 502], example: { phone: "+91 98450 12345", channel: "sms" } },
  { method: "POST", path: "/api/users/otp/verify", tag: "Account", summary: "Sign in with a code (the account whose verified number it is); no account: { newAccount: true } and, sent again with a name (email optional), a new customer account (201). Staff numbers: 403.", access: "public", body: codeVerifySchema, responses: { 200: z.union([shapes.signedIn, shapes.newPhoneAccount]), 201: shapes.signedIn }, errors: [403, 409, 429], example: { phone: "9845012345", code: "123456", name: "Asha Rao" } },
  { method: "POST", path: "/api/users/phone", tag: "Account", summary: "Send a code to a number to make it the account's verified one.", access: "user", body: phoneChangeSchema, responses: { 200: shapes.codeSent }, errors: [429, 502], example: { phone: "9845012345" } },
  { method: "POST", path: "/api/users/phone/verify", tag: "Account", summary: "Make the number the account's verified one with its code; a number verified on another account: 409.", access: "user", body: phoneChangeVerifySchema, responses: { 200: shapes.profile }, errors: [409, 429], example: { phone: "9845012345", code: "123456" } },
  { method: "POST", path: "/api/users/login/2fa", tag: "Account", summary: "Finish a two-factor sign-in: the login's challenge (valid 5 minutes) and a code from the authenticator app or an unused backup code; answers as the login does.", access: "public", body: twoFactorSignInSchema, responses: { 200: shapes.signedIn }, errors: [401, 429], example: { challenge: "2fa-…", code: "123456" } },
  { method: "POST", path: "/api/users/2fa/setup", tag: "Account", summary: "Start setting up two-factor sign-in (password required): the otpauth:// URI for an authenticator app and 10 single-use backup codes, shown this once.", access: "user", body: twoFactorSetupSchema, responses: { 200: messageWith({ otpauthUri: z.string(), backupCodes: z.array(z.string()) }) }, errors: [409, 429] },
  { method: "POST", path: "/api/users/2fa/enable", tag: "Account", summary: "Turn two-factor sign-in on with a code from the authenticator app. The session is replaced: the answer carries the new token (and cookie).", access: "user", body: twoFactorEnableSchema, responses: { 200: messageWith({ token: z.nullable(z.string()) }) }, errors: [409, 429] },
  { method: "POST", path: "/api/users/2fa/disable", tag: "Account", summary: "Turn two-factor sign-in off (password and a code or a backup code required). The session is replaced: the answer carries the new token (and cookie).", access: "user", body: twoFactorDisableSchema, responses: { 200: messageWith({ token: z.nullable(z.string()) }) }, errors: [409, 429] },
  { method: "POST", path: "/api/users/logout", tag: "Account", summary: "Sign out of this session.", access: "optional", responses: { 200: shapes.messageReply } },
  { method: "GET", path: "/api/users/profile", tag: "Account", summary: "The signed-in customer's profile.", access: "user", responses: { 200: shapes.profile } },
  { method: "POST", path: "/api/users/password/forgot", tag: "Account", summary: "Email a password reset link (the same answer whether or not the address has an account).", access: "public", body: forgotPasswordSchema, responses: { 200: shapes.messageReply }, errors: [429] },
  { method: "POST", path: "/api/users/password/reset", tag: "Account", summary: "Set a new password with the emailed token.", access: "public", body: resetPasswordSchema, responses: { 200: shapes.messageReply }, errors: [429] },
  { method: "PUT", path: "/api/users/password", tag: "Account", summary: "Change the password (the current one is required).", access: "user", body: changePasswordSchema, responses: { 200: shapes.messageReply }, errors: [429] },
  { method: "PUT", path: "/api/users/profile", tag: "Account", summary: "Change the name, the mobile number, WhatsApp order updates (`whatsappUpdates`: true needs a mobile number; true also undoes a STOP sent from the verified number) and/or the language of emails and messages (`language`: `en` or `hi`).", access: "user", body: profileSchema, responses: { 200: shapes.profile } },
  { method: "POST", path: "/api/users/email/verification", tag: "Account", summary: "Send the email address verification link again.", access: "user", responses: { 200: shapes.messageReply }, errors: [409, 429] },
  { method: "POST", path: "/api/users/email/undo", tag: "Account", summary: "Undo an email change with the token emailed to the old address: restores it, signs out every device, voids the password and emails a reset link.", access: "public", body: verifyEmailSchema, responses: { 200: shapes.messageReply }, errors: [409] },
  { method: "POST", path: "/api/users/email/verify", tag: "Account", summary: "Verify an email address (or a change of address) with the emailed token.", access: "public", body: verifyEmailSchema, responses: { 200: shapes.messageReply }, errors: [429] },
  { method: "PUT", path: "/api/users/email", tag: "Account", summary: "Change the email address: a link goes to the new address (password required).", access: "user", body: changeEmailSchema, responses: { 200: shapes.messageReply }, errors: [409, 429] },
  { method: "POST", path: "/api/users/logout/all", tag: "Account", summary: "Sign out of every session of this account.", access: "user", responses: { 200: shapes.messageReply } },
  { method: "GET", path: "/api/users/me/export", tag: "Account", summary: "Everything the shop holds about the customer, as a JSON download.", access: "user", responses: { 200: z.record(z.string(), z.unknown()) } },
  { method: "POST", path: "/api/users/me/deletion-code", tag: "Account", summary: "An account without a password (made by phone): send the code that confirms its deletion to its verified number. An account with a password, or without a verified number: 400.", access: "user", body: deletionCodeSchema, responses: { 200: shapes.codeSent }, errors: [429, 502], example: { channel: "sms" } },
  { method: "DELETE", path: "/api/users/me", tag: "Account", summary: "Delete the account: `{ password }`, or `{ code }` (from POST /api/users/me/deletion-code) for an account without a password; the other one is a 400. Orders and invoices are kept as the law requires.", access: "user", body: z.union([deleteAccountSchema, deleteByCodeSchema]), responses: { 200: shapes.messageReply }, errors: [409, 429] },
  { method: "POST", path: "/api/refills", tag: "Refills", summary: "Subscribe and refill: the items every 30, 60 or 90 days to a saved address, COD or a payment link each time; prescription-only items need an approved prescription that covers them.", access: "user", body: refillCreateBody, responses: { 201: shapes.refill }, errors: [409] },
  { method: "GET", path: "/api/refills", tag: "Refills", summary: "The caller's refills, by next date (cancelled last).", access: "user", responses: { 200: list(shapes.refill) } },
  { method: "GET", path: "/api/refills/:id", tag: "Refills", summary: "One of the caller's refills (another customer's: 404).", access: "user", responses: { 200: shapes.refill }, errors: [404] },
  { method: "PUT", path: "/api/refills/:id", tag: "Refills", summary: "Change the items or the period, pause or resume (a date passed while paused moves to three days on).", access: "user", body: refillChangeSchema, responses: { 200: shapes.refill }, errors: [404, 409] },
  { method: "DELETE", path: "/api/refills/:id", tag: "Refills", summary: "Cancel a refill (it is kept, cancelled).", access: "user", responses: { 200: shapes.refill }, errors: [404] },
  { method: "POST", path: "/api/refills/:id/skip", tag: "Refills", summary: "Skip the next order: the date moves on one period.", access: "user", responses: { 200: shapes.refill }, errors: [404, 409] },
  { method: "GET", path: "/api/users/addresses", tag: "Addresses", summary: "The customer's saved addresses.", access: "user", responses: { 200: list(shapes.savedAddress) } },
  { method: "POST", path: "/api/users/addresses", tag: "Addresses", summary: "Save an address (the state may be left empty: it follows from the PIN).", access: "user", body: addressSchema, responses: { 201: shapes.savedAddress }, errors: [409] },
  { method: "PUT", path: "/api/users/addresses/:id", tag: "Addresses", summary: "Change a saved address.", access: "user", body: addressSchema, responses: { 200: shapes.savedAddress }, errors: [404] },
  { method: "DELETE", path: "/api/users/addresses/:id", tag: "Addresses", summary: "Remove a saved address.", access: "user", responses: { 200: shapes.messageReply }, errors: [404] },

  // --- Cart -----------------------------------------------------------------------------------
  { method: "GET", path: "/api/cart", tag: "Cart", summary: "The caller's cart (a signed-in customer's, or the guest cart of the guest cookie).", access: "optional", responses: { 200: shapes.cart }, errors: [404] },
  { method: "POST", path: "/api/cart", tag: "Cart", summary: "Add a product (a guest gets a cart and its cookie).", access: "optional", body: addToCartSchema, responses: { 200: shapes.cartWrite, 201: shapes.cartWrite }, errors: [404, 409], example: { productId: "3f9c…", quantity: 1 } },
  { method: "PUT", path: "/api/cart", tag: "Cart", summary: "Set a line's quantity (0 removes it).", access: "optional", body: updateCartLineSchema, responses: { 200: shapes.cartWrite }, errors: [404, 409] },
  { method: "DELETE", path: "/api/cart", tag: "Cart", summary: "Remove a line.", access: "optional", body: removeCartLineSchema, responses: { 200: shapes.cartWrite }, errors: [404] },
  { method: "POST", path: "/api/cart/coupon", tag: "Cart", summary: "Apply a coupon code to the cart.", access: "optional", body: z.object({ code: z.string() }), responses: { 200: shapes.cartWrite }, errors: [404, 409, 422, 429] },
  { method: "GET", path: "/api/cart/offers", tag: "Cart", summary: "The public coupons for this cart: those that apply now (largest discount first, `best` names the one that saves most) and those that would with `addMore` rupees more of items.", access: "optional", responses: { 200: shapes.cartOffers }, errors: [404] },
  { method: "DELETE", path: "/api/cart/coupon", tag: "Cart", summary: "Remove the cart's coupon.", access: "optional", responses: { 200: shapes.cartWrite }, errors: [404] },
  { method: "POST", path: "/api/cart/merge", tag: "Cart", summary: "Move a guest cart into the signed-in customer's cart.", access: "user", body: z.object({ guestId: z.optional(z.string()), userId: z.optional(z.string()) }), responses: { 200: shapes.cartWrite }, errors: [404] },

  // --- Checkout and orders -------------------------------------------------------------------
  { method: "POST", path: "/api/checkout", tag: "Checkout", summary: "Place an order from the cart: stock is reserved; a prepaid order answers the gateway's payment.", access: "user", body: checkoutSchema, responses: { 201: shapes.placedOrder }, errors: [404, 409, 422, 429] },
  { method: "POST", path: "/api/checkout/quote", tag: "Checkout", summary: "Every fee and the delivery window before confirming (nothing is created).", access: "user", body: checkoutSchema, responses: { 200: shapes.checkoutQuote }, errors: [404, 409, 422] },
  { method: "POST", path: "/api/checkout/:orderId/verify", tag: "Checkout", summary: "Confirm a Razorpay payment with the checkout's signed fields.", access: "user", body: verifyPaymentSchema, responses: { 200: z.object({ order: shapes.order }) }, errors: [404, 409] },
  { method: "GET", path: "/api/orders/my-orders", tag: "Orders", summary: "The customer's orders, newest first (`include=expired` adds unpaid ones whose reservation ended).", access: "user", query: z.object({ include: z.optional(z.literal("expired")) }), responses: { 200: list(shapes.myOrder) } },
  { method: "GET", path: "/api/orders/:id", tag: "Orders", summary: "One order with its lines, history and payment (its owner or an admin).", access: "user", responses: { 200: shapes.orderDetail }, errors: [404] },
  { method: "POST", path: "/api/orders/:id/cancel", tag: "Orders", summary: "Cancel an order that has not shipped (a paid one is refunded).", access: "user", responses: { 200: z.object({ order: shapes.order }) }, errors: [404, 409] },
  { method: "POST", path: "/api/orders/:id/confirm-cod", tag: "Orders", summary: "Confirm a cash-on-delivery order (unconfirmed ones are cancelled after COD_CONFIRM_HOURS).", access: "user", responses: { 200: messageWith({ order: shapes.order }) }, errors: [404, 409] },
  { method: "POST", path: "/api/orders/:id/reorder", tag: "Orders", summary: "Buy again: the order's lines still sold go into the caller's cart at today's prices, capped at stock and the per-product limit; `skipped` names what was left out and why.", access: "user", responses: { 200: shapes.reorder }, errors: [404] },
  { method: "POST", path: "/api/orders/:id/pay", tag: "Orders", summary: "Pay an unpaid prepaid order again while its stock is reserved.", access: "user", responses: { 200: shapes.placedOrder }, errors: [404, 409, 429] },
  { method: "GET", path: "/api/orders/:id/invoice.pdf", tag: "Orders", summary: "The order's GST tax invoice.", access: "user", responses: { 200: pdf("The invoice as a PDF.") }, errors: [404] },
  { method: "GET", path: "/api/orders/:id/returns", tag: "Returns", summary: "The order's return requests and credit notes, and whether a return may be asked for now.", access: "user", responses: { 200: shapes.orderAftercare }, errors: [404] },
  { method: "POST", path: "/api/orders/:id/returns", tag: "Returns", summary: "Ask to return delivered items (within the return window).", access: "user", body: returnRequestSchema, responses: { 201: messageWith({ returnRequest: shapes.returnRequest }) }, errors: [404, 409] },
  { method: "GET", path: "/api/orders/:id/credit-notes/:noteId.pdf", tag: "Returns", summary: "A credit note of the order.", access: "user", responses: { 200: pdf("The credit note as a PDF.") }, errors: [404] },
  { method: "POST", path: "/api/payments/razorpay/webhook", tag: "Payments", summary: "Razorpay's events (payment captured or failed, refunds), checked by their signature.", access: "gateway", body: { raw: "application/json" }, responses: { 200: z.object({ ok: z.literal(true), duplicate: z.optional(z.literal(true)) }) }, errors: [503] },
  { method: "POST", path: "/api/shipping/webhook", tag: "Shipping", summary: "Shiprocket's tracking updates: scans recorded once each; DELIVERED and RTO DELIVERED move the order once Shiprocket's tracking confirms them; an unknown AWB is ignored.", access: "shipping", body: { raw: "application/json" }, responses: { 200: z.object({ ok: z.literal(true), ignored: z.optional(z.literal(true)) }) }, errors: [404, 413, 429, 503] },
  { method: "GET", path: "/api/whatsapp/webhook", tag: "Messages", summary: "Meta's subscription check: `hub.challenge` answered as text when `hub.verify_token` is WHATSAPP_VERIFY_TOKEN (else 403); 404 without WhatsApp's settings.", access: "whatsapp", query: z.object({ "hub.mode": z.optional(z.string()), "hub.verify_token": z.optional(z.string()), "hub.challenge": z.optional(z.string()) }), responses: { 200: { file: "text/plain", description: "The challenge, as sent." } }, errors: [403, 404] },
  { method: "POST", path: "/api/whatsapp/webhook", tag: "Messages", summary: "Meta's WhatsApp events: delivery statuses of the shop's messages (a failed one is sent again by SMS) and the shopper's replies (cod_confirm's Confirm and Cancel from the order's number, STOP), each message id acted on once; anything else acknowledged.", access: "whatsapp", body: { raw: "application/json" }, responses: { 200: z.object({ ok: z.literal(true) }) }, errors: [404, 413] },
  { method: "POST", path: "/api/payments/test/:orderId/pay", tag: "Payments", summary: "Test mode only (PAYMENTS_TEST_MODE): the signed fields of a successful payment.", access: "user", responses: { 200: z.object({ razorpay_order_id: z.string(), razorpay_payment_id: z.string(), razorpay_signature: z.string() }) }, errors: [404] },
  { method: "POST", path: "/api/payments/test/:orderId/fail", tag: "Payments", summary: "Test mode only (PAYMENTS_TEST_MODE): a failed payment.", access: "user", responses: { 200: z.object({ error: z.object({ description: z.string() }) }) }, errors: [404] },

  // --- Prescriptions --------------------------------------------------------------------------
  { method: "POST", path: "/api/prescriptions", tag: "Prescriptions", summary: "Upload a prescription (JPEG, PNG, WebP or PDF in the multipart field `file`).", access: "user", body: { multipart: "file", description: "The prescription file; optional fields patientName and doctorName." }, responses: { 201: shapes.prescription }, errors: [413, 415, 429] },
  { method: "GET", path: "/api/prescriptions", tag: "Prescriptions", summary: "The customer's prescriptions.", access: "user", responses: { 200: list(shapes.prescription) } },
  { method: "GET", path: "/api/prescriptions/:id", tag: "Prescriptions", summary: "One prescription (its owner, a pharmacist or an admin).", access: "user", responses: { 200: shapes.prescription }, errors: [404] },
  { method: "GET", path: "/api/prescriptions/:id/file", tag: "Prescriptions", summary: "The prescription's file (private, never cached).", access: "user", responses: { 200: { file: "application/octet-stream", description: "The file as uploaded (image or PDF)." } }, errors: [404] },
  { method: "POST", path: "/api/prescription-orders", tag: "Prescriptions", summary: "Ask the pharmacy to build the order from one of the caller's prescriptions (not rejected), with an optional saved address and note. One request per prescription waits at a time (409); another customer's prescription is 404.", access: "user", body: prescriptionOrderAskSchema, responses: { 201: shapes.prescriptionOrder }, errors: [404, 409] },
  { method: "GET", path: "/api/prescription-orders", tag: "Prescriptions", summary: "The caller's requests, newest first: waiting, proposed (the items put in the cart) or declined (the reason).", access: "user", responses: { 200: list(shapes.prescriptionOrder) } },
  { method: "GET", path: "/api/prescription-orders/:id", tag: "Prescriptions", summary: "One of the caller's requests (another customer's is 404).", access: "user", responses: { 200: shapes.prescriptionOrder }, errors: [404] },

  // --- Admin ----------------------------------------------------------------------------------
  { method: "POST", path: "/api/upload", tag: "Admin: products", summary: "Upload a product image (multipart field `image`).", access: "admin", body: { multipart: "image", description: "A JPEG, PNG or WebP image." }, responses: { 201: z.object({ imageUrl: z.string() }) }, errors: [413, 415] },
  { method: "GET", path: "/api/admin/users", tag: "Admin: users", summary: "Accounts (search, paging).", access: "admin", query: adminListQuerySchema, responses: { 200: list(shapes.adminUser) }, paged: true },
  { method: "POST", path: "/api/admin/users", tag: "Admin: users", summary: "Create an account with a role.", access: "admin", body: adminCreateUserSchema, responses: { 201: messageWith({ user: shapes.adminUser }) }, errors: [409] },
  { method: "PUT", path: "/api/admin/users/:id", tag: "Admin: users", summary: "Change an account's name, email or role.", access: "admin", body: adminUpdateUserSchema, responses: { 200: messageWith({ user: shapes.adminUser }) }, errors: [404, 409] },
  { method: "POST", path: "/api/admin/users/:id/two-factor/reset", tag: "Admin: users", summary: "Turn off another account's two-factor sign-in (lost phone and backup codes): its secret and codes removed, its sessions revoked, recorded in the audit log.", access: "admin", responses: { 200: shapes.messageReply }, errors: [404, 409] },
  { method: "DELETE", path: "/api/admin/users/:id", tag: "Admin: users", summary: "Delete an account.", access: "admin", responses: { 200: shapes.messageReply }, errors: [404, 409] },
  { method: "GET", path: "/api/admin/products", tag: "Admin: products", summary: "Every product, published or not (search, paging).", access: "admin", query: adminProductQuerySchema, responses: { 200: list(shapes.adminProduct) }, paged: true },
  { method: "POST", path: "/api/admin/products", tag: "Admin: products", summary: "Create a product.", access: "admin", body: adminProductSchema, responses: { 201: shapes.adminProduct }, errors: [409] },
  { method: "PUT", path: "/api/admin/products/:id", tag: "Admin: products", summary: "Change a product (the fields given; the rest stay).", access: "admin", body: adminProductUpdateSchema, responses: { 200: shapes.adminProduct }, errors: [404, 409] },
  { method: "GET", path: "/api/admin/products/export.csv", tag: "Admin: products", summary: "The catalogue as CSV (one row per product).", access: "admin", responses: { 200: csv("The catalogue.") } },
  { method: "GET", path: "/api/admin/products/template.csv", tag: "Admin: products", summary: "The catalogue CSV's header and one example row.", access: "admin", responses: { 200: csv("The template.") } },
  { method: "POST", path: "/api/admin/products/import", tag: "Admin: products", summary: "Create and change products from a CSV (by SKU; all rows or none).", access: "admin", body: { multipart: "file", description: "The catalogue CSV (UTF-8, at most 8 MB)." }, responses: { 200: catalogueImported }, errors: [413, 415, 422] },
  { method: "DELETE", path: "/api/admin/products/:id", tag: "Admin: products", summary: "Delete a product (one with orders is unpublished instead).", access: "admin", responses: { 200: messageWith({ unpublished: z.boolean() }) }, errors: [404] },
  { method: "GET", path: "/api/admin/orders", tag: "Admin: orders", summary: "Orders (status filter, search, paging; `cod=unconfirmed`: unpaid COD orders in Processing awaiting confirmation); pharmacists too.", access: "staff", query: adminOrderQuerySchema, responses: { 200: list(shapes.adminOrder) }, paged: true },
  { method: "PUT", path: "/api/admin/orders/:id", tag: "Admin: orders", summary: "Move an order to a status (Shipped needs the courier and AWB).", access: "admin", body: adminOrderStatusSchema, responses: { 200: shapes.adminOrder }, errors: [400, 404, 409] },
  { method: "POST", path: "/api/admin/orders/:id/shipment", tag: "Admin: orders", summary: "Ship through Shiprocket: its order, the AWB, the label and the pickup; the order is Shipped. A refusal is 502 with Shiprocket's reason.", access: "admin", body: shipmentParcelSchema, responses: { 200: z.object({ order: shapes.orderDetail }) }, errors: [404, 409, 502] },
  { method: "GET", path: "/api/admin/orders/:id/shipment/label", tag: "Admin: orders", summary: "The Shiprocket label to print, fetched from Shiprocket by the shop.", access: "admin", responses: { 200: pdf("The label as a PDF.") }, errors: [404, 502] },
  { method: "GET", path: "/api/admin/orders/:id/messages", tag: "Admin: orders", summary: "The SMS and WhatsApp messages of the order, oldest first: number, channel, template, status and times.", access: "admin", responses: { 200: list(shapes.orderMessage) }, errors: [404] },
  { method: "POST", path: "/api/admin/orders/:id/confirm-cod", tag: "Admin: orders", summary: "Confirm a customer's cash-on-delivery order for them (after a call).", access: "admin", responses: { 200: messageWith({ order: shapes.order }) }, errors: [404, 409] },
  { method: "DELETE", path: "/api/admin/orders/:id", tag: "Admin: orders", summary: "Delete an order, or archive one with an invoice or a payment.", access: "admin", responses: { 200: messageWith({ archived: z.boolean() }) }, errors: [404, 409] },
  { method: "GET", path: "/api/admin/prescriptions", tag: "Admin: prescriptions", summary: "The pharmacist's review queue.", access: "staff", query: reviewQueueQuerySchema, responses: { 200: list(shapes.queuePrescription) }, paged: true },
  { method: "POST", path: "/api/admin/orders/:id/prescription-review", tag: "Admin: prescriptions", summary: "Approve (prescriber and registration) or reject (reason) an order's prescriptions.", access: "staff", body: prescriptionReviewSchema, responses: { 200: messageWith({ order: shapes.order }) }, errors: [404, 409] },
  { method: "GET", path: "/api/admin/prescription-orders", tag: "Admin: prescriptions", summary: "Requests to build an order from a prescription, oldest first (status waiting, proposed or declined; paging), with the shopper, the prescription and the address.", access: "staff", query: prescriptionOrderQuerySchema, responses: { 200: list(shapes.adminPrescriptionOrder) }, paged: true },
  { method: "POST", path: "/api/admin/prescription-orders/:id/proposal", tag: "Admin: prescriptions", summary: "A pharmacist (never for their own request) proposes the items: they go into the shopper's cart, added to what it holds and capped at stock (`skipped` says what was left out), the request becomes proposed and the shopper is told by email, SMS and WhatsApp. Prescription-only products need prescriberName and prescriberRegistration; an order of those products within the proposal is placed already approved by this pharmacist. A request already answered: 409.", access: "staff", body: prescriptionOrderProposalSchema, responses: { 200: messageWith({ request: shapes.prescriptionOrder, skipped: shapes.reorder.shape.skipped }) }, errors: [404, 409] },
  { method: "POST", path: "/api/admin/prescription-orders/:id/decline", tag: "Admin: prescriptions", summary: "A pharmacist declines a waiting request with the reason; the shopper is told why. A request already answered: 409.", access: "staff", body: prescriptionOrderDeclineSchema, responses: { 200: messageWith({ request: shapes.prescriptionOrder }) }, errors: [404, 409] },
  { method: "GET", path: "/api/admin/reports/h1-register.csv", tag: "Admin: prescriptions", summary: "The Schedule H1 register for a date range.", access: "staff", query: h1RegisterQuerySchema, responses: { 200: csv("The register.") } },
  { method: "GET", path: "/api/admin/reviews", tag: "Admin: reviews", summary: "Reviews for moderation.", access: "admin", query: adminReviewQuerySchema, responses: { 200: list(shapes.adminReview) }, paged: true },
  { method: "PUT", path: "/api/admin/reviews/:id", tag: "Admin: reviews", summary: "Hide or show a review.", access: "admin", body: adminReviewUpdateSchema, responses: { 200: z.union([shapes.adminReview, shapes.messageReply]) }, errors: [404] },
  { method: "DELETE", path: "/api/admin/reviews/:id", tag: "Admin: reviews", summary: "Delete a review.", access: "admin", responses: { 200: shapes.messageReply }, errors: [404] },
  { method: "GET", path: "/api/admin/coupons", tag: "Admin: coupons", summary: "Coupons with their use, campaign coupons or welcome codes (kind).", access: "admin", query: adminCouponListQuerySchema, responses: { 200: list(shapes.adminCoupon) }, paged: true },
  { method: "POST", path: "/api/admin/coupons", tag: "Admin: coupons", summary: "Create a coupon.", access: "admin", body: adminCouponSchema, responses: { 201: shapes.adminCoupon }, errors: [409] },
  { method: "PUT", path: "/api/admin/coupons/:id", tag: "Admin: coupons", summary: "Change a coupon.", access: "admin", body: adminCouponSchema, responses: { 200: shapes.adminCoupon }, errors: [404, 409] },
  { method: "DELETE", path: "/api/admin/coupons/:id", tag: "Admin: coupons", summary: "Delete a coupon (one that was used is deactivated instead).", access: "admin", responses: { 200: messageWith({ deactivated: z.boolean() }) }, errors: [404] },
  { method: "GET", path: "/api/admin/settings", tag: "Admin: settings", summary: "The shop's settings (low-stock threshold, dispatch cut-off).", access: "admin", responses: { 200: shapes.shopSettings } },
  { method: "PUT", path: "/api/admin/settings", tag: "Admin: settings", summary: "Change the settings.", access: "admin", body: settingsUpdateSchema, responses: { 200: messageWith({ settings: shapes.shopSettings }) } },
  { method: "GET", path: "/api/admin/low-stock", tag: "Admin: products", summary: "Products at or below their low-stock threshold, fewest units first.", access: "admin", responses: { 200: shapes.lowStockList } },
  { method: "GET", path: "/api/admin/audit", tag: "Admin: audit", summary: "The audit log, newest first (entity, record, actor and IST date filters).", access: "admin", query: auditQuerySchema, responses: { 200: list(shapes.auditEntry) }, paged: true },
  { method: "GET", path: "/api/admin/stats", tag: "Admin: dashboard", summary: "The dashboard's figures.", access: "admin", responses: { 200: shapes.adminStats } },
  { method: "GET", path: "/api/admin/messages", tag: "Admin: inbox", summary: "Contact messages.", access: "admin", query: adminListQuerySchema, responses: { 200: list(shapes.contactMessage) }, paged: true },
  { method: "PUT", path: "/api/admin/messages/:id", tag: "Admin: inbox", summary: "Mark a message handled (or reopen it).", access: "admin", body: adminMessageUpdateSchema, responses: { 200: shapes.contactMessage }, errors: [404] },
  { method: "GET", path: "/api/admin/subscribers", tag: "Admin: inbox", summary: "Newsletter subscribers.", access: "admin", query: adminListQuerySchema, responses: { 200: list(shapes.subscriber) }, paged: true },
  { method: "GET", path: "/api/admin/subscribers.csv", tag: "Admin: inbox", summary: "Newsletter subscribers as CSV.", access: "admin", responses: { 200: csv("The subscribers.") } },
  { method: "GET", path: "/api/admin/serviceability", tag: "Admin: delivery", summary: "The serviceability table (PIN ranges, days, cash on delivery).", access: "admin", responses: { 200: list(shapes.serviceabilityRange) } },
  { method: "GET", path: "/api/admin/serviceability.csv", tag: "Admin: delivery", summary: "The serviceability table as CSV.", access: "admin", responses: { 200: csv("The table.") } },
  { method: "POST", path: "/api/admin/serviceability/import", tag: "Admin: delivery", summary: "Replace the serviceability table from a CSV (all rows or none).", access: "admin", body: { multipart: "file", description: "The table as CSV (at most 2 MB)." }, responses: { 200: rangesImported }, errors: [413, 415, 422] },
  { method: "GET", path: "/api/admin/refills", tag: "Admin: refills", summary: "Every refill, next date first (cancelled ones last); status filter, paging.", access: "admin", query: adminRefillsQuerySchema, responses: { 200: list(shapes.adminRefill) }, paged: true },
  { method: "GET", path: "/api/admin/returns", tag: "Returns", summary: "Return requests, open first (status filter, paging).", access: "admin", query: returnListQuerySchema, responses: { 200: list(shapes.returnRequest) }, paged: true },
  { method: "PUT", path: "/api/admin/returns/:id", tag: "Returns", summary: "Approve and refund, or reject with a reason, a return request.", access: "admin", body: returnDecisionSchema, responses: { 200: messageWith({ returnRequest: shapes.returnRequest }) }, errors: [404, 409, 502] },

  // --- This document --------------------------------------------------------------------------
  { method: "GET", path: "/api/openapi.json", tag: "Reference", summary: "This description (OpenAPI 3.1), cacheable with an ETag.", access: "public", responses: { 200: z.record(z.string(), z.unknown()) } },
  { method: "GET", path: "/api/docs", tag: "Reference", summary: "This description as a page to read.", access: "public", responses: { 200: { file: "text/html", description: "The API reference page." } } },
];
