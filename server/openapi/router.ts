import { Router, type Request, type Response } from "express";
import type { ShopContext } from "#server/context.ts";
import { servedDocument } from "./document.ts";
import { renderReferencePage } from "./reference-page.ts";

/** The same for every caller and changes only with a deployment: caches may keep it briefly, then revalidate. */
const CACHE_POLICY = "public, max-age=300, must-revalidate";

function notModified(req: Request, res: Response, etag: string): boolean {
  res.setHeader("ETag", etag);
  res.setHeader("Cache-Control", CACHE_POLICY);
  const given = req.headers["if-none-match"];
  if (!given || !given.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return false;
  res.status(304).end();
  return true;
}

/** GET /api/openapi.json: the OpenAPI 3.1 description of this API (server/openapi/document.ts). */
export function openApiRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", (req, res) => {
    const served = servedDocument(shop.config.publicUrl);
    if (notModified(req, res, served.etag)) return;
    res.type("application/json").send(served.json);
  });
  return router;
}

/** GET /api/docs: the description as a page to read (self-hosted, no script). */
export function apiDocsRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", (_req, res) => {
    const served = servedDocument(shop.config.publicUrl);
    // The page carries this response's nonce, so it is never answered from a cache: no ETag.
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(renderReferencePage(served.document, res.locals.cspNonce ?? ""));
  });
  return router;
}
