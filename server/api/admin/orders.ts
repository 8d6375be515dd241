import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { listAdminOrders, removeOrder, setOrderStatus } from "#server/modules/orders/admin-orders.ts";
import { COD_CONFIRM_MESSAGES, confirmCodOrder } from "#server/modules/orders/cash-on-delivery.ts";
import { loadOrderJson } from "#server/modules/orders/orders.ts";
import { listOrderMessages } from "#server/modules/messaging/outbox.ts";
import { ORDER_MESSAGES, orderReply } from "#server/modules/orders/replies.ts";
import { shipmentLabel, shipWithShiprocket } from "#server/modules/orders/shiprocket.ts";
import { signedInAdmin } from "./require-admin.ts";
import { accepted, sendPage } from "./send.ts";

/** Orders: the list (pharmacists too), status changes through the transition table, COD confirmation, Shiprocket shipments and labels, archiving; mounted at /api/admin/orders. */
export function adminOrdersRouter(shop: ShopContext) {
  const { db } = shop;
  const router = Router();

  router.get("/", async (req, res) => {
    const list = await listAdminOrders(db, req.query);
    if (!list.ok) throw replyError(orderReply.list(list));
    sendPage(res, list);
  });

  router.put("/:id", async (req, res) => {
    const result = await setOrderStatus(shop, await signedInAdmin(req), req.params.id, req.body);
    const reply = orderReply.setOrderStatus(result);
    res.status(reply.status).json(accepted(result, reply).order);
  });

  // Cash on delivery confirmed by the staff (a call; later the WhatsApp reply), decisions/044.
  router.post("/:id/confirm-cod", async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await confirmCodOrder(db, req.params.id, { role: "staff", actor: { id: admin.id, name: admin.name, role: admin.role } });
    if (!result.ok) throw replyError(orderReply.confirmCod(result));
    res.json({ message: COD_CONFIRM_MESSAGES.confirmed, order: await loadOrderJson(db, req.params.id) });
  });

  // What was sent to the order's phone (SMS, WhatsApp) and what became of it (decisions/054).
  router.get("/:id/messages", async (req, res) => {
    const order = await loadOrderJson(db, req.params.id);
    if (!order) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    res.json(await listOrderMessages(db, order._id));
  });

  // Shipping through Shiprocket (issue 31, decisions/052): AWB, label and pickup in one call.
  router.post("/:id/shipment", async (req, res) => {
    const result = await shipWithShiprocket(shop, await signedInAdmin(req), req.params.id, req.body);
    const reply = orderReply.shipWithShiprocket(result);
    res.status(reply.status).json({ order: accepted(result, reply).order });
  });

  // The label PDF, fetched from Shiprocket by the shop (its storage address never reaches the page).
  router.get("/:id/shipment/label", async (req, res) => {
    const result = await shipmentLabel(shop, req.params.id);
    if (!result.ok) throw replyError(orderReply.shipmentLabel(result));
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `inline; filename="${result.fileName}"`);
    res.setHeader("Cache-Control", "private, no-store");
    res.send(result.pdf);
  });

  router.delete("/:id", async (req, res) => {
    // An order with an invoice or a payment is archived, never erased; the message says which.
    const result = await removeOrder(db, await signedInAdmin(req), req.params.id);
    const reply = orderReply.removeOrder(result);
    res.status(reply.status).json({ message: reply.message, archived: accepted(result, reply).outcome === "archived" });
  });

  return router;
}
