import { useState } from "react";
import { useFetcher } from "react-router";
import { checkBackInStockRequest } from "#common/back-in-stock.ts";
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
  const [clientError, setClientError] = useState<string | null>(null);
  const answer = fetcher.data ?? result;
  const done = answer?.ok === true;
  const emailError = clientError ?? answer?.errors.email;
  const refusal = answer && !answer.ok && !answer.errors.email ? answer.message : null;

  return (
    <section aria-labelledby="notify-me-title" className="rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h2 id="notify-me-title" className="font-semibold text-gray-900">
        Notify me when back in stock
      </h2>
      <p role="status" className={done ? "mt-2 text-sm font-medium text-green-800" : "sr-only"}>
        {done ? answer.message : ""}
      </p>
      {done ? null : (
        <fetcher.Form
          method="post"
          action={`/product/${encodeURIComponent(productId)}/notify-me`}
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
            setClientError(check.errors.email ?? null);
            event.currentTarget.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
          }}
        >
          <p className="text-sm text-gray-800">
            {accountEmail
              ? "We will email your account's address once, when it is back. No unit is held for you."
              : "Leave your email address and we will write once, when it is back. No unit is held for you."}
          </p>
          {accountEmail ? null : (
            <Field label="Email address" name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} error={emailError ?? undefined} />
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
            {fetcher.state !== "idle" ? "Sending..." : "Notify me"}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
