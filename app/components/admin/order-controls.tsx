import { Truck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ADMIN_ORDER_STATUSES, ORDER_PAGE_MESSAGES, statusOptionLabel } from "#common/admin.ts";
import { useToastedFetcher } from "./confirm-delete";

/**
 * Statuses the select never offers: moving there needs more than the status (the transition
 * table's `needs`: Shipped needs the courier and AWB, decisions/032), so they are reached through
 * the order page's "Ship this order" form instead.
 */
export const STATUSES_WITH_FORM: readonly string[] = ["Shipped"];

/** Where the order page's "Ship this order" form is, from the list (`shipHref` of the order page: "#…"). */
export const SHIPMENT_FORM_ANCHOR = "#shipment-form-heading";

/**
 * The status select with its Update button, a Ship link to the order page's shipment form, and a
 * Mark as Delivered button; the buttons post to the orders page's action. They offer only the
 * statuses the server would accept now (`nextStatuses`: the transition table with its guards), so
 * an unpaid order or one whose prescription is not approved has no Ship; with nothing possible,
 * nothing is offered. Shipped is never a bare choice of the select (the server refuses it without
 * the courier and AWB): `shipHref` is where the form asking for them is.
 */
export function OrderStatusControls({
  orderId,
  label,
  status,
  nextStatuses,
  shipHref,
  shipControl,
  action = "/admin/orders",
}: {
  orderId: string;
  label: string;
  status: string;
  nextStatuses: readonly string[];
  shipHref: string;
  /** Replaces the Ship link (the orders list's Shiprocket dialog, issue 31). */
  shipControl?: ReactNode;
  action?: string;
}) {
  const fetcher = useToastedFetcher(ORDER_PAGE_MESSAGES.updateFailed);
  const busy = fetcher.state !== "idle";
  const options = ADMIN_ORDER_STATUSES.filter((option) => nextStatuses.includes(option) && !STATUSES_WITH_FORM.includes(option));
  const canShip = nextStatuses.includes("Shipped");
  if (options.length === 0 && !canShip) return <span className="text-sm text-gray-600">No status change possible</span>;
  const ship = !canShip ? null : shipControl ? (
    shipControl
  ) : (
    <Link
      to={shipHref}
      className="inline-flex items-center gap-1 rounded-md bg-brand-700 px-2.5 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
    >
      <Truck className="h-4 w-4" aria-hidden />
      Ship<span className="sr-only"> order {label} with courier and AWB</span>
    </Link>
  );
  if (options.length === 0) return ship;
  return (
    <fetcher.Form method="post" action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={orderId} />
      {ship}
      {/* The select and its Update button stay on one line when the cell wraps. */}
      <span className="inline-flex items-center gap-2">
        <select
          name="status"
          key={`${status}:${options.join()}`}
          defaultValue={options[0]}
          aria-label={`Status of order ${label}`}
          className="rounded-md border border-gray-400 bg-white px-2 py-1.5 text-sm"
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {statusOptionLabel(status, option)}
            </option>
          ))}
        </select>
        <button
          type="submit"
          name="intent"
          value="status"
          disabled={busy}
          className="rounded-md border border-gray-400 bg-white px-2.5 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-70"
        >
          Update<span className="sr-only"> status of order {label}</span>
        </button>
      </span>
      {options.includes("Delivered") ? (
        <button
          type="submit"
          name="intent"
          value="deliver"
          disabled={busy}
          className="inline-flex items-center gap-1 rounded-md bg-brand-700 px-2.5 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          <Truck className="h-4 w-4" aria-hidden />
          Mark as Delivered<span className="sr-only"> order {label}</span>
        </button>
      ) : null}
    </fetcher.Form>
  );
}
