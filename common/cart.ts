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
