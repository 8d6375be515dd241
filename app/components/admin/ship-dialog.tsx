import { Truck, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Link } from "react-router";
import type { SuggestedParcel } from "#common/shipping.ts";
import { keepFocusInside } from "~/lib/dialog";
import { ShiprocketForm } from "./shiprocket-form";

/**
 * The orders list's "Ship" when Shiprocket is configured (issue 31): the order page's own "Ship with
 * Shiprocket" form (same fields, same post, same answers) in a modal dialog, so an order ships
 * without leaving the list. It closes once the order is shipped (the list then reloads without the
 * button). Without JavaScript the button is a link to the order page's form.
 */
export function ShipDialog({ orderId, orderNumber, parcel, href }: { orderId: string; orderNumber: string; parcel: SuggestedParcel; href: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const prefix = `ship-${useId().replace(/:/g, "")}-`;
  // The dialog lives at the end of <body>, not inside the table row (a scrolling table would carry it along on phones).
  const [mounted, setMounted] = useState(false);
  // Opened at least once: the form is rendered only then (its fields start from the parcel each time it opens).
  const [opened, setOpened] = useState(0);
  useEffect(() => setMounted(true), []);
  return (
    <>
      <Link
        ref={triggerRef}
        to={href}
        onClick={(event) => {
          if (!dialogRef.current) return;
          event.preventDefault();
          setOpened((count) => count + 1);
          dialogRef.current.showModal();
        }}
        className="inline-flex items-center gap-1 rounded-md bg-brand-700 px-2.5 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        <Truck className="h-4 w-4" aria-hidden />
        Ship<span className="sr-only"> order {orderNumber} with Shiprocket</span>
      </Link>
      {mounted
        ? createPortal(
            <dialog
              ref={dialogRef}
              aria-labelledby={`${prefix}shipment-form-heading`}
              onKeyDown={keepFocusInside}
              onClose={() => triggerRef.current?.focus()}
              className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100%-1.5rem))] overflow-y-auto rounded-lg bg-white p-0 shadow-xl backdrop:bg-black/50"
            >
              <div className="relative p-4 sm:p-6">
                <p className="pr-10 text-sm font-medium text-gray-700">
                  Order <span className="font-mono">{orderNumber}</span>
                </p>
                <button
                  type="button"
                  onClick={() => dialogRef.current?.close()}
                  className="absolute top-3 right-3 rounded-md p-2 text-gray-700 hover:bg-gray-100"
                >
                  <X className="h-5 w-5" aria-hidden />
                  <span className="sr-only">Close</span>
                </button>
                {opened > 0 ? (
                  <ShiprocketForm
                    key={opened}
                    orderId={orderId}
                    orderNumber={orderNumber}
                    parcel={parcel}
                    idPrefix={prefix}
                    className="mt-1"
                    onShipped={() => dialogRef.current?.close()}
                  />
                ) : null}
              </div>
            </dialog>,
            document.body,
          )
        : null}
    </>
  );
}
