import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { returnReply } from "#server/modules/returns/replies.ts";
import { decideReturn, listReturns } from "#server/modules/returns/returns.ts";
import { signedInAdmin } from "./require-admin.ts";
import { sendPage } from "./send.ts";

/** Return requests (decisions/032), mounted at /api/admin/returns: GET /?status=&page= (open first), PUT /:id { decision, reason }. */
export function adminReturnsRouter(shop: ShopContext) {
  const router = Router();

  router.get("/", async (req, res) => {
    const listed = await listReturns(shop.db, req.query);
    if (!listed.ok) throw replyError(returnReply.list(listed));
    sendPage(res, listed);
  });

  router.put("/:id", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await decideReturn(shop, admin, String(req.params.id), req.body);
    const reply = returnReply.decide(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json({ message: reply.message, returnRequest: result.returnRequest });
  });

  return router;
}
