// What a checkout (and its quote) asks for, read once (decisions/022): the body's fields, the
// delivery address — one of the caller's saved addresses (`addressId`) or one typed in
// (`shippingAddress`, India only) — and the delivery promise of its PIN code, which also fills the
// state when the shopper left it out. POST /api/checkout and POST /api/checkout/quote both start here.
import * as z from "zod/mini";
import type { SavedAddress } from "#common/addresses.ts";
import { CHECKOUT_MESSAGES } from "#common/checkout.ts";
import { COUNTRY_INDIA } from "#common/india.ts";
import type { Language } from "#common/language.ts";
import type { PaymentMethod, ShippingAddress } from "#common/orders.ts";
import { shownEmail } from "#server/db/no-email.ts";
import type { ShopContext } from "#server/context.ts";
import { findAddressOfUser } from "#server/modules/addresses/addresses.ts";
import { findDeliveryPromise } from "#server/modules/delivery/courier-network.ts";
import type { Serviceability } from "#server/modules/delivery/serviceability.ts";
import { checkoutSchema, shippingAddressSchema } from "#server/schemas/checkout.ts";
import { fieldErrors, NOT_AN_OBJECT_MESSAGE } from "#server/schemas/field-errors.ts";
import { dispatchConfig } from "#server/modules/settings/settings.ts";

export interface CheckoutCaller {
  id: string;
  email: string;
}

export interface CheckoutRequest {
  shippingAddress: ShippingAddress;
  paymentMethod: PaymentMethod;
  /** The PIN code's promise: serviceable (else the request is refused). */
  delivery: Extract<Serviceability, { serviceable: true }>;
  /** The caller's own prescriptions to attach (decisions/019). */
  prescriptionIds?: readonly string[];
  /** A coupon code typed at checkout; absent: the cart's applied coupon (decisions/025). */
  couponCode?: string;
  /** This order's news on WhatsApp, to its delivery phone (decisions/055). */
  whatsappUpdates?: boolean;
  /** The language of the pages the order is placed from (decisions/064); absent: the account's. */
  language?: Language;
}

export type CheckoutRequestRefusal =
  | { ok: false; reason: "invalid"; message: string; errors: Record<string, string> }
  /** `addressId` is not one of the caller's saved addresses (someone else's reads the same). */
  | { ok: false; reason: "address-not-found" }
  | { ok: false; reason: "not-serviceable" };

/** "Asha Rao" → "Asha" and "Rao": the checkout's two name fields from the address book's one. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/** A saved address as an order's delivery address (the account's email, as the form sends it). */
export function shippingAddressFrom(saved: SavedAddress, email: string): ShippingAddress {
  return {
    ...splitFullName(saved.fullName),
    address: saved.line1,
    ...(saved.line2 ? { line2: saved.line2 } : {}),
    ...(saved.landmark ? { landmark: saved.landmark } : {}),
    city: saved.city,
    state: saved.state,
    postalCode: saved.postalCode,
    country: COUNTRY_INDIA,
    phone: saved.phone,
    email,
  };
}

/** The body's typed address, checked once; any missing field makes the summary 'Please fill all required fields'. */
function readTypedAddress(input: unknown): { ok: true; address: z.infer<typeof shippingAddressSchema> } | Extract<CheckoutRequestRefusal, { reason: "invalid" }> {
  const parsed = z.safeParse(shippingAddressSchema, input ?? {});
  if (parsed.success) return { ok: true, address: parsed.data };
  const errors = fieldErrors(parsed.error);
  const missing = typeof input !== "object" || input === null || parsed.error.issues.some((issue) => issue.message === CHECKOUT_MESSAGES.required);
  return { ok: false, reason: "invalid", message: missing ? CHECKOUT_MESSAGES.required : (Object.values(errors)[0] ?? CHECKOUT_MESSAGES.required), errors };
}

export async function readCheckoutRequest(
  shop: ShopContext,
  caller: CheckoutCaller,
  body: unknown,
  now = new Date(),
): Promise<{ ok: true; request: CheckoutRequest } | CheckoutRequestRefusal> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, reason: "invalid", message: NOT_AN_OBJECT_MESSAGE, errors: {} };
  }
  const fields = z.safeParse(checkoutSchema, body);
  if (!fields.success) {
    const errors = fieldErrors(fields.error);
    return { ok: false, reason: "invalid", message: Object.values(errors)[0] ?? CHECKOUT_MESSAGES.required, errors };
  }
  const { addressId, shippingAddress: typed, paymentMethod = "razorpay", prescriptionIds, couponCode, whatsappUpdates, language } = fields.data;

  let shippingAddress: ShippingAddress;
  if (addressId !== undefined) {
    const saved = await findAddressOfUser(shop.db, caller.id, addressId);
    if (!saved) return { ok: false, reason: "address-not-found" };
    shippingAddress = shippingAddressFrom(saved, shownEmail(caller.email) ?? "");
  } else {
    const read = readTypedAddress(typed);
    if (!read.ok) return read;
    const { line2, landmark, state, email, ...rest } = read.address;
    shippingAddress = {
      ...rest,
      ...(line2 ? { line2 } : {}),
      ...(landmark ? { landmark } : {}),
      ...(state ? { state } : {}),
      // An account made by phone has no email to print on the order (decisions/050).
      email: email ?? shownEmail(caller.email) ?? "",
    };
  }

  // The PIN check's own answer (Shiprocket's, kept a day, or the uploaded list): the promise shown is the one kept.
  const delivery = await findDeliveryPromise(shop, shippingAddress.postalCode, now, await dispatchConfig(shop));
  if (!delivery.serviceable) return { ok: false, reason: "not-serviceable" };
  // The state the shopper chose stands (the invoice's place of supply follows it); else the PIN's.
  shippingAddress.state ??= delivery.state;
  return {
    ok: true,
    request: {
      shippingAddress,
      paymentMethod,
      delivery,
      ...(prescriptionIds ? { prescriptionIds } : {}),
      ...(couponCode ? { couponCode } : {}),
      ...(whatsappUpdates ? { whatsappUpdates } : {}),
      ...(language ? { language } : {}),
    },
  };
}
