import { Router, type Request } from "express";
import type { SessionUser } from "#server/auth.ts";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { cancelRefill, changeRefill, createRefill, getRefill, listRefills, skipRefill, type RefillResult } from "#server/modules/refills/refills.ts";
import { REFILLS_SIGNED_OUT_REPLY, refillReply } from "#server/modules/refills/replies.ts";

async function requireCustomer(req: Request): Promise<SessionUser> {
  const user = await req.sessionUser();
  if (!user) throw replyError(REFILLS_SIGNED_OUT_REPLY);
  return user;
}

function refillOf(result: RefillResult) {
  if (!result.ok) throw replyError(refillReply(result));
  return result.refill;
}

/**
 * Subscribe and refill (api-contract.md, "Reorder and refills"; decisions/057), mounted at
 * /api/refills: POST /, GET /, GET PUT DELETE /:id, POST /:id/skip. Signed in; only the caller's
 * own refills exist for them (another's is 404).
 */
export function refillsRouter(shop: ShopContext) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    next();
  });

  router.post("/", async (req, res) => {
    const user = await requireCustomer(req);
    res.status(201).json(refillOf(await createRefill(shop, user, req.body)));
  });

  router.get("/", async (req, res) => {
    const user = await requireCustomer(req);
    res.json(await listRefills(shop.db, user.id));
  });

  router.get("/:id", async (req, res) => {
    const user = await requireCustomer(req);
    res.json(refillOf(await getRefill(shop.db, user.id, String(req.params.id))));
  });

  router.put("/:id", async (req, res) => {
    const user = await requireCustomer(req);
    res.json(refillOf(await changeRefill(shop, user.id, String(req.params.id), req.body)));
  });

  router.delete("/:id", async (req, res) => {
    const user = await requireCustomer(req);
    res.json(refillOf(await cancelRefill(shop.db, user.id, String(req.params.id))));
  });

  router.post("/:id/skip", async (req, res) => {
    const user = await requireCustomer(req);
    res.json(refillOf(await skipRefill(shop.db, user.id, String(req.params.id))));
  });

  return router;
}
