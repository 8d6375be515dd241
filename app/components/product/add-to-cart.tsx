import { useEffect, useRef, useState } from "react";
import type { ProductJson } from "#common/catalog.ts";
import { formatRupeeAmount } from "#common/money.ts";
import { AddToCartButton } from "~/components/cart/add-to-cart-button";
import { useT } from "~/lib/i18n";

const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-400";

/** Bottom padding the page gets while the sticky bar shows, so the bar never covers the end of the page. */
const PAGE_PADDING = "max-sm:pb-24";

/**
 * The product page's Add to Cart: the chosen quantity goes to the cart; out of stock disables it.
 * On phones (below 640 px), once the shopper has scrolled past it, a bar fixed to the bottom of the
 * screen offers the same button with the same quantity.
 */
export function AddToCart({ product, quantity }: { product: ProductJson; quantity: number }) {
  const inStock = product.countInStock > 0;
  const t = useT();
  const anchor = useRef<HTMLDivElement>(null);
  const [scrolledPast, setScrolledPast] = useState(false);

  useEffect(() => {
    const element = anchor.current;
    if (!element || !inStock || typeof IntersectionObserver === "undefined") return;
    // The root reaches far below the screen, so the button stops "intersecting" only once it is
    // above the screen: a jump from below the fold to past it still crosses, and reports.
    const observer = new IntersectionObserver(
      ([entry]) => {
        setScrolledPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
      },
      { rootMargin: "0px 0px 1000000px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inStock]);

  useEffect(() => {
    if (!scrolledPast) return;
    document.body.classList.add(PAGE_PADDING);
    return () => document.body.classList.remove(PAGE_PADDING);
  }, [scrolledPast]);

  return (
    <div ref={anchor}>
      <AddToCartButton productId={product._id} name={product.name} quantity={quantity} disabled={!inStock} className={`${BUTTON} w-full px-6 sm:w-auto`} />
      {inStock ? (
        <section
          aria-label={t("product.addToCartBar")}
          hidden={!scrolledPast}
          className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] sm:hidden"
        >
          <div className="flex items-center gap-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-gray-900">{product.name}</p>
              <p className="text-sm text-gray-800">
                <span className="font-bold">{formatRupeeAmount(product.price)}</span>
                {quantity > 1 ? <span>{t("product.barQuantity", { quantity })}</span> : null}
              </p>
            </div>
            <div className="flex-none">
              <AddToCartButton productId={product._id} name={product.name} quantity={quantity} accessibleSuffix={product.name} className={`${BUTTON} px-4`} />
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}
