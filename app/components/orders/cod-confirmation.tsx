import { CalendarClock, CheckCircle2, Truck } from "lucide-react";
import { useFetcher } from "react-router";
import { formatDateTime } from "#common/dates.ts";
import type { OrderJson } from "#common/orders.ts";
import { deliveryByText } from "#common/serviceability.ts";

/** What the order page's action answers for `intent=confirm-cod`. */
export interface CodConfirmResult {
  ok: boolean;
  message: string;
}

/**
 * The delivery date promised when the order was placed, while it is still on its way (the
 * confirmation page and the order page).
 */
export function ExpectedDelivery({ order }: { order: Pick<OrderJson, "estimatedDelivery" | "status"> }) {
  if (!order.estimatedDelivery || order.status === "Delivered" || order.status === "Cancelled") return null;
  return (
    <p data-testid="order-delivery" className="flex items-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-gray-900">
      <Truck className="h-4 w-4 flex-none text-brand-700" aria-hidden />
      <span>
        Expected: <strong>{deliveryByText(order.estimatedDelivery)}</strong>
      </span>
    </p>
  );
}

/**
 * A cash-on-delivery order waiting for its confirmation (decisions/044): the deadline, and the
 * owner's one-tap "Confirm order" (posted to the order page's action, with or without JavaScript).
 * Once confirmed it says so; unconfirmed orders are cancelled at the deadline and their stock released.
 */
export function CodConfirmation({ order, isOwner = true }: { order: Pick<OrderJson, "_id" | "status" | "codConfirmation">; isOwner?: boolean }) {
  const fetcher = useFetcher<CodConfirmResult>();
  const confirmation = order.codConfirmation;
  if (!confirmation || order.status !== "Processing") return null;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (confirmation.confirmed) {
    return (
      <p role="status" className="flex items-center gap-2 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-brand-900">
        <CheckCircle2 className="h-4 w-4 flex-none" aria-hidden />
        {result?.ok ? result.message : "Your cash-on-delivery order is confirmed."}
      </p>
    );
  }
  return (
    <section aria-labelledby="cod-confirm-heading" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="cod-confirm-heading" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock className="h-5 w-5 flex-none" aria-hidden />
        Please confirm your order
      </h2>
      <p className="mt-1">
        We hold the items for this cash-on-delivery order until{" "}
        <strong>{confirmation.confirmBy ? formatDateTime(confirmation.confirmBy) : "the end of the confirmation window"}</strong>. An order not
        confirmed by then is cancelled and its items are released.
      </p>
      {isOwner ? (
        <fetcher.Form method="post" action={`/order/${encodeURIComponent(order._id)}`} className="mt-3">
          <input type="hidden" name="intent" value="confirm-cod" />
          <button
            type="submit"
            aria-disabled={fetcher.state !== "idle"}
            className="w-full rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 aria-disabled:opacity-70 sm:w-auto"
          >
            {fetcher.state !== "idle" ? "Confirming..." : "Confirm order"}
          </button>
        </fetcher.Form>
      ) : null}
      {result && !result.ok ? (
        <p role="alert" className="mt-2 text-red-800">
          {result.message}
        </p>
      ) : null}
    </section>
  );
}
