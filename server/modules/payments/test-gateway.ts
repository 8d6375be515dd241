import { createHash, randomBytes } from "node:crypto";
import type { PaymentGateway } from "./gateway.ts";
import { signPayment } from "./signature.ts";

export const TEST_GATEWAY_KEY_ID = "test_offline_gateway";

const randomId = (prefix: string) => `${prefix}${randomBytes(10).toString("hex")}`;

/**
 * The offline gateway used when no Razorpay keys are set: it issues `order_test_...` ids and signs
 * payments with the same HMAC scheme, so verification runs the same code as with Razorpay.
 */
export function createTestGateway(secret: string): PaymentGateway {
  return {
    provider: "test",
    keyId: TEST_GATEWAY_KEY_ID,
    signingSecret: secret,
    async createOrder({ amountPaise }) {
      return { id: randomId("order_test_"), amountPaise, currency: "INR" };
    },
    /** No page of its own: the link is the order's page, whose "Complete payment" takes the test payment. */
    async createPaymentLink({ callbackUrl }) {
      return { id: randomId("plink_test_"), url: callbackUrl };
    },
    async paymentMethod() {
      return "test";
    },
    async refund({ amountPaise, idempotencyKey }) {
      const id = `rfnd_test_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 20)}`;
      return { id, amountPaise };
    },
  };
}

/** What the "Test payment" dialog's Pay button receives: fields shaped and signed like Razorpay's. */
export function signTestPayment(secret: string, providerOrderId: string) {
  const paymentId = randomId("pay_test_");
  return {
    razorpay_payment_id: paymentId,
    razorpay_order_id: providerOrderId,
    razorpay_signature: signPayment(secret, providerOrderId, paymentId),
  };
}
