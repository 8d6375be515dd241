// An order's admin page: its details and archive state. Its status controls and Delete/Archive
// post to the orders list's action (orders.server.ts).
import { data, type AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";
import { getAdminOrder } from "#server/modules/orders/admin-orders.ts";
import { orderAftercare } from "#server/modules/returns/returns.ts";
import { shiprocketConfigured, suggestParcels } from "#server/modules/orders/shiprocket.ts";
import { listOrderMessages } from "#server/modules/messaging/outbox.ts";

/** The order; a 404 page when there is none. */
export async function loadOrder(context: AppLoadContext, orderId: string, admin: SessionUser) {
  const order = await getAdminOrder(context.shop.db, orderId, admin.id);
  if (!order) throw data(null, { status: 404 });
  // The shipment, credit notes and return requests (decisions/032).
  // With Shiprocket configured the page ships through it; otherwise the courier and AWB are typed (issue 31).
  const shiprocket = shiprocketConfigured(context.shop);
  // "Ship with Shiprocket" starts from the products' parcels (issue 31).
  const parcel = shiprocket ? (await suggestParcels(context.shop.db, [order._id]))[order._id]! : null;
  return {
    order,
    aftercare: await orderAftercare(context.shop.db, order._id),
    shiprocket,
    parcel,
    // The SMS and WhatsApp messages sent to the order's phone, with their statuses (decisions/054).
    messages: await listOrderMessages(context.shop.db, order._id),
  };
}
