import express, { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { failWithTestGateway, handleGatewayEvent, payWithTestGateway } from "#server/modules/orders/confirm-payment.ts";
import { paymentReply } from "#server/modules/orders/payment-replies.ts";
import { refuse } from "./checkout.ts";

/**
 * POST /api/payments/razorpay/webhook (`handleGatewayEvent`). Mounted before the JSON parser: the
 * signature covers the raw bytes, which are never re-serialised.
 */
export function paymentWebhookRouter(shop: ShopContext) {
  const router = Router();
  router.post("/razorpay/webhook", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await handleGatewayEvent(shop, raw, req.headers, req.log);
    if (!result.ok) return refuse(res, paymentReply.gatewayEvent(result));
    res.json({ ok: true, ...(result.duplicate ? { duplicate: true } : {}) });
  });
  return router;
}

/**
 * The offline test gateway's counterpart of Razorpay's checkout widget, for the labelled
 * "Test payment" dialog on the checkout page (owner only, only while the test gateway is active):
 *   POST /api/payments/test/:orderId/pay  → 200 { razorpay_payment_id, razorpay_order_id, razorpay_signature },
 *        signed like Razorpay's; the page then posts them to /api/checkout/:orderId/verify as usual.
 *   POST /api/payments/test/:orderId/fail { description? } → 200 { error: { description } };
 *        recorded as payment.failed (not final: Pay may still follow).
 */
export function paymentsRouter(shop: ShopContext) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.post("/test/:orderId/pay", async (req, res) => {
    const user = await req.sessionUser();
    const result = await payWithTestGateway(shop, user?.id ?? null, String(req.params.orderId));
    if (!result.ok) return refuse(res, paymentReply.testPayment(result));
    res.json(result.fields);
  });

  router.post("/test/:orderId/fail", async (req, res) => {
    const user = await req.sessionUser();
    const given = (req.body as { description?: unknown } | undefined)?.description;
    const result = await failWithTestGateway(shop, user?.id ?? null, String(req.params.orderId), given);
    if (!result.ok) return refuse(res, paymentReply.testPayment(result));
    res.json({ error: { description: result.description } });
  });

  return router;
}
