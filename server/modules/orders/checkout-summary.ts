import { eq } from "drizzle-orm";
import type { CheckoutSummary } from "#common/orders.ts";
import type { Database } from "#server/db/client.ts";
import { carts } from "#server/db/schema.ts";
import { cartLineRows } from "#server/modules/cart/cart.ts";
import { cartCouponView } from "#server/modules/cart/coupon-view.ts";
import { findCouponById } from "#server/modules/coupons/coupons.ts";
import { couponDiscount } from "#server/modules/coupons/discount.ts";
import { orderTotals } from "./pricing.ts";

/** Each line's share of the coupon's discount (the coupon applies: cartCouponView said so). */
async function lineShares(db: Database, couponId: string, rows: Awaited<ReturnType<typeof cartLineRows>>): Promise<number[]> {
  const coupon = await findCouponById(db, couponId);
  if (!coupon) return rows.map(() => 0);
  return couponDiscount(
    coupon,
    rows.map((row) => ({ productId: row.productId, category: row.category, prescriptionRequired: row.prescriptionRequired, unitPricePaise: row.pricePaise, quantity: row.quantity })),
  ).lineDiscounts;
}

/**
 * The customer's cart as checkout will turn it into an order: the published products' lines in
 * the cart's order, at today's prices, with the GST those GST-inclusive prices contain, summed by
 * the same `orderTotals` the order is built with. Null when there is nothing to check out.
 */
export async function checkoutSummary(db: Database, userId: string): Promise<CheckoutSummary | null> {
  const [cart] = await db.select({ id: carts.id, couponId: carts.couponId, userId: carts.userId }).from(carts).where(eq(carts.userId, userId));
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
  // The cart's coupon, by the same rules as the checkout; its discount is shared among the lines (decisions/025).
  const applied = await cartCouponView(
    db,
    cart!,
    rows.map((row) => ({ productId: row.productId, category: row.category, prescriptionRequired: row.prescriptionRequired, unitPricePaise: row.pricePaise, quantity: row.quantity })),
  );
  const shares = applied.discountPaise > 0 && cart?.couponId ? await lineShares(db, cart.couponId, rows) : rows.map(() => 0);
  const totals = orderTotals(
    rows.map((row, index) => ({ unitPricePaise: row.pricePaise, quantity: row.quantity, gstRateBps: row.gstRateBps, discountPaise: shares[index] })),
  );
  const mrpPaise = rows.reduce((sum, row) => sum + Math.max(row.mrpPaise, row.pricePaise) * row.quantity, 0);
  return {
    lines,
    subtotalPaise: totals.itemsPaise,
    shippingPaise: totals.shippingPaise,
    gstPaise: totals.taxPaise,
    totalPaise: totals.totalPaise,
    coupon: applied.coupon,
    discountPaise: totals.discountPaise,
    savingsPaise: mrpPaise - totals.itemsPaise + totals.discountPaise,
  };
}
