import { Router, type Response } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import type { Reply } from "#server/replies.ts";
import { sendContactMessage } from "#server/modules/content/contact.ts";
import { subscribeToNewsletter } from "#server/modules/content/newsletter.ts";
import { contentReply } from "#server/modules/content/replies.ts";

/** POST /api/subscribe: the newsletter sign-up (api-contract.md, "Newsletter and contact"). */
export function subscribeRouter(shop: ShopContext) {
  const router = Router();

  router.post("/", async (req, res) => {
    const result = await subscribeToNewsletter(shop, req.body, req.ip ?? "");
    // The welcome code is emailed, never answered (api-contract.md, "Coupons").
    send(res, contentReply(result));
  });

  return router;
}

/** POST /api/contact: the contact form (api-contract.md, "Newsletter and contact"). */
export function contactRouter(shop: ShopContext) {
  const router = Router();

  router.post("/", async (req, res) => {
    send(res, contentReply(await sendContactMessage(shop, req.body, req.ip ?? "")));
  });

  return router;
}

function send(res: Response, reply: Reply) {
  if (reply.status >= 400) throw replyError(reply);
  res.status(reply.status).json({ message: reply.message });
}
