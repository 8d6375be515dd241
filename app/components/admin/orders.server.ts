import { ADMIN_MESSAGES, adminOrderStatusSchema } from "#common/schemas/admin.ts";
import type { ShopContext } from "#server/context.ts";
import { HttpError, parseInput } from "#server/http/errors.ts";
import { deleteOrder, setOrderStatus } from "#server/modules/admin/orders.ts";

export { listAdminOrders } from "#server/modules/admin/orders.ts";
export { getOrderForViewer } from "#server/modules/orders/orders.ts";

/** The orders pages' changes through the admin module; its typed refusals become messages. */
export async function updateOrderStatus(shop: ShopContext, orderId: string, status: string): Promise<string> {
  const input = parseInput(adminOrderStatusSchema, { status });
  const result = await setOrderStatus(shop, orderId, input.status);
  if (result.ok) return `Order marked ${result.to}`;
  if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
  // Not allowed by the transition table (409), or the gateway refused the refund (502): the order is unchanged.
  throw new HttpError(result.reason === "not-allowed" ? 409 : 502, result.message);
}

export async function removeOrder(shop: ShopContext, orderId: string): Promise<string> {
  const result = await deleteOrder(shop.db, orderId);
  if (result.ok) return ADMIN_MESSAGES.orderDeleted;
  if (result.reason === "not-found") throw new HttpError(404, ADMIN_MESSAGES.orderNotFound);
  throw new HttpError(409, ADMIN_MESSAGES.orderNotDeletable);
}
