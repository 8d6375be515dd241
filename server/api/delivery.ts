import { Router } from "express";
import { isValidPin } from "#common/india.ts";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { MALFORMED_PIN_REPLY } from "#server/modules/delivery/replies.ts";
import { findDeliveryPromise } from "#server/modules/delivery/courier-network.ts";
import { dispatchConfig } from "#server/modules/settings/settings.ts";

/**
 * GET /api/serviceability/:pin (api-contract.md, "Serviceability"): public and cheap (one indexed
 * range lookup, or Shiprocket's answer kept a day per PIN: courier-network.ts), so not rate limited;
 * the answer holds nothing personal and may be cached for a minute (the dates move at the dispatch
 * cut-off).
 */
export function serviceabilityRouter(shop: ShopContext) {
  const router = Router();
  router.get("/:pin", async (req, res) => {
    const pin = req.params.pin;
    if (!isValidPin(pin)) throw replyError(MALFORMED_PIN_REPLY);
    const answer = await findDeliveryPromise(shop, pin, new Date(), await dispatchConfig(shop), req.ip ?? "");
    res.setHeader("Cache-Control", "public, max-age=60");
    res.json(answer);
  });
  return router;
}
