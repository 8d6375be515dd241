// The couriers an order can be shipped with, each with its tracking page (issue 17 item 5,
// decisions/032). The admin's shipment form, the server's check, the customer's order page and the
// "shipped" email all read this one list. "Other" has no tracking page: the AWB is shown alone.
// A courier outside the list was assigned by Shiprocket (issue 31): tracked on Shiprocket's page.
import { shiprocketTrackingUrl } from "./shipping.ts";

export interface Courier {
  id: string;
  name: string;
  /** The courier's public tracking page with `{awb}` where the tracking number goes; null: none. */
  trackingUrl: string | null;
}

export const COURIERS = [
  { id: "delhivery", name: "Delhivery", trackingUrl: "https://www.delhivery.com/track/package/{awb}" },
  { id: "bluedart", name: "Blue Dart", trackingUrl: "https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={awb}" },
  { id: "dtdc", name: "DTDC", trackingUrl: "https://www.dtdc.in/trace.asp?strCnno={awb}" },
  { id: "indiapost", name: "India Post", trackingUrl: "https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={awb}" },
  { id: "ecomexpress", name: "Ecom Express", trackingUrl: "https://ecomexpress.in/tracking/?awb_field={awb}" },
  { id: "xpressbees", name: "Xpressbees", trackingUrl: "https://www.xpressbees.com/shipment/tracking?awbNo={awb}" },
  { id: "shadowfax", name: "Shadowfax", trackingUrl: "https://tracker.shadowfax.in/#/track?trackingId={awb}" },
  { id: "other", name: "Other", trackingUrl: null },
] as const satisfies readonly Courier[];

export type CourierId = (typeof COURIERS)[number]["id"];

export const COURIER_IDS = COURIERS.map((courier) => courier.id) as CourierId[];

export function courierById(id: string | null | undefined): Courier | undefined {
  return COURIERS.find((courier) => courier.id === id);
}

/** Tracking numbers as couriers print them: letters and digits (hyphens allowed), 6 to 30 characters. */
const AWB = /^[A-Z0-9][A-Z0-9-]{4,28}[A-Z0-9]$/;
/** India Post's numbers follow the UPU S10 format: two letters, nine digits, "IN" (e.g. EE123456789IN). */
const INDIA_POST_AWB = /^[A-Z]{2}\d{9}IN$/;

export const SHIPMENT_MESSAGES = {
  courier: "Choose the courier",
  awb: "Enter the AWB or tracking number: 6 to 30 letters and digits",
  indiaPostAwb: "India Post tracking numbers look like EE123456789IN",
  bothOrNeither: "Give both the courier and the AWB number",
  /** PUT /api/admin/orders/:id { status: "Shipped" } without them (the transition table's `needs`). */
  needed: "Give the courier and the AWB number to mark the order Shipped",
} as const;

/** The tracking number as stored: spaces removed, upper case. */
export function normaliseAwb(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/** Null when `awb` (normalised) is a valid tracking number for the courier, else the sentence saying why not. */
export function awbProblem(courierId: string, awb: string): string | null {
  if (!AWB.test(awb)) return SHIPMENT_MESSAGES.awb;
  if (courierId === "indiapost" && !INDIA_POST_AWB.test(awb)) return SHIPMENT_MESSAGES.indiaPostAwb;
  return null;
}

/** The courier's tracking page for this AWB, or null ("Other", or an unknown courier). */
export function trackingLink(courierId: string | null | undefined, awb: string | null | undefined): string | null {
  const courier = courierById(courierId);
  if (!courier?.trackingUrl || !awb) return null;
  return courier.trackingUrl.replace("{awb}", encodeURIComponent(awb));
}

/** What an order page and an email show about a shipment. */
export interface ShipmentJson {
  courier: string;
  courierName: string;
  awb: string;
  trackingUrl: string | null;
  shippedAt: string | null;
}

export function shipmentJson(row: { courier: string | null; trackingNumber: string | null; shippedAt: Date | null }): ShipmentJson | null {
  if (!row.courier || !row.trackingNumber) return null;
  return {
    courier: row.courier,
    courierName: courierById(row.courier)?.name ?? row.courier,
    awb: row.trackingNumber,
    // Hand-typed shipments name a listed courier; any other was assigned by Shiprocket.
    trackingUrl: courierById(row.courier) ? trackingLink(row.courier, row.trackingNumber) : shiprocketTrackingUrl(row.trackingNumber),
    shippedAt: row.shippedAt?.toISOString() ?? null,
  };
}

/**
 * The courier and AWB given with a status change (`{ status, courier, awb }`): both or neither
 * (a move to Shipped without them is refused by the transition table's `needs`, with
 * SHIPMENT_MESSAGES.needed; other moves send none); a known courier and a
 * valid AWB, normalised. `errors` are per field, for the form and the 400.
 */
export function checkShipment(
  input: { courier?: unknown; awb?: unknown },
): { ok: true; shipment: { courier: string; awb: string } | undefined } | { ok: false; errors: Record<string, string> } {
  const courier = typeof input.courier === "string" ? input.courier.trim() : input.courier;
  const awb = typeof input.awb === "string" ? normaliseAwb(input.awb) : input.awb;
  const absent = (value: unknown) => value === undefined || value === null || value === "";
  if (absent(courier) && absent(awb)) return { ok: true, shipment: undefined };
  const errors: Record<string, string> = {};
  if (typeof courier !== "string" || !courierById(courier)) errors.courier = SHIPMENT_MESSAGES.courier;
  if (typeof awb !== "string" || awb === "") errors.awb = SHIPMENT_MESSAGES.awb;
  else if (typeof courier === "string") {
    const problem = awbProblem(courier, awb);
    if (problem) errors.awb = problem;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, shipment: { courier: courier as string, awb: awb as string } };
}
