// The order page's server side: one order for its owner or an admin, and the owner's cancel.
import type { AppLoadContext } from "react-router";
import { getOrderForViewer } from "#server/modules/orders/orders.ts";
import { orderReply } from "#server/modules/orders/replies.ts";
import { cancelOrder } from "#server/modules/orders/status.ts";

/** The order with its lines, payment and history, or null for anyone but its owner and admins (the 404 page). */
export function loadOrderPage(context: AppLoadContext, orderId: string, viewer: { id: string; role: string }) {
  return getOrderForViewer(context.shop.db, orderId, viewer);
}

/**
 * "Cancel order" as POST /api/orders/:id/cancel does it (`cancelOrder`), answered from the orders
 * module's one reply table: stock released, a paid order refunded, or the refusal's sentence.
 */
export async function cancelFromOrderPage(context: AppLoadContext, orderId: string, userId: string) {
  const result = await cancelOrder(context.shop, orderId, userId);
  const reply = result.ok ? orderReply.cancelled(result) : orderReply.statusChange(result);
  return { ok: result.ok, message: reply.message, status: reply.status };
}
