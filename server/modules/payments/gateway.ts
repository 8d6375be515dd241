/*
 * What a payment provider is to the shop. This file imports no adapter: `razorpay.ts` and
 * `test-gateway.ts` implement it, and `configured-gateway.ts` picks one for the shop context.
 */

export type PaymentProvider = "razorpay" | "test";

export interface ProviderOrder {
  /** The provider's order id (`order_...`), stored on our order. */
  id: string;
  amountPaise: number;
  currency: "INR";
}

/** A payment link sent to the shopper (a refill's prepaid order, decisions/057): its id is stored as the order's provider order. */
export interface ProviderPaymentLink {
  /** `plink_...`: the `payment_link.paid` event names it. */
  id: string;
  /** Where the shopper pays. */
  url: string;
}

export interface PaymentLinkInput {
  amountPaise: number;
  /** Our order number (Razorpay's `reference_id`, unique per link). */
  referenceId: string;
  description: string;
  customer: { name: string; contact: string; email?: string };
  expireBy: Date;
  /** The order's page: where the shopper lands after paying (and, with the offline test gateway, where they pay). */
  callbackUrl: string;
  notes: Record<string, string>;
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
  /** A payment link for an order the shopper pays later (Razorpay Payment Links); no notification is sent by the provider. */
  createPaymentLink(input: PaymentLinkInput): Promise<ProviderPaymentLink>;
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
