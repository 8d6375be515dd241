import { useState } from "react";
import { AddToCartButton } from "./add-to-cart-button";
import { QuantityStepper } from "./quantity-stepper";

/**
 * Add to Cart on a product card: a quantity stepper (1 to the card's `maxQuantity`, the product
 * page's limit: the stock, at most 10) and the product page's button, so the same cart call,
 * toast and refusals ("Only 3 items available", the per-customer cap) apply. Prescription-only
 * products are added like any other; the prescription is asked for at checkout (the shop's rule).
 * It sits above the card's full-card link.
 */
export function CardAddToCart({ productId, name, maxQuantity }: { productId: string; name: string; maxQuantity: number }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <div className="relative z-10 flex flex-col gap-2">
      <QuantityStepper value={quantity} max={maxQuantity} onChange={setQuantity} name={name} />
      <AddToCartButton
        productId={productId}
        name={name}
        quantity={quantity}
        accessibleSuffix={name}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      />
    </div>
  );
}
