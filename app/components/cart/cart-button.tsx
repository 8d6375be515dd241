import { ShoppingCart } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { cartCount, useCart } from "~/lib/cart";
import { useT } from "~/lib/i18n";

const loadDrawer = () => import("./cart-drawer");
const CartDrawer = lazy(loadDrawer);

/**
 * The header's cart icon with the number of units: server-rendered from the layout's cart hint,
 * then kept by the cart store. The badge floats over the icon, so it never moves anything.
 * The drawer's code is fetched when the shopper heads for the button, not with the page.
 */
export function CartButton({ signedIn }: { signedIn: boolean }) {
  const state = useCart();
  const { drawerOpen, store } = state;
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Rendered from the first open on, so closing keeps it (and its focus handling) mounted.
  const [used, setUsed] = useState(false);
  const location = useLocation();
  const count = cartCount(state);
  const known = state.cart !== null || state.exists !== null;

  useEffect(() => {
    if (drawerOpen) setUsed(true);
  }, [drawerOpen]);
  useEffect(() => store.closeDrawer(), [location.key, store]);

  const t = useT();
  const label = known ? t("frame.cart.labelCount", { count }) : t("frame.cart.label");
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="relative rounded-md p-2 text-gray-700 hover:bg-brand-50 hover:text-brand-800"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => store.openDrawer()}
      >
        <ShoppingCart className="h-6 w-6" aria-hidden />
        {count > 0 ? (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-600 px-1 text-xs leading-none font-bold text-white"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <CartDrawer returnFocusTo={buttonRef} signedIn={signedIn} />
        </Suspense>
      ) : null}
    </>
  );
}

function preload() {
  void loadDrawer();
}
