import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { adminAuditRouter } from "./audit.ts";
import { adminCouponsRouter } from "./coupons.ts";
import { adminStatsRouter, lowStockRouter } from "./dashboard.ts";
import { adminMessagesRouter, adminSubscribersRouter, subscribersCsvRouter } from "./inbox.ts";
import { adminOrdersRouter } from "./orders.ts";
import { prescriptionOrderQueueRouter, prescriptionReviewRouter, reportsRouter, reviewQueueRouter } from "./pharmacy.ts";
import { adminProductsRouter } from "./products.ts";
import { adminRefillsRouter } from "./refills.ts";
import { requireStaff } from "./require-admin.ts";
import { adminReturnsRouter } from "./returns.ts";
import { adminReviewsRouter } from "./reviews.ts";
import { adminServiceabilityRouter, serviceabilityCsvRouter } from "./serviceability.ts";
import { adminSettingsRouter } from "./settings.ts";
import { adminUsersRouter } from "./users.ts";

type RouterFactory = (shop: ShopContext) => Router;

/**
 * The admin API in one look, as the API's own table (server/api/index.ts): `METHOD
 * /api/admin/<prefix>/<path>` is handled in the file on the prefix's row, one file per resource,
 * each calling its area's use cases (server/modules/<area>/) and answering through its reply
 * table. Adding an admin resource is adding its file and its row here.
 */
export const ADMIN_ROUTES: ReadonlyArray<readonly [prefix: string, router: RouterFactory]> = [
  // prefix                 router                       file               endpoints
  ["/users", adminUsersRouter], //                       users.ts           GET POST /, PUT DELETE /:id, POST /:id/two-factor/reset
  ["/products", adminProductsRouter], //                 products.ts        GET POST /, GET /export.csv /template.csv, POST /import, PUT DELETE /:id
  ["/orders", adminOrdersRouter], //                     orders.ts          GET / (pharmacists too), PUT DELETE /:id, POST /:id/confirm-cod /:id/shipment, GET /:id/shipment/label
  ["/orders", prescriptionReviewRouter], //              pharmacy.ts        POST /:id/prescription-review (pharmacists)
  ["/prescriptions", reviewQueueRouter], //              pharmacy.ts        GET / (pharmacists too)
  ["/prescription-orders", prescriptionOrderQueueRouter], // pharmacy.ts GET / (pharmacists too), POST /:id/proposal /:id/decline (pharmacists)
  ["/reports", reportsRouter], //                        pharmacy.ts        GET /h1-register.csv (pharmacists too)
  ["/reviews", adminReviewsRouter], //                   reviews.ts         GET /, PUT DELETE /:id
  ["/coupons", adminCouponsRouter], //                   coupons.ts         GET POST /, PUT DELETE /:id
  ["/returns", adminReturnsRouter], //                   returns.ts         GET /, PUT /:id
  ["/refills", adminRefillsRouter], //                   refills.ts         GET /
  ["/serviceability", adminServiceabilityRouter], //     serviceability.ts  GET /, POST /import
  ["/serviceability.csv", serviceabilityCsvRouter], //   serviceability.ts  GET /
  ["/settings", adminSettingsRouter], //                 settings.ts        GET PUT /
  ["/stats", adminStatsRouter], //                       dashboard.ts       GET /
  ["/low-stock", lowStockRouter], //                     dashboard.ts       GET /
  ["/audit", adminAuditRouter], //                       audit.ts           GET /
  ["/messages", adminMessagesRouter], //                 inbox.ts           GET /, PUT /:id
  ["/subscribers", adminSubscribersRouter], //           inbox.ts           GET /
  ["/subscribers.csv", subscribersCsvRouter], //         inbox.ts           GET /
];

/**
 * Admin calls (api-contract.md, "Admin"), mounted at /api/admin. requireStaff runs first for
 * every path, so a guest or customer learns nothing but 401/403, not even which paths exist, and
 * a pharmacist reaches only the order reads and the prescription calls (require-admin.ts).
 */
export function adminRouter(shop: ShopContext) {
  const router = Router();
  router.use(requireStaff);
  for (const [prefix, makeRouter] of ADMIN_ROUTES) router.use(prefix, makeRouter(shop));
  return router;
}
