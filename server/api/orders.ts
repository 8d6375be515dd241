import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError } from "#server/http/errors.ts";
import { getOrderForViewer, listOrdersForUser } from "#server/modules/orders/orders.ts";
import { cancelOrder } from "#server/modules/orders/status.ts";
import { requireUser } from "./checkout.ts";

export const ORDER_ERRORS = { notFound: "Order not found" } as const;

/** GET /api/orders/my-orders, GET /api/orders/:id, POST /api/orders/:id/cancel. */
export function ordersRouter(shop: ShopContext) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/my-orders", async (req, res) => {
    const user = await requireUser(req);
    res.json(await listOrdersForUser(shop.db, user.id));
  });

  router.get("/:id", async (req, res) => {
    const user = await requireUser(req);
    const order = await getOrderForViewer(shop.db, req.params.id, user);
    if (!order) throw new HttpError(404, ORDER_ERRORS.notFound);
    res.json(order);
  });

  router.post("/:id/cancel", async (req, res) => {
    const user = await requireUser(req);
    const result = await cancelOrder(shop, req.params.id, user.id);
    if (result.ok) return res.json({ order: result.order });
    if (result.reason === "not-found") throw new HttpError(404, ORDER_ERRORS.notFound);
    if (result.reason === "not-allowed") throw new HttpError(409, result.message);
    throw new HttpError(502, result.message);
  });

  return router;
}
