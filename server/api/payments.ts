import express, { Router } from "express";
import { createHash } from "node:crypto";
import type { ShopContext } from "#server/context.ts";
import { paymentEvents, payments } from "#server/db/schema.ts";
import { HttpError } from "#server/http/errors.ts";
import { findOwnOrder } from "#server/modules/orders/orders.ts";
import { markOrderPaid, recordPaymentFailure, settleMarkPaid } from "#server/modules/orders/paid.ts";
import type { Transaction } from "#server/modules/orders/side-effects.ts";
import { gatewayFor } from "#server/modules/payments/gateway.ts";
import { verifyWebhookSignature } from "#server/modules/payments/signature.ts";
import { signTestPayment } from "#server/modules/payments/test-gateway.ts";
import { asc, desc, eq, sql } from "drizzle-orm";
import { requireUser } from "./checkout.ts";

export const PAYMENT_ERRORS = {
  badSignature: "Invalid webhook signature",
  webhookNotConfigured: "Webhooks are not configured",
  badPayload: "The webhook body is not valid JSON",
  testGatewayOff: "The test payment gateway is not active",
  orderNotFound: "Order not found",
  notPayable: "This order is not awaiting payment",
} as const;

interface RazorpayPaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  method?: unknown;
  error_description?: unknown;
}

/**
 * POST /api/payments/razorpay/webhook. Mounted before the JSON parser: the signature covers the
 * raw bytes, which are never re-serialised. Deduplicated on x-razorpay-event-id in the same
 * transaction as the state change, so a replay (or a crash before our 2xx) changes state once.
 */
export function paymentWebhookRouter(shop: ShopContext) {
  const router = Router();
  router.post("/payments/razorpay/webhook", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const secret = shop.config.razorpay.webhookSecret;
    if (!secret) {
      req.log.warn("Razorpay webhook received but RAZORPAY_WEBHOOK_SECRET is not set");
      return res.status(503).json({ message: PAYMENT_ERRORS.webhookNotConfigured });
    }
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!verifyWebhookSignature(secret, raw, req.headers["x-razorpay-signature"])) {
      req.log.warn("webhook signature did not verify");
      throw new HttpError(400, PAYMENT_ERRORS.badSignature);
    }
    let event: { event?: unknown; payload?: { payment?: { entity?: RazorpayPaymentEntity }; order?: { entity?: { id?: unknown } } } };
    try {
      event = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new HttpError(400, PAYMENT_ERRORS.badPayload);
    }
    // PostgreSQL's jsonb cannot hold U+0000; such an event could never be stored.
    if (raw.includes("\\u0000") || typeof event !== "object" || event === null || Array.isArray(event)) {
      throw new HttpError(400, PAYMENT_ERRORS.badPayload);
    }
    const headerId = req.headers["x-razorpay-event-id"];
    const eventId =
      typeof headerId === "string" && headerId.length > 0 && headerId.length <= 200
        ? headerId
        : `body_${createHash("sha256").update(raw).digest("hex")}`;
    const type = typeof event.event === "string" ? event.event : "unknown";
    const entity = event.payload?.payment?.entity ?? {};
    const providerOrderId = str(entity.order_id) ?? str(event.payload?.order?.entity?.id);
    const providerPaymentId = str(entity.id);

    async function processEvent(tx: Transaction) {
      if ((type === "payment.captured" || type === "order.paid") && providerOrderId && providerPaymentId) {
        const result = await markOrderPaid(tx, {
          providerOrderId,
          providerPaymentId,
          method: str(entity.method) ?? null,
          amountPaise: typeof entity.amount === "number" ? entity.amount : -1,
          currency: str(entity.currency) ?? "",
        });
        if (result.kind === "amount-mismatch") req.log.warn({ eventId, orderId: result.orderId }, "webhook amount or currency does not match the order; ignored");
        return result;
      }
      if (type === "payment.failed" && providerOrderId) {
        await recordPaymentFailure(tx, providerOrderId, {
          providerPaymentId,
          reason: str(entity.error_description) ?? "Payment failed",
          method: str(entity.method),
        });
      }
      return "recorded" as const;
    }

    const outcome = await shop.db.transaction(async (tx) => {
      // Stored without its payment link first: the link's foreign-key lock on the payment row,
      // taken before mark-paid locks the order, would deadlock with a concurrent verify.
      const [inserted] = await tx
        .insert(paymentEvents)
        .values({ provider: "razorpay", providerEventId: eventId, type, payload: event })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!inserted) return "duplicate" as const;
      const result = await processEvent(tx);
      if (providerOrderId) {
        // The event's own payment (an extra one has a row of its own), else the order's first.
        const [paymentRow] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.providerOrderId, providerOrderId))
          .orderBy(desc(sql`coalesce(${payments.providerPaymentId} = ${providerPaymentId ?? ""}, false)`), asc(payments.createdAt))
          .limit(1);
        if (paymentRow) await tx.update(paymentEvents).set({ paymentId: paymentRow.id }).where(eq(paymentEvents.id, inserted.id));
      }
      return result;
    });
    if (typeof outcome === "object") await settleMarkPaid(shop, outcome);
    res.json({ ok: true, ...(outcome === "duplicate" ? { duplicate: true } : {}) });
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

  async function payableOrder(req: express.Request) {
    const gateway = gatewayFor(shop.config);
    if (!gateway || gateway.provider !== "test") throw new HttpError(404, PAYMENT_ERRORS.testGatewayOff);
    const user = await requireUser(req);
    const order = await findOwnOrder(shop.db, String(req.params.orderId), user.id);
    if (!order || !order.providerOrderId) throw new HttpError(404, PAYMENT_ERRORS.orderNotFound);
    if (order.status !== "Pending" || order.isPaid) throw new HttpError(409, PAYMENT_ERRORS.notPayable);
    return { gateway, order, providerOrderId: order.providerOrderId };
  }

  router.post("/test/:orderId/pay", async (req, res) => {
    const { gateway, providerOrderId } = await payableOrder(req);
    res.json(signTestPayment(gateway.signingSecret, providerOrderId));
  });

  router.post("/test/:orderId/fail", async (req, res) => {
    const { providerOrderId } = await payableOrder(req);
    const given = (req.body as { description?: unknown } | undefined)?.description;
    const description = typeof given === "string" && given.trim() ? given.trim().slice(0, 200) : "Payment declined in the test gateway";
    await shop.db.transaction(async (tx) => {
      const paymentId = await recordPaymentFailure(tx, providerOrderId, { reason: description, method: "test" });
      await tx.insert(paymentEvents).values({
        provider: "test",
        providerEventId: `test_${crypto.randomUUID()}`,
        type: "payment.failed",
        paymentId: paymentId ?? null,
        payload: { order_id: providerOrderId, error: { description } },
      });
    });
    res.json({ error: { description } });
  });

  return router;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}
