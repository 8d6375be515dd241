import { eq } from "drizzle-orm";
import { orders, payments } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";
import type { OrderRow } from "./orders.ts";

/**
 * Cash on delivery (decisions/022): the courier collected the order's total at the door, so the
 * order becomes paid as it is marked Delivered (`applyStatusChange`, inside its transaction, on the
 * locked row). The cash is a payments row of its own (provider `cod`, method `cash`, captured), so
 * figures and the order page read it like any payment. Once only: a paid order is left alone.
 */
export async function recordCashCollected(tx: Transaction, order: OrderRow, now: Date): Promise<void> {
  if (order.paymentMethod !== "cod" || order.isPaid) return;
  await tx.update(orders).set({ isPaid: true, paidAt: now, updatedAt: now }).where(eq(orders.id, order.id));
  await tx.insert(payments).values({
    orderId: order.id,
    provider: "cod",
    // No provider order exists; the shop's own order number stands for it.
    providerOrderId: `cod_${order.orderNumber}`,
    amountPaise: order.totalPaise,
    currency: "INR",
    status: "captured",
    method: "cash",
    createdAt: now,
    updatedAt: now,
  });
}
