import type { AppLoadContext } from "react-router";
import { rupeesToPaise } from "#common/money.ts";
import type { CheckoutSummary } from "./order-summary";
import type { PaymentSetup } from "./checkout-form";

/**
 * The signed-in shopper's cart as the checkout page summarises it, at today's prices, with the
 * GST those GST-inclusive prices contain. Null when there is nothing to check out.
 */
export async function loadCheckoutSummary(context: AppLoadContext, userId: string): Promise<CheckoutSummary | null> {
  const { getCart } = await import("#server/modules/cart/cart.ts");
  const { inArray } = await import("drizzle-orm");
  const { products } = await import("#server/db/schema.ts");
  const { orderTotals } = await import("#server/modules/orders/pricing.ts");
  const { db } = context.shop;
  const cart = await getCart(db, { userId });
  if (!cart || cart.products.length === 0) return null;

  const rates = await db
    .select({ id: products.id, gstRateBps: products.gstRateBps })
    .from(products)
    .where(inArray(products.id, cart.products.map((line) => line.productId)));
  const rateOf = new Map(rates.map((row) => [row.id, row.gstRateBps]));

  const lines = cart.products.map((line) => {
    const unitPaise = rupeesToPaise(line.price);
    return { productId: line.productId, name: line.name, image: line.image, quantity: line.quantity, unitPaise, linePaise: unitPaise * line.quantity };
  });
  // The same sums the order will be built with (server/modules/orders/pricing.ts).
  const totals = orderTotals(
    lines.map((line) => ({ unitPricePaise: line.unitPaise, quantity: line.quantity, gstRateBps: rateOf.get(line.productId) ?? 0 })),
  );
  return { lines, subtotalPaise: totals.itemsPaise, shippingPaise: totals.shippingPaise, gstPaise: totals.taxPaise, totalPaise: totals.totalPaise };
}

/** Which gateway takes the payment (server/modules/payments/gateway.ts), or why none can. */
export async function paymentSetup(context: AppLoadContext): Promise<PaymentSetup> {
  const { paymentsAvailability } = await import("#server/modules/payments/gateway.ts");
  const availability = paymentsAvailability(context.shop.config);
  return availability.configured ? { provider: availability.provider } : { provider: "unavailable", message: availability.reason };
}
