import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { replyError } from "#server/http/errors.ts";
import { COD_CONFIRM_MESSAGES, confirmCodOrder } from "#server/modules/orders/cash-on-delivery.ts";
import { getOrderForViewer, listOrdersForUser, loadOrderJson } from "#server/modules/orders/orders.ts";
import { ORDER_NOT_FOUND_REPLY, orderReply } from "#server/modules/orders/replies.ts";
import { reorder } from "#server/modules/orders/reorder.ts";
import { retryPayment } from "#server/modules/orders/retry-payment.ts";
import { cancelOrder } from "#server/modules/orders/status.ts";
import { includesExpired } from "#server/schemas/orders.ts";
import { refuse, requireUser } from "./checkout.ts";

/** GET /api/orders/my-orders, GET /api/orders/:id, POST /api/orders/:id/cancel, POST /api/orders/:id/confirm-cod, POST /api/orders/:id/pay, POST /api/orders/:id/reorder. */
export function ordersRouter(shop: ShopContext) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/my-orders", async (req, res) => {
    const user = await requireUser(req);
    res.json(await listOrdersForUser(shop.db, user.id, { includeExpired: includesExpired(req.query.include) }));
  });

  router.get("/:id", async (req, res) => {
    const user = await requireUser(req);
    const order = await getOrderForViewer(shop.db, req.params.id, user);
    if (!order) throw replyError(ORDER_NOT_FOUND_REPLY);
    res.json(order);
  });

  router.post("/:id/cancel", async (req, res) => {
    const user = await requireUser(req);
    const result = await cancelOrder(shop, req.params.id, user.id);
    if (result.ok) return res.json({ order: result.order });
    throw replyError(orderReply.statusChange(result));
  });

  // Cash on delivery confirmed by its owner (decisions/044); unconfirmed orders are cancelled after the window.
  router.post("/:id/confirm-cod", async (req, res) => {
    const user = await requireUser(req);
    const result = await confirmCodOrder(shop.db, req.params.id, { role: "customer", userId: user.id });
    if (!result.ok) throw replyError(orderReply.confirmCod(result));
    res.json({ message: COD_CONFIRM_MESSAGES.confirmed, order: await loadOrderJson(shop.db, req.params.id) });
  });

  router.post("/:id/pay", async (req, res) => {
    const user = await requireUser(req);
    const result = await retryPayment(shop, user.id, req.params.id);
    if (result.ok) return res.json({ order: result.order, payment: result.payment });
    return refuse(res, orderReply.retryPayment(result));
  });

  // "Buy again": the order's lines still sold go into the cart at today's prices (issue 32).
  router.post("/:id/reorder", async (req, res) => {
    const user = await requireUser(req);
    const result = await reorder(shop, user.id, req.params.id);
    if (!result.ok) throw replyError(ORDER_NOT_FOUND_REPLY);
    res.json({ cart: result.cart, skipped: result.skipped });
  });

  return router;
}
