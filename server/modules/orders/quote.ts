// POST /api/checkout/quote (api-contract.md, "Details pinned for the second release"): the same
// body as POST /api/checkout, read by the same checkout-request.ts and priced by the same
// pricing.ts priceOrder, so the quote and the order placed next agree to the paisa. Creates nothing.
import { and, asc, eq } from "drizzle-orm";
import { paiseToRupees } from "#common/money.ts";
import type { CheckoutQuote } from "#common/orders.ts";
import type { ShopContext } from "#server/context.ts";
import { cartLines, carts, products } from "#server/db/schema.ts";
import { checkoutPrescriptions } from "#server/modules/prescriptions/checkout.ts";
import type { CheckoutCustomer, CheckoutResult } from "./checkout.ts";
import { MAXIMUM_ORDER_PAISE, MINIMUM_ORDER_PAISE } from "./checkout.ts";
import { readCheckoutRequest } from "./checkout-request.ts";
import { priceOrder } from "./pricing.ts";

/** The refusals a quote shares with the checkout (the same reply table answers them). */
export type QuoteResult = { ok: true; quote: CheckoutQuote } | Extract<CheckoutResult, { ok: false }>;

export async function quoteCheckout(shop: ShopContext, customer: CheckoutCustomer, body: unknown, now = new Date()): Promise<QuoteResult> {
  const read = await readCheckoutRequest(shop, customer, body, now);
  if (!read.ok) return read;
  const { paymentMethod, delivery, prescriptionIds } = read.request;

  // Read in one transaction so the prescription check sees what checkout would (nothing is written).
  return shop.db.transaction(async (tx): Promise<QuoteResult> => {
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, customer.id));
    const rows = cart
      ? await tx
          .select({
            productId: cartLines.productId,
            quantity: cartLines.quantity,
            name: products.name,
            schedule: products.schedule,
            pricePaise: products.pricePaise,
            gstRateBps: products.gstRateBps,
          })
          .from(cartLines)
          .innerJoin(products, eq(products.id, cartLines.productId))
          .where(and(eq(cartLines.cartId, cart.id), eq(products.published, true)))
          .orderBy(asc(cartLines.productId))
      : [];
    if (rows.length === 0) return { ok: false, reason: "empty-cart" };
    const rx = await checkoutPrescriptions(tx, customer.id, rows, prescriptionIds);
    if (!rx.ok) return rx;

    const { totals, cod } = priceOrder(
      rows.map((row) => ({ unitPricePaise: row.pricePaise, quantity: row.quantity, gstRateBps: row.gstRateBps })),
      { paymentMethod, pinAllowsCod: delivery.cod },
      shop.config.cod,
    );
    if (paymentMethod === "cod" && !cod.allowed) return { ok: false, reason: "cod-unavailable", message: cod.reason };
    if (totals.totalPaise < MINIMUM_ORDER_PAISE) return { ok: false, reason: "below-minimum" };
    if (totals.totalPaise > MAXIMUM_ORDER_PAISE) return { ok: false, reason: "above-maximum" };
    return {
      ok: true,
      quote: {
        itemsPrice: paiseToRupees(totals.itemsPaise),
        discountPrice: paiseToRupees(totals.discountPaise),
        shippingPrice: paiseToRupees(totals.shippingPaise),
        codFee: paiseToRupees(totals.codFeePaise),
        taxPrice: paiseToRupees(totals.taxPaise),
        totalPrice: paiseToRupees(totals.totalPaise),
        cod: cod.allowed ? { allowed: true } : { allowed: false, reason: cod.reason },
        estimatedDelivery: delivery.estimatedDelivery,
      },
    };
  });
}
