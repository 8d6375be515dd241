import { postJson, type ApiResult } from "~/lib/api";
import type { PaymentResult } from "~/lib/razorpay";
import type { ShippingAddress } from "./shipping-address";

/** The order as `POST /api/checkout` and verify answer it (api-contract.md, the fields this page reads). */
export interface CheckoutOrder {
  _id: string;
  orderNumber: string;
  /** Rupees. */
  totalPrice: number;
  isPaid: boolean;
  status: string;
}

/** Which gateway takes the payment: Razorpay's checkout.js, or the shop's offline test gateway. */
export interface CheckoutPayment {
  provider: "razorpay" | "test";
  keyId: string;
  /** The provider's order id. */
  orderId: string;
  /** Paise. */
  amount: number;
  currency: "INR";
}

export interface CheckoutStarted {
  order: CheckoutOrder;
  payment: CheckoutPayment;
}

/** Builds the order from the cart on the server (prices, stock reserved) and the provider's order. */
export function startCheckout(shippingAddress: ShippingAddress): Promise<ApiResult<CheckoutStarted>> {
  return postJson<CheckoutStarted>("/api/checkout", { shippingAddress, paymentMethod: "razorpay" });
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
