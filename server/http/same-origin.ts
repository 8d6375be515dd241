import type { RequestHandler } from "express";
import { HttpError } from "./errors.ts";

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated requests that change state must come from our own pages.
 * Bearer-token clients are not exposed to CSRF and pass.
 */
export function sameOriginForCookies(publicUrl: string): RequestHandler {
  const ownOrigin = new URL(publicUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || req.headers.authorization || !req.headers.cookie) return next();
    const site = req.headers["sec-fetch-site"];
    const origin = req.headers.origin;
    const host = req.headers.host;
    const sameOrigin =
      site === "same-origin" ||
      site === "none" ||
      (origin !== undefined && (origin === ownOrigin || (host !== undefined && hostOf(origin) === host))) ||
      (site === undefined && origin === undefined);
    if (!sameOrigin) return next(new HttpError(403, "Cross-site requests are not allowed"));
    next();
  };
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
