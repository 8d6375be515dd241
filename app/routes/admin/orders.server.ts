// The orders pages' server side: the list, and status changes and Delete/Archive (from the list
// and from an order's page) through the orders module's use cases and its reply table (the
// same as PUT and DELETE /api/admin/orders/:id).
import type { AppLoadContext } from "react-router";
import { ORDER_PAGE_MESSAGES, type AdminOrderJson } from "#common/admin.ts";
import type { SuggestedParcel } from "#common/shipping.ts";
import { listAdminOrders, removeOrder, setOrderStatus } from "#server/modules/orders/admin-orders.ts";
import { shiprocketConfigured, suggestParcels } from "#server/modules/orders/shiprocket.ts";
import { orderReply } from "#server/modules/orders/replies.ts";
import { confirmCodOrder } from "#server/modules/orders/cash-on-delivery.ts";
import { ok } from "#server/replies.ts";
import { formText } from "~/lib/form-text";
import { adminAction, changedBy } from "./admin-action.server";
import { hasNextPage, listForPage } from "./admin-list.server";

/**
 * The list as GET /api/admin/orders reads it (listForPage: an unreadable filter is left out), with
 * the filters it shows. With Shiprocket configured, each order that may ship now carries the parcel
 * "Ship with Shiprocket" starts from (the list opens that form in a dialog, issue 31).
 */
export async function loadOrders(context: AppLoadContext, url: URL) {
  const shiprocket = shiprocketConfigured(context.shop);
  try {
    const list = await listForPage((query) => listAdminOrders(context.shop.db, query), url);
    const { search = "", status = "", archived, include, cod } = list.query;
    const filters = { page: list.page, search, status, archived: archived !== "hide", expired: include, awaitingCod: cod === "unconfirmed" };
    const shippable = list.items.filter((order) => order.nextStatuses.includes("Shipped")).map((order) => order._id);
    const parcels = shiprocket ? await suggestParcels(context.shop.db, shippable) : {};
    return { ...filters, orders: list.items, total: list.total, hasNext: hasNextPage(list), error: null, shiprocket, parcels };
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, ORDER_PAGE_MESSAGES.fetchFailed);
    const filters = { page: 1, search: "", status: "", archived: false, expired: false, awaitingCod: false };
    const parcels: Record<string, SuggestedParcel> = {};
    return { ...filters, orders: [] as AdminOrderJson[], total: 0, hasNext: false, error: ORDER_PAGE_MESSAGES.fetchFailed, shiprocket, parcels };
  }
}

/**
 * The form's `intent`: "delete" removes (or archives), "deliver" is Mark as Delivered, "confirm-cod"
 * confirms a cash-on-delivery order for its shopper (after a call, as POST
 * /api/admin/orders/:id/confirm-cod does, audited), anything else the status select.
 */
export function changeOrders(context: AppLoadContext, form: FormData) {
  const { shop } = context;
  const { intent, id, status } = formText(form, ["intent", "id", "status"]);
  if (intent === "delete") {
    return adminAction(context, ORDER_PAGE_MESSAGES.deleteFailed, async () => orderReply.removeOrder(await removeOrder(shop.db, changedBy(context), id)));
  }
  if (intent === "confirm-cod") {
    return adminAction(context, ORDER_PAGE_MESSAGES.confirmCodFailed, async () => {
      const admin = changedBy(context);
      const result = await confirmCodOrder(shop.db, id, { role: "staff", actor: { id: admin.id, name: admin.name, role: admin.role } });
      return result.ok ? ok(ORDER_PAGE_MESSAGES.codConfirmed) : orderReply.confirmCod(result);
    });
  }
  const wanted = intent === "deliver" ? "Delivered" : status;
  return adminAction(context, ORDER_PAGE_MESSAGES.updateFailed, async () => orderReply.setOrderStatus(await setOrderStatus(shop, changedBy(context), id, { status: wanted })));
}
