import { ShoppingCart } from "lucide-react";
import { useId } from "react";
import type { ProductJson } from "#common/catalog.ts";

/**
 * The product page's Add to Cart. The cart does not exist yet, so the button is disabled with a
 * note saying why; the cart work replaces this one component (it receives the chosen quantity).
 */
export function AddToCart({ product, quantity: _quantity }: { product: ProductJson; quantity: number }) {
  const noteId = useId();
  const inStock = product.countInStock > 0;
  return (
    <div>
      <button
        type="button"
        disabled
        aria-describedby={inStock ? noteId : undefined}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white disabled:cursor-not-allowed disabled:bg-gray-400 sm:w-auto"
      >
        <ShoppingCart className="h-5 w-5" aria-hidden />
        Add to Cart
      </button>
      {inStock ? (
        <p id={noteId} className="mt-2 text-sm text-gray-700">
          Add to Cart will be available when the cart opens.
        </p>
      ) : null}
    </div>
  );
}
