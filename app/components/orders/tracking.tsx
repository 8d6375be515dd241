import { ExternalLink, Printer, Truck } from "lucide-react";
import type { ShipmentJson } from "#common/couriers.ts";
import { formatDateTime, formatLongDate } from "#common/dates.ts";
import type { ShiprocketShipmentJson } from "#common/shipping.ts";
import { useTextOr } from "~/lib/api-text";
import { useLanguage } from "~/lib/i18n";

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
  // Also on the admin's order page, which has no catalogues: English there.
  const text = useTextOr();
  const language = useLanguage();
  return (
    <section aria-labelledby="tracking-heading" className={`rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      <h2 id="tracking-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Truck className="h-5 w-5 text-brand-700" aria-hidden />
        {text("orders.shipment", "Shipment")}
      </h2>
      {shiprocket?.returnProblem ? (
        // Admins only (the JSON carries it for them): a parcel back with the shop that could not be cancelled and refunded by itself.
        <p role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="return-problem">
          {text(
            "orders.returnProblem",
            `Shiprocket reports this parcel delivered back to the shop, but the order could not be cancelled and refunded automatically: ${shiprocket.returnProblem} The shop tries again every hour; the order is cancelled, its stock put back and the payment refunded as soon as the refund goes through.`,
            { problem: shiprocket.returnProblem },
          )}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-gray-800">
        <dt className="text-gray-700">{text("orders.courier", "Courier")}</dt>
        <dd className="font-medium">{shipment.courierName}</dd>
        <dt className="text-gray-700">{text("orders.awb", "AWB / tracking number")}</dt>
        <dd className="font-mono break-all" data-testid="tracking-awb">
          {shipment.awb}
        </dd>
        {shipment.shippedAt ? (
          <>
            <dt className="text-gray-700">{text("orders.shipped", "Shipped")}</dt>
            <dd>{formatDateTime(shipment.shippedAt, language)}</dd>
          </>
        ) : null}
        {shiprocket?.expectedDelivery && !delivered ? (
          <>
            <dt className="text-gray-700">{text("orders.expectedDelivery", "Expected delivery")}</dt>
            <dd data-testid="tracking-expected">{formatLongDate(`${shiprocket.expectedDelivery}T12:00:00+05:30`, language)}</dd>
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
          {shiprocket
            ? text("orders.trackShiprocket", "Track your parcel on Shiprocket")
            : text("orders.trackOn", `Track your parcel on ${shipment.courierName}`, { courier: shipment.courierName })}
          <ExternalLink className="h-4 w-4" aria-hidden />
          <span className="sr-only">{text("orders.newTab", " (opens in a new tab)")}</span>
        </a>
      ) : (
        <p className="mt-3 text-sm text-gray-700">{text("orders.askCourier", "Give the courier this number to ask where your parcel is.")}</p>
      )}
      {shiprocket?.labelUrl ? (
        <a
          href={shiprocket.labelUrl}
          target="_blank"
          rel="noopener"
          className="mt-4 ml-0 inline-flex items-center gap-2 rounded-md border border-gray-300 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50 sm:ml-3"
        >
          <Printer className="h-4 w-4" aria-hidden />
          {text("orders.printLabel", "Print label")}
          <span className="sr-only">{text("orders.pdfNewTab", " (PDF, opens in a new tab)")}</span>
        </a>
      ) : null}
      {shiprocket ? <TrackingTimeline events={shiprocket.events} /> : null}
    </section>
  );
}

/** The courier's scans, newest first, with places and times in India (an ordered list for screen readers). */
function TrackingTimeline({ events }: { events: ShiprocketShipmentJson["events"] }) {
  const text = useTextOr();
  const language = useLanguage();
  if (events.length === 0) {
    return <p className="mt-4 text-sm text-gray-700">{text("orders.noUpdates", "The courier's updates appear here once the parcel is picked up.")}</p>;
  }
  return (
    <>
      <h3 id="tracking-events-heading" className="mt-5 font-semibold text-gray-900">
        {text("orders.updates", "Tracking updates")}
      </h3>
      <ol aria-labelledby="tracking-events-heading" className="mt-2 border-l-2 border-brand-200 pl-4" data-testid="tracking-events">
        {events.map((event, index) => (
          <li key={`${event.at}-${event.status}-${event.activity}`} className="relative pb-4 last:pb-0">
            <span
              aria-hidden
              className={`absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full border-2 border-white ${index === 0 ? "bg-brand-700" : "bg-gray-400"}`}
            />
            <p lang="en" className="font-medium break-words text-gray-900">
              {event.activity || event.status}
            </p>
            <p className="text-sm break-words text-gray-700">
              <time dateTime={event.at}>{formatDateTime(event.at, language)}</time>
              {event.location ? <> · {event.location}</> : null}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
