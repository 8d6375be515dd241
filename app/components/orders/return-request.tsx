import { useFetcher } from "react-router";
import { formatDateTime, formatShortDate } from "#common/dates.ts";
import { creditNotePdfPath } from "#common/invoices.ts";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { RETURN_REASONS, RETURN_TEXT_MAX, RETURN_WINDOW_DAYS, type ReturnRequestJson } from "#common/returns.ts";
import { useOrderApiText } from "~/lib/api-sentences";
import { useLanguage, useLocalePath, useT, type Translate } from "~/lib/i18n";

export type ReturnFormResult = { ok: boolean; message: string; errors?: Record<string, string> };

/** The request's fetcher: the form posts through it, `ReturnRequestAnswer` shows its answer (the form is gone once a request is open). */
export const RETURN_REQUEST_FETCHER = "return-request";

export interface Returnable {
  until: string;
  lines: { orderLineId: string; name: string; sku: string; quantity: number }[];
}

const FIELD = "mt-1 w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-gray-900";

/**
 * "Return items" on the customer's order page (decisions/032): the delivered lines with how many of
 * each to return, the reason (the /shipping policy's: wrong, damaged, near expiry) and what is
 * wrong; posted to /order/:id/returns (the returns module's `requestReturn`, as POST /api/orders/:id/returns).
 */
export function ReturnRequestForm({ orderId, returnable }: { orderId: string; returnable: Returnable }) {
  const fetcher = useFetcher<ReturnFormResult>({ key: RETURN_REQUEST_FETCHER });
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result?.ok === false ? (result.errors ?? {}) : {};
  const t = useT();
  const language = useLanguage();
  const lp = useLocalePath();
  const apiText = useOrderApiText();
  return (
    <section aria-labelledby="return-heading" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <details open={result?.ok === false ? true : undefined}>
        <summary className="cursor-pointer text-lg font-semibold text-gray-900">
          <span id="return-heading">{t("orders.returnItems")}</span>
        </summary>
        <p className="mt-2 text-sm text-gray-700">
          {t("orders.returnPolicy", { days: RETURN_WINDOW_DAYS, date: formatShortDate(returnable.until, language) })}
        </p>
        <fetcher.Form method="post" action={lp(`/order/${encodeURIComponent(orderId)}/returns`)} className="mt-4 space-y-4" noValidate>
          <fieldset aria-describedby={errors.lines ? "return-lines-error" : undefined}>
            <legend className="font-medium text-gray-900">{t("orders.howMany")}</legend>
            <ul className="mt-2 space-y-2">
              {returnable.lines.map((line) => (
                <li key={line.orderLineId} className="flex flex-wrap items-center justify-between gap-2">
                  <label htmlFor={`return-${line.orderLineId}`} className="min-w-0 flex-1 text-gray-800">
                    <span lang="en">{line.name}</span> <span className="text-sm text-gray-700">{t("orders.upTo", { count: line.quantity })}</span>
                  </label>
                  <input
                    id={`return-${line.orderLineId}`}
                    name={`qty:${line.orderLineId}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.quantity}
                    defaultValue={0}
                    className="w-20 rounded-md border border-gray-400 bg-white px-2 py-1.5 text-right"
                  />
                </li>
              ))}
            </ul>
            {errors.lines ? (
              <p id="return-lines-error" className="mt-1 text-sm text-red-700">
                {apiText(errors.lines)}
              </p>
            ) : null}
          </fieldset>
          <fieldset aria-describedby={errors.reason ? "return-reason-error" : undefined}>
            <legend className="font-medium text-gray-900">{t("orders.why")}</legend>
            <div className="mt-2 space-y-1.5">
              {RETURN_REASONS.map((reason) => (
                <label key={reason.id} className="flex items-start gap-2 text-gray-800">
                  <input type="radio" name="reason" value={reason.id} className="mt-1" />
                  {t(`orders.reason.${reason.id}`)}
                </label>
              ))}
            </div>
            {errors.reason ? (
              <p id="return-reason-error" className="mt-1 text-sm text-red-700">
                {apiText(errors.reason)}
              </p>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor="return-details" className="font-medium text-gray-900">
              {t("orders.whatsWrong")}
              <span className="font-normal text-gray-700">{t("orders.whatsWrongHint")}</span>
            </label>
            <textarea
              id="return-details"
              name="details"
              rows={3}
              maxLength={RETURN_TEXT_MAX}
              aria-invalid={errors.details ? true : undefined}
              aria-describedby={errors.details ? "return-details-error" : undefined}
              className={FIELD}
            />
            {errors.details ? (
              <p id="return-details-error" className="mt-1 text-sm text-red-700">
                {apiText(errors.details)}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {t(busy ? "orders.sending" : "orders.requestReturn")}
          </button>
        </fetcher.Form>
      </details>
    </section>
  );
}

/** The return request's answer (sent, or why not), shown on the order page whether or not the form is still there. */
export function ReturnRequestAnswer() {
  const fetcher = useFetcher<ReturnFormResult>({ key: RETURN_REQUEST_FETCHER });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const apiText = useOrderApiText();
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`rounded-md border px-4 py-3 ${result.ok ? "border-brand-200 bg-brand-50 text-brand-900" : "border-red-200 bg-red-50 text-red-800"}`}
    >
      {apiText(result.message)}
    </p>
  );
}

/** What a refund was: through the payment gateway, or (cash on delivery) paid back by the care team. */
export function refundText(refund: NonNullable<ReturnRequestJson["refund"]>, t?: Translate): string {
  const amount = formatRupees(rupeesToPaise(refund.amount));
  if (t) return t(refund.method === "gateway" ? "orders.refundGateway" : "orders.refundCod", { amount });
  return refund.method === "gateway" ? `${amount} refunded to the original payment method` : `${amount} to be paid back by our care team (cash on delivery)`;
}

/** The order's return requests and their outcome (status, reason, refund, credit note): the customer's view. */
export function ReturnRequests({ orderId, returns }: { orderId: string; returns: ReturnRequestJson[] }) {
  const t = useT();
  const language = useLanguage();
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="returns-heading" className="text-lg font-semibold text-gray-900">
        {t("orders.returns")}
      </h2>
      <ul className="mt-3 space-y-4">
        {returns.map((request) => (
          <li key={request._id} className="border-l-4 border-brand-200 pl-3">
            <p className="text-gray-900">
              <strong>{t(`orders.returnStatus.${request.status}`)}</strong>
              <span className="text-gray-700">{t("orders.asked", { date: formatDateTime(request.createdAt, language) })}</span>
            </p>
            <p lang="en" className="text-gray-800">{request.lines.map((line) => `${line.name} × ${line.quantity}`).join(", ")}</p>
            <p className="text-sm text-gray-700">{t("orders.reasonIs", { reason: t(`orders.reason.${request.reason}`) })}</p>
            {request.status === "rejected" && request.decisionReason ? <p className="text-sm text-gray-800">{t("orders.ourReply", { reply: request.decisionReason })}</p> : null}
            {request.refund ? <p className="text-sm text-gray-800">{t("orders.refund", { refund: refundText(request.refund, t) })}</p> : null}
            {request.creditNote ? (
              <p className="text-sm">
                <a href={creditNotePdfPath(orderId, request.creditNote._id)} download className="font-semibold text-brand-800 underline underline-offset-2">
                  {t("orders.creditNote", { serial: request.creditNote.serial })}
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
