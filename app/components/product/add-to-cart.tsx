import type { ProductJson } from "#common/catalog.ts";
import { AddToCartButton } from "~/components/cart/add-to-cart-button";

/** The product page's Add to Cart: the chosen quantity goes to the cart; out of stock disables it. */
export function AddToCart({ product, quantity }: { product: ProductJson; quantity: number }) {
  return (
    <div>
      <AddToCartButton
        productId={product._id}
        name={product.name}
        quantity={quantity}
        disabled={product.countInStock <= 0}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-400 sm:w-auto"
      />
    </div>
  );
}
