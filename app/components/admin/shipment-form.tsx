import { Truck } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFocusFirstError } from "~/lib/focus-first-error";
import { useFetcher } from "react-router";
import { COURIERS, SHIPMENT_MESSAGES } from "#common/couriers.ts";
import { failureText, type ActionResult } from "./confirm-delete";
import { BUTTON_PRIMARY, INPUT } from "./page-header";
import { toast } from "~/components/ui/toaster";

/**
 * "Mark as Shipped" on the admin order page (decisions/032): the courier from the fixed list and
 * the AWB / tracking number, posted to /admin/orders/:id/shipment, which moves the order to
 * Shipped through the orders module's one status door (PUT /api/admin/orders/:id { status:
 * "Shipped", courier, awb }). Shown only when Shipped is a move the server allows now.
 */
export function ShipmentForm({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const { fetcher, busy, errors, formRef } = useShipmentFetcher("Failed to mark the order shipped");
  return (
    <section aria-labelledby="shipment-form-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
      {/* Reached by the orders list's Ship link (#shipment-form-heading): clear of the phone's sticky top bar. */}
      <h2 id="shipment-form-heading" className="scroll-mt-20 text-lg font-semibold text-gray-900">
        Ship this order
      </h2>
      <fetcher.Form ref={formRef} method="post" action={`/admin/orders/${encodeURIComponent(orderId)}/shipment`} className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-start" noValidate>
        <div>
          <label htmlFor="shipment-courier" className="text-sm font-medium text-gray-900">
            Courier
          </label>
          <select
            id="shipment-courier"
            name="courier"
            defaultValue=""
            required
            aria-invalid={errors.courier ? true : undefined}
            aria-describedby={errors.courier ? "shipment-courier-error" : undefined}
            className={`${INPUT} mt-1 bg-white`}
          >
            <option value="" disabled>
              {SHIPMENT_MESSAGES.courier}
            </option>
            {COURIERS.map((courier) => (
              <option key={courier.id} value={courier.id}>
                {courier.name}
              </option>
            ))}
          </select>
          {errors.courier ? (
            <p id="shipment-courier-error" className="mt-1 text-sm text-red-700">
              {errors.courier}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="shipment-awb" className="text-sm font-medium text-gray-900">
            AWB / tracking number
          </label>
          <input
            id="shipment-awb"
            name="awb"
            required
            autoComplete="off"
            maxLength={40}
            aria-invalid={errors.awb ? true : undefined}
            aria-describedby={errors.awb ? "shipment-awb-error" : undefined}
            className={`${INPUT} mt-1 font-mono`}
          />
          {errors.awb ? (
            <p id="shipment-awb-error" className="mt-1 text-sm text-red-700">
              {errors.awb}
            </p>
          ) : null}
        </div>
        <button type="submit" disabled={busy} className={`${BUTTON_PRIMARY} sm:mt-6`}>
          <Truck className="h-4 w-4" aria-hidden />
          Mark as Shipped<span className="sr-only"> order {orderNumber}</span>
        </button>
      </fetcher.Form>
    </section>
  );
}

/**
 * Both ship forms' posting (this one and "Ship with Shiprocket"): busy while it runs, the answer's
 * field errors (the first one focused), and a toast as soon as the answer arrives, while the page
 * reloads its data, which may remove the form.
 */
export function useShipmentFetcher(failureTitle: string) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result?.ok === false ? (result.errors ?? {}) : {};
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, result?.ok === false ? (result.errors ?? null) : null);
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(failureText(failureTitle, answer.message));
  }, [answer, failureTitle]);
  return { fetcher, busy, result, errors, formRef };
}
