// The shop layout's server side: the header's cart hint, and the cart's API sentences' sources.
import type { AppLoadContext } from "react-router";
import { guestIdFromCookieHeader } from "#server/modules/cart/guest-cookie.ts";
import { getCart } from "#server/modules/cart/cart.ts";
import type { CartHint } from "~/lib/cart";

/**
 * The catalogue keys whose English is one of the cart's, the coupon's or the delivery check's
 * sentences (the API's and the browser's own), sent to /hi pages for `useCartApiText()` (app/lib/api-sentences.ts).
 */
export const CART_SOURCES = ["cart.error.", "cart.delivery.invalidPin", "cart.delivery.pinDigits", "cart.delivery.failed"];

/**
 * Whether the shopper (session user, else the guest cookie) has a cart, and its units. No owner
 * means no cart, without a query.
 */
export async function loadCartHint(request: Request, context: AppLoadContext): Promise<CartHint> {
  try {
    const guestId = context.user ? null : guestIdFromCookieHeader(request.headers.get("cookie"));
    if (!context.user && !guestId) return { exists: false, count: 0 };
    const cart = await getCart(context.shop.db, context.user ? { userId: context.user.id } : { guestId: guestId! });
    if (!cart) return { exists: false, count: 0 };
    return { exists: true, count: cart.products.reduce((sum, line) => sum + line.quantity, 0) };
  } catch (error) {
    // Not knowing is no reason to fail the page: the browser asks the cart API itself.
    context.shop.logger.warn({ err: error, requestId: context.requestId }, "cart hint failed");
    return null;
  }
}

export { rememberLanguage } from "#server/modules/users/profile.ts";
