// Shiprocket's external API on 127.0.0.1 (issue 31), for SHIPROCKET_API_BASE in tests only: sign-in
// with the account's email and password, Bearer tokens (`expireTokens()` makes every issued one
// answer 401, as an ended token does), adhoc orders (one per order_id: a second create for the same
// order number is recorded and refused, so a test can prove the shop never sends one), AWB, label
// (a small PDF served from this fake), pickup and tracking; the account's pickup addresses, courier
// serviceability per delivery PIN (`setServiceability`) and the orders search by order number.
// Every call is recorded; `refuse` makes the next call to a path answer with Shiprocket's error
// shape; `loseNextCreateAnswer` creates the next order but answers 504, as a create that timed out.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeShiprocketRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The query string's fields. */
  query: Record<string, string>;
  body: Record<string, unknown>;
}

export interface FakeShiprocketOrder {
  orderId: number;
  shipmentId: number;
  body: Record<string, unknown>;
  awb?: string;
  courierName?: string;
  /** What GET /courier/track/awb/:awb reports (default "IN TRANSIT"). */
  trackedStatus: string;
}

export interface FakeShiprocket {
  /** http://127.0.0.1:<port>, for SHIPROCKET_API_BASE. */
  url: string;
  email: string;
  password: string;
  requests: FakeShiprocketRequest[];
  /** Adhoc orders by the shop's order number. */
  orders: Map<string, FakeShiprocketOrder>;
  /** Tokens issued by sign-in, oldest first. */
  tokens: string[];
  /** The next call to `path` answers `status` with Shiprocket's `{ message, status_code }` (times: how many calls). */
  refuse(path: string, message: string, options?: { status?: number; times?: number }): void;
  /** Every token issued so far answers 401 from now on (a token past its ten days). */
  expireTokens(): void;
  /** What tracking reports for an AWB (the re-read before a delivery or a return). */
  setTracking(awb: string, status: string): void;
  /** The courier network's answer for a delivery PIN (default: one courier, 3 days, COD, no state or city named). */
  setServiceability(pin: string, answer: FakeServiceability): void;
  /** The next adhoc create makes the order but answers 504 (the shop never hears of it). */
  loseNextCreateAnswer(): void;
  /** Calls made to a path (e.g. "/v1/external/orders/create/adhoc"). */
  calls(path: string): FakeShiprocketRequest[];
  close(): Promise<void>;
}

export type FakeServiceability =
  | "unserviceable"
  | { couriers: { id: number; name: string; days: number | string; cod: boolean; state?: string; city?: string }[]; recommendedId?: number };

/** The pickup address the shop's SHIPROCKET_PICKUP_LOCATION names in the tests (tests/api/shiprocket-helpers.ts, playwright.config.ts). */
export const FAKE_PICKUP = { location: "Bengaluru warehouse", pin: "560102" };

const DEFAULT_SERVICEABILITY: FakeServiceability = { couriers: [{ id: 12, name: "Delhivery Surface", days: 3, cod: true }] };

export const FAKE_LABEL_PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");

export async function startFakeShiprocket(
  options: { email?: string; password?: string; port?: number; courierName?: string; /** Accept POST /__fake/refuse (the e2e runner only). */ control?: boolean } = {},
): Promise<FakeShiprocket> {
  const email = options.email ?? "shipping@example.in";
  const password = options.password ?? randomBytes(8).toString("hex");
  const requests: FakeShiprocketRequest[] = [];
  const orders = new Map<string, FakeShiprocketOrder>();
  const tokens: string[] = [];
  const valid = new Set<string>();
  const refusals = new Map<string, { status: number; message: string; remaining: number }>();
  const serviceability = new Map<string, FakeServiceability>();
  let loseCreateAnswer = false;
  let nextId = 500_000 + Math.floor(Math.random() * 1000);
  let url = "";

  const byShipment = (id: unknown) => [...orders.values()].find((order) => String(order.shipmentId) === String(Array.isArray(id) ? id[0] : id));

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? "/").split("?")[0]!;
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(json));
    };
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
    } catch {
      return send(400, { message: "Invalid JSON", status_code: 400 });
    }
    const query = Object.fromEntries(new URL(req.url ?? "/", "http://fake").searchParams);
    requests.push({ method: req.method ?? "", path, headers: req.headers, query, body });

    // The end-to-end runner's control (tests/e2e/fake-shiprocket.ts): a spec asks for a refusal in another process.
    if (req.method === "POST" && path === "/__fake/refuse" && options.control) {
      // With an order number, only that order's calls are refused (parallel specs share this fake).
      refusals.set(body.orderNumber ? `${String(body.path)}|${String(body.orderNumber)}` : String(body.path), { status: Number(body.status ?? 400), message: String(body.message), remaining: 1 });
      return send(200, { ok: true });
    }
    if (req.method === "GET" && path.startsWith("/labels/")) {
      res.writeHead(200, { "Content-Type": "application/pdf" });
      return res.end(FAKE_LABEL_PDF);
    }
    const forOrder = [...orders.entries()].find(([, order]) => String(order.shipmentId) === String(Array.isArray(body.shipment_id) ? body.shipment_id[0] : body.shipment_id))?.[0] ?? body.order_id;
    const refusal = [forOrder !== undefined ? refusals.get(`${path}|${String(forOrder)}`) : undefined, refusals.get(path)].find((entry) => entry && entry.remaining > 0);
    if (refusal && refusal.remaining > 0) {
      refusal.remaining -= 1;
      return send(refusal.status, { message: refusal.message, status_code: refusal.status });
    }
    if (req.method === "POST" && path === "/v1/external/auth/login") {
      if (body.email !== email || body.password !== password) return send(403, { message: "Invalid email and password combination", status_code: 403 });
      const token = randomBytes(24).toString("base64url");
      tokens.push(token);
      valid.add(token);
      return send(200, { id: 1, first_name: "Shop", email, company_id: 1, token });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !valid.has(bearer)) return send(401, { message: "Token has expired", status_code: 401 });

    if (req.method === "POST" && path === "/v1/external/orders/create/adhoc") {
      const orderNumber = String(body.order_id ?? "");
      for (const field of ["order_id", "pickup_location", "billing_pincode", "billing_phone", "payment_method", "sub_total", "weight"]) {
        if (body[field] === undefined || body[field] === "") return send(422, { message: "Oops! Invalid Data.", errors: { [field]: [`The ${field.replace(/_/g, " ")} field is required.`] }, status_code: 422 });
      }
      if (orders.has(orderNumber)) return send(422, { message: `Order Id ${orderNumber} already exists`, status_code: 422 });
      const order: FakeShiprocketOrder = { orderId: nextId++, shipmentId: nextId++, body, trackedStatus: "IN TRANSIT" };
      orders.set(orderNumber, order);
      if (loseCreateAnswer) {
        loseCreateAnswer = false;
        return send(504, { message: "Gateway Time-out", status_code: 504 });
      }
      return send(200, { order_id: order.orderId, shipment_id: order.shipmentId, status: "NEW", status_code: 1, onboarding_completed_now: 0, awb_code: "", courier_company_id: "", courier_name: "" });
    }
    if (req.method === "POST" && path === "/v1/external/courier/assign/awb") {
      const order = byShipment(body.shipment_id);
      if (!order) return send(400, { message: "Invalid shipment id", status_code: 400 });
      order.awb ??= `SR${order.shipmentId}${Math.floor(Math.random() * 1000)}`;
      order.courierName = options.courierName ?? "Delhivery Surface";
      return send(200, {
        awb_assign_status: 1,
        response: { data: { courier_company_id: Number(body.courier_id ?? 12), awb_code: order.awb, shipment_id: order.shipmentId, order_id: order.orderId, courier_name: order.courierName, etd: "2026-12-04 18:00:00", assigned_date_time: { date: "2026-11-29 10:00:00" } } },
      });
    }
    if (req.method === "POST" && path === "/v1/external/courier/generate/label") {
      const order = byShipment(body.shipment_id);
      if (!order?.awb) return send(400, { message: "AWB not assigned", status_code: 400 });
      return send(200, { label_created: 1, label_url: `${url}/labels/${order.shipmentId}.pdf`, response: "Label has been created and uploaded successfully!", not_created: [] });
    }
    if (req.method === "POST" && path === "/v1/external/courier/generate/pickup") {
      const order = byShipment(body.shipment_id);
      if (!order?.awb) return send(400, { message: "AWB not assigned", status_code: 400 });
      return send(200, { pickup_status: 1, response: { pickup_scheduled_date: "2026-11-30 10:00:00", pickup_token_number: `Reference No: ${order.shipmentId}`, status: 3, data: "Pickup is scheduled" } });
    }
    if (req.method === "GET" && path === "/v1/external/settings/company/pickup") {
      return send(200, {
        data: {
          shipping_address: [
            { id: 1, pickup_location: "Mumbai store", pin_code: 400001, city: "Mumbai", state: "Maharashtra" },
            { id: 2, pickup_location: FAKE_PICKUP.location, pin_code: Number(FAKE_PICKUP.pin), city: "Bengaluru", state: "Karnataka" },
          ],
          allow_more: "1",
        },
      });
    }
    if (req.method === "GET" && path === "/v1/external/courier/serviceability/") {
      for (const field of ["pickup_postcode", "delivery_postcode", "weight", "cod"]) {
        if (!query[field]) return send(422, { message: "Oops! Invalid Data.", errors: { [field]: [`The ${field.replace(/_/g, " ")} field is required.`] }, status_code: 422 });
      }
      const answer = serviceability.get(query.delivery_postcode!) ?? DEFAULT_SERVICEABILITY;
      if (answer === "unserviceable") return send(404, { message: "Delivery postcode not serviceable", status: 404 });
      return send(200, {
        status: 200,
        currency: "INR",
        data: {
          available_courier_companies: answer.couriers.map((courier) => ({
            courier_company_id: courier.id,
            courier_name: courier.name,
            estimated_delivery_days: String(courier.days),
            etd: "Dec 03, 2026",
            cod: courier.cod ? 1 : 0,
            rate: 72.5,
            postcode: query.delivery_postcode,
            ...(courier.city ? { city: courier.city } : {}),
            ...(courier.state ? { state: courier.state } : {}),
          })),
          recommended_courier_company_id: answer.recommendedId ?? answer.couriers[0]?.id,
        },
      });
    }
    if (req.method === "GET" && path === "/v1/external/orders") {
      const search = query.search ?? "";
      const found = [...orders.entries()].filter(([number]) => search !== "" && number.includes(search));
      return send(200, {
        data: found.map(([number, order]) => ({ id: order.orderId, channel_order_id: number, status: "NEW", shipments: [{ id: order.shipmentId, awb: order.awb ?? "" }] })),
        meta: { pagination: { total: found.length } },
      });
    }
    const track = /^\/v1\/external\/courier\/track\/awb\/(.+)$/.exec(path);
    if (req.method === "GET" && track) {
      const awb = decodeURIComponent(track[1]!);
      const order = [...orders.values()].find((candidate) => candidate.awb === awb);
      if (!order) return send(200, { tracking_data: { track_status: 0, error: `Aahh! There is no activities found in our DB for AWB ${awb}` } });
      return send(200, { tracking_data: { track_status: 1, shipment_status: 6, shipment_track: [{ awb_code: awb, current_status: order.trackedStatus }], shipment_track_activities: [], etd: "2026-12-04 18:00:00" } });
    }
    send(404, { message: "Not found", status_code: 404 });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    email,
    password,
    requests,
    orders,
    tokens,
    refuse(path, message, refuseOptions = {}) {
      refusals.set(path, { status: refuseOptions.status ?? 400, message, remaining: refuseOptions.times ?? 1 });
    },
    expireTokens() {
      valid.clear();
    },
    setTracking(awb, status) {
      const order = [...orders.values()].find((candidate) => candidate.awb === awb);
      if (!order) throw new Error(`The fake has no shipment with AWB ${awb}`);
      order.trackedStatus = status;
    },
    setServiceability(pin, answer) {
      serviceability.set(pin, answer);
    },
    loseNextCreateAnswer() {
      loseCreateAnswer = true;
    },
    calls: (path) => requests.filter((request) => request.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
