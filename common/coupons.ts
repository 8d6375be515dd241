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
