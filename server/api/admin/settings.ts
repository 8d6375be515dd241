import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { settingsReply } from "#server/modules/settings/replies.ts";
import { readSettings, updateSettings } from "#server/modules/settings/settings.ts";
import { signedInAdmin } from "./require-admin.ts";
import { accepted } from "./send.ts";

/** The shop's settings: dispatch cut-off, stock alerts (decisions/031); mounted at /api/admin/settings. */
export function adminSettingsRouter(shop: ShopContext) {
  const router = Router();

  router.get("/", async (_req, res) => {
    res.json(await readSettings(shop));
  });

  router.put("/", async (req, res) => {
    const result = await updateSettings(shop, await signedInAdmin(req), req.body);
    const reply = settingsReply.update(result);
    res.status(reply.status).json({ message: reply.message, settings: accepted(result, reply).settings });
  });

  return router;
}
