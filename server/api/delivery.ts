import { Router } from "express";
import { isValidPin } from "#common/india.ts";
import { SERVICEABILITY_MESSAGES } from "#common/serviceability.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { type MultipartOptions, readMultipartFile } from "#server/http/multipart.ts";
import { importRangesCsv, listRanges, MAX_IMPORT_BYTES, rangesCsv } from "#server/modules/delivery/ranges.ts";
import { importReply, MALFORMED_PIN_REPLY } from "#server/modules/delivery/replies.ts";
import { findServiceability } from "#server/modules/delivery/serviceability.ts";
import { dispatchConfig } from "#server/modules/settings/settings.ts";
import { requireAdmin, signedInAdmin } from "./admin/require-admin.ts";

/**
 * GET /api/serviceability/:pin (api-contract.md, "Serviceability"): public and cheap (one indexed
 * range lookup), so not rate limited; the answer holds nothing personal and may be cached for a
 * minute (the dates move at the dispatch cut-off).
 */
export function serviceabilityRouter(shop: ShopContext) {
  const router = Router();
  router.get("/:pin", async (req, res) => {
    const pin = req.params.pin;
    if (!isValidPin(pin)) throw replyError(MALFORMED_PIN_REPLY);
    const answer = await findServiceability(shop.db, pin, new Date(), await dispatchConfig(shop));
    res.setHeader("Cache-Control", "public, max-age=60");
    res.json(answer);
  });
  return router;
}

/** The import's multipart field `file`, at most MAX_IMPORT_BYTES, and its refusals. */
const CSV_PART: MultipartOptions = {
  fileField: "file",
  maxFileBytes: MAX_IMPORT_BYTES,
  notMultipart: () => new HttpError(415, SERVICEABILITY_MESSAGES.noFile),
  malformed: () => new HttpError(400, SERVICEABILITY_MESSAGES.noFile),
  tooLarge: () => new HttpError(413, SERVICEABILITY_MESSAGES.tooLarge, undefined, { Connection: "close" }),
  noFile: () => new HttpError(400, SERVICEABILITY_MESSAGES.noFile),
};

/**
 * The admin's serviceability table, mounted at /api/admin before the admin router: GET
 * /serviceability (JSON), GET /serviceability.csv, POST /serviceability/import (multipart field
 * `file`; replaces the whole table, or nothing with row errors).
 */
export function adminServiceabilityRouter(shop: ShopContext) {
  const router = Router();

  router.get("/serviceability", requireAdmin, async (_req, res) => {
    res.json(await listRanges(shop.db));
  });

  router.get("/serviceability.csv", requireAdmin, async (_req, res) => {
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", 'attachment; filename="serviceability.csv"');
    res.send(await rangesCsv(shop.db));
  });

  router.post("/serviceability/import", requireAdmin, async (req, res) => {
    const admin = await signedInAdmin(req);
    const { bytes } = await readMultipartFile(req, CSV_PART);
    if (bytes.length === 0) throw CSV_PART.noFile();
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    const result = await importRangesCsv(shop.db, { id: admin.id, name: admin.name, role: admin.role }, text);
    const reply = importReply(result);
    if (!result.ok) return res.status(reply.status).json({ message: reply.message, errors: reply.rowErrors ?? [] });
    res.status(reply.status).json({ message: reply.message, imported: result.imported, replaced: result.replaced });
  });

  return router;
}
