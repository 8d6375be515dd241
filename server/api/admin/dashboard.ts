import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { adminStats } from "#server/modules/orders/dashboard.ts";
import { listLowStock } from "#server/modules/stock-alerts/low-stock.ts";

/** GET /api/admin/stats: the dashboard's figures. */
export function adminStatsRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (_req, res) => {
    res.json(await adminStats(shop.db));
  });
  return router;
}

/** GET /api/admin/low-stock: the products at or under their low-stock line, fewest units first. */
export function lowStockRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (_req, res) => {
    res.json(await listLowStock(shop.db, 100));
  });
  return router;
}
