// The cart calls' limits and texts (api-contract.md, "Cart"); server/schemas/cart.ts checks the bodies.
export const MAX_CART_QUANTITY = 1000;

export const CART_MESSAGES = {
  productIdRequired: "Please choose a product (productId is missing)",
  quantityAtLeastOne: "Quantity must be a whole number of at least 1",
  quantityAtLeastZero: "Quantity must be a whole number of at least 0",
  quantityTooLarge: `Quantity can be at most ${MAX_CART_QUANTITY}`,
} as const;
