// The order page's server side: one order for its owner or an admin, the owner's cancel and "Complete payment".
import type { AppLoadContext } from "react-router";
import { COD_CONFIRM_MESSAGES, confirmCodOrder } from "#server/modules/orders/cash-on-delivery.ts";
import { getOrderForViewer } from "#server/modules/orders/orders.ts";
import { orderReply } from "#server/modules/orders/replies.ts";
import { REORDER_MESSAGES } from "#common/cart.ts";
import { reorder } from "#server/modules/orders/reorder.ts";
import { ORDER_NOT_FOUND_REPLY } from "#server/modules/orders/replies.ts";
import { retryPayment } from "#server/modules/orders/retry-payment.ts";
import { cancelOrder } from "#server/modules/orders/status.ts";

/** The order with its lines, payment and history, or null for anyone but its owner and admins (the 404 page). */
export function loadOrderPage(context: AppLoadContext, orderId: string, viewer: { id: string; role: string }) {
  return getOrderForViewer(context.shop.db, orderId, viewer);
}

/** "Confirm order" of a cash-on-delivery order, as POST /api/orders/:id/confirm-cod does it (decisions/044). */
export async function confirmCodFromOrderPage(context: AppLoadContext, orderId: string, userId: string) {
  const result = await confirmCodOrder(context.shop.db, orderId, { role: "customer", userId });
  if (result.ok) return { ok: true, message: COD_CONFIRM_MESSAGES.confirmed, status: 200 };
  const reply = orderReply.confirmCod(result);
  return { ok: false, message: reply.message, status: reply.status };
}

/**
 * "Buy again" as POST /api/orders/:id/reorder does it (`reorder`): the lines still sold go into the
 * owner's cart; the answer names what was left out and why. Posted from this page and My Orders.
 */
export async function reorderFromOrderPage(context: AppLoadContext, orderId: string, userId: string) {
  const result = await reorder(context.shop, userId, orderId);
  if (!result.ok) return { ok: false, message: ORDER_NOT_FOUND_REPLY.message, skipped: [], status: ORDER_NOT_FOUND_REPLY.status };
  const { skipped, added } = result;
  const message = skipped.length === 0 ? REORDER_MESSAGES.added : added > 0 ? REORDER_MESSAGES.partlyAdded : REORDER_MESSAGES.nothingAdded;
  return { ok: true, message, skipped, status: 200 };
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

/**
 * "Complete payment" as POST /api/orders/:id/pay does it (`retryPayment`): a new provider order for
 * the same Pending order, which the page opens in the payment step the checkout uses; or the
 * refusal's sentence from the orders reply table. Also posted from My Orders' rows.
 */
export async function payFromOrderPage(context: AppLoadContext, orderId: string, userId: string) {
  const result = await retryPayment(context.shop, userId, orderId);
  if (!result.ok) {
    const reply = orderReply.retryPayment(result);
    return { ok: false as const, message: reply.message, status: reply.status, headers: reply.headers };
  }
  const { order, payment } = result;
  return {
    ok: true as const,
    message: "",
    status: 200,
    headers: undefined,
    started: { order: { _id: order._id, orderNumber: order.orderNumber, totalPrice: order.totalPrice, isPaid: order.isPaid, status: order.status }, payment },
    prefill: { name: order.user.name, email: order.user.email, contact: order.shippingAddress.phone },
  };
}
