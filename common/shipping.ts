// Shipments through Shiprocket (issue 31, decisions/052): the parcel's weight and box as the admin
// gives them (one check for the form and the server), the texts, and the shipment as the order
// pages and the API show it, with its tracking events.
import type { Checked } from "./forms.ts";

/** What the form starts with; the admin changes them per parcel. */
export const PARCEL_DEFAULTS = { weightKg: 0.5, lengthCm: 20, breadthCm: 15, heightCm: 10 } as const;

export const SHIPPING_MESSAGES = {
  weight: "Enter the parcel's weight in kg: more than 0, at most 100",
  size: "Enter the box size in cm: more than 0, at most 300",
  courierId: "Shiprocket's courier id is a whole number",
  notConfigured: "Shiprocket is not configured: enter the courier and AWB by hand",
  alreadyShipped: "This order has already been shipped",
  inProgress: "This order is being shipped right now; wait a moment and reload the page",
  shipped: "Shipped with Shiprocket",
  noLabel: "This order has no Shiprocket label",
  returnedToSender: "Returned to sender",
  /** The note of a delivery Shiprocket reported. */
  delivered: "Delivered (reported by the courier through Shiprocket)",
} as const;

/** "Ship with Shiprocket"'s starting values (orders/shiprocket.ts suggestParcels) and where they came from. */
export interface SuggestedParcel {
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  /** Every product of the order has a parcel weight: `weightKg` is their sum. */
  weightFromProducts: boolean;
  /** Some product has a box: the largest of them; else the shop's default box. */
  boxFromProducts: boolean;
}

export interface Parcel {
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  courierId?: number;
}

function positive(value: unknown, max: number): number | undefined {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(number) || number <= 0 || number > max) return undefined;
  return Math.round(number * 100) / 100;
}

const given = (value: unknown) => value !== undefined && value !== null && value !== "";

/** `{ weightKg, lengthCm?, breadthCm?, heightCm?, courierId? }`: a weight, a box (the defaults where not given), perhaps a courier. */
export function checkParcel(input: unknown): Checked<Parcel> {
  const body = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const errors: Record<string, string> = {};
  const weightKg = positive(body.weightKg, 100);
  if (weightKg === undefined) errors.weightKg = SHIPPING_MESSAGES.weight;
  const size = (field: "lengthCm" | "breadthCm" | "heightCm") => {
    if (!given(body[field])) return PARCEL_DEFAULTS[field];
    const value = positive(body[field], 300);
    if (value === undefined) errors[field] = SHIPPING_MESSAGES.size;
    return value ?? 0;
  };
  const lengthCm = size("lengthCm");
  const breadthCm = size("breadthCm");
  const heightCm = size("heightCm");
  let courierId: number | undefined;
  if (given(body.courierId)) {
    const value = typeof body.courierId === "string" ? Number(body.courierId.trim()) : body.courierId;
    if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) courierId = value;
    else errors.courierId = SHIPPING_MESSAGES.courierId;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: { weightKg: weightKg!, lengthCm, breadthCm, heightCm, ...(courierId !== undefined ? { courierId } : {}) } };
}

/** One courier scan, as Shiprocket reported it. */
export interface ShipmentEventJson {
  at: string;
  status: string;
  activity: string;
  location: string;
}

/** An order's Shiprocket shipment (api-contract.md "Shipments through Shiprocket"): events newest first. */
export interface ShiprocketShipmentJson {
  provider: "shiprocket";
  courier: string;
  awb: string;
  trackingUrl: string;
  /** The shop's own address of the label PDF (admins only; null for the customer). */
  labelUrl: string | null;
  expectedDelivery?: string;
  /** Shiprocket's latest status (e.g. "IN TRANSIT"), null before the first scan. */
  currentStatus: string | null;
  events: ShipmentEventJson[];
  /** Admins only: the parcel is back with the shop but the order could not be cancelled and refunded by itself — why. */
  returnProblem?: string;
}

/** Shiprocket's public tracking page of an AWB. */
export function shiprocketTrackingUrl(awb: string): string {
  return `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;
}

/** The label's address in the admin API. */
export function shipmentLabelPath(orderId: string): string {
  return `/api/admin/orders/${encodeURIComponent(orderId)}/shipment/label`;
}
