import { eq } from "drizzle-orm";
import type { CheckoutSummary } from "#common/orders.ts";
import type { Database } from "#server/db/client.ts";
import { carts } from "#server/db/schema.ts";
import { cartLineRows } from "#server/modules/cart/cart.ts";
import { orderTotals } from "./pricing.ts";

/**
 * The customer's cart as checkout will turn it into an order: the published products' lines in
 * the cart's order, at today's prices, with the GST those GST-inclusive prices contain, summed by
 * the same `orderTotals` the order is built with. Null when there is nothing to check out.
 */
export async function checkoutSummary(db: Database, userId: string): Promise<CheckoutSummary | null> {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  const rows = cart ? await cartLineRows(db, cart.id) : [];
  if (rows.length === 0) return null;
  const lines = rows.map((row) => ({
    productId: row.productId,
    name: row.name,
    image: row.images[0]?.url ?? "",
    quantity: row.quantity,
    unitPaise: row.pricePaise,
    linePaise: row.pricePaise * row.quantity,
    prescriptionRequired: row.prescriptionRequired,
  }));
  const totals = orderTotals(rows.map((row) => ({ unitPricePaise: row.pricePaise, quantity: row.quantity, gstRateBps: row.gstRateBps })));
  return { lines, subtotalPaise: totals.itemsPaise, shippingPaise: totals.shippingPaise, gstPaise: totals.taxPaise, totalPaise: totals.totalPaise };
}
