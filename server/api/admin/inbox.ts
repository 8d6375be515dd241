import { Router } from "express";
import { istDay } from "#common/dates.ts";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { listMessages, listSubscribers, setMessageHandled, subscribersCsv } from "#server/modules/content/inbox.ts";
import { inboxReply } from "#server/modules/content/replies.ts";
import { signedInAdmin } from "./require-admin.ts";
import { accepted, sendCsv, sendPage } from "./send.ts";

/** The contact form's messages, mounted at /api/admin/messages. */
export function adminMessagesRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();

  router.get("/", async (req, res) => {
    const listed = await listMessages(db, req.query);
    if (!listed.ok) throw replyError(inboxReply.list(listed));
    sendPage(res, listed);
  });

  router.put("/:id", async (req, res) => {
    const result = await setMessageHandled(db, await signedInAdmin(req), req.params.id, req.body);
    const reply = inboxReply.setMessageHandled(result);
    res.status(reply.status).json(accepted(result, reply).message);
  });

  return router;
}

/** The newsletter's subscribers, mounted at /api/admin/subscribers. */
export function adminSubscribersRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (req, res) => {
    const listed = await listSubscribers(shop.db, req.query);
    if (!listed.ok) throw replyError(inboxReply.list(listed));
    sendPage(res, listed);
  });
  return router;
}

/** GET /api/admin/subscribers.csv: the confirmed subscribers as CSV. */
export function subscribersCsvRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (_req, res) => {
    sendCsv(res, `newsletter-subscribers-${istDay()}.csv`, await subscribersCsv(shop.db));
  });
  return router;
}
