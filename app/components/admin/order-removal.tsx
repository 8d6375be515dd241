import type { AdminOrderJson, OrderRemoval } from "#common/admin.ts";
import { ConfirmDelete } from "./confirm-delete";
import { ORDER_PAGE_MESSAGES } from "#common/admin.ts";

/** What the confirmation says will happen when an admin removes an order (decisions/014). */
function removalQuestion(removal: OrderRemoval): string {
  return removal === "archive"
    ? "This order has an invoice or a payment, so it is archived, not erased: it leaves the order list but stays in the revenue figures, in the customer's orders and on its invoice. Only cancelled or delivered orders can be archived."
    : "The order, its lines and its unpaid payment attempts are erased. Only cancelled or delivered orders can be deleted.";
}

/**
 * Archive or Delete with its confirmation, on the order list and the order page; nothing once
 * archived, nor while the server would refuse it (a pending order or one in progress: `removal` null).
 */
export function RemoveOrderButton({
  order,
  label,
  onDeleted,
}: {
  order: Pick<AdminOrderJson, "_id" | "archivedAt" | "removal">;
  label: string;
  onDeleted?: () => void;
}) {
  if (order.archivedAt || !order.removal) return null;
  return (
    <ConfirmDelete
      what={`order ${label}`}
      verb={order.removal === "archive" ? "Archive" : "Delete"}
      question={removalQuestion(order.removal)}
      fields={{ id: order._id }}
      action="/admin/orders"
      failure={ORDER_PAGE_MESSAGES.deleteFailed}
      onDeleted={onDeleted}
    />
  );
}
