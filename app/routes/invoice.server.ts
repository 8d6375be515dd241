// The invoice page's server side: the order's tax invoice with the seller's details from the configuration.
import type { AppLoadContext } from "react-router";
import type { SessionUser } from "#server/auth.ts";
import { loadInvoiceFor } from "#server/modules/invoices/invoices.ts";

/** The invoice for the order's owner or an admin; null for anyone else and for an order without one (unpaid). */
export function loadInvoicePage(context: AppLoadContext, orderId: string, user: Pick<SessionUser, "id" | "role">) {
  return loadInvoiceFor(context.shop.db, orderId, user, context.shop.config.seller);
}
