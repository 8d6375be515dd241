import { ShoppingCart } from "lucide-react";
import { useMatches } from "react-router";
import { useLanguage, useT } from "~/lib/i18n";
import { useId, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { CART_MESSAGES, useCartStore } from "~/lib/cart";

/**
 * Adds `quantity` of a product to the cart: 'Adding...' while the call runs, a toast
 * '{name} added to cart!' on success (the header count follows the answered cart), and the
 * server's refusal ('Only 3 items available') beside the button until the next try.
 */
export function AddToCartButton({
  productId,
  name,
  quantity,
  disabled = false,
  className,
  accessibleSuffix,
}: {
  productId: string;
  name: string;
  quantity: number;
  disabled?: boolean;
  className: string;
  /** Read after the label by screen readers ("Add to Cart: {name}") where several buttons share a page. */
  accessibleSuffix?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const matches = useMatches();
  const store = useCartStore();
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const add = async () => {
    if (adding || disabled) return;
    setAdding(true);
    setError(null);
    const result = await store.addToCart(productId, quantity);
    setAdding(false);
    if (result.ok) {
      toast.success(t("catalog.added", { name }), { action: { label: t("catalog.viewCart"), onClick: () => store.openDrawer() } });
    } else {
      const message = result.message || CART_MESSAGES.add;
      // The server's sentence is English; a Hindi page loads the matcher (app/lib/api-sentences.ts) only when a refusal comes.
      setError(language === "en" ? message : (await import("~/lib/api-sentences")).matchedApiText(matches, ["cart"], t, language, "cart.error.add")(message));
    }
  };

  return (
    <>
      <button
        type="button"
        disabled={disabled}
        aria-describedby={error ? errorId : undefined}
        onClick={() => void add()}
        // The toast library is loaded with the first toast; start fetching it when one is likely.
        onPointerEnter={preloadToasts}
        onFocus={preloadToasts}
        className={className}
      >
        <ShoppingCart className="h-5 w-5" aria-hidden />
        {adding ? t("catalog.adding") : t("catalog.addToCart")}
        {accessibleSuffix ? <span className="sr-only">: {accessibleSuffix}</span> : null}
      </button>
      <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </>
  );
}

function preloadToasts() {
  void import("sonner");
}
