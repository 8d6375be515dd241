import { validationError, type Reply } from "#server/http/errors.ts";
import type { ConfirmPaymentResult, GatewayEventResult, TestPaymentRefusal } from "./confirm.ts";

export const PAYMENT_MESSAGES = {
  signIn: "Please sign in",
  orderNotFound: "Order not found",
  verificationFailed: "Payment verification failed",
  orderCancelled: "This order was cancelled before the payment arrived; the payment will be refunded",
  badSignature: "Invalid webhook signature",
  webhookNotConfigured: "Webhooks are not configured",
  badPayload: "The webhook body is not valid JSON",
  testGatewayOff: "The test payment gateway is not active",
  notPayable: "This order is not awaiting payment",
} as const;

type Refusal<T> = Extract<T, { ok: false }>;

/** The one status and message for every refusal of the payment path (`confirm.ts`), for the REST handlers and route actions alike. */
export const paymentReply = {
  confirm(result: Refusal<ConfirmPaymentResult>): Reply {
    switch (result.reason) {
      case "order-not-found":
        return { status: 404, message: PAYMENT_MESSAGES.orderNotFound };
      case "invalid-input": {
        const error = validationError(result.error, PAYMENT_MESSAGES.verificationFailed);
        return { status: error.status, message: error.message, errors: error.errors };
      }
      case "verification-failed":
        return { status: 400, message: PAYMENT_MESSAGES.verificationFailed };
      case "order-cancelled":
        return { status: 409, message: PAYMENT_MESSAGES.orderCancelled };
    }
  },

  gatewayEvent(result: Refusal<GatewayEventResult>): Reply {
    switch (result.reason) {
      // An expected state of the installation (no secret set), answered directly.
      case "not-configured":
        return { status: 503, message: PAYMENT_MESSAGES.webhookNotConfigured };
      case "bad-signature":
        return { status: 400, message: PAYMENT_MESSAGES.badSignature };
      case "bad-payload":
        return { status: 400, message: PAYMENT_MESSAGES.badPayload };
    }
  },

  testPayment(result: TestPaymentRefusal): Reply {
    switch (result.reason) {
      case "test-gateway-off":
        return { status: 404, message: PAYMENT_MESSAGES.testGatewayOff };
      case "sign-in":
        return { status: 401, message: PAYMENT_MESSAGES.signIn };
      case "order-not-found":
        return { status: 404, message: PAYMENT_MESSAGES.orderNotFound };
      case "not-payable":
        return { status: 409, message: PAYMENT_MESSAGES.notPayable };
    }
  },
};
