import { Router } from "express";
import { AUDIT_PAGE_SIZE } from "#common/audit.ts";
import type { ShopContext } from "#server/context.ts";
import { parseInput } from "#server/http/errors.ts";
import { listAuditEntries } from "#server/modules/audit/audit.ts";
import { auditQuerySchema } from "#server/schemas/audit.ts";
import { sendPage } from "./send.ts";

/** The audit log (decisions/033): newest first, the count in X-Total-Count; mounted at /api/admin/audit. */
export function adminAuditRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (req, res) => {
    const query = parseInput(auditQuerySchema, req.query);
    sendPage(res, await listAuditEntries(shop.db, { ...query, page: query.page ?? 1, limit: query.limit ?? AUDIT_PAGE_SIZE }));
  });
  return router;
}
