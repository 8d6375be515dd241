// The checkout page's server side: the cart as the order will be built from it, and the gateway that takes the payment.
import type { AppLoadContext } from "react-router";
import type { SavedAddress } from "#common/addresses.ts";
import type { CheckoutSummary } from "#common/orders.ts";
import type { PrescriptionJson } from "#common/prescriptions.ts";
import { flashCookie } from "#server/http/flash.ts";
import { listAddresses } from "#server/modules/addresses/addresses.ts";
import { checkoutSummary } from "#server/modules/orders/checkout-summary.ts";
import { getProfile } from "#server/modules/users/profile.ts";
import { listPrescriptions } from "#server/modules/prescriptions/prescriptions.ts";
import { listOwnPrescriptionOrders } from "#server/modules/pharmacy/prescription-orders.ts";
import { paymentsAvailability } from "#server/modules/payments/configured-gateway.ts";
import type { PaymentSetup } from "~/components/checkout/checkout-form";

export interface CheckoutPage {
  summary: CheckoutSummary;
  payments: PaymentSetup;
  /** The shopper's address book, the default first (one-tap choices at the top of the form). */
  addresses: SavedAddress[];
  /** Cash on delivery's fee, shown beside its choice before the shopper picks it (paise). */
  codFeePaise: number;
  /** The shopper's prescriptions that checkout may attach (not rejected), newest first. */
  prescriptions: PrescriptionJson[];
  /** The account's email (none for an account made by phone) and its verified number, which fills the address's phone (decisions/050). */
  contact: { email: string; phone: string | null };
  /** The account's WhatsApp updates (on: the checkout's box starts ticked) and its number, which an opt-in needs (decisions/055). */
  whatsapp: { accountOptedIn: boolean; accountHasPhone: boolean };
  /** A partner's doctor consultation (CONSULT_URL) for a shopper without a prescription; null: none. */
  consultUrl: string | null;
  /** The prescriptions a pharmacist built the shopper's cart from (decisions/058): ticked at first, and said so. */
  proposedPrescriptionIds: string[];
}

/** The signed-in shopper's cart summary (null when there is nothing to check out), saved addresses and the payment setup. */
export async function loadCheckoutPage(context: AppLoadContext, userId: string): Promise<CheckoutPage | null> {
  const summary = await checkoutSummary(context.shop.db, userId);
  if (!summary) return null;
  const addresses = await listAddresses(context.shop.db, userId);
  const prescriptions = summary.lines.some((line) => line.prescriptionRequired)
    ? (await listPrescriptions(context.shop.db, userId)).filter((prescription) => prescription.status !== "rejected")
    : [];
  const proposedPrescriptionIds =
    prescriptions.length === 0
      ? []
      : [
          ...new Set(
            (await listOwnPrescriptionOrders(context.shop.db, userId))
              .filter((request) => request.status === "proposed" && prescriptions.some((prescription) => prescription._id === request.prescriptionId))
              .map((request) => request.prescriptionId),
          ),
        ];
  const profile = await getProfile(context.shop.db, userId);
  const contact = { email: profile?.email ?? "", phone: profile?.phoneVerified ? profile.phone : null };
  const whatsapp = { accountOptedIn: profile?.whatsappUpdates ?? false, accountHasPhone: Boolean(profile?.phone) };
  return {
    summary,
    payments: paymentSetup(context),
    addresses,
    codFeePaise: context.shop.config.cod.feePaise,
    prescriptions,
    contact,
    whatsapp,
    consultUrl: context.shop.config.consultUrl,
    proposedPrescriptionIds,
  };
}

/** The one-time toast of a /checkout with an empty cart (server/http/flash.ts). */
export function emptyCartFlash(context: Pick<AppLoadContext, "shop">): string {
  return flashCookie(context.shop.config, "emptycart");
}

/** Which gateway takes the payment (the shop context's), or why none can. */
export function paymentSetup(context: Pick<AppLoadContext, "shop">): PaymentSetup {
  const availability = paymentsAvailability(context.shop.gateway);
  return availability.configured ? { provider: availability.provider } : { provider: "unavailable", message: availability.reason };
}
