import { Router, type Response } from "express";
import { contactSchema, subscribeSchema } from "#common/schemas/content.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { sendContactMessage } from "#server/modules/content/contact.ts";
import { subscribeToNewsletter } from "#server/modules/content/newsletter.ts";
import { contentReply, type ContentReply } from "#server/modules/content/replies.ts";

/** The newsletter sign-up and the contact form (api-contract.md, "Newsletter and contact"). */
export function contentRouter(shop: ShopContext) {
  const router = Router();

  router.post("/subscribe", async (req, res) => {
    const { email } = parseInput(subscribeSchema, req.body);
    send(res, contentReply(await subscribeToNewsletter(shop, email, req.ip ?? "")));
  });

  router.post("/contact", async (req, res) => {
    const input = parseInput(contactSchema, req.body);
    send(res, contentReply(await sendContactMessage(shop, input, req.ip ?? "")));
  });

  return router;
}

function send(res: Response, reply: ContentReply) {
  if (reply.status >= 400) throw new HttpError(reply.status, reply.message, undefined, reply.headers);
  res.status(reply.status).json({ message: reply.message });
}
