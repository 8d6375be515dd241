import { Router } from "express";
import { PRESCRIPTION_ORDER_MESSAGES } from "#common/prescription-orders.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { askForPrescriptionOrder, getOwnPrescriptionOrder, listOwnPrescriptionOrders } from "#server/modules/pharmacy/prescription-orders.ts";
import { prescriptionOrderReply } from "#server/modules/pharmacy/prescription-order-replies.ts";
import { requireUser } from "./checkout.ts";

/**
 * POST /api/prescription-orders, GET /api/prescription-orders and GET /:id (api-contract.md,
 * "Order by prescription"; decisions/058): signed in, the shopper's own requests only (another's
 * is 404, like an unknown one). Every answer is personal.
 */
export function prescriptionOrdersRouter(shop: ShopContext) {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    next();
  });

  router.post("/", async (req, res) => {
    const user = await requireUser(req);
    const result = await askForPrescriptionOrder(shop.db, user.id, req.body);
    if (!result.ok) throw replyError(prescriptionOrderReply.ask(result));
    res.status(201).json(result.request);
  });

  router.get("/", async (req, res) => {
    const user = await requireUser(req);
    res.json(await listOwnPrescriptionOrders(shop.db, user.id));
  });

  router.get("/:id", async (req, res) => {
    const user = await requireUser(req);
    const request = await getOwnPrescriptionOrder(shop.db, user.id, req.params.id);
    if (!request) throw new HttpError(404, PRESCRIPTION_ORDER_MESSAGES.requestNotFound);
    res.json(request);
  });

  return router;
}
