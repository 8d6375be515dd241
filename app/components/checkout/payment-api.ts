import type { Language } from "#common/language.ts";
import type { CheckoutPlaced, CheckoutQuote, OrderJson } from "#common/orders.ts";
import type { ServiceabilityJson } from "#common/serviceability.ts";
import { postJson, type ApiResult } from "~/lib/api";
import type { PaymentResult } from "~/lib/razorpay";

/** The fields of an order the payment step reads (a checkout's answer, or the order page's for "Complete payment"). */
export type CheckoutOrder = Pick<OrderJson, "_id" | "orderNumber" | "totalPrice" | "isPaid" | "status">;

/** POST /api/checkout's body: a saved address by id or a typed one, and the payment method. */
export type CheckoutBody = ({ addressId: string } | { shippingAddress: Record<string, string> }) & {
  paymentMethod: "razorpay" | "cod";
  /** The prescriptions attached when the cart holds prescription-only medicines. */
  prescriptionIds?: string[];
  /** This order's news on WhatsApp, to its delivery phone (decisions/055). */
  whatsappUpdates?: boolean;
  /** The language of the pages the order is placed from: its emails and messages are written in it (decisions/064). */
  language?: Language;
};

/** Builds the order from the cart on the server (prices, stock reserved) and, paid online, the provider's order. */
export function startCheckout(body: CheckoutBody): Promise<ApiResult<CheckoutPlaced>> {
  return postJson<CheckoutPlaced>("/api/checkout", body);
}

/** Every fee for this address and payment method before the shopper confirms (creates nothing). */
export function quoteCheckout(body: CheckoutBody): Promise<ApiResult<CheckoutQuote>> {
  return postJson<CheckoutQuote>("/api/checkout/quote", body);
}

/** "Save this address to my address book" (the address book's own call). */
export function saveAddress(body: Record<string, string>): Promise<ApiResult<unknown>> {
  return postJson("/api/users/addresses", body);
}

/** The delivery promise of a PIN code (GET /api/serviceability/:pin); null when it could not be asked. */
export async function lookupPin(pin: string): Promise<ServiceabilityJson | null> {
  try {
    const response = await fetch(`/api/serviceability/${encodeURIComponent(pin)}`, { headers: { Accept: "application/json" } });
    return response.ok ? ((await response.json()) as ServiceabilityJson) : null;
  } catch {
    return null;
  }
}

/** Hands the widget's signed fields to the server, which checks the signature and marks the order paid. */
export function verifyPayment(orderId: string, result: PaymentResult): Promise<ApiResult<{ order: CheckoutOrder }>> {
  return postJson<{ order: CheckoutOrder }>(`/api/checkout/${encodeURIComponent(orderId)}/verify`, result);
}

/** The offline test gateway's "Pay": the server signs the razorpay_* fields with its own secret. */
export function payWithTestGateway(orderId: string): Promise<ApiResult<PaymentResult>> {
  return postJson<PaymentResult>(`/api/payments/test/${encodeURIComponent(orderId)}/pay`, {});
}

/** The offline test gateway's "Fail": the server records a declined attempt, as Razorpay's payment.failed would. */
export function failWithTestGateway(orderId: string): Promise<ApiResult<{ error?: { description?: string } }>> {
  return postJson<{ error?: { description?: string } }>(`/api/payments/test/${encodeURIComponent(orderId)}/fail`, {});
}

/** Cancels an unpaid order of an earlier attempt (its stock is released); a failure changes nothing for this attempt. */
export async function cancelOrder(orderId: string): Promise<void> {
  await postJson(`/api/orders/${encodeURIComponent(orderId)}/cancel`, {});
}
