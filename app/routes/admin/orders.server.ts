// The orders pages' server side: the list, and status changes and Delete/Archive (from the list
// and from an order's page) through the admin module's use cases and its one reply table (the
// same as PUT and DELETE /api/admin/orders/:id).
import type { AppLoadContext } from "react-router";
import { ADMIN_PAGE_SIZE, type AdminOrderJson } from "#common/admin.ts";
import { listAdminOrders, removeOrder, setOrderStatus } from "#server/modules/admin/orders.ts";
import { adminReply } from "#server/modules/admin/replies.ts";
import { ORDER_FILTER_STATUSES, ORDER_MESSAGES } from "~/components/admin/order-controls";
import { pageParam } from "~/components/admin/pager";
import { formText } from "~/lib/form-text";
import { adminAction, changedBy } from "./admin-action.server";

export async function loadOrders(context: AppLoadContext, url: URL) {
  const page = pageParam(url);
  const search = url.searchParams.get("search")?.trim().slice(0, 200) ?? "";
  const wanted = url.searchParams.get("status") ?? "";
  const status = ORDER_FILTER_STATUSES.find((name) => name === wanted);
  const archived = url.searchParams.get("archived") === "include";
  // Checkouts that ended unpaid (expired, replaced) are hidden unless asked for (decisions/024).
  const expired = url.searchParams.get("include") === "expired";
  const filters = { page, search, status: status ?? "", archived, expired };
  try {
    const result = await listAdminOrders(context.shop.db, {
      page,
      limit: ADMIN_PAGE_SIZE,
      status,
      search: search || undefined,
      archived: archived ? "include" : "hide",
      includeExpired: expired,
    });
    return { ...filters, orders: result.items, total: result.total, hasNext: page * ADMIN_PAGE_SIZE < result.total, error: null };
  } catch (error) {
    context.shop.logger.error({ err: error, requestId: context.requestId }, ORDER_MESSAGES.fetchFailed);
    return { ...filters, orders: [] as AdminOrderJson[], total: 0, hasNext: false, error: ORDER_MESSAGES.fetchFailed };
  }
}

/** The form's `intent`: "delete" removes (or archives), "deliver" is Mark as Delivered, anything else the status select. */
export function changeOrders(context: AppLoadContext, form: FormData) {
  const { shop } = context;
  const { intent, id, status } = formText(form, ["intent", "id", "status"]);
  if (intent === "delete") {
    return adminAction(context, ORDER_MESSAGES.deleteFailed, async () => adminReply.removeOrder(await removeOrder(shop.db, changedBy(context), id)));
  }
  const wanted = intent === "deliver" ? "Delivered" : status;
  return adminAction(context, ORDER_MESSAGES.updateFailed, async () => adminReply.setOrderStatus(await setOrderStatus(shop, changedBy(context), id, { status: wanted })));
}
