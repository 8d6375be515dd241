// POST /api/checkout/quote (api-contract.md, "Details pinned for the second release"): the same
// body as POST /api/checkout, read by the same checkout-request.ts and priced by the same
// pricing.ts priceOrder, so the quote and the order placed next agree to the paisa. Creates nothing.
import { eq } from "drizzle-orm";
import { paiseToRupees } from "#common/money.ts";
import type { CheckoutQuote } from "#common/orders.ts";
import type { ShopContext } from "#server/context.ts";
import { carts } from "#server/db/schema.ts";
import { orderableCartLines } from "#server/modules/cart/cart.ts";
import { checkoutPrescriptions } from "#server/modules/prescriptions/checkout.ts";
import { checkCoupon, findCouponById } from "#server/modules/coupons/coupons.ts";
import type { CheckoutCustomer, CheckoutResult } from "./checkout.ts";
import { MAXIMUM_ORDER_PAISE, MINIMUM_ORDER_PAISE, afterCouponRefusal, couponAttemptsLeft } from "./checkout.ts";
import { readCheckoutRequest } from "./checkout-request.ts";
import { codDecision } from "./cash-on-delivery.ts";
import { priceOrder } from "./pricing.ts";

/** The refusals a quote shares with the checkout (the same reply table answers them). */
export type QuoteResult = { ok: true; quote: CheckoutQuote } | Extract<CheckoutResult, { ok: false }>;

export async function quoteCheckout(shop: ShopContext, customer: CheckoutCustomer, body: unknown, now = new Date()): Promise<QuoteResult> {
  const read = await readCheckoutRequest(shop, customer, body, now);
  if (!read.ok) return read;
  const { paymentMethod, delivery, prescriptionIds, couponCode } = read.request;
  const tooMany = await couponAttemptsLeft(shop, customer.id, couponCode);
  if (tooMany) return tooMany;

  // Read in one transaction so the prescription check sees what checkout would (nothing is written).
  const result = await shop.db.transaction(async (tx): Promise<QuoteResult> => {
    const [cart] = await tx.select({ id: carts.id, couponId: carts.couponId }).from(carts).where(eq(carts.userId, customer.id));
    const rows = cart ? await orderableCartLines(tx, cart.id) : [];
    if (rows.length === 0) return { ok: false, reason: "empty-cart" };
    const rx = await checkoutPrescriptions(tx, customer.id, rows, prescriptionIds);
    // None chosen yet: the fees, the delivery date and cash on delivery do not depend on it, so the
    // quote answers them and names what still needs one (decisions/044); the checkout refuses.
    if (!rx.ok && rx.reason !== "prescription-required") return rx;

    // The same coupon rules as the checkout (which checks again, its row locked); nothing is reserved here.
    const code = couponCode ?? (cart?.couponId ? (await findCouponById(tx, cart.couponId))?.code : undefined);
    let lineDiscounts = rows.map(() => 0);
    if (code) {
      const lines = rows.map((row) => ({ ...row, unitPricePaise: row.pricePaise }));
      const check = await checkCoupon(tx, code, { userId: customer.id, email: customer.email }, lines, now);
      if (!check.ok) return check;
      lineDiscounts = check.discount.lineDiscounts;
    }
    const { totals, valueBeforeFeePaise } = priceOrder(
      rows.map((row, index) => ({ unitPricePaise: row.pricePaise, quantity: row.quantity, gstRateBps: row.gstRateBps, discountPaise: lineDiscounts[index] })),
      { paymentMethod },
      shop.config.cod,
    );
    // Said before cash on delivery is chosen, by the decision placeOrder enforces.
    const cod = await codDecision(tx, customer.id, { pinAllowsCod: delivery.cod, valueBeforeFeePaise }, shop.config);
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
        ...(rx.ok ? {} : { prescriptionsNeeded: rx.productNames }),
      },
    };
  });
  // A quote reads only: a refused cart coupon is shown, not taken off (the checkout does that).
  return result.ok || result.reason !== "coupon" ? result : afterCouponRefusal(shop, customer.id, couponCode, { ...result, fromCart: false });
}
