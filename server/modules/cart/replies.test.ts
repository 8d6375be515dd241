import { describe, expect, it } from "vitest";
import { cartRefusal } from "./replies.ts";

describe("cartRefusal: one status and message per refusal of the cart module", () => {
  it.each([
    [{ ok: false, reason: "product-not-found" }, 404, "Product not found"],
    [{ ok: false, reason: "not-sold-online", productName: "Codeine X" }, 400, "Codeine X is a Schedule X medicine and cannot be sold online"],
    [{ ok: false, reason: "insufficient-stock", available: 3 }, 409, "Only 3 items available"],
    [{ ok: false, reason: "cart-not-found" }, 404, "Cart not found"],
    [{ ok: false, reason: "line-not-found" }, 404, "Item not found in cart"],
    [{ ok: false, reason: "guest-cart-not-found" }, 404, "Guest cart not found"],
  ] as const)("%o → %i %s", (result, status, message) => {
    expect(cartRefusal(result)).toEqual({ status, message });
  });

  it("over the per-product cap: 400 with the message on the quantity field", () => {
    const message = "You can buy at most 5 of one product at a time";
    expect(cartRefusal({ ok: false, reason: "over-limit", limit: 5 })).toEqual({ status: 400, message, errors: { quantity: message } });
  });

  it("a body that fails its schema: 400 led by the first field's message", () => {
    const errors = { productId: "Product id is required", quantity: "Quantity must be at least 1" };
    expect(cartRefusal({ ok: false, reason: "invalid", errors })).toEqual({ status: 400, message: errors.productId, errors });
  });

  it("too many guest carts from one address: 429 with Retry-After", () => {
    const reply = cartRefusal({ ok: false, reason: "throttled", limit: "guestCartsPerAddress", retryAfterSeconds: 90 });
    expect(reply).toMatchObject({ status: 429, headers: { "Retry-After": "90" } });
  });
});
