import { Router } from "express";
import { CONTACT_THANK_YOU, NEWSLETTER_MESSAGES, contactSchema, subscribeSchema } from "#common/schemas/content.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { saveContactMessage } from "#server/modules/content/contact.ts";
import { subscribeToNewsletter } from "#server/modules/content/newsletter.ts";

export function contentRouter({ db }: ShopContext) {
  const router = Router();

  router.post("/subscribe", async (req, res) => {
    const { email } = parseInput(subscribeSchema, req.body);
    const result = await subscribeToNewsletter(db, email);
    if (!result.ok) throw new HttpError(409, NEWSLETTER_MESSAGES.alreadySubscribed);
    res.status(201).json({ message: NEWSLETTER_MESSAGES.subscribed });
  });

  router.post("/contact", async (req, res) => {
    const input = parseInput(contactSchema, req.body);
    await saveContactMessage(db, input);
    res.status(201).json({ message: CONTACT_THANK_YOU });
  });

  return router;
}
