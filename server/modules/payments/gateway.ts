import { createHmac } from "node:crypto";
import type { Config } from "#server/config.ts";
import { createRazorpayGateway } from "./razorpay.ts";
import { createTestGateway } from "./test-gateway.ts";

export type PaymentProvider = "razorpay" | "test";

export interface ProviderOrder {
  /** The provider's order id (`order_...`), stored on our order. */
  id: string;
  amountPaise: number;
  currency: "INR";
}

export interface ProviderRefund {
  id: string;
  amountPaise: number;
}

/** What checkout, cancellation and verification need from a payment provider. */
export interface PaymentGateway {
  provider: PaymentProvider;
  /** Public key id the browser receives (never the secret). */
  keyId: string;
  /** Secret of the checkout signature (HMAC of order_id|payment_id). Server-side only. */
  signingSecret: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  /** How the shopper paid (card, upi, netbanking, ...), for the order page; null when unknown. */
  paymentMethod(paymentId: string): Promise<string | null>;
  /** Refunds a captured payment; the same idempotency key never refunds twice. */
  refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string; notes?: Record<string, string> }): Promise<ProviderRefund>;
}

/** The provider could not be reached or refused the call; the message is safe to log, never holds secrets. */
export class GatewayError extends Error {
  override name = "GatewayError";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type PaymentsAvailability =
  | { configured: true; provider: PaymentProvider; keyId: string }
  | { configured: false; reason: string };

const cache = new WeakMap<Config, PaymentGateway | null>();

/**
 * Razorpay when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set; else the offline test gateway,
 * except in production where it needs PAYMENTS_TEST_MODE=1; null means payments are not configured.
 */
export function gatewayFor(config: Config): PaymentGateway | null {
  if (cache.has(config)) return cache.get(config)!;
  let gateway: PaymentGateway | null = null;
  const { keyId, keySecret, apiBase } = config.razorpay;
  if (keyId && keySecret) gateway = createRazorpayGateway({ keyId, keySecret, apiBase });
  else if (!keyId && (!config.isProduction || config.paymentsTestMode)) gateway = createTestGateway(testGatewaySecret(config));
  cache.set(config, gateway);
  return gateway;
}

/** For the checkout page: which gateway the browser talks to, or why payment is unavailable. */
export function paymentsAvailability(config: Config): PaymentsAvailability {
  const gateway = gatewayFor(config);
  if (!gateway) return { configured: false, reason: "Payments are not configured" };
  return { configured: true, provider: gateway.provider, keyId: gateway.keyId };
}

/**
 * The test gateway's signing secret, per installation: derived from the auth secret (itself kept
 * under DATA_DIR or given in the environment), so every process of one shop agrees on it.
 */
export function testGatewaySecret(config: Config): string {
  return createHmac("sha256", config.authSecret).update("offline-test-payment-gateway").digest("hex");
}
