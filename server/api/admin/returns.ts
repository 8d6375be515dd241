import { Router } from "express";
import { RETURN_STATUS_LABELS, type ReturnStatusId } from "#common/returns.ts";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { returnReply } from "#server/modules/returns/replies.ts";
import { decideReturn, listReturns } from "#server/modules/returns/returns.ts";
import { signedInAdmin } from "./require-admin.ts";
import { sendPage } from "./send.ts";

const isReturnStatus = (value: unknown): value is ReturnStatusId => typeof value === "string" && value in RETURN_STATUS_LABELS;
const pageOf = (value: unknown) => (typeof value === "string" && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 1);

/** Return requests (decisions/032), mounted at /api/admin/returns: GET /?status=&page= (open first), PUT /:id { decision, reason }. */
export function adminReturnsRouter(shop: ShopContext) {
  const router = Router();

  router.get("/", async (req, res) => {
    const page = await listReturns(shop.db, { status: isReturnStatus(req.query.status) ? req.query.status : undefined, page: pageOf(req.query.page) });
    sendPage(res, page);
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
