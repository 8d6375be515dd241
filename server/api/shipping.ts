import express, { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { handleShippingWebhook } from "#server/modules/orders/shipping-webhook.ts";
import { shippingReply } from "#server/modules/orders/replies.ts";

/** Shiprocket sends a few kilobytes per update; a body past this is refused (413) unread. */
const WEBHOOK_BODY_LIMIT = "64kb";

/**
 * POST /api/shipping/webhook (Shiprocket's tracking updates, `handleShippingWebhook`). Mounted before
 * the API's JSON parser and its same-origin check: Shiprocket calls from its servers with no cookie
 * and no Origin, and is let in by its token alone. Only this one path is handled here; every other
 * /api/shipping request goes on to the API's usual checks (and its 404).
 */
export function shippingWebhookRouter(shop: ShopContext) {
  const router = Router();
  router.post("/webhook", express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const raw = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const result = await handleShippingWebhook(shop, { apiKey: req.headers["x-api-key"], clientIp: req.ip ?? "" }, body);
    if (!result.ok) throw replyError(shippingReply.webhook(result));
    res.json({ ok: true, ...(result.outcome === "ignored" ? { ignored: true } : {}) });
  });
  return router;
}
