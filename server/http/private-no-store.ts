import type { RequestHandler } from "express";

/**
 * Pages and API answers about one person (their orders, invoices, profile, checkout, the admin
 * area) and the `*.data` requests behind those pages. Written once here rather than in each
 * route, so a new route under these paths cannot forget it.
 */
const PERSONAL = [
  /^\/api\/(users|cart|orders|checkout|admin|invoices|payments|upload|prescriptions)(\/|$)/,
  // The page, its .data, and every page under it (/profile/addresses, /profile/prescriptions.data).
  /^\/(profile|checkout|order-confirmation)(\.data$|\/|$)/,
  /^\/order\//,
  /^\/admin(\/|\.data$|$)/,
];

export function isPersonalPath(path: string): boolean {
  return PERSONAL.some((pattern) => pattern.test(path));
}

/**
 * `Cache-Control: private, no-store` on every personal answer, whatever the route set (React
 * Router's documents say `no-cache`, some handlers `no-store`): no shared cache may keep it and
 * no browser may store it on disk or answer it again from its history cache.
 */
export const privateNoStore: RequestHandler = (req, res, next) => {
  if (!isPersonalPath(req.path)) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    this.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};
