import { ExternalLink, Printer, Truck } from "lucide-react";
import type { ShipmentJson } from "#common/couriers.ts";
import { formatDateTime, formatLongDate } from "#common/dates.ts";
import type { ShiprocketShipmentJson } from "#common/shipping.ts";

/**
 * The courier and AWB an order was shipped with, and the courier's tracking page (decisions/032):
 * on the customer's order page and the admin's. "Other" couriers have no link; the AWB is shown alone.
 */
export function Tracking({
  shipment,
  shiprocket,
  delivered = false,
  className = "",
}: {
  shipment: ShipmentJson;
  /** Shipped through Shiprocket (issue 31): the expected date, the label for admins, and the courier's scans. */
  shiprocket?: ShiprocketShipmentJson;
  delivered?: boolean;
  className?: string;
}) {
  return (
    <section aria-labelledby="tracking-heading" className={`rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      <h2 id="tracking-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Truck className="h-5 w-5 text-brand-700" aria-hidden />
        Shipment
      </h2>
      {shiprocket?.returnProblem ? (
        // Admins only (the JSON carries it for them): a parcel back with the shop that could not be cancelled and refunded by itself.
        <p role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="return-problem">
          Shiprocket reports this parcel delivered back to the shop, but the order could not be cancelled and refunded automatically: {shiprocket.returnProblem} The shop tries again every hour; the order is cancelled, its stock put back and the payment refunded as soon as the refund goes through.
        </p>
      ) : null}
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
        {shiprocket?.expectedDelivery && !delivered ? (
          <>
            <dt className="text-gray-700">Expected delivery</dt>
            <dd data-testid="tracking-expected">{formatLongDate(`${shiprocket.expectedDelivery}T12:00:00+05:30`)}</dd>
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
          {/* Shiprocket's page follows the parcel whichever courier it assigned. */}
          {shiprocket ? "Track your parcel on Shiprocket" : `Track your parcel on ${shipment.courierName}`}
          <ExternalLink className="h-4 w-4" aria-hidden />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <p className="mt-3 text-sm text-gray-700">Give the courier this number to ask where your parcel is.</p>
      )}
      {shiprocket?.labelUrl ? (
        <a
          href={shiprocket.labelUrl}
          target="_blank"
          rel="noopener"
          className="mt-4 ml-0 inline-flex items-center gap-2 rounded-md border border-gray-300 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50 sm:ml-3"
        >
          <Printer className="h-4 w-4" aria-hidden />
          Print label
          <span className="sr-only"> (PDF, opens in a new tab)</span>
        </a>
      ) : null}
      {shiprocket ? <TrackingTimeline events={shiprocket.events} /> : null}
    </section>
  );
}

/** The courier's scans, newest first, with places and times in India (an ordered list for screen readers). */
function TrackingTimeline({ events }: { events: ShiprocketShipmentJson["events"] }) {
  if (events.length === 0) {
    return <p className="mt-4 text-sm text-gray-700">The courier's updates appear here once the parcel is picked up.</p>;
  }
  return (
    <>
      <h3 id="tracking-events-heading" className="mt-5 font-semibold text-gray-900">
        Tracking updates
      </h3>
      <ol aria-labelledby="tracking-events-heading" className="mt-2 border-l-2 border-brand-200 pl-4" data-testid="tracking-events">
        {events.map((event, index) => (
          <li key={`${event.at}-${event.status}-${event.activity}`} className="relative pb-4 last:pb-0">
            <span
              aria-hidden
              className={`absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full border-2 border-white ${index === 0 ? "bg-brand-700" : "bg-gray-400"}`}
            />
            <p className="font-medium break-words text-gray-900">{event.activity || event.status}</p>
            <p className="text-sm break-words text-gray-700">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {event.location ? <> · {event.location}</> : null}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
