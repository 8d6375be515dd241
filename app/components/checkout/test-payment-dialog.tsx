import { FlaskConical } from "lucide-react";
import { useEffect, useRef } from "react";
import { formatRupees } from "#common/money.ts";
import { keepFocusInside } from "~/lib/dialog";
import { useTextOr } from "~/lib/api-text";

/**
 * The offline test gateway's stand-in for Razorpay's modal (payments.md): a native modal
 * <dialog>, clearly labelled as a test, with Pay, Fail and Close. No money moves; Pay asks the
 * server for fields signed exactly as Razorpay signs them, so verification runs the real code.
 */
export function TestPaymentDialog({
  open,
  busy,
  orderNumber,
  amountPaise,
  onPay,
  onFail,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  orderNumber: string;
  amountPaise: number;
  onPay: () => void;
  onFail: () => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Also opened from My Orders, whose page may not send the orders' texts: English there.
  const text = useTextOr();
  const processing = text("orders.processing", "Processing...");

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const guard = (action: () => void) => () => {
    if (!busy) action();
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="test-payment-title"
      aria-describedby="test-payment-note"
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        // Escape is the Close button; the parent decides when the dialog really closes.
        event.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="border-b border-amber-200 bg-amber-50 px-6 py-4">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-amber-900 uppercase">
          <FlaskConical className="h-4 w-4" aria-hidden />
          {text("orders.testMode", "Test mode")}
        </p>
        <h2 id="test-payment-title" className="mt-1 text-xl font-bold text-gray-900">
          {text("orders.testTitle", "Test payment")}
        </h2>
      </div>
      <div className="px-6 py-5" aria-busy={busy}>
        <p id="test-payment-note" className="text-gray-800">
          {text(
            "orders.testNote",
            "This shop is running its built-in test gateway. No money is charged: choose Pay to complete the order, or Fail to see a declined payment.",
          )}
        </p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-700">{text("orders.testOrder", "Order")}</dt>
          <dd className="font-medium break-all text-gray-900">{orderNumber}</dd>
          <dt className="text-gray-700">{text("orders.testAmount", "Amount")}</dt>
          <dd className="font-semibold text-gray-900">{formatRupees(amountPaise)}</dd>
        </dl>
        <p role="status" className="sr-only">
          {busy ? processing : ""}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <button
            type="button"
            autoFocus
            aria-disabled={busy}
            onClick={guard(onPay)}
            className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            {busy ? processing : text("orders.testPay", `Pay ${formatRupees(amountPaise)}`, { amount: formatRupees(amountPaise) })}
          </button>
          <button
            type="button"
            aria-disabled={busy}
            onClick={guard(onFail)}
            className="rounded-md border border-red-300 bg-white px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            {text("orders.testFail", "Fail")}
          </button>
          <button
            type="button"
            aria-disabled={busy}
            onClick={guard(onClose)}
            className="rounded-md px-5 py-2.5 font-semibold text-gray-800 hover:bg-gray-100 aria-disabled:cursor-wait aria-disabled:opacity-70 sm:mr-auto"
          >
            {text("orders.testClose", "Close")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
