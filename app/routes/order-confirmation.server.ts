// The order confirmation's server side: the order read from the database, so a refresh shows the same page.
import type { AppLoadContext } from "react-router";
import { getOrderForViewer } from "#server/modules/orders/orders.ts";

/** The customer's own order (an admin is treated as a customer here), or null. */
export function loadConfirmation(context: AppLoadContext, orderId: string, userId: string) {
  return getOrderForViewer(context.shop.db, orderId, { id: userId, role: "customer" });
}
