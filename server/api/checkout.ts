import { Router, type Request } from "express";
import { CHECKOUT_MESSAGES, checkoutSchema, shippingAddressSchema, verifyPaymentSchema } from "#common/schemas/checkout.ts";
import type { SessionUser } from "#server/auth.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { startCheckout } from "#server/modules/orders/checkout.ts";
import { findOwnOrder, loadOrderJson } from "#server/modules/orders/orders.ts";
import { markOrderPaid, settleMarkPaid } from "#server/modules/orders/paid.ts";
import { gatewayFor } from "#server/modules/payments/gateway.ts";
import { verifyPaymentSignature } from "#server/modules/payments/signature.ts";

export const CHECKOUT_ERRORS = {
  signIn: "Please sign in",
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
  orderNotFound: "Order not found",
  verificationFailed: "Payment verification failed",
  orderCancelled: "This order was cancelled before the payment arrived; the payment will be refunded",
} as const;

export async function requireUser(req: Request): Promise<SessionUser> {
  const user = await req.sessionUser();
  if (!user) throw new HttpError(401, CHECKOUT_ERRORS.signIn);
  return user;
}

/** POST /api/checkout and POST /api/checkout/:orderId/verify (api-contract.md). */
export function checkoutRouter(shop: ShopContext) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.post("/", async (req, res) => {
    const user = await requireUser(req);
    const body = parseInput(checkoutSchema, req.body);
    const parsed = parseInput(shippingAddressSchema, body.shippingAddress ?? {}, requiredSummary(body.shippingAddress));
    const shippingAddress = { ...parsed, email: parsed.email ?? user.email };

    const result = await startCheckout(shop, { id: user.id, name: user.name, email: user.email }, shippingAddress);
    if (result.ok) return res.status(201).json({ order: result.order, payment: result.payment });
    switch (result.reason) {
      // Expected states of the installation, answered directly (not logged as server errors).
      case "not-configured":
        return res.status(503).json({ message: CHECKOUT_ERRORS.notConfigured });
      case "empty-cart":
        throw new HttpError(400, CHECKOUT_ERRORS.emptyCart);
      case "below-minimum":
        throw new HttpError(400, CHECKOUT_ERRORS.belowMinimum);
      case "above-maximum":
        throw new HttpError(400, CHECKOUT_ERRORS.aboveMaximum);
      case "superseded":
        throw new HttpError(409, CHECKOUT_ERRORS.superseded);
      case "over-limit":
        throw new HttpError(400, CHECKOUT_ERRORS.overLimit(result.productName, result.limit));
      case "gateway-failed":
        return res.status(502).json({ message: CHECKOUT_ERRORS.gatewayFailed });
      case "out-of-stock":
        throw new HttpError(409, CHECKOUT_ERRORS.outOfStock(result.productName, result.available));
      case "unavailable":
        throw new HttpError(409, CHECKOUT_ERRORS.unavailable(result.productName));
    }
  });

  router.post("/:orderId/verify", async (req, res) => {
    const user = await requireUser(req);
    const order = await findOwnOrder(shop.db, req.params.orderId, user.id);
    if (!order) throw new HttpError(404, CHECKOUT_ERRORS.orderNotFound);
    const gateway = gatewayFor(shop.config);
    const input = parseInput(verifyPaymentSchema, req.body, CHECKOUT_ERRORS.verificationFailed);
    const valid =
      gateway !== null &&
      order.providerOrderId !== null &&
      input.razorpay_order_id === order.providerOrderId &&
      verifyPaymentSignature(gateway.signingSecret, order.providerOrderId, input.razorpay_payment_id, input.razorpay_signature);
    if (!valid) {
      req.log.warn({ orderId: order.id }, "payment signature did not verify");
      throw new HttpError(400, CHECKOUT_ERRORS.verificationFailed);
    }

    // Only for showing how the shopper paid: when Razorpay does not say, a webhook may fill it in later.
    const method = await gateway!.paymentMethod(input.razorpay_payment_id).catch((error: unknown) => {
      req.log.warn({ err: error, orderId: order.id }, "could not read the payment method");
      return null;
    });
    const outcome = await shop.db.transaction((tx) =>
      markOrderPaid(tx, {
        providerOrderId: order.providerOrderId!,
        providerPaymentId: input.razorpay_payment_id,
        signature: input.razorpay_signature,
        method,
      }),
    );
    // A late payment (the order was cancelled) or a second one (already paid) is refunded here.
    await settleMarkPaid(shop, outcome);
    if (outcome.kind === "cancelled") throw new HttpError(409, CHECKOUT_ERRORS.orderCancelled);
    res.json({ order: await loadOrderJson(shop.db, order.id) });
  });

  return router;
}

/** Any missing field makes the summary the spec's 'Please fill all required fields'. */
function requiredSummary(address: unknown): string | undefined {
  const result = shippingAddressSchema["~standard"].validate(address ?? {});
  if (result instanceof Promise) return undefined;
  if (typeof address !== "object" || address === null) return CHECKOUT_MESSAGES.required;
  if (!result.issues) return undefined;
  return result.issues.some((issue) => issue.message === CHECKOUT_MESSAGES.required) ? CHECKOUT_MESSAGES.required : undefined;
}
