// Shiprocket's external API (issue 31, decisions/052), through `fetch` at SHIPROCKET_API_BASE
// (https://apiv2.shiprocket.in, or a fake on 127.0.0.1 in tests). The shop signs in with the
// account's email and password; the token (valid ten days) is kept and reused until a day before it
// ends, and a 401 signs in again once. Every failure becomes a ShiprocketError whose message names
// Shiprocket's own reason (never a library's), for the admin to read.
import type { ShiprocketSettings } from "#server/config.ts";

export class ShiprocketError extends Error {
  override name = "ShiprocketError";
  constructor(
    message: string,
    /** Shiprocket's HTTP status; undefined when it could not be reached or answered nonsense. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Shiprocket's tokens last 10 days; the shop signs in again after 9. */
export const TOKEN_LIFETIME_MS = 9 * 24 * 60 * 60 * 1000;
const DEFAULT_TIMEOUT_MS = 15_000;
/** A PIN check waits at most this long for the courier network before the uploaded list answers. */
export const SERVICEABILITY_TIMEOUT_MS = 4_000;
/** The pickup location's PIN is read again after a day (an address changed in Shiprocket's panel). */
const PICKUP_PIN_TTL_MS = 24 * 60 * 60 * 1000;
/** A label PDF is a few hundred kilobytes; anything past this is not a label. */
const MAX_LABEL_BYTES = 5 * 1024 * 1024;

export interface AdhocOrderInput {
  orderNumber: string;
  orderDate: Date;
  pickupLocation: string;
  customer: { firstName: string; lastName: string; address: string; city: string; pinCode: string; state: string; email: string; phone: string };
  lines: { name: string; sku: string; units: number; sellingPrice: number; hsn: string | null }[];
  paymentMethod: "COD" | "Prepaid";
  /** Rupees: what the courier collects for COD (the order's total), else the order's value. */
  subTotal: number;
  shippingCharges: number;
  discount: number;
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface AssignedAwb {
  awb: string;
  courierName: string;
  courierId: number | null;
  /** YYYY-MM-DD when Shiprocket gives an expected delivery date. */
  expectedDelivery: string | null;
}

export interface TrackedShipment {
  /** Shiprocket's current status in capitals (e.g. "DELIVERED", "RTO DELIVERED"), or null when it names none. */
  currentStatus: string | null;
}

/** The courier network's answer for one delivery PIN code (GET /courier/serviceability/). */
export type CourierServiceability =
  | { serviceable: false }
  | {
      serviceable: true;
      /** The delivery PIN's state and city as Shiprocket names them, when it does. */
      state: string | null;
      city: string | null;
      /** Some courier serving the PIN collects cash on delivery. */
      cod: boolean;
      /** The recommended courier's name and delivery days (null when it gives none). */
      courier: string;
      days: number | null;
    };

export interface ShiprocketClient {
  /** The configured pickup location's PIN code, read from the account's pickup addresses (kept a day). */
  pickupPin(pickupLocation: string): Promise<string>;
  /** Which couriers deliver a parcel of `weightKg` from the pickup PIN to `deliveryPin`. */
  courierServiceability(input: { pickupPin: string; deliveryPin: string; weightKg: number }): Promise<CourierServiceability>;
  /** Shiprocket's order for the shop's order number, if one exists (a create that timed out may have made one). */
  findOrder(orderNumber: string): Promise<{ orderId: string; shipmentId: string } | null>;
  createAdhocOrder(input: AdhocOrderInput): Promise<{ orderId: string; shipmentId: string }>;
  assignAwb(shipmentId: string, courierId?: number): Promise<AssignedAwb>;
  generateLabel(shipmentId: string): Promise<{ labelUrl: string }>;
  generatePickup(shipmentId: string): Promise<{ scheduledDate: string | null }>;
  trackAwb(awb: string): Promise<TrackedShipment>;
  /** The label PDF at a URL Shiprocket gave (its own storage). */
  fetchLabel(labelUrl: string): Promise<Buffer>;
}

type Json = Record<string, unknown>;

/** Shiprocket's reason in a refusal: `message`, then the first field error, then the status. */
export function shiprocketReason(json: Json, status: number): string {
  const parts: string[] = [];
  if (typeof json.message === "string" && json.message.trim()) parts.push(json.message.trim());
  const errors = json.errors;
  if (errors && typeof errors === "object") {
    for (const [field, value] of Object.entries(errors as Json)) {
      const text = Array.isArray(value) ? value.filter((item) => typeof item === "string").join(" ") : typeof value === "string" ? value : "";
      if (text) parts.push(`${field}: ${text}`);
    }
  }
  return parts.length > 0 ? parts.join("; ") : `it answered ${status}`;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : typeof value === "number" ? String(value) : null);

/** "2026-12-03 18:00:00" or "2026-12-03": the date part. */
function datePart(value: unknown): string | null {
  const match = typeof value === "string" ? /^(\d{4}-\d{2}-\d{2})/.exec(value.trim()) : null;
  return match ? match[1]! : null;
}

export function createShiprocketClient(
  settings: Pick<ShiprocketSettings, "email" | "password" | "apiBase">,
  options: { timeoutMs?: number; serviceabilityTimeoutMs?: number; now?: () => number } = {},
): ShiprocketClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const serviceabilityTimeoutMs = options.serviceabilityTimeoutMs ?? SERVICEABILITY_TIMEOUT_MS;
  let pickup: { location: string; pin: string; until: number } | undefined;
  const now = options.now ?? Date.now;
  let session: { token: string; renewAt: number } | undefined;
  // Parallel calls with no token share one sign-in.
  let signingIn: Promise<string> | undefined;

  async function send(path: string, init: { method: "GET" | "POST"; body?: unknown; token?: string; timeoutMs?: number }): Promise<{ status: number; json: Json }> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiBase}${path}`, {
        method: init.method,
        headers: {
          Accept: "application/json",
          ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(init.timeoutMs ?? timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      throw new ShiprocketError(timedOut ? "Shiprocket did not answer in time; try again in a few minutes" : "Shiprocket could not be reached; try again in a few minutes");
    }
    const body = await response.text().catch(() => "");
    let json: Json = {};
    try {
      const parsed: unknown = body ? JSON.parse(body) : {};
      json = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Json) : {};
    } catch {
      throw new ShiprocketError(`Shiprocket answered ${response.status} with something that is not JSON; try again in a few minutes`, response.status);
    }
    return { status: response.status, json };
  }

  async function signIn(): Promise<string> {
    signingIn ??= (async () => {
      try {
        const { status, json } = await send("/v1/external/auth/login", { method: "POST", body: { email: settings.email, password: settings.password } });
        if (status < 200 || status >= 300) throw new ShiprocketError(`Shiprocket refused the shop's sign-in: ${shiprocketReason(json, status)}`, status);
        const token = text(json.token);
        if (!token) throw new ShiprocketError("Shiprocket's sign-in answered without a token", status);
        session = { token, renewAt: now() + TOKEN_LIFETIME_MS };
        return token;
      } finally {
        signingIn = undefined;
      }
    })();
    return signingIn;
  }

  async function token(): Promise<string> {
    if (session && now() < session.renewAt) return session.token;
    session = undefined;
    return signIn();
  }

  /** An authorised call; a 401 signs in again once. A refusal names what was being done and Shiprocket's reason. */
  async function call(
    doing: string,
    path: string,
    method: "GET" | "POST",
    body?: unknown,
    options: { timeoutMs?: number; /** A status that is an answer, not a refusal (an unserved PIN's 404). */ answers?: number } = {},
  ): Promise<{ status: number; json: Json }> {
    let bearer = await token();
    let answer = await send(path, { method, body, token: bearer, timeoutMs: options.timeoutMs });
    if (answer.status === 401) {
      if (session?.token === bearer) session = undefined;
      bearer = await token();
      answer = await send(path, { method, body, token: bearer, timeoutMs: options.timeoutMs });
    }
    const ok = (answer.status >= 200 && answer.status < 300) || answer.status === options.answers;
    if (!ok) throw new ShiprocketError(`Shiprocket refused to ${doing}: ${shiprocketReason(answer.json, answer.status)}`, answer.status);
    return answer;
  }

  return {
    async pickupPin(pickupLocation) {
      // The setting is compared with the panel's nicknames without regard to case or spaces around it.
      const wanted = pickupLocation.trim().toLowerCase();
      if (pickup && pickup.location === wanted && now() < pickup.until) return pickup.pin;
      const { json } = await call("list the pickup addresses", "/v1/external/settings/company/pickup", "GET", undefined, { timeoutMs: serviceabilityTimeoutMs });
      const addresses = ((json.data as Json | undefined)?.shipping_address ?? []) as unknown;
      const found = Array.isArray(addresses) ? (addresses as Json[]).find((entry) => text(entry.pickup_location)?.toLowerCase() === wanted) : undefined;
      const pin = text(found?.pin_code);
      if (!pin || !/^[1-9]\d{5}$/.test(pin)) throw new ShiprocketError(`Shiprocket has no pickup address named "${pickupLocation}" with a PIN code`);
      pickup = { location: wanted, pin, until: now() + PICKUP_PIN_TTL_MS };
      return pin;
    },

    async courierServiceability({ pickupPin, deliveryPin, weightKg }) {
      const query = new URLSearchParams({ pickup_postcode: pickupPin, delivery_postcode: deliveryPin, weight: String(weightKg), cod: "0" });
      // Shiprocket answers an unserved PIN with a 404 (in the status or the body's `status`).
      const { status, json } = await call("check the PIN code", `/v1/external/courier/serviceability/?${query}`, "GET", undefined, {
        timeoutMs: serviceabilityTimeoutMs,
        answers: 404,
      });
      if (status === 404 || json.status === 404) return { serviceable: false };
      const data = (json.data ?? {}) as Json;
      const couriers = (Array.isArray(data.available_courier_companies) ? data.available_courier_companies : []).filter(
        (entry): entry is Json => !!entry && typeof entry === "object",
      );
      if (couriers.length === 0) return { serviceable: false };
      const recommendedId = text(data.recommended_courier_company_id) ?? text(data.shiprocket_recommended_courier_id);
      const recommended = couriers.find((entry) => recommendedId !== null && text(entry.courier_company_id) === recommendedId) ?? couriers[0]!;
      const days = Number(text(recommended.estimated_delivery_days));
      return {
        serviceable: true,
        state: text(recommended.state),
        city: text(recommended.city),
        cod: couriers.some((entry) => Number(entry.cod) === 1),
        courier: text(recommended.courier_name) ?? "Shiprocket courier",
        days: Number.isInteger(days) && days >= 0 && days <= 60 ? days : null,
      };
    },

    async findOrder(orderNumber) {
      const { json } = await call("look up the order", `/v1/external/orders?${new URLSearchParams({ search: orderNumber })}`, "GET");
      const list = Array.isArray(json.data) ? (json.data as Json[]) : [];
      // The search matches parts of numbers too: only the order whose channel order id is this one counts.
      const match = list.find((entry) => text(entry.channel_order_id) === orderNumber);
      if (!match) return null;
      const orderId = text(match.id);
      const shipments = Array.isArray(match.shipments) ? (match.shipments as Json[]) : [];
      const shipmentId = text(shipments[0]?.id);
      return orderId && shipmentId ? { orderId, shipmentId } : null;
    },

    async createAdhocOrder(input) {
      const { json } = await call("create the order", "/v1/external/orders/create/adhoc", "POST", {
        order_id: input.orderNumber,
        order_date: input.orderDate.toISOString().slice(0, 16).replace("T", " "),
        pickup_location: input.pickupLocation,
        billing_customer_name: input.customer.firstName,
        billing_last_name: input.customer.lastName,
        billing_address: input.customer.address,
        billing_city: input.customer.city,
        billing_pincode: input.customer.pinCode,
        billing_state: input.customer.state,
        billing_country: "India",
        billing_email: input.customer.email,
        billing_phone: input.customer.phone,
        shipping_is_billing: true,
        order_items: input.lines.map((line) => ({
          name: line.name,
          sku: line.sku,
          units: line.units,
          selling_price: line.sellingPrice,
          ...(line.hsn ? { hsn: line.hsn } : {}),
        })),
        payment_method: input.paymentMethod,
        shipping_charges: input.shippingCharges,
        total_discount: input.discount,
        sub_total: input.subTotal,
        length: input.lengthCm,
        breadth: input.breadthCm,
        height: input.heightCm,
        weight: input.weightKg,
      });
      const orderId = text(json.order_id);
      const shipmentId = text(json.shipment_id);
      if (!orderId || !shipmentId) throw new ShiprocketError(`Shiprocket did not create the order: ${shiprocketReason(json, 200)}`);
      return { orderId, shipmentId };
    },

    async assignAwb(shipmentId, courierId) {
      const { json } = await call("assign an AWB", "/v1/external/courier/assign/awb", "POST", {
        shipment_id: shipmentId,
        ...(courierId !== undefined ? { courier_id: courierId } : {}),
      });
      const data = ((json.response as Json | undefined)?.data ?? {}) as Json;
      const awb = text(data.awb_code);
      if (json.awb_assign_status !== 1 || !awb) {
        const reason = text(data.awb_assign_error) ?? shiprocketReason(json, 200);
        throw new ShiprocketError(`Shiprocket could not assign an AWB: ${reason}`);
      }
      const courier = Number(data.courier_company_id);
      return {
        awb,
        courierName: text(data.courier_name) ?? "Shiprocket courier",
        courierId: Number.isInteger(courier) && courier > 0 ? courier : null,
        expectedDelivery: datePart(data.etd ?? data.expected_delivery_date),
      };
    },

    async generateLabel(shipmentId) {
      const { json } = await call("generate the label", "/v1/external/courier/generate/label", "POST", { shipment_id: [shipmentId] });
      const labelUrl = text(json.label_url);
      if (json.label_created !== 1 || !labelUrl || !/^https?:\/\//.test(labelUrl)) {
        throw new ShiprocketError(`Shiprocket could not generate the label: ${text(json.response) ?? shiprocketReason(json, 200)}`);
      }
      return { labelUrl };
    },

    async generatePickup(shipmentId) {
      const { json } = await call("book the pickup", "/v1/external/courier/generate/pickup", "POST", { shipment_id: [shipmentId] });
      const response = (json.response ?? {}) as Json;
      if (json.pickup_status !== 1) throw new ShiprocketError(`Shiprocket could not book the pickup: ${text(response.data) ?? shiprocketReason(json, 200)}`);
      return { scheduledDate: datePart(response.pickup_scheduled_date) };
    },

    async trackAwb(awb) {
      const { json } = await call("read the tracking", `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`, "GET");
      const data = (json.tracking_data ?? {}) as Json;
      const track = Array.isArray(data.shipment_track) ? ((data.shipment_track[0] ?? {}) as Json) : {};
      const status = text(track.current_status);
      return { currentStatus: status ? status.toUpperCase() : null };
    },

    async fetchLabel(labelUrl) {
      let response: Response;
      try {
        response = await fetch(labelUrl, { signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
      } catch {
        throw new ShiprocketError("Shiprocket's label could not be fetched; try again in a few minutes");
      }
      if (!response.ok) throw new ShiprocketError(`Shiprocket's label could not be fetched: it answered ${response.status}`, response.status);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > MAX_LABEL_BYTES || bytes.subarray(0, 5).toString("latin1") !== "%PDF-") {
        throw new ShiprocketError("Shiprocket's label is not a PDF; generate it again from Shiprocket's panel");
      }
      return bytes;
    },
  };
}

const clients = new WeakMap<ShiprocketSettings, ShiprocketClient>();

/** The process's one client for the configured account (its token shared by every request), or null when Shiprocket is not configured. */
export function shiprocketFor(config: { shiprocket: ShiprocketSettings | null }): ShiprocketClient | null {
  const settings = config.shiprocket;
  if (!settings) return null;
  let client = clients.get(settings);
  if (!client) clients.set(settings, (client = createShiprocketClient(settings)));
  return client;
}
