import { useState } from "react";
import { useFetcher } from "react-router";
import { BACK_IN_STOCK_MESSAGES, checkBackInStockRequest } from "#common/back-in-stock.ts";
import { useLocalePath, useT } from "~/lib/i18n";
import { Field } from "~/components/ui/field";

/** What /product/:productId/notify-me answers (with or without JavaScript). */
export interface NotifyMeResult {
  ok: boolean;
  message: string;
  errors: Record<string, string>;
}

/**
 * "Notify me when back in stock" on an out-of-stock product (decisions/027): a signed-in shopper
 * is told at their account's address (`accountEmail`); a guest, or an account made by phone without
 * an email (decisions/050), gives one. Posts through a fetcher, or as a plain
 * form to /product/:productId/notify-me without JavaScript.
 */
export function NotifyMe({ productId, accountEmail, result }: { productId: string; accountEmail: boolean; result?: NotifyMeResult }) {
  const fetcher = useFetcher<NotifyMeResult>();
  const t = useT();
  const lp = useLocalePath();
  const [clientError, setClientError] = useState<string | null>(null);
  const answer = fetcher.data ?? result;
  const done = answer?.ok === true;
  const emailError = clientError ?? answer?.errors.email;
  const refusal = answer && !answer.ok && !answer.errors.email ? answer.message : null;

  return (
    <section aria-labelledby="notify-me-title" className="rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h2 id="notify-me-title" className="font-semibold text-gray-900">
        {t("product.notify.title")}
      </h2>
      <p role="status" className={done ? "mt-2 text-sm font-medium text-green-800" : "sr-only"}>
        {done ? answer.message : ""}
      </p>
      {done ? null : (
        <fetcher.Form
          method="post"
          action={lp(`/product/${encodeURIComponent(productId)}/notify-me`)}
          noValidate
          className="mt-2 space-y-3"
          onSubmit={(event) => {
            if (accountEmail) return;
            const email = new FormData(event.currentTarget).get("email");
            const check = checkBackInStockRequest({ email: typeof email === "string" ? email : "" });
            if (check.ok) {
              setClientError(null);
              return;
            }
            event.preventDefault();
            // The shared check's sentences are English: said in the page's language.
            const error = check.errors.email;
            setClientError(
              error === BACK_IN_STOCK_MESSAGES.emailRequired
                ? t("product.notify.emailRequired")
                : error === BACK_IN_STOCK_MESSAGES.emailInvalid
                  ? t("product.notify.emailInvalid")
                  : (error ?? null),
            );
            event.currentTarget.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
          }}
        >
          <p className="text-sm text-gray-800">
            {accountEmail
              ? t("product.notify.account")
              : t("product.notify.guest")}
          </p>
          {accountEmail ? null : (
            <Field label={t("product.notify.email")} name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} error={emailError ?? undefined} />
          )}
          {refusal ? (
            <p role="alert" className="text-sm text-red-700">
              {refusal}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-400 sm:w-auto"
          >
            {fetcher.state !== "idle" ? t("product.notify.sending") : t("product.notify.submit")}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
