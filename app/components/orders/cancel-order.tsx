import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { keepFocusInside } from "~/lib/dialog";
import { useT } from "~/lib/i18n";

export type CancelResult = { ok: boolean; message: string };

/** The cancel's fetcher: the dialog posts through it, the page shows its answer (the dialog is gone once the order is cancelled). */
export const CANCEL_ORDER_FETCHER = "cancel-order";

/**
 * "Cancel order" with a confirmation (a native modal <dialog>): posts to the order page's action
 * (the orders module's `cancelOrder`, as `POST /api/orders/:id/cancel`), after which the page
 * reloads its order, so status, history and payment show what the server did.
 */
export function CancelOrder({ paid }: { paid: boolean }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<CancelResult>({ key: CANCEL_ORDER_FETCHER });
  const busy = fetcher.state !== "idle";
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const t = useT();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  // A refusal closes the dialog and brings focus back to the button (a cancelled order has neither).
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answered) return;
    setOpen(false);
    if (!answered.ok) triggerRef.current?.focus();
  }, [answered]);

  const confirm = () => {
    if (!busy) void fetcher.submit({ intent: "cancel" }, { method: "post" });
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="rounded-md border border-red-300 bg-white px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 print:hidden"
      >
        {t("orders.cancel")}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="cancel-order-title"
        aria-describedby="cancel-order-text"
        onKeyDown={keepFocusInside}
        onCancel={(event) => {
          event.preventDefault();
          if (!busy) close();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-black/50"
      >
        <h2 id="cancel-order-title" className="text-xl font-bold text-gray-900">
          {t("orders.cancelTitle")}
        </h2>
        <p id="cancel-order-text" className="mt-2 text-gray-800">
          {t(paid ? "orders.cancelPaid" : "orders.cancelUnpaid")}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <button
            type="button"
            aria-disabled={busy}
            onClick={confirm}
            className="rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            {t(busy ? "orders.processing" : "orders.cancelYes")}
          </button>
          <button
            type="button"
            autoFocus
            aria-disabled={busy}
            onClick={() => {
              if (!busy) close();
            }}
            className="rounded-md border border-gray-300 px-5 py-2.5 font-semibold text-gray-800 hover:bg-gray-100 aria-disabled:opacity-70"
          >
            {t("orders.keep")}
          </button>
        </div>
      </dialog>
    </>
  );
}
