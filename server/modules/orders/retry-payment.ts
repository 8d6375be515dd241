import { eq } from "drizzle-orm";
import type { ShopContext } from "#server/context.ts";
import { orders } from "#server/db/schema.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import { recordProviderOrder } from "#server/modules/payments/rows.ts";
import type { OrderJson } from "#common/orders.ts";
import type { CheckoutPayment } from "#common/orders.ts";
import { findOwnOrder, loadOrderJson, type OrderRow } from "./orders.ts";

export type RetryPaymentResult =
  | { ok: true; order: OrderJson; payment: CheckoutPayment }
  | { ok: false; reason: "not-found" | "not-configured" | "gateway-failed" | "paid" | "cancelled" | "expired" | "cash-on-delivery" | "not-pending" }
  | Throttled;

/** Why an order of the caller's cannot be paid again now; null when it can. */
function notPayable(order: OrderRow, now: Date): Exclude<RetryPaymentResult, { ok: true } | Throttled>["reason"] | null {
  if (order.paymentMethod === "cod") return "cash-on-delivery";
  if (order.isPaid) return "paid";
  if (order.status === "Cancelled") return "cancelled";
  if (order.status !== "Pending") return "not-pending";
  if (!order.reservationExpiresAt || order.reservationExpiresAt <= now) return "expired";
  return null;
}

/**
 * POST /api/orders/:id/pay and the order page's "Complete payment" (decisions/024): the owner's
 * Pending prepaid order, while its stock is still reserved, gets a NEW provider order for the same
 * order and amount (a closed or failed payment window cannot always be reopened at the provider).
 * The reservation is not extended: the order stays payable until the time it always had.
 *
 * The order's `provider_order_id` becomes the new provider order (what the test gateway and the
 * checkout widget pay); every provider order ever made for it keeps its own `payments` row, so a
 * payment that still arrives through an older one (a second tab, a late webhook) is matched to
 * the order by `markOrderPaid` — it pays the order if nothing did yet, and is an extra payment,
 * refunded, if something did.
 */
export async function retryPayment(shop: ShopContext, customerId: string, orderId: string, now = new Date()): Promise<RetryPaymentResult> {
  const refused = await countRequests(shop, [["paymentRetriesPerUser", customerId]]);
  if (refused) return refused;
  const order = await findOwnOrder(shop.db, orderId, customerId);
  if (!order) return { ok: false, reason: "not-found" };
  const reason = notPayable(order, now);
  if (reason) return { ok: false, reason };
  const gateway = shop.gateway;
  if (!gateway) return { ok: false, reason: "not-configured" };

  let providerOrderId: string;
  try {
    const providerOrder = await gateway.createOrder({
      amountPaise: order.totalPaise,
      receipt: order.orderNumber,
      notes: { orderId: order.id, orderNumber: order.orderNumber },
    });
    providerOrderId = providerOrder.id;
  } catch (error) {
    // Unlike a first checkout, nothing is cancelled: the order and its reservation stay as they were.
    shop.logger.error({ err: error, orderId: order.id }, "payment provider order for a retried payment failed");
    if (error instanceof GatewayError) return { ok: false, reason: "gateway-failed" };
    throw error;
  }

  const outcome = await shop.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    // Recorded whatever happened meanwhile, so a stray payment on this provider order is matched (and refunded).
    await recordProviderOrder(tx, { orderId: order.id, provider: gateway.provider, providerOrderId, amountPaise: order.totalPaise });
    const stillPayable = locked ? notPayable(locked, now) : "not-found";
    if (stillPayable) return stillPayable;
    await tx.update(orders).set({ providerOrderId, updatedAt: new Date() }).where(eq(orders.id, order.id));
    return null;
  });
  if (outcome) return { ok: false, reason: outcome };
  return {
    ok: true,
    order: (await loadOrderJson(shop.db, order.id))!,
    payment: { provider: gateway.provider, keyId: gateway.keyId, orderId: providerOrderId, amount: order.totalPaise, currency: "INR" },
  };
}
