import express, { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError } from "#server/http/errors.ts";
import { handleWhatsAppWebhook, subscriptionChallenge } from "#server/modules/messaging/webhook.ts";

/** Meta batches a few statuses and messages per call; a body past this is refused (413) unread. */
const WEBHOOK_BODY_LIMIT = "256kb";

export const WHATSAPP_WEBHOOK_MESSAGES = {
  notConfigured: "WhatsApp messages are not set up on this shop",
  challenge: "The verify token does not match",
  signature: "The request's signature does not match",
  body: "The request body is not JSON",
} as const;

/**
 * GET and POST /api/whatsapp/webhook (Meta's subscription check; statuses and the shopper's
 * replies, `handleWhatsAppWebhook`). Mounted before the API's JSON parser and same-origin check:
 * Meta calls from its servers and signs the raw bytes, which are never re-serialised.
 */
export function whatsappWebhookRouter(shop: ShopContext) {
  const router = Router();
  router.get("/webhook", (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const challenge = subscriptionChallenge(shop, req.query as Record<string, unknown>);
    if (challenge === "not-configured") throw new HttpError(404, WHATSAPP_WEBHOOK_MESSAGES.notConfigured);
    if (challenge === null) throw new HttpError(403, WHATSAPP_WEBHOOK_MESSAGES.challenge);
    res.type("text/plain").send(challenge);
  });
  router.post("/webhook", express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await handleWhatsAppWebhook(shop, raw, req.headers["x-hub-signature-256"]);
    if (!result.ok) {
      if (result.reason === "not-configured") throw new HttpError(404, WHATSAPP_WEBHOOK_MESSAGES.notConfigured);
      if (result.reason === "signature") throw new HttpError(401, WHATSAPP_WEBHOOK_MESSAGES.signature);
      throw new HttpError(400, WHATSAPP_WEBHOOK_MESSAGES.body);
    }
    res.json({ ok: true });
  });
  return router;
}
