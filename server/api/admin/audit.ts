import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { listAuditEntries } from "#server/modules/audit/audit.ts";
import { auditReply } from "#server/modules/audit/replies.ts";
import { sendPage } from "./send.ts";

/** The audit log (decisions/033): newest first, the count in X-Total-Count; mounted at /api/admin/audit. */
export function adminAuditRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (req, res) => {
    const listed = await listAuditEntries(shop.db, req.query);
    if (!listed.ok) throw replyError(auditReply.list(listed));
    sendPage(res, listed);
  });
  return router;
}
