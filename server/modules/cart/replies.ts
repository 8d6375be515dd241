import { PRESCRIPTION_MESSAGES } from "#common/prescriptions.ts";
import { invalidInputReply, type Reply } from "#server/replies.ts";
import type { InvalidInput } from "#server/schemas/input.ts";
import { throttledReply, type Throttled } from "#server/modules/limits/limiter.ts";
import type { AddToCartResult, MergeGuestCartResult, RemoveLineResult, SetLineQuantityResult } from "./cart.ts";

export const CART_MESSAGES = {
  signIn: "Please sign in",
  notYourCart: "You can only access your own cart",
  invalidGuestId: "Invalid guest id",
  cartNotFound: "Cart not found",
  lineNotFound: "Item not found in cart",
  productNotFound: "Product not found",
  noGuestCart: "No guest cart to merge",
  guestCartNotFound: "Guest cart not found",
  onlyAvailable: (available: number) => `Only ${available} items available`,
  overLimit: (limit: number) => `You can buy at most ${limit} of one product at a time`,
} as const;

type CartRefusal = Extract<AddToCartResult | SetLineQuantityResult | RemoveLineResult | MergeGuestCartResult, { ok: false }> | Throttled | InvalidInput;

/** The one status and message for every refusal of the cart module (a bad body, add, change, remove, merge). */
export function cartRefusal(result: CartRefusal): Reply {
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "throttled":
      return throttledReply(result);
    case "product-not-found":
      return { status: 404, message: CART_MESSAGES.productNotFound };
    case "not-sold-online":
      return { status: 400, message: PRESCRIPTION_MESSAGES.notSoldOnline(result.productName) };
    case "over-limit": {
      const message = CART_MESSAGES.overLimit(result.limit);
      return { status: 400, message, errors: { quantity: message } };
    }
    case "insufficient-stock":
      return { status: 409, message: CART_MESSAGES.onlyAvailable(result.available) };
    case "cart-not-found":
      return { status: 404, message: CART_MESSAGES.cartNotFound };
    case "line-not-found":
      return { status: 404, message: CART_MESSAGES.lineNotFound };
    case "guest-cart-not-found":
      return { status: 404, message: CART_MESSAGES.guestCartNotFound };
  }
}
