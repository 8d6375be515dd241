import { CHECKOUT_MESSAGES } from "#common/checkout.ts";
import { invalidInputReply, type Reply } from "#server/replies.ts";
import { fieldErrors } from "#server/schemas/field-errors.ts";
import type { ConfirmPaymentResult, GatewayEventResult, TestPaymentRefusal } from "./confirm-payment.ts";

export const PAYMENT_MESSAGES = {
  signIn: "Please sign in",
  orderNotFound: "Order not found",
  verificationFailed: CHECKOUT_MESSAGES.paymentVerification,
  orderCancelled: "This order was cancelled before the payment arrived; the payment will be refunded",
  badSignature: "Invalid webhook signature",
  webhookNotConfigured: "Webhooks are not configured",
  badPayload: "The webhook body is not valid JSON",
  testGatewayOff: "The test payment gateway is not active",
  notPayable: "This order is not awaiting payment",
} as const;

type Refusal<T> = Extract<T, { ok: false }>;

const GATEWAY_EVENT_REPLIES: Record<Refusal<GatewayEventResult>["reason"], Reply> = {
  // An expected state of the installation (no secret set): 503, so the provider retries once it is configured.
  "not-configured": { status: 503, message: PAYMENT_MESSAGES.webhookNotConfigured },
  "bad-signature": { status: 400, message: PAYMENT_MESSAGES.badSignature },
  "bad-payload": { status: 400, message: PAYMENT_MESSAGES.badPayload },
};

const TEST_PAYMENT_REPLIES: Record<TestPaymentRefusal["reason"], Reply> = {
  "test-gateway-off": { status: 404, message: PAYMENT_MESSAGES.testGatewayOff },
  "sign-in": { status: 401, message: PAYMENT_MESSAGES.signIn },
  "order-not-found": { status: 404, message: PAYMENT_MESSAGES.orderNotFound },
  "not-payable": { status: 409, message: PAYMENT_MESSAGES.notPayable },
};

/** The one status and message for every refusal of the payment path (`confirm-payment.ts`), for the REST handlers and route actions alike. */
export const paymentReply = {
  confirm(result: Refusal<ConfirmPaymentResult>): Reply {
    switch (result.reason) {
      case "order-not-found":
        return { status: 404, message: PAYMENT_MESSAGES.orderNotFound };
      case "invalid-input":
        return invalidInputReply(fieldErrors(result.error), PAYMENT_MESSAGES.verificationFailed);
      case "verification-failed":
        return { status: 400, message: PAYMENT_MESSAGES.verificationFailed };
      case "order-cancelled":
        return { status: 409, message: PAYMENT_MESSAGES.orderCancelled };
    }
  },

  gatewayEvent(result: Refusal<GatewayEventResult>): Reply {
    return GATEWAY_EVENT_REPLIES[result.reason];
  },

  testPayment(result: TestPaymentRefusal): Reply {
    return TEST_PAYMENT_REPLIES[result.reason];
  },
};
