import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { postJson } from "~/lib/api";
import { keepFocusInside } from "~/lib/dialog";

/**
 * "Cancel order" with a confirmation (a native modal <dialog>): `POST /api/orders/:id/cancel`,
 * then the page reloads its order, so status, history and payment show what the server did.
 */
export function CancelOrder({ orderId, paid, onResult }: { orderId: string; paid: boolean; onResult: (result: { ok: boolean; message: string }) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const revalidator = useRevalidator();

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

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    const result = await postJson(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {});
    setBusy(false);
    setOpen(false);
    if (result.ok) {
      await revalidator.revalidate();
      onResult({ ok: true, message: paid ? "Your order has been cancelled and your payment will be refunded." : "Your order has been cancelled." });
    } else {
      onResult({ ok: false, message: result.message || "Failed to cancel the order" });
      triggerRef.current?.focus();
    }
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
        Cancel order
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
          Cancel this order?
        </h2>
        <p id="cancel-order-text" className="mt-2 text-gray-800">
          {paid
            ? "The items go back on the shelf and the full amount is refunded to your original payment method."
            : "The items go back on the shelf. You have not been charged for this order."}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
          <button
            type="button"
            aria-disabled={busy}
            onClick={() => void confirm()}
            className="rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            {busy ? "Processing..." : "Yes, cancel order"}
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
            Keep order
          </button>
        </div>
      </dialog>
    </>
  );
}
