import { Tag, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { CartOffersJson, CouponOfferJson } from "#common/coupons.ts";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { COUPON_ERROR, useCart, type Cart } from "~/lib/cart";
import { useCartApiText } from "~/lib/api-sentences";
import { type Translate, useLanguage, useT } from "~/lib/i18n";

/**
 * The coupon field of the cart drawer and the checkout (issue 15): Apply sends the code to the
 * cart (POST /api/cart/coupon), which answers the cart with the discount or says why the code does
 * not apply; an applied code shows what it takes off and a Remove button. Below it, the public
 * coupons offered for this cart (GET /api/cart/offers, decisions/043), the best applied with one
 * tap. `onChange` runs after each answer (the checkout reloads its summary and quote).
 */
export function CouponBox({ onChange, className = "" }: { onChange?: () => void; className?: string }) {
  const { cart, loading, error, errorProductId, store } = useCart();
  const t = useT();
  const [code, setCode] = useState("");
  const offers = useCartOffers(cart);
  const use = (offer: string) => void store.applyCoupon(offer).then(() => onChange?.());
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const coupon = cart?.coupon ?? null;
  const say = useCartApiText();
  const refusal = errorProductId === COUPON_ERROR && error ? say(error) : null;
  return (
    <div className={className}>
      {coupon ? (
        <div className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm">
          <div className="flex items-center justify-between gap-2">
            <p className="flex items-center gap-2 font-medium text-green-900">
              <Tag className="h-4 w-4" aria-hidden />
              <span>
                <span className="font-mono">{coupon.code}</span> {coupon.message ? t("cart.coupon.notApplied") : t("cart.coupon.applied")}
                {coupon.discount > 0 ? t("cart.coupon.off", { amount: formatRupees(rupeesToPaise(coupon.discount)) }) : ""}
              </span>
            </p>
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-gray-800 hover:bg-green-100"
              aria-label={t("cart.coupon.removeLabel", { code: coupon.code })}
              disabled={loading}
              onClick={() => void store.removeCoupon().then(() => onChange?.())}
            >
              <X className="h-4 w-4" aria-hidden /> {t("cart.coupon.remove")}
            </button>
          </div>
          {coupon.message ? (
            <p role="alert" className="mt-1 text-red-800">
              {say(coupon.message)}
            </p>
          ) : null}
        </div>
      ) : (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!code.trim()) return;
            void store.applyCoupon(code).then((result) => {
              if (result.ok) setCode("");
              onChange?.();
            });
          }}
        >
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
              {t("cart.coupon.label")}
            </label>
            <input
              id={inputId}
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={64}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? messageId : undefined}
              className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 text-base uppercase aria-[invalid=true]:border-red-600"
            />
          </div>
          <button
            type="submit"
            disabled={loading}
            className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70"
          >
            {t("cart.coupon.apply")}
          </button>
        </form>
      )}
      {refusal ? (
        <p id={messageId} role="alert" className="mt-1 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {offers && offers.offers.length > 0 ? <CouponOffers t={t} offers={offers} applied={coupon?.message ? null : (coupon?.code ?? null)} busy={loading} onUse={use} /> : null}
    </div>
  );
}

/** The cart's offers, asked again whenever its lines or its coupon change; null until known (or when there is no cart). */
function useCartOffers(cart: Cart | null): CartOffersJson | null {
  const [offers, setOffers] = useState<CartOffersJson | null>(null);
  const key = cart && cart.products.length > 0 ? `${cart.products.map((line) => `${line.productId}:${line.quantity}`).join(",")}|${cart.coupon?.code ?? ""}` : "";
  useEffect(() => {
    if (!key) {
      setOffers(null);
      return;
    }
    let current = true;
    fetch("/api/cart/offers", { headers: { Accept: "application/json" }, credentials: "same-origin", cache: "no-store" })
      .then((response) => (response.ok ? (response.json() as Promise<CartOffersJson>) : null))
      .then((body) => {
        if (current) setOffers(body);
      })
      .catch(() => {
        // No offers shown: the coupon field still works.
      });
    return () => {
      current = false;
    };
  }, [key]);
  return offers;
}

/** At most this many offers before "Show all". */
const OFFERS_SHOWN = 3;

function CouponOffers({ t, offers, applied, busy, onUse }: { t: Translate; offers: CartOffersJson; applied: string | null; busy: boolean; onUse: (code: string) => void }) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const best = offers.offers.find((offer) => offer.code === offers.best);
  const shown = all ? offers.offers : offers.offers.slice(0, OFFERS_SHOWN);
  return (
    <section aria-labelledby={headingId} className="mt-3">
      <h3 id={headingId} className="text-sm font-semibold text-gray-900">
        {t("cart.offers.heading")}
      </h3>
      {best && best.code !== applied ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => onUse(best.code)}
          className="mt-1 flex w-full items-center justify-center gap-2 rounded-md bg-green-700 px-3 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-70"
        >
          <Tag className="h-4 w-4 flex-none" aria-hidden />
          <span>
            {t("cart.offers.best")}
            <span className="font-mono">{best.code}</span>
            {t("cart.offers.bestSave", { amount: formatRupees(rupeesToPaise(best.discount)) })}
          </span>
        </button>
      ) : null}
      <ul className="mt-2 space-y-2">
        {shown.map((offer) => (
          <OfferRow key={offer.code} t={t} offer={offer} applied={offer.code === applied} busy={busy} onUse={onUse} />
        ))}
      </ul>
      {offers.offers.length > OFFERS_SHOWN && !all ? (
        <button type="button" onClick={() => setAll(true)} className="mt-1 text-sm font-medium text-brand-800 underline">
          {t("cart.offers.showAll", { count: offers.offers.length })}
        </button>
      ) : null}
    </section>
  );
}

function OfferRow({ t, offer, applied, busy, onUse }: { t: Translate; offer: CouponOfferJson; applied: boolean; busy: boolean; onUse: (code: string) => void }) {
  // The offer's title and terms are the admin's words, in English.
  const untranslated = useLanguage() === "hi" ? "en" : undefined;
  return (
    <li className="flex items-start justify-between gap-2 rounded-md border border-dashed border-green-400 bg-white px-3 py-2 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-gray-900">
          <span className="font-mono break-all">{offer.code}</span>: <span lang={untranslated}>{offer.title}</span>
        </p>
        <p className={offer.addMore > 0 ? "font-medium text-amber-900" : "text-green-800"}>
          {offer.addMore > 0
            ? t("cart.offers.addMore", { amount: formatRupees(rupeesToPaise(offer.addMore)) })
            : t("cart.offers.saves", { amount: formatRupees(rupeesToPaise(offer.discount)) })}
        </p>
        {offer.terms ? <p lang={untranslated} className="text-xs text-gray-700">{offer.terms}</p> : null}
      </div>
      {applied ? (
        <span className="flex-none py-1 text-sm font-semibold text-green-800">{t("cart.offers.applied")}</span>
      ) : offer.discount > 0 ? (
        <button
          type="button"
          disabled={busy}
          aria-label={t("cart.offers.useLabel", { code: offer.code })}
          onClick={() => onUse(offer.code)}
          className="flex-none rounded-md border border-brand-700 px-3 py-1 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70"
        >
          {t("cart.offers.use")}
        </button>
      ) : null}
    </li>
  );
}

/** "You save ₹X on MRP" under a total, when there is a saving. */
export function SavingsLine({ savingsPaise, className = "" }: { savingsPaise: number; className?: string }) {
  const t = useT();
  if (savingsPaise <= 0) return null;
  return <p className={`font-semibold text-green-800 ${className}`}>{t("cart.savings", { amount: formatRupees(savingsPaise) })}</p>;
}
