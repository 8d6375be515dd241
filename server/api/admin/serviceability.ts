import { Router } from "express";
import { SERVICEABILITY_MESSAGES } from "#common/serviceability.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError } from "#server/http/errors.ts";
import { type MultipartOptions, readMultipartFile } from "#server/http/multipart.ts";
import { importRangesCsv, listRanges, MAX_IMPORT_BYTES, rangesCsv } from "#server/modules/delivery/ranges.ts";
import { importReply } from "#server/modules/delivery/replies.ts";
import { signedInAdmin } from "./require-admin.ts";
import { sendCsv } from "./send.ts";

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
 * The admin's serviceability table, mounted at /api/admin/serviceability: GET / (JSON), POST
 * /import (multipart field `file`; replaces the whole table, or nothing with row errors).
 */
export function adminServiceabilityRouter(shop: ShopContext) {
  const router = Router();

  router.get("/", async (_req, res) => {
    res.json(await listRanges(shop.db));
  });

  router.post("/import", async (req, res) => {
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

/** GET /api/admin/serviceability.csv: the table as the CSV the import takes. */
export function serviceabilityCsvRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (_req, res) => {
    sendCsv(res, "serviceability.csv", await rangesCsv(shop.db));
  });
  return router;
}
