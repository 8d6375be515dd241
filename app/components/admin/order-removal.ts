import type { OrderRemoval } from "#common/admin.ts";

/** What the confirmation says will happen when an admin removes an order (decisions/014). */
export function removalQuestion(removal: OrderRemoval): string {
  return removal === "archive"
    ? "This order has an invoice or a payment, so it is archived, not erased: it leaves the order list but stays in the revenue figures, in the customer's orders and on its invoice. Only cancelled or delivered orders can be archived."
    : "The order, its lines and its unpaid payment attempts are erased. Only cancelled or delivered orders can be deleted.";
}
