import type { OrderStatus } from "#server/db/schema.ts";

export type StatusActor = "admin" | "customer" | "system";

/**
 * Every allowed order status change, and who may make it. Pending → Processing happens only
 * when a payment is confirmed (the system), so an unpaid order can never be shipped; nothing
 * leads back from a paid state to Pending, and Delivered and Cancelled are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, readonly StatusActor[]>>>> = {
  Pending: { Processing: ["system"], Cancelled: ["customer", "admin", "system"] },
  Processing: { Shipped: ["admin", "system"], Cancelled: ["customer", "admin", "system"] },
  Shipped: { Delivered: ["admin", "system"] },
  Delivered: {},
  Cancelled: {},
};

export function canTransition(from: OrderStatus, to: OrderStatus, actor: StatusActor): boolean {
  return ORDER_TRANSITIONS[from]?.[to]?.includes(actor) ?? false;
}

/** The statuses an actor may move an order to from `from`. */
export function allowedNextStatuses(from: OrderStatus, actor: StatusActor): OrderStatus[] {
  const moves = ORDER_TRANSITIONS[from] ?? {};
  return (Object.keys(moves) as OrderStatus[]).filter((to) => moves[to]!.includes(actor));
}
