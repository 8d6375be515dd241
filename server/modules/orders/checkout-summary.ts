import { eq } from "drizzle-orm";
import type { CheckoutSummary } from "#common/orders.ts";
import type { Database } from "#server/db/client.ts";
import { carts } from "#server/db/schema.ts";
import { orderableCartLines } from "#server/modules/cart/cart.ts";
import { cartCouponView } from "#server/modules/cart/coupon-view.ts";
import { orderTotals } from "./pricing.ts";

/**
 * The customer's cart as checkout will turn it into an order: the lines checkout reads
 * (`orderableCartLines`), at today's prices, with the GST those GST-inclusive prices contain, summed
 * by the same `orderTotals` the order is built with; shown in the order they were added to the
 * cart. Null when there is nothing to check out.
 */
export async function checkoutSummary(db: Database, userId: string): Promise<CheckoutSummary | null> {
  const [cart] = await db.select({ id: carts.id, couponId: carts.couponId, userId: carts.userId }).from(carts).where(eq(carts.userId, userId));
  if (!cart) return null;
  const rows = await orderableCartLines(db, cart.id);
  if (rows.length === 0) return null;
  // The cart's coupon, by the same rules as the checkout, weighed once: its discount and each line's share (decisions/025).
  const applied = await cartCouponView(
    db,
    cart,
    rows.map((row) => ({ productId: row.productId, category: row.category, prescriptionRequired: row.prescriptionRequired, unitPricePaise: row.pricePaise, quantity: row.quantity })),
  );
  const totals = orderTotals(
    rows.map((row, index) => ({ unitPricePaise: row.pricePaise, quantity: row.quantity, gstRateBps: row.gstRateBps, discountPaise: applied.lineDiscounts[index] })),
  );
  const mrpPaise = rows.reduce((sum, row) => sum + Math.max(row.mrpPaise, row.pricePaise) * row.quantity, 0);
  const shown = rows.toSorted((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.productId.localeCompare(b.productId));
  return {
    lines: shown.map((row) => ({
      productId: row.productId,
      name: row.name,
      image: row.images[0]?.url ?? "",
      quantity: row.quantity,
      unitPaise: row.pricePaise,
      linePaise: row.pricePaise * row.quantity,
      prescriptionRequired: row.prescriptionRequired,
    })),
    subtotalPaise: totals.itemsPaise,
    shippingPaise: totals.shippingPaise,
    gstPaise: totals.taxPaise,
    totalPaise: totals.totalPaise,
    coupon: applied.coupon,
    discountPaise: totals.discountPaise,
    savingsPaise: mrpPaise - totals.itemsPaise + totals.discountPaise,
  };
}
