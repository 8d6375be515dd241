import { GatewayError, type PaymentGateway } from "./gateway.ts";

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** https://api.razorpay.com, or a fake in tests. */
  apiBase: string;
  timeoutMs?: number;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

/**
 * Razorpay's Orders, Payment Links and Refunds REST API through `fetch` (the SDK cannot send the refund
 * idempotency header). Amounts are integer paise; the receipt is our order number.
 */
export function createRazorpayGateway(options: RazorpayOptions): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call(path: string, body?: unknown, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetch(`${options.apiBase}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(`Razorpay could not be reached (${(error as Error).name})`);
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new GatewayError(`Razorpay answered ${response.status} with a body that is not JSON`, response.status);
    }
    if (!response.ok) {
      const description = (json.error as { description?: unknown } | undefined)?.description;
      throw new GatewayError(
        `Razorpay answered ${response.status}${typeof description === "string" ? `: ${description}` : ""}`,
        response.status,
      );
    }
    return json;
  }

  return {
    provider: "razorpay",
    keyId: options.keyId,
    signingSecret: options.keySecret,
    async createOrder({ amountPaise, receipt, notes }) {
      if (!Number.isInteger(amountPaise) || amountPaise < 100) throw new GatewayError("Razorpay orders need at least 100 paise");
      const json = await call("/v1/orders", { amount: amountPaise, currency: "INR", receipt: receipt.slice(0, 40), notes });
      if (typeof json.id !== "string" || json.amount !== amountPaise) throw new GatewayError("Razorpay returned an unexpected order");
      return { id: json.id, amountPaise, currency: "INR" };
    },
    async createPaymentLink({ amountPaise, referenceId, description, customer, expireBy, callbackUrl, notes }) {
      if (!Number.isInteger(amountPaise) || amountPaise < 100) throw new GatewayError("Razorpay payment links need at least 100 paise");
      const json = await call("/v1/payment_links", {
        amount: amountPaise,
        currency: "INR",
        accept_partial: false,
        reference_id: referenceId.slice(0, 40),
        description: description.slice(0, 2048),
        customer: { name: customer.name, contact: `+91${customer.contact}`, ...(customer.email ? { email: customer.email } : {}) },
        // The shop sends the link itself (message outbox and email), so Razorpay sends nothing.
        notify: { sms: false, email: false },
        reminder_enable: false,
        expire_by: Math.floor(expireBy.getTime() / 1000),
        callback_url: callbackUrl,
        callback_method: "get",
        notes,
      });
      if (typeof json.id !== "string" || typeof json.short_url !== "string" || json.amount !== amountPaise) {
        throw new GatewayError("Razorpay returned an unexpected payment link");
      }
      return { id: json.id, url: json.short_url };
    },
    async paymentMethod(paymentId) {
      const json = await call(`/v1/payments/${encodeURIComponent(paymentId)}`);
      return typeof json.method === "string" ? json.method : null;
    },
    async refund({ paymentId, amountPaise, idempotencyKey, notes }) {
      if (!IDEMPOTENCY_KEY.test(idempotencyKey)) throw new GatewayError("Refund idempotency key must be 10+ characters of [A-Za-z0-9_-]");
      const json = await call(
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount: amountPaise, speed: "normal", ...(notes ? { notes } : {}) },
        { "X-Refund-Idempotency": idempotencyKey },
      );
      if (typeof json.id !== "string") throw new GatewayError("Razorpay returned an unexpected refund");
      return { id: json.id, amountPaise: typeof json.amount === "number" ? json.amount : amountPaise };
    },
  };
}
