import { and, asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { cartLines, carts, products } from "#server/db/schema.ts";
import { orderTotals } from "./pricing.ts";

export interface CheckoutSummaryLine {
  productId: string;
  name: string;
  image: string;
  quantity: number;
  /** Paise, GST included. */
  unitPaise: number;
  linePaise: number;
}

/** What the checkout page shows beside the form; every amount in paise. */
export interface CheckoutSummary {
  lines: CheckoutSummaryLine[];
  /** The lines at today's prices (GST included). */
  subtotalPaise: number;
  shippingPaise: number;
  /** The GST contained in the subtotal. */
  gstPaise: number;
  totalPaise: number;
}

/**
 * The customer's cart as checkout will turn it into an order: the published products' lines in
 * the cart's order, at today's prices, with the GST those GST-inclusive prices contain, summed by
 * the same `orderTotals` the order is built with. Null when there is nothing to check out.
 */
export async function checkoutSummary(db: Database, userId: string): Promise<CheckoutSummary | null> {
  const rows = await db
    .select({
      productId: cartLines.productId,
      quantity: cartLines.quantity,
      name: products.name,
      images: products.images,
      pricePaise: products.pricePaise,
      gstRateBps: products.gstRateBps,
    })
    .from(carts)
    .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(carts.userId, userId), eq(products.published, true)))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
  if (rows.length === 0) return null;
  const lines = rows.map((row) => ({
    productId: row.productId,
    name: row.name,
    image: row.images[0]?.url ?? "",
    quantity: row.quantity,
    unitPaise: row.pricePaise,
    linePaise: row.pricePaise * row.quantity,
  }));
  const totals = orderTotals(rows.map((row) => ({ unitPricePaise: row.pricePaise, quantity: row.quantity, gstRateBps: row.gstRateBps })));
  return { lines, subtotalPaise: totals.itemsPaise, shippingPaise: totals.shippingPaise, gstPaise: totals.taxPaise, totalPaise: totals.totalPaise };
}
