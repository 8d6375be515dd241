import express, { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError } from "#server/http/errors.ts";
import { sameOriginForCookies } from "#server/http/same-origin.ts";
import { rejectMalformedJson, verifyUtf8 } from "#server/http/reject-malformed.ts";
import { adminRouter } from "./admin/index.ts";
import { adminProductWritesRouter } from "./admin/products.ts";
import { addressesRouter } from "./addresses.ts";
import { backInStockRouter } from "./back-in-stock.ts";
import { cartRouter } from "./cart.ts";
import { checkoutRouter } from "./checkout.ts";
import { serviceabilityRouter } from "./delivery.ts";
import { contactRouter, subscribeRouter } from "./content.ts";
import { invoicesRouter } from "./invoices.ts";
import { ordersRouter } from "./orders.ts";
import { paymentWebhookRouter, paymentsRouter } from "./payments.ts";
import { prescriptionsRouter } from "./prescriptions.ts";
import { refillsRouter } from "./refills.ts";
import { prescriptionOrdersRouter } from "./prescription-orders.ts";
import { returnsRouter } from "./returns.ts";
import { productsRouter } from "./products.ts";
import { shippingWebhookRouter } from "./shipping.ts";
import { uploadRouter } from "./upload.ts";
import { whatsappWebhookRouter } from "./whatsapp.ts";
import { usersRouter } from "./users.ts";
import { accountPhoneRouter, phoneSignInRouter } from "./phone-sign-in.ts";
import { apiDocsRouter, openApiRouter } from "#server/openapi/router.ts";

type RouterFactory = (shop: ShopContext) => Router;

/**
 * Met first, before the JSON parser and the same-origin check: server-to-server calls that read
 * their own body (Razorpay and Meta sign the bytes; Shiprocket's token is checked before the body is read).
 */
export const RAW_BODY_ROUTES: ReadonlyArray<readonly [prefix: string, router: RouterFactory]> = [
  ["/payments", paymentWebhookRouter], //      payments.ts      POST /razorpay/webhook
  ["/shipping", shippingWebhookRouter], //     shipping.ts      POST /webhook (Shiprocket's tracking, x-api-key)
  ["/whatsapp", whatsappWebhookRouter], //     whatsapp.ts      GET POST /webhook (Meta's check; statuses and replies, X-Hub-Signature-256)
];

/**
 * The REST API in one look: `METHOD /api/<prefix>/<path>` is handled in the file named on the
 * prefix's row, where the router writes `<path>` relative to the prefix (one rule, no full paths).
 * Requests meet the rows top to bottom; rows sharing a prefix are tried in turn.
 */
export const API_ROUTES: ReadonlyArray<readonly [prefix: string, router: RouterFactory]> = [
  // prefix      router                       file             endpoints
  ["/subscribe", subscribeRouter], //          content.ts       POST /
  ["/contact", contactRouter], //              content.ts       POST /
  ["/products", productsRouter], //            products.ts      GET / /facets /new-arrivals /suggestions /similar/:id /:id /:id/substitutes /:id/reviews, POST /:id/reviews
  ["/products", backInStockRouter], //         back-in-stock.ts POST /:id/notify-me (signed in, or a guest with { email })
  ["/products", adminProductWritesRouter], //  admin/products.ts PUT /:id (admins: the spec's product edit)
  ["/users/addresses", addressesRouter], //   addresses.ts     GET POST /, PUT DELETE /:id (signed in, own addresses)
  ["/users/otp", phoneSignInRouter], //        phone-sign-in.ts POST / /verify (a one-time code: sign in, or a new account with a name)
  ["/users/phone", accountPhoneRouter], //     phone-sign-in.ts POST / /verify (signed in: the account's verified number)
  ["/users", usersRouter], //                  users.ts         POST /register /login /login/2fa /logout, GET /profile; two-factor: POST /2fa/setup /2fa/enable /2fa/disable; self-service: POST /password/forgot /password/reset /email/verification /email/verify /email/undo /logout/all, PUT /password /profile /email, GET /me/export, DELETE /me
  ["/cart", cartRouter], //                    cart.ts          GET POST PUT DELETE /, POST /merge
  ["/serviceability", serviceabilityRouter], // delivery.ts    GET /:pin (public)
  ["/admin", adminRouter], //                  admin/index.ts   the admin API, its own table (ADMIN_ROUTES): one file per resource; staff only, pharmacists to the order reads and prescription calls
  ["/upload", uploadRouter], //                upload.ts        POST / (admins)
  ["/prescriptions", prescriptionsRouter], //  prescriptions.ts POST /, GET / /:id /:id/file (owner, pharmacist, admin)
  ["/prescription-orders", prescriptionOrdersRouter], // prescription-orders.ts POST /, GET / /:id (signed in, own requests)
  ["/checkout", checkoutRouter], //            checkout.ts      POST /, POST /quote, POST /:orderId/verify
  ["/orders", invoicesRouter], //              invoices.ts      GET /:id/invoice.pdf
  ["/orders", returnsRouter], //               returns.ts       GET POST /:id/returns, GET /:id/credit-notes/:noteId.pdf
  ["/refills", refillsRouter], //              refills.ts       POST GET /, GET PUT DELETE /:id, POST /:id/skip (signed in, own refills)
  ["/orders", ordersRouter], //                orders.ts        GET /my-orders /:id, POST /:id/cancel /:id/pay
  ["/payments", paymentsRouter], //            payments.ts      POST /test/:orderId/pay /test/:orderId/fail
  ["/openapi.json", openApiRouter], //        openapi/router.ts GET / (this API described: OpenAPI 3.1, ETag)
  ["/docs", apiDocsRouter], //                openapi/router.ts GET / (the same as a page to read)
];

/** All REST routers under /api (the table above), then a JSON 404 for anything else under /api. */
export function apiRouter(shop: ShopContext) {
  const router = Router();
  for (const [prefix, makeRouter] of RAW_BODY_ROUTES) router.use(prefix, makeRouter(shop));
  router.use(express.json({ limit: "100kb", verify: verifyUtf8 }));
  // NULs, lone surrogates and bad escapes in the body or query: a clear 400, never a database error.
  router.use(rejectMalformedJson);
  router.use(sameOriginForCookies(shop.config.publicUrl));
  for (const [prefix, makeRouter] of API_ROUTES) router.use(prefix, makeRouter(shop));

  router.use((req) => {
    throw new HttpError(404, `No API endpoint at ${req.method} ${req.baseUrl}${req.path}`);
  });
  return router;
}
