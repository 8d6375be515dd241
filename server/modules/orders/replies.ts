import { ADMIN_MESSAGES } from "#common/admin.ts";
import { CHECKOUT_MESSAGES } from "#common/checkout.ts";
import { SHIPMENT_MESSAGES } from "#common/couriers.ts";
import { invalidInputReply, ok, refusal, refused, type Refusals, type Reply } from "#server/replies.ts";
import type { InvalidInput } from "#server/schemas/input.ts";
import { prescriptionReply } from "#server/modules/prescriptions/replies.ts";
import { throttledReply } from "#server/modules/limits/limiter.ts";
import type { RemoveOrderResult, SetOrderStatusResult } from "./admin-orders.ts";
import type { ConfirmCodResult } from "./cash-on-delivery.ts";
import type { CheckoutResult } from "./checkout.ts";
import type { RetryPaymentResult } from "./retry-payment.ts";
import type { ChangeStatusResult } from "./status.ts";
import { SHIPPING_MESSAGES } from "#common/shipping.ts";
import type { ShipmentLabelResult, ShipWithShiprocketResult } from "./shiprocket.ts";
import { WEBHOOK_MESSAGES, type ShippingWebhookResult } from "./shipping-webhook.ts";

export const ORDER_MESSAGES = {
  signIn: "Please sign in",
  orderNotFound: "Order not found",
  emptyCart: "Your cart is empty",
  notConfigured: "Payments are not configured",
  belowMinimum: "The order total must be at least ₹1",
  aboveMaximum: "The order total can be at most ₹5,00,000. Please split it into smaller orders.",
  superseded: "This checkout was replaced by a newer one from your account. Please pay on the page where you started it last.",
  overLimit: (name: string, limit: number) =>
    `You can buy at most ${limit} of ${name} at a time. Please lower the quantity in your cart.`,
  gatewayFailed: "The payment could not be started. Please try again in a moment.",
  outOfStock: (name: string, available: number) =>
    available > 0 ? `Only ${available} of ${name} left in stock` : `${name} is out of stock`,
  unavailable: (name: string) => `${name} is no longer available`,
  alreadyPaid: "This order is already paid.",
  retryCancelled: "This order was cancelled, so it can no longer be paid. Please check out again from your cart.",
  retryExpired: "The time to pay for this order has run out and its items were released. Please check out again from your cart.",
  retryCashOnDelivery: "This order is paid in cash on delivery, so there is nothing to pay online.",
  notAwaitingPayment: "This order is not awaiting payment.",
  cancelled: (refundedPaise: number) =>
    refundedPaise > 0 ? "Your order has been cancelled and your payment will be refunded." : "Your order has been cancelled.",
} as const;

export const SIGN_IN_REPLY: Reply = { status: 401, message: ORDER_MESSAGES.signIn };
export const ORDER_NOT_FOUND_REPLY: Reply = { status: 404, message: ORDER_MESSAGES.orderNotFound };

type Refusal<T> = Extract<T, { ok: false }>;

export const ORDER_REMOVAL_MESSAGES = {
  deleted: "Order deleted",
  archived:
    "This order has an invoice or a payment, so it was archived instead of deleted: it stays in the revenue figures, the customer's orders and its invoice",
  notFound: "Order not found",
  inProgress: "Only cancelled or delivered orders can be deleted or archived; cancel the order first",
} as const;

const ORDER_REMOVAL_REFUSALS: Refusals<RemoveOrderResult> = {
  "not-found": refused(404, ORDER_REMOVAL_MESSAGES.notFound),
  "in-progress": refused(409, ORDER_REMOVAL_MESSAGES.inProgress),
};

/** The one status and message for every refusal of the orders module, for the REST handlers and route actions alike. */
export const orderReply = {
  checkout(result: Refusal<CheckoutResult>): Reply {
    switch (result.reason) {
      // Expected states of the installation (answered directly, not logged as server errors).
      case "not-configured":
        return { status: 503, message: ORDER_MESSAGES.notConfigured };
      case "gateway-failed":
        return { status: 502, message: ORDER_MESSAGES.gatewayFailed };
      case "empty-cart":
        return { status: 400, message: ORDER_MESSAGES.emptyCart };
      case "below-minimum":
        return { status: 400, message: ORDER_MESSAGES.belowMinimum };
      case "above-maximum":
        return { status: 400, message: ORDER_MESSAGES.aboveMaximum };
      case "superseded":
        return { status: 409, message: ORDER_MESSAGES.superseded };
      case "over-limit":
        return { status: 400, message: ORDER_MESSAGES.overLimit(result.productName, result.limit) };
      case "out-of-stock":
        return { status: 409, message: ORDER_MESSAGES.outOfStock(result.productName, result.available) };
      case "unavailable":
        return { status: 409, message: ORDER_MESSAGES.unavailable(result.productName) };
      case "prescription-required":
      case "prescription-not-usable":
      case "not-sold-online":
        return prescriptionReply.checkout(result);
      case "invalid":
        return { status: 400, message: result.message, errors: result.errors };
      case "address-not-found":
        return { status: 400, message: CHECKOUT_MESSAGES.addressNotFound, errors: { addressId: CHECKOUT_MESSAGES.addressNotFound } };
      case "not-serviceable":
        return { status: 400, message: CHECKOUT_MESSAGES.notServiceable, errors: { postalCode: CHECKOUT_MESSAGES.notServiceable } };
      case "cod-unavailable":
        return { status: 400, message: result.message, errors: { paymentMethod: result.message } };
      case "coupon":
        return { status: 400, message: result.message, errors: { couponCode: result.message } };
      case "throttled":
        return throttledReply(result);
    }
  },

  /** "Complete payment" refused: 404 for someone else's order, 409 or 400 with the sentence saying why. */
  retryPayment(result: Refusal<RetryPaymentResult>): Reply {
    switch (result.reason) {
      case "throttled":
        return throttledReply(result);
      case "not-found":
        return ORDER_NOT_FOUND_REPLY;
      case "not-configured":
        return { status: 503, message: ORDER_MESSAGES.notConfigured };
      case "gateway-failed":
        return { status: 502, message: ORDER_MESSAGES.gatewayFailed };
      case "paid":
        return { status: 409, message: ORDER_MESSAGES.alreadyPaid };
      case "cancelled":
        return { status: 409, message: ORDER_MESSAGES.retryCancelled };
      case "expired":
        return { status: 409, message: ORDER_MESSAGES.retryExpired };
      case "not-pending":
        return { status: 409, message: ORDER_MESSAGES.notAwaitingPayment };
      case "cash-on-delivery":
        return { status: 400, message: ORDER_MESSAGES.retryCashOnDelivery };
    }
  },

  /** A COD confirmation refused: 404 for someone else's order, 409 with the sentence saying why. */
  confirmCod(result: Refusal<ConfirmCodResult>): Reply {
    return result.reason === "not-found" ? ORDER_NOT_FOUND_REPLY : { status: 409, message: result.message };
  },

  /** The owner's cancel went through: the order page says so, and whether the payment is refunded. */
  cancelled(result: Extract<ChangeStatusResult, { ok: true }>): Reply {
    return { status: 200, message: ORDER_MESSAGES.cancelled(result.refundedPaise) };
  },

  /** The owner's cancel (and any status change refused): 404, 409 with the table's sentence, or 502 when the refund failed. */
  statusChange(result: Refusal<ChangeStatusResult>): Reply {
    switch (result.reason) {
      case "not-found":
        return ORDER_NOT_FOUND_REPLY;
      case "not-allowed":
        return { status: 409, message: result.message };
      case "refund-failed":
        return { status: 502, message: result.message };
      // A move that needs more than the status (Shipped: the shipment); never the owner's cancel.
      case "incomplete":
        return { status: 400, message: result.message };
    }
  },

  /** The staff's orders list refuses a query it cannot read: 400, the parameter's message. */
  list: (result: InvalidInput): Reply => invalidInputReply(result.errors),

  /** The staff's status change (REST and the admin pages): the transition table's refusal (409) or the gateway's refused refund (502) names why; the order is unchanged. */
  setOrderStatus(result: SetOrderStatusResult): Reply {
    if (result.ok) return ok(`Order marked ${result.to}`);
    if (result.reason === "not-allowed") return refused(409, result.message, "status");
    // Shipped without its courier and AWB: a request to complete, not a move that is impossible.
    if (result.reason === "incomplete") return { status: 400, message: result.message, errors: { courier: SHIPMENT_MESSAGES.courier, awb: SHIPMENT_MESSAGES.awb } };
    if (result.reason === "refund-failed") return refused(502, result.message);
    return refusal(result, { "not-found": refused(404, ADMIN_MESSAGES.orderNotFound) });
  },
  /** "Ship with Shiprocket": 200 Shipped; Shiprocket's refusal is a 502 with its reason (the order unchanged). */
  shipWithShiprocket(result: ShipWithShiprocketResult): Reply {
    if (result.ok) return ok(SHIPPING_MESSAGES.shipped);
    switch (result.reason) {
      case "provider":
        return refused(502, result.message);
      case "not-allowed":
        return refused(409, result.message);
      default:
        return refusal(result, {
          "not-found": refused(404, ADMIN_MESSAGES.orderNotFound),
          "not-configured": refused(409, SHIPPING_MESSAGES.notConfigured),
          "already-shipped": refused(409, SHIPPING_MESSAGES.alreadyShipped),
          "in-progress": refused(409, SHIPPING_MESSAGES.inProgress),
        });
    }
  },
  shipmentLabel(result: Extract<ShipmentLabelResult, { ok: false }>): Reply {
    if (result.reason === "provider") return refused(502, result.message);
    return result.reason === "not-found" ? refused(404, ADMIN_MESSAGES.orderNotFound) : refused(404, SHIPPING_MESSAGES.noLabel);
  },
  /** The staff's Delete: an order with an invoice or a payment is archived, never erased; the message says which. */
  removeOrder(result: RemoveOrderResult): Reply {
    if (!result.ok) return refusal(result, ORDER_REMOVAL_REFUSALS);
    return ok(result.outcome === "archived" ? ORDER_REMOVAL_MESSAGES.archived : ORDER_REMOVAL_MESSAGES.deleted);
  },
};

/** Shiprocket's tracking webhook: 401 without its token; 503 when tracking could not confirm a delivery or return (Shiprocket retries). */
export const shippingReply = {
  webhook(result: Extract<ShippingWebhookResult, { ok: false }>): Reply {
    switch (result.reason) {
      case "throttled":
        return throttledReply(result);
      case "not-configured":
        return refused(404, WEBHOOK_MESSAGES.notConfigured);
      case "unauthorised":
        return refused(401, WEBHOOK_MESSAGES.unauthorised);
      case "invalid":
        return refused(400, result.message);
      case "unconfirmed":
        return refused(503, result.message);
    }
  },
};
