import express, { Router, type RequestHandler } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError } from "#server/http/errors.ts";
import { rejectMalformedJson, verifyUtf8 } from "#server/http/reject-malformed.ts";
import { adminProductWritesRouter, adminRouter } from "./admin/index.ts";
import { cartRouter } from "./cart.ts";
import { checkoutRouter } from "./checkout.ts";
import { contentRouter } from "./content.ts";
import { invoicesRouter } from "./invoices.ts";
import { ordersRouter } from "./orders.ts";
import { paymentWebhookRouter, paymentsRouter } from "./payments.ts";
import { productsRouter } from "./products.ts";
import { uploadRouter } from "./upload.ts";
import { usersRouter } from "./users.ts";

/** All REST routers under /api, then a JSON 404 for anything else under /api. */
export function apiRouter(shop: ShopContext) {
  const router = Router();
  // Razorpay signs the raw body: its webhook reads the bytes itself, before the JSON parser.
  router.use(paymentWebhookRouter(shop));
  router.use(express.json({ limit: "100kb", verify: verifyUtf8 }));
  // NULs, lone surrogates and bad escapes in the body or query: a clear 400, never a database error.
  router.use(rejectMalformedJson);
  router.use(sameOriginForCookies(shop.config.publicUrl));

  router.use(contentRouter(shop));
  router.use(productsRouter(shop));
  router.use("/users", usersRouter(shop));
  router.use("/cart", cartRouter(shop));
  router.use("/admin", adminRouter(shop));
  router.use(adminProductWritesRouter(shop));
  router.use(uploadRouter(shop));
  router.use("/checkout", checkoutRouter(shop));
  router.use(invoicesRouter(shop));
  router.use("/orders", ordersRouter(shop));
  router.use("/payments", paymentsRouter(shop));

  router.use((req) => {
    throw new HttpError(404, `No API endpoint at ${req.method} ${req.baseUrl}${req.path}`);
  });
  return router;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated requests that change state must come from our own pages.
 * Bearer-token clients are not exposed to CSRF and pass.
 */
function sameOriginForCookies(publicUrl: string): RequestHandler {
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
