// Coupons as shoppers and admins see them (api-contract.md, "Coupons"; issue 15): the messages,
// the code's shape and the JSON shapes, shared by the server, the browser and the tests.
import { formatRupees } from "./money.ts";

/** What a code may look like once trimmed and upper-cased; anything else is simply "not valid". */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** The code as stored: trimmed and upper-cased (codes are case-insensitive). */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Why a code does not apply. An unknown code and an inactive one get the same sentence, so codes
 * cannot be discovered by trying; the others are only told for a real, active code.
 */
export const COUPON_MESSAGES = {
  invalid: "This coupon is not valid",
  expired: "This coupon has expired",
  notStarted: "This coupon is not active yet",
  minOrder: (shortfallPaise: number) => `Add items worth ${formatRupees(shortfallPaise)} to use this coupon`,
  alreadyUsed: "You have already used this coupon",
  /** A welcome code used by an account with another email (issue 26): it belongs to the address it was emailed to. */
  personal: "This code is for the email address it was sent to: sign in with that address to use it",
  firstOrderOnly: "This coupon is only for your first order",
  fullyUsed: "This coupon has been fully used",
  notApplicable: "This coupon does not apply to the items in your cart",
  codeRequired: "Enter a coupon code",
} as const;

/** "You save ₹X on MRP": what the shopper saves against the printed MRP, coupon included. */
export function savingsText(savedPaise: number): string | null {
  return savedPaise > 0 ? `You save ${formatRupees(savedPaise)} on MRP` : null;
}

/** A cart's applied coupon (POST /api/cart/coupon); `message` when it no longer applies to this cart. */
export interface CartCouponJson {
  code: string;
  /** Rupees. */
  discount: number;
  message?: string;
}

/**
 * A public coupon offered for a cart (GET /api/cart/offers, issue 27, decisions/043): what it takes
 * off and on what terms; `discount` is what it takes off this cart now, `addMore` what the items
 * still lack to reach its minimum order (one of the two is 0). Money in rupees.
 */
export interface CouponOfferJson {
  code: string;
  /** "10% off", "10% off, up to ₹100" or "₹50 off". */
  title: string;
  /** Its conditions in a line: minimum order, first order only, sections, prescription medicines, end date. */
  terms: string;
  discount: number;
  addMore: number;
}

/** The offers for a cart, those that apply first (largest discount first); `best` is the code that saves the most now, if any. */
export interface CartOffersJson {
  offers: CouponOfferJson[];
  best: string | null;
}
