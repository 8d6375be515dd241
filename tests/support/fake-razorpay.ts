import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRazorpayRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}

export interface FakeRazorpay {
  /** http://127.0.0.1:<port>, for RAZORPAY_API_BASE. */
  url: string;
  keyId: string;
  keySecret: string;
  requests: FakeRazorpayRequest[];
  orders: Map<string, Record<string, unknown>>;
  refunds: Map<string, Record<string, unknown>>;
  /** Payment links made (POST /v1/payment_links), by id. */
  paymentLinks: Map<string, Record<string, unknown>>;
  /** What GET /v1/payments/:id reports as the method (default "card"). */
  paymentMethod: string;
  /** The next calls answer with this status (e.g. 500, 503) instead of succeeding. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

/**
 * Razorpay's Orders, Payment Links and Refunds API on 127.0.0.1, checking what the real one
 * checks: Basic auth with the key pair, integer paise of at least 100, INR, a receipt of at most
 * 40 characters; for a payment link a reference_id unique among links, a customer contact and an
 * expire_by at least 15 minutes on; for refunds a valid X-Refund-Idempotency key (the same key
 * returns the same refund).
 */
export async function startFakeRazorpay(
  options: { keyId?: string; keySecret?: string; port?: number } = {},
): Promise<FakeRazorpay> {
  // Random keys and port unless given (the end-to-end suite runs it as a web server with fixed ones).
  const keyId = options.keyId ?? `rzp_test_${randomBytes(6).toString("hex")}`;
  const keySecret = options.keySecret ?? randomBytes(16).toString("hex");
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  const requests: FakeRazorpayRequest[] = [];
  const orders = new Map<string, Record<string, unknown>>();
  const refunds = new Map<string, Record<string, unknown>>();
  const paymentLinks = new Map<string, Record<string, unknown>>();
  let failures: { status: number; remaining: number } | undefined;
  const fake = { paymentMethod: "card" } as FakeRazorpay;

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
    } catch {
      return send(400, error("BAD_REQUEST_ERROR", "invalid JSON"));
    }
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });

    function send(status: number, json: unknown) {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(json));
    }

    if (req.headers.authorization !== expectedAuth) return send(401, error("BAD_REQUEST_ERROR", "Authentication failed"));
    if (failures && failures.remaining > 0) {
      failures.remaining -= 1;
      return send(failures.status, error("SERVER_ERROR", "The fake was told to fail"));
    }

    if (req.method === "POST" && path === "/v1/orders") {
      const { amount, currency, receipt, notes } = body;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
        return send(400, error("BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00"));
      }
      if (currency !== "INR") return send(400, error("BAD_REQUEST_ERROR", "Currency is not supported"));
      if (receipt !== undefined && (typeof receipt !== "string" || receipt.length > 40)) {
        return send(400, error("BAD_REQUEST_ERROR", "receipt: the length must be no more than 40."));
      }
      const order = {
        id: `order_${randomBytes(7).toString("hex")}`,
        entity: "order",
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency,
        receipt,
        notes: notes ?? [],
        status: "created",
        attempts: 0,
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return send(200, order);
    }

    if (req.method === "POST" && path === "/v1/payment_links") {
      const { amount, currency, reference_id: referenceId, customer, expire_by: expireBy, notes, description } = body;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
        return send(400, error("BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00"));
      }
      if (currency !== "INR") return send(400, error("BAD_REQUEST_ERROR", "Currency is not supported"));
      if (typeof referenceId !== "string" || referenceId.length === 0 || referenceId.length > 40) {
        return send(400, error("BAD_REQUEST_ERROR", "reference_id: the length must be no more than 40."));
      }
      if ([...paymentLinks.values()].some((link) => link.reference_id === referenceId)) {
        return send(400, error("BAD_REQUEST_ERROR", `Payment Link with reference ${referenceId} already exists`));
      }
      const contact = (customer as { contact?: unknown } | undefined)?.contact;
      if (typeof contact !== "string" || !/^\+?\d{10,13}$/.test(contact)) return send(400, error("BAD_REQUEST_ERROR", "The contact format is invalid."));
      if (typeof expireBy !== "number" || expireBy < Math.floor(Date.now() / 1000) + 15 * 60) {
        return send(400, error("BAD_REQUEST_ERROR", "expire_by should be at least 15 minutes after current time"));
      }
      const id = `plink_${randomBytes(7).toString("hex")}`;
      const link = {
        id,
        entity: "payment_link",
        amount,
        amount_paid: 0,
        currency,
        accept_partial: body.accept_partial ?? false,
        reference_id: referenceId,
        description: description ?? "",
        customer,
        expire_by: expireBy,
        notes: notes ?? {},
        notify: body.notify,
        callback_url: body.callback_url,
        status: "created",
        short_url: `https://rzp.io/i/${id.slice(6)}`,
        created_at: Math.floor(Date.now() / 1000),
      };
      paymentLinks.set(id, link);
      return send(200, link);
    }

    const paymentMatch = /^\/v1\/payments\/(pay_[A-Za-z0-9_]+)$/.exec(path);
    if (req.method === "GET" && paymentMatch) {
      return send(200, { id: paymentMatch[1], entity: "payment", method: fake.paymentMethod, currency: "INR", status: "captured" });
    }

    const refundMatch = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (req.method === "POST" && refundMatch) {
      const key = req.headers["x-refund-idempotency"];
      if (typeof key !== "string" || !/^[A-Za-z0-9_-]{10,}$/.test(key)) {
        return send(400, error("BAD_REQUEST_ERROR", "X-Refund-Idempotency header is invalid"));
      }
      const existing = refunds.get(key);
      if (existing) return send(200, existing);
      const amount = body.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
        return send(400, error("BAD_REQUEST_ERROR", "The refund amount must be at least INR 1.00"));
      }
      const refund = {
        id: `rfnd_${createHash("sha256").update(key).digest("hex").slice(0, 14)}`,
        entity: "refund",
        amount,
        currency: "INR",
        payment_id: decodeURIComponent(refundMatch[1]!),
        notes: body.notes ?? [],
        status: "processed",
        speed_requested: body.speed ?? "normal",
      };
      refunds.set(key, refund);
      return send(200, refund);
    }
    send(404, error("BAD_REQUEST_ERROR", "The requested URL was not found on the server."));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    requests,
    orders,
    refunds,
    paymentLinks,
    failNext(status: number, times = 1) {
      failures = { status, remaining: times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function error(code: string, description: string) {
  return { error: { code, description, source: "NA", step: "NA", reason: "NA", metadata: {} } };
}
