import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { catalogReply } from "#server/modules/catalog/replies.ts";
import { deleteReview, listReviewsForModeration, setReviewHidden } from "#server/modules/catalog/moderation.ts";
import { signedInAdmin } from "./require-admin.ts";
import { accepted, sendPage } from "./send.ts";

/** Review moderation (decisions/015): hide, show again, delete; mounted at /api/admin/reviews. */
export function adminReviewsRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();

  router.get("/", async (req, res) => {
    const list = await listReviewsForModeration(db, req.query);
    if (!list.ok) throw replyError(catalogReply.list(list));
    sendPage(res, list);
  });

  router.put("/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await setReviewHidden(db, admin, req.params.id, req.body);
    const reply = catalogReply.moderateReview(result);
    const changed = accepted(result, reply);
    res.status(reply.status).json("review" in changed ? changed.review : { message: reply.message });
  });

  router.delete("/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await deleteReview(db, admin, req.params.id);
    const reply = catalogReply.moderateReview(result);
    accepted(result, reply);
    res.status(reply.status).json({ message: reply.message });
  });

  return router;
}
