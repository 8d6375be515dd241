// zod/mini: bodies of the cart calls (api-contract.md, "Cart"). Owner fields (userId, guestId)
// are resolved by the API, and any price a client sends is ignored.
import * as z from "zod/mini";

export const MAX_CART_QUANTITY = 1000;

export const CART_MESSAGES = {
  productIdRequired: "productId is required",
  quantityAtLeastOne: "Quantity must be a whole number of at least 1",
  quantityAtLeastZero: "Quantity must be a whole number of at least 0",
  quantityTooLarge: `Quantity can be at most ${MAX_CART_QUANTITY}`,
} as const;

const productId = z.string({ error: CART_MESSAGES.productIdRequired }).check(
  z.trim(),
  z.minLength(1, CART_MESSAGES.productIdRequired),
  z.maxLength(200, CART_MESSAGES.productIdRequired),
);

/** JSON clients send 2; form posts send "2". */
const quantity = (min: 0 | 1, fallback?: number) => {
  const message = min === 1 ? CART_MESSAGES.quantityAtLeastOne : CART_MESSAGES.quantityAtLeastZero;
  return z.pipe(
    z.transform((value: unknown) => {
      if ((value === undefined || value === null || value === "") && fallback !== undefined) return fallback;
      if (typeof value !== "string") return value;
      const text = value.trim();
      return /^[+-]?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    }),
    z
      .number({ error: message })
      .check(z.int(message), z.minimum(min, message), z.maximum(MAX_CART_QUANTITY, CART_MESSAGES.quantityTooLarge)),
  );
};

/** POST /api/cart: quantity defaults to one. */
export const addToCartSchema = z.object({ productId, quantity: quantity(1, 1) });

/** PUT /api/cart: 0 removes the line. */
export const updateCartLineSchema = z.object({ productId, quantity: quantity(0) });

/** DELETE /api/cart. */
export const removeCartLineSchema = z.object({ productId });

export type AddToCartInput = z.infer<typeof addToCartSchema>;
export type UpdateCartLineInput = z.infer<typeof updateCartLineSchema>;
