// The cart as the API sends it, and its calls' limits and texts (api-contract.md, "Cart");
// server/schemas/cart.ts checks the bodies.
import type { CartCouponJson } from "./coupons.ts";

export const MAX_CART_QUANTITY = 1000;

export const CART_MESSAGES = {
  productIdRequired: "Please choose a product (productId is missing)",
  quantityAtLeastOne: "Quantity must be a whole number of at least 1",
  quantityAtLeastZero: "Quantity must be a whole number of at least 0",
  quantityTooLarge: `Quantity can be at most ${MAX_CART_QUANTITY}`,
} as const;

/**
 * Why a line of an earlier order (or of a pharmacist's proposal) did not go into the cart, wholly
 * or in part (`POST /api/orders/:id/reorder`'s `skipped[].reason`).
 */
export const LEFT_OUT_MESSAGES = {
  noLongerSold: "No longer sold",
  notSoldOnline: "Not sold online (Schedule X)",
  outOfStock: "Out of stock",
  partInStock: (added: number, wanted: number) => `Only ${added} of ${wanted} added: that is all we have in stock`,
  partOverLimit: (added: number, wanted: number, limit: number) => `Only ${added} of ${wanted} added: at most ${limit} of one product at a time`,
} as const;

/** "Buy again"'s answers on the order page and My Orders. */
export const REORDER_MESSAGES = {
  added: "Added to your cart at today's prices.",
  partlyAdded: "Added to your cart at today's prices, except:",
  nothingAdded: "Nothing could be added to your cart:",
} as const;

/** A line that did not go into the cart, wholly or in part, and why. */
export interface LeftOutLine {
  productId: string;
  name: string;
  reason: string;
}

export interface CartLineJson {
  productId: string;
  name: string;
  image: string;
  /** Rupees, from the product table at read time. */
  price: number;
  quantity: number;
  subcategory: string | null;
  prescriptionRequired: boolean;
  countInStock: number;
  expiryDate: string | null;
  /** Pack text ("/Sachet", "200ml"). */
  quantityLabel: string | null;
}

export interface CartJson {
  _id: string;
  user?: string;
  guestId?: string;
  products: CartLineJson[];
  /** Rupees: the lines summed in paise, then converted, less the coupon's discount. */
  totalPrice: number;
  /** Rupees: the lines before any discount. */
  itemsPrice: number;
  /** The applied coupon (issue 15); `message` when it no longer applies (then `discount` is 0). */
  coupon: CartCouponJson | null;
  /** Rupees: the coupon's discount (0 without one). */
  discount: number;
  /** Rupees: MRP less what is paid for the lines ("You save ₹X on MRP"), the coupon included. */
  savings: number;
  updatedAt: string;
}
