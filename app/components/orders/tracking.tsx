import { ExternalLink, Truck } from "lucide-react";
import type { ShipmentJson } from "#common/couriers.ts";
import { formatDateTime } from "#common/dates.ts";

/**
 * The courier and AWB an order was shipped with, and the courier's tracking page (decisions/032):
 * on the customer's order page and the admin's. "Other" couriers have no link; the AWB is shown alone.
 */
export function Tracking({ shipment, className = "" }: { shipment: ShipmentJson; className?: string }) {
  return (
    <section aria-labelledby="tracking-heading" className={`rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      <h2 id="tracking-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Truck className="h-5 w-5 text-brand-700" aria-hidden />
        Shipment
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-gray-800">
        <dt className="text-gray-700">Courier</dt>
        <dd className="font-medium">{shipment.courierName}</dd>
        <dt className="text-gray-700">AWB / tracking number</dt>
        <dd className="font-mono break-all" data-testid="tracking-awb">
          {shipment.awb}
        </dd>
        {shipment.shippedAt ? (
          <>
            <dt className="text-gray-700">Shipped</dt>
            <dd>{formatDateTime(shipment.shippedAt)}</dd>
          </>
        ) : null}
      </dl>
      {shipment.trackingUrl ? (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-flex items-center gap-2 rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
        >
          Track your parcel on {shipment.courierName}
          <ExternalLink className="h-4 w-4" aria-hidden />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <p className="mt-3 text-sm text-gray-700">Give the courier this number to ask where your parcel is.</p>
      )}
    </section>
  );
}
