import { Minus, Plus, ShoppingBag, Trash2, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import type { CartLineJson } from "#common/cart.ts";
import { formatLongDate, formatMonthYear } from "#common/dates.ts";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { CheckDelivery } from "~/components/delivery/check-delivery";
import { CouponBox, SavingsLine } from "~/components/cart/coupon-box";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { cartCount, CART_MESSAGES, COUPON_ERROR, useCart, type CartStore } from "~/lib/cart";
import { keepFocusInside } from "~/lib/dialog";
import { type Translate, useLanguage, useLocalePath, useT } from "~/lib/i18n";
import type { Language } from "#common/language.ts";
import { useCartApiText } from "~/lib/api-sentences";

export const CART_PLACEHOLDER = "/images/placeholder-cart.svg";

const QUANTITY_BUTTON =
  "p-2 text-gray-800 hover:bg-gray-100 aria-disabled:cursor-not-allowed aria-disabled:text-gray-400 aria-disabled:hover:bg-transparent";
const rupees = (amount: number) => formatRupees(rupeesToPaise(amount));

/**
 * The cart as a side panel: a native modal <dialog> sliding in from the right (focus kept
 * inside, the page behind inert, Escape closes), focus returned to the cart button on close.
 * Loaded with the first open (see CartButton), so it costs the first page load nothing.
 */
export default function CartDrawer({ returnFocusTo, signedIn }: { returnFocusTo: React.RefObject<HTMLElement | null>; signedIn: boolean }) {
  const state = useCart();
  const { cart, loading, error, errorProductId, drawerOpen, store } = state;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const t = useT();
  const language = useLanguage();
  const say = useCartApiText();
  const lp = useLocalePath();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (drawerOpen && !dialog.open) {
      dialog.showModal();
      // The cart reloads each time the drawer opens.
      void store.fetchCart();
    }
    if (!drawerOpen && dialog.open) {
      dialog.close();
      returnFocusTo.current?.focus();
    }
  }, [drawerOpen, store, returnFocusTo]);

  // A removed line takes its focused button with it: keep focus in the drawer (on its title).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog?.open && !dialog.contains(document.activeElement)) titleRef.current?.focus();
  });

  const lines = cart?.products ?? [];
  const count = cartCount(state);
  const discount = cart?.discount ?? 0;
  const lineError = errorProductId && lines.some((line) => line.productId === errorProductId) ? errorProductId : null;
  const checkoutDisabled = loading || count === 0;
  const go = (to: string) => {
    store.closeDrawer();
    void navigate(lp(to));
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="cart-drawer-title"
      onClose={() => {
        // Escape closes the <dialog> itself; focus goes back to the cart button however it was opened.
        store.closeDrawer();
        returnFocusTo.current?.focus();
      }}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === event.currentTarget) store.closeDrawer();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-full max-w-md translate-x-0 bg-white p-0 shadow-xl transition-transform duration-300 ease-out backdrop:bg-black/40 starting:open:translate-x-full"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
          <h2 id="cart-drawer-title" ref={titleRef} tabIndex={-1} className="text-lg font-semibold text-gray-900">
            {t("cart.title", { count })}
          </h2>
          <button
            type="button"
            className="rounded-md p-2 text-gray-700 hover:bg-brand-50"
            aria-label={t("cart.close")}
            onClick={() => store.closeDrawer()}
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>

        <div className="flex-1 overflow-y-auto px-4 py-3" aria-busy={loading}>
          <p role="status" className={lines.length > 0 || !loading ? "sr-only" : "py-8 text-center text-gray-700"}>
            {loading ? t("cart.loading") : ""}
          </p>
          {/* A coupon's refusal is shown beside the coupon field (CouponBox), not here. */}
          {error && !lineError && errorProductId !== COUPON_ERROR ? (
            <p role="alert" className="my-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {say(error || CART_MESSAGES.other)}
            </p>
          ) : null}
          {cart && lines.length === 0 && !loading ? (
            <div className="flex flex-col items-center py-10 text-center">
              <ShoppingBag className="h-12 w-12 text-gray-400" aria-hidden />
              <p className="mt-3 text-lg font-medium text-gray-900">{t("cart.empty")}</p>
              <button
                type="button"
                onClick={() => go("/collections/all")}
                className="mt-5 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
              >
                {t("cart.continue")}
              </button>
            </div>
          ) : null}
          {lines.length > 0 ? (
            <ul aria-label={t("cart.items")} className="divide-y divide-gray-200">
              {lines.map((line) => (
                <CartLineItem
                  key={line.productId}
                  line={line}
                  store={store}
                  message={lineError === line.productId && error ? say(error) : null}
                  t={t}
                  language={language}
                  lp={lp}
                  onNavigate={() => store.closeDrawer()}
                />
              ))}
            </ul>
          ) : null}
          {lines.length > 0 ? <CheckDelivery className="mt-4" /> : null}
          {/* The coupon and its offers scroll with the lines, so the totals and Proceed to Checkout stay in view on a phone. */}
          {lines.length > 0 ? <CouponBox className="mt-4" /> : null}
        </div>

        <div className="border-t border-gray-200 px-4 py-4">
          {discount > 0 ? (
            <dl className="mb-1 space-y-1 text-sm text-gray-800">
              <div className="flex justify-between">
                <dt>{t("cart.itemsTotal")}</dt>
                <dd>{rupees(cart?.itemsPrice ?? 0)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-green-800">
                <dt className="min-w-0 break-words">{t("cart.discount", { code: cart?.coupon?.code ?? "" })}</dt>
                <dd className="whitespace-nowrap">-{rupees(discount)}</dd>
              </div>
            </dl>
          ) : null}
          <p className="flex items-center justify-between text-base font-semibold text-gray-900">
            <span>{t("cart.subtotal")}</span>
            <span>{rupees(cart?.totalPrice ?? 0)}</span>
          </p>
          <SavingsLine savingsPaise={rupeesToPaise(cart?.savings ?? 0)} className="mt-1 text-sm" />
          <button
            type="button"
            aria-disabled={checkoutDisabled}
            onClick={() => {
              if (!checkoutDisabled) go(signedIn ? "/checkout" : "/login?redirect=checkout");
            }}
            className="mt-3 w-full rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-gray-500"
          >
            {loading ? t("cart.processing") : t("cart.checkout")}
          </button>
          <p className="mt-2 text-center text-sm text-gray-700">{t("cart.checkoutNote")}</p>
        </div>
      </div>
    </dialog>
  );
}

function CartLineItem({
  line,
  store,
  message,
  onNavigate,
  t,
  language,
  lp,
}: {
  line: CartLineJson;
  store: CartStore;
  message: string | null;
  onNavigate: () => void;
  t: Translate;
  language: Language;
  lp: (path: string) => string;
}) {
  const noteId = `cart-note-${line.productId}`;
  // aria-disabled rather than disabled: a button that becomes disabled under the keyboard would drop focus.
  const atMinimum = line.quantity <= 1;
  const atStock = line.quantity >= line.countInStock;
  const note = message ?? (atStock ? t("cart.error.onlyAvailable", { count: line.countInStock }) : null);
  return (
    <li className="flex gap-3 py-4">
      <ResponsiveImage
        src={line.image || CART_PLACEHOLDER}
        fallback={CART_PLACEHOLDER}
        alt=""
        width={80}
        height={80}
        sizes="80px"
        maxWidth={160}
        className="h-20 w-20 flex-none rounded-md border border-gray-200 bg-gray-50 object-cover"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <Link to={lp(`/product/${line.productId}`)} onClick={onNavigate} lang={language === "hi" ? "en" : undefined} className="font-medium text-gray-900 hover:text-brand-800 hover:underline">
            {line.name}
          </Link>
          <button
            type="button"
            aria-label={t("cart.remove", { name: line.name })}
            onClick={() => void store.removeItem(line.productId)}
            className="-m-1 flex-none rounded-md p-1 text-gray-600 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 className="h-5 w-5" aria-hidden />
          </button>
        </div>
        {line.prescriptionRequired ? <p className="text-sm font-semibold text-red-800">{t("cart.prescriptionRequired")}</p> : null}
        {line.quantityLabel ? <p lang={language === "hi" ? "en" : undefined} className="text-sm text-gray-700">{line.quantityLabel}</p> : null}
        {line.expiryDate ? <p className="text-sm text-gray-700">{t("cart.expiry", { date: formatExpiry(line.expiryDate, language) })}</p> : null}
        <div className="mt-2 flex items-center justify-between gap-2">
          <div className="flex items-center rounded-md border border-gray-300" role="group" aria-label={t("cart.quantityOf", { name: line.name })}>
            <button
              type="button"
              aria-label={t("cart.decrease", { name: line.name })}
              aria-disabled={atMinimum}
              onClick={() => {
                if (!atMinimum) void store.updateQuantity(line.productId, (quantity) => quantity - 1);
              }}
              className={QUANTITY_BUTTON}
            >
              <Minus className="h-4 w-4" aria-hidden />
            </button>
            <span className="min-w-8 text-center font-medium text-gray-900" aria-live="polite">
              <span className="sr-only">{t("cart.quantity")}</span>
              {line.quantity}
            </span>
            <button
              type="button"
              aria-label={t("cart.increase", { name: line.name })}
              aria-describedby={note ? noteId : undefined}
              aria-disabled={atStock}
              onClick={() => {
                if (!atStock) void store.updateQuantity(line.productId, (quantity) => quantity + 1);
              }}
              className={QUANTITY_BUTTON}
            >
              <Plus className="h-4 w-4" aria-hidden />
            </button>
          </div>
          <p className="text-right">
            <span className="block font-semibold text-gray-900">{formatRupees(rupeesToPaise(line.price) * line.quantity)}</span>
            {line.quantity > 1 ? <span className="block text-xs text-gray-700">{t("cart.each", { price: rupees(line.price) })}</span> : null}
          </p>
        </div>
        {note ? (
          <p id={noteId} role={message ? "alert" : undefined} className={`mt-1 text-sm ${message ? "text-red-700" : "text-gray-700"}`}>
            {note}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** "Mar 2027"; in Hindi "मार्च 2027" (the long date without its day). */
function formatExpiry(date: string, language: Language): string {
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return date;
  return language === "hi" ? formatLongDate(date, "hi").replace(/^\d+ /, "") : formatMonthYear(date);
}
