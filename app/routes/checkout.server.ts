// The checkout page's server side: the cart as the order will be built from it, and the gateway that takes the payment.
import type { AppLoadContext } from "react-router";
import type { CheckoutSummary } from "#common/orders.ts";
import { checkoutSummary } from "#server/modules/orders/checkout-summary.ts";
import { paymentsAvailability } from "#server/modules/payments/configured-gateway.ts";
import type { PaymentSetup } from "~/components/checkout/checkout-form";

/** The signed-in shopper's cart summary (null when there is nothing to check out) and the payment setup. */
export async function loadCheckoutPage(context: AppLoadContext, userId: string): Promise<{ summary: CheckoutSummary; payments: PaymentSetup } | null> {
  const summary = await checkoutSummary(context.shop.db, userId);
  return summary ? { summary, payments: paymentSetup(context) } : null;
}

/** Which gateway takes the payment (the shop context's), or why none can. */
export function paymentSetup(context: Pick<AppLoadContext, "shop">): PaymentSetup {
  const availability = paymentsAvailability(context.shop.gateway);
  return availability.configured ? { provider: availability.provider } : { provider: "unavailable", message: availability.reason };
}
