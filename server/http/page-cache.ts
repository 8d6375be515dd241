import type { NextFunction, Request, RequestHandler, Response } from "express";
import { isbot } from "isbot";
import type { DatabaseHandle } from "#server/db/client.ts";
import { keptPerProductsVersion } from "#server/modules/catalog/catalogue-cache.ts";
import { collectSent, cutOut, fillIn } from "./answer-again.ts";

/**
 * Anonymous page views are the same for every visitor but for two per-request values: the CSP
 * nonce and the request id. A page rendered for a request without cookies or credentials is
 * kept, split at those two values, and answered again with the next request's own values until
 * products change (on PGlite and PostgreSQL alike; see keptPerProductsVersion) or a minute passes (the footer's year,
 * anything else that moves with time). Signed-in shoppers, guests with a cart (a cookie) and
 * any response that sets a cookie or is not a 200 are always rendered afresh.
 */

/** At most 200 pages and 32 MB of them (a rendered product page is about 130 KB). */
const KEPT_PAGES = {
  entries: 200,
  bytes: 32 << 20,
  sizeOf: (page: KeptPage) => page.parts.reduce((sum, part) => sum + part.length, 0),
};
const MAX_PAGE_BYTES = 1 << 20;
const KEPT_FOR_MS = 60_000;
/**
 * Response headers that belong to one request or one encoding of the body; the kept page is
 * the unencoded body, answered with the current request's own.
 */
const PER_REQUEST_HEADERS = new Set([
  "content-security-policy",
  "x-request-id",
  "date",
  "content-length",
  "content-encoding",
  "transfer-encoding",
]);

interface KeptPage {
  /** The page split at every occurrence of the nonce and the request id of its first render. */
  parts: Buffer[];
  /** For each gap between parts: true for the nonce, false for the request id. */
  gaps: boolean[];
  headers: [string, string | number | string[]][];
  expiresAt: number;
}

export function pageCache(database: DatabaseHandle, render: RequestHandler): RequestHandler {
  const kept = keptPerProductsVersion<KeptPage>(database, KEPT_PAGES);

  return (req, res, next) => {
    if (!isAnonymousRead(req)) return render(req, res, next);
    kept
      .version()
      .then((version) => serve(req, res, next, version))
      .catch(next);
  };

  function serve(req: Request, res: Response, next: NextFunction, version: number | undefined) {
    const key = `${isbot(req.headers["user-agent"] ?? "") ? "bot" : "browser"} ${req.originalUrl}`;
    const hit = kept.get(key, version);
    if (hit && hit.expiresAt > Date.now()) return answer(res, hit, String(req.id));

    collectSent(res, MAX_PAGE_BYTES, (page) => {
      if (page && isKeepable(res)) kept.keep(key, version, split(page.toString("utf8"), res.locals.cspNonce, String(req.id), res));
    });
    render(req, res, next);
  }
}

function isAnonymousRead(req: Request): boolean {
  return req.method === "GET" && !req.headers.cookie && !req.headers.authorization;
}

/**
 * Pages are kept by URL: a page's language is its path (`/hi/...`, decisions/063). A page whose
 * answer depends on Accept-Language (it says so with Vary) is not kept, so a URL can never serve
 * one shopper's language to another.
 */
function isKeepable(res: Response): boolean {
  const type = String(res.getHeader("content-type") ?? "");
  return (
    res.statusCode === 200 &&
    !res.hasHeader("set-cookie") &&
    !/accept-language|\*/i.test(String(res.getHeader("vary") ?? "")) &&
    !/no-store|private/.test(String(res.getHeader("cache-control") ?? "")) &&
    (type.startsWith("text/html") || type.startsWith("text/x-script"))
  );
}

function split(page: string, nonce: string, requestId: string, res: Response): KeptPage {
  const { parts, gaps } = cutOut(page, nonce, requestId);
  const headers = Object.entries(res.getHeaders())
    .filter(([name, value]) => value !== undefined && !PER_REQUEST_HEADERS.has(name))
    .map(([name, value]) => [name, value] as KeptPage["headers"][number]);
  return { parts: parts.map((part) => Buffer.from(part)), gaps, headers, expiresAt: Date.now() + KEPT_FOR_MS };
}

function answer(res: Response, page: KeptPage, requestId: string) {
  const pieces = fillIn(page.parts, page.gaps, Buffer.from(res.locals.cspNonce), Buffer.from(requestId));
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.status(200).end(Buffer.concat(pieces));
}
