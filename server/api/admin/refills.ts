import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { listAdminRefills } from "#server/modules/refills/refills.ts";
import { refillReply } from "#server/modules/refills/replies.ts";
import { sendPage } from "./send.ts";

/** Refills (decisions/057), mounted at /api/admin/refills: GET /?status=&page=&limit= (next date first). */
export function adminRefillsRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (req, res) => {
    const listed = await listAdminRefills(shop.db, req.query);
    if (!listed.ok) throw replyError(refillReply(listed));
    sendPage(res, listed);
  });
  return router;
}
