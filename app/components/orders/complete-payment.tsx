import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { usePaymentStep, type PaymentPrefill, type PaymentStepOutcome, type PaymentStepStart } from "~/components/checkout/payment-step";
import { useCartStore } from "~/lib/cart";
import { formatTime } from "#common/dates.ts";
import { useOrderApiText } from "~/lib/api-sentences";
import { useTextOr } from "~/lib/api-text";
import { useLanguage, useLocalePath } from "~/lib/i18n";

/** What the order page's action answers to "Complete payment" (`payFromOrderPage`). */
export type CompletePaymentResult = { ok: true; started: PaymentStepStart; prefill: PaymentPrefill } | { ok: false; message: string };

/**
 * "Complete payment" for a Pending order awaiting payment, on its page and in My Orders' rows: says
 * until when it can be paid (India's time), asks the order page's action for a new provider order
 * of the same order (`POST /api/orders/:id/pay` does the same), then opens the checkout's payment
 * step (Razorpay or the test gateway) and, once paid, the order confirmation.
 */
export function CompletePayment({
  orderId,
  orderNumber,
  payBy,
  variant,
}: {
  orderId: string;
  orderNumber: string;
  /** ISO time the reservation ends. */
  payBy: string;
  variant: "page" | "row";
}) {
  const navigate = useNavigate();
  const cartStore = useCartStore();
  const fetcher = useFetcher<CompletePaymentResult>({ key: `complete-payment-${orderId}` });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const opened = useRef<CompletePaymentResult | undefined>(undefined);
  // Also in My Orders' rows, whose page may not send the orders' texts: English there.
  const text = useTextOr();
  const apiText = useOrderApiText();
  const language = useLanguage();
  const lp = useLocalePath();

  const step = usePaymentStep((outcome: PaymentStepOutcome) => {
    if (outcome.kind === "paid") {
      // The bought products left the cart on the server; the header count follows.
      void cartStore.fetchCart();
      void navigate(lp(`/order-confirmation?${new URLSearchParams({ orderId: outcome.orderId })}`));
      return;
    }
    if (outcome.kind === "attempt-failed") {
      setMessage(outcome.message);
      return;
    }
    setBusy(false);
    if (outcome.kind === "failed") setMessage(outcome.message);
    buttonRef.current?.focus();
  });

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer || opened.current === answer) return;
    opened.current = answer;
    if (!answer.ok) {
      setBusy(false);
      setMessage(answer.message);
      return;
    }
    void step.start(answer.started, answer.prefill);
  }, [answer, step]);

  const pay = () => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    void fetcher.submit({ intent: "pay" }, { method: "post", action: lp(`/order/${encodeURIComponent(orderId)}`) });
  };

  const deadlineId = `pay-by-${orderId}`;
  const clock = formatTime(payBy, language);
  const time = <time dateTime={payBy}>{clock}</time>;
  // The time stays an element inside the sentence, wherever the language puts it.
  const [payByBefore, payByAfter] = text(
    "orders.payByLong",
    "Complete payment by \u0000. After that the order is cancelled and its items go back on the shelf.",
    { time: "\u0000" },
  ).split("\u0000");
  const label = busy ? text("orders.processing", "Processing...") : text("orders.completePayment", "Complete payment");
  const alert = message ? (
    <p role="alert" className={variant === "row" ? "mt-1 text-xs text-red-800" : "mt-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800"}>
      {apiText(message)}
    </p>
  ) : null;

  if (variant === "row") {
    return (
      <div className="mt-1.5">
        <button
          ref={buttonRef}
          type="button"
          aria-disabled={busy}
          aria-describedby={deadlineId}
          onClick={pay}
          className="rounded-md bg-brand-700 px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {label}
          <span className="sr-only">{text("orders.completePaymentSr", ` for order ${orderNumber}`, { number: orderNumber })}</span>
        </button>
        <p id={deadlineId} className="mt-1 text-xs whitespace-nowrap text-gray-700">
          <time dateTime={payBy}>{text("orders.payBy", `by ${clock}`, { time: clock })}</time>
        </p>
        {alert}
        {step.dialog}
      </div>
    );
  }

  return (
    <section aria-labelledby="complete-payment-heading" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:p-6 print:hidden">
      <h2 id="complete-payment-heading" className="text-lg font-semibold text-amber-950">
        {text("orders.notReceived", "Payment not received yet")}
      </h2>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p id={deadlineId} className="text-gray-900">
          {payByBefore}
          {time}
          {payByAfter}
        </p>
        <button
          ref={buttonRef}
          type="button"
          aria-disabled={busy}
          aria-describedby={deadlineId}
          onClick={pay}
          className="shrink-0 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {label}
        </button>
      </div>
      {alert}
      {step.dialog}
    </section>
  );
}
