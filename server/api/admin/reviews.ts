import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { adminReply } from "#server/modules/admin/replies.ts";
import { deleteReview, listReviewsForModeration, setReviewHidden } from "#server/modules/admin/reviews.ts";
import { adminReviewQuerySchema } from "#server/schemas/admin-reviews.ts";
import { signedInAdmin } from "./require-admin.ts";
import { accepted, sendPage } from "./send.ts";

/** Review moderation (decisions/015): hide, show again, delete; mounted at /api/admin/reviews. */
export function adminReviewsRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();

  router.get("/", async (req, res) => {
    sendPage(res, await listReviewsForModeration(db, parseInput(adminReviewQuerySchema, req.query)));
  });

  router.put("/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await setReviewHidden(db, admin, req.params.id, req.body);
    const reply = adminReply.moderateReview(result);
    const changed = accepted(result, reply);
    res.status(reply.status).json("review" in changed ? changed.review : { message: reply.message });
  });

  router.delete("/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await deleteReview(db, admin, req.params.id);
    const reply = adminReply.moderateReview(result);
    accepted(result, reply);
    res.status(reply.status).json({ message: reply.message });
  });

  return router;
}
