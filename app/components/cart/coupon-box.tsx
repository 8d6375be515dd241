import { Tag, X } from "lucide-react";
import { useId, useState } from "react";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { COUPON_ERROR, useCart } from "~/lib/cart";

/**
 * The coupon field of the cart drawer and the checkout (issue 15): Apply sends the code to the
 * cart (POST /api/cart/coupon), which answers the cart with the discount or says why the code does
 * not apply; an applied code shows what it takes off and a Remove button. `onChange` runs after
 * each answer (the checkout reloads its summary and quote).
 */
export function CouponBox({ onChange, className = "" }: { onChange?: () => void; className?: string }) {
  const { cart, loading, error, errorProductId, store } = useCart();
  const [code, setCode] = useState("");
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const coupon = cart?.coupon ?? null;
  const refusal = errorProductId === COUPON_ERROR ? error : null;
  return (
    <div className={className}>
      {coupon ? (
        <div className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm">
          <div className="flex items-center justify-between gap-2">
            <p className="flex items-center gap-2 font-medium text-green-900">
              <Tag className="h-4 w-4" aria-hidden />
              <span>
                <span className="font-mono">{coupon.code}</span> {coupon.message ? "not applied" : "applied"}
                {coupon.discount > 0 ? `: ${formatRupees(rupeesToPaise(coupon.discount))} off` : ""}
              </span>
            </p>
            <button
              type="button"
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-gray-800 hover:bg-green-100"
              aria-label={`Remove coupon ${coupon.code}`}
              disabled={loading}
              onClick={() => void store.removeCoupon().then(() => onChange?.())}
            >
              <X className="h-4 w-4" aria-hidden /> Remove
            </button>
          </div>
          {coupon.message ? (
            <p role="alert" className="mt-1 text-red-800">
              {coupon.message}
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
              Coupon code
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
            Apply
          </button>
        </form>
      )}
      {refusal ? (
        <p id={messageId} role="alert" className="mt-1 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/** "You save ₹X on MRP" under a total, when there is a saving. */
export function SavingsLine({ savingsPaise, className = "" }: { savingsPaise: number; className?: string }) {
  if (savingsPaise <= 0) return null;
  return <p className={`font-semibold text-green-800 ${className}`}>You save {formatRupees(savingsPaise)} on MRP</p>;
}
