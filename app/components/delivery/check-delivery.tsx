import { Truck } from "lucide-react";
import { useId, useState } from "react";
import { useLoaderData } from "react-router";
import { formatDeliveryDate } from "#common/dates.ts";
import { isValidPin, PIN_CODE_MESSAGE } from "#common/india.ts";
import { useLanguage, useT } from "~/lib/i18n";
import {
  DELIVERY_CHECK_TEXTS as TEXTS,
  type DeliveryCheckState,
  pinFromInput,
  type ServiceabilityJson,
} from "#common/serviceability.ts";

/**
 * The "Check delivery" box (decisions/021): a PIN code and a button. With JavaScript it asks
 * GET /api/serviceability/:pin in place; without, it is a GET form to the page it sits on
 * (`?pin=`), whose loader answers with `initial` (the product page does; elsewhere it is
 * JavaScript only). The answer: "Delivery by Thu, 27 Nov" and whether cash on delivery is
 * available, or "We do not deliver to this PIN code yet".
 */
export function CheckDelivery({
  initial,
  action,
  onResult,
  className,
}: {
  initial?: DeliveryCheckState;
  /** Where the GET form goes without JavaScript (default: this page). */
  action?: string;
  /** Told of every answer (the checkout uses the PIN's state and COD). */
  onResult?: (result: ServiceabilityJson) => void;
  className?: string;
}) {
  const id = useId();
  const [state, setState] = useState<DeliveryCheckState>(initial ?? { pin: "" });
  const [pending, setPending] = useState(false);
  const errorId = `${id}-error`;
  const t = useT();
  const language = useLanguage();

  const check = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pin = pinFromInput(new FormData(event.currentTarget).get("pin") as string | null);
    if (!isValidPin(pin)) {
      setState({ pin, error: PIN_CODE_MESSAGE });
      return;
    }
    setPending(true);
    try {
      const response = await fetch(`/api/serviceability/${pin}`, { headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => null)) as (ServiceabilityJson & { message?: string }) | null;
      if (!response.ok || !body) {
        setState({ pin, error: body?.message ?? TEXTS.failed });
        return;
      }
      setState({ pin, result: body });
      onResult?.(body);
    } catch {
      setState({ pin, error: TEXTS.failed });
    } finally {
      setPending(false);
    }
  };

  const { result } = state;
  // The API's and the loader's sentences are English: on a Hindi page, a refused PIN or a failure.
  const error =
    state.error && language !== "en" ? t(state.error === PIN_CODE_MESSAGE || /PIN code not/.test(state.error) ? "cart.delivery.invalidPin" : "cart.delivery.failed") : state.error;
  return (
    <section aria-labelledby={`${id}-heading`} className={`rounded-lg border border-gray-200 p-4 ${className ?? ""}`}>
      <h2 id={`${id}-heading`} className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <Truck className="h-5 w-5 text-brand-700" aria-hidden />
        {t("cart.delivery.heading")}
      </h2>
      <form method="get" action={action} onSubmit={check} className="mt-3 flex items-end gap-2" noValidate>
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-pin`} className="block text-sm font-medium text-gray-800">
            {t("cart.delivery.label")}
          </label>
          <input
            id={`${id}-pin`}
            name="pin"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            defaultValue={state.pin}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="block w-full rounded-md border border-gray-400 px-3 py-2 text-base aria-[invalid=true]:border-red-600"
          />
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {pending ? t("cart.delivery.checking") : t("cart.delivery.button")}
        </button>
      </form>
      <div aria-live="polite" className="mt-2 text-sm">
        {error ? (
          <p id={errorId} className="text-red-700">
            {error}
          </p>
        ) : result ? (
          result.serviceable ? (
            <div data-testid="delivery-result">
              <p className="font-semibold text-gray-900">{t("cart.delivery.by", { date: formatDeliveryDate(result.estimatedDelivery.to, language) })}</p>
              <p className="text-gray-700" lang={language === "hi" ? "en" : undefined}>
                {result.city ? `${result.city}, ` : ""}
                {result.state} {result.pin}
              </p>
              <p className={result.cod ? "text-green-800" : "text-gray-700"}>{result.cod ? t("cart.delivery.codAvailable") : t("cart.delivery.codUnavailable")}</p>
            </div>
          ) : (
            <p data-testid="delivery-result" className="text-gray-900">
              {t("cart.delivery.notServiceable")}
            </p>
          )
        ) : null}
      </div>
    </section>
  );
}

/** The box on a page whose loader answers `?pin=` as `delivery` (the product page): works without JavaScript. */
export function PageDeliveryCheck({ className }: { className?: string }) {
  const { delivery } = useLoaderData() as { delivery?: DeliveryCheckState | null };
  return <CheckDelivery key={delivery?.pin ?? ""} initial={delivery ?? undefined} className={className} />;
}
