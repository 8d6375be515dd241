// The order page's server side: one order for its owner or an admin.
import type { AppLoadContext } from "react-router";
import { getOrderForViewer } from "#server/modules/orders/orders.ts";

/** The order with its lines, payment and history, or null for anyone but its owner and admins (the 404 page). */
export function loadOrderPage(context: AppLoadContext, orderId: string, viewer: { id: string; role: string }) {
  return getOrderForViewer(context.shop.db, orderId, viewer);
}
