import { ADMIN_MESSAGES, adminOrderStatusSchema } from "#common/schemas/admin.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { orderArchiveStates, removeOrder as removeAdminOrder, removeOrderReply, setOrderStatus } from "#server/modules/admin/orders.ts";
import { getOrderForViewer } from "#server/modules/orders/orders.ts";

export { listAdminOrders } from "#server/modules/admin/orders.ts";

/** The admin order page's order: its details, whether it is archived, and what removing it does. */
export async function getAdminOrder(shop: ShopContext, orderId: string, adminId: string) {
  const order = await getOrderForViewer(shop.db, orderId, { id: adminId, role: "admin" });
  if (!order) return undefined;
  const state = (await orderArchiveStates(shop.db, [order._id])).get(order._id) ?? { archivedAt: null, removal: "archive" as const };
  return { ...order, ...state };
}

/** The orders pages' changes through the admin module; its typed refusals become messages. */
export async function updateOrderStatus(shop: ShopContext, orderId: string, status: string): Promise<string> {
  const input = parseInput(adminOrderStatusSchema, { status });
  const result = await setOrderStatus(shop, orderId, input.status);
  if (result.ok) return `Order marked ${result.to}`;
  if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
  // Not allowed by the transition table (409), or the gateway refused the refund (502): the order is unchanged.
  throw new HttpError(result.reason === "not-allowed" ? 409 : 502, result.message);
}

/** Deletes, or archives an order with an invoice or a payment; the message says which. */
export async function removeOrder(shop: ShopContext, orderId: string): Promise<string> {
  const reply = removeOrderReply(await removeAdminOrder(shop.db, orderId));
  if (reply.status !== 200) throw new HttpError(reply.status, reply.message);
  return reply.message;
}
