import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { backInStockReply } from "#server/modules/back-in-stock/replies.ts";
import { requestBackInStockEmail } from "#server/modules/back-in-stock/requests.ts";

/**
 * POST /api/products/:id/notify-me (decisions/027): "Notify me when back in stock". A signed-in
 * shopper is told at their account's address; a guest sends `{ email }`. 201 `{ message }`.
 */
export function backInStockRouter(shop: ShopContext) {
  const router = Router();

  router.post("/:id/notify-me", async (req, res) => {
    const user = await req.sessionUser();
    const requester = user ? { userId: user.id, email: user.email } : null;
    const reply = backInStockReply(await requestBackInStockEmail(shop, req.params.id, requester, req.body, req.ip ?? ""));
    if (reply.status >= 400) throw replyError(reply);
    res.status(reply.status).json({ message: reply.message });
  });

  return router;
}
