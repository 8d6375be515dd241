import { createHmac } from "node:crypto";
import type { Config } from "#server/config.ts";
import type { PaymentGateway, PaymentsAvailability } from "./gateway.ts";
import { createRazorpayGateway } from "./razorpay.ts";
import { createTestGateway } from "./test-gateway.ts";

/**
 * Razorpay when RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set; else the offline test gateway,
 * except in production where it needs PAYMENTS_TEST_MODE=1; null means payments are not configured.
 * Called once when the shop context is built (`shop.gateway`); nothing else reads the keys.
 */
export function gatewayFor(config: Config): PaymentGateway | null {
  const { keyId, keySecret, apiBase } = config.razorpay;
  if (keyId && keySecret) return createRazorpayGateway({ keyId, keySecret, apiBase });
  if (!keyId && (!config.isProduction || config.paymentsTestMode)) return createTestGateway(testGatewaySecret(config));
  return null;
}

/** For the checkout page: which gateway the browser talks to, or why payment is unavailable. */
export function paymentsAvailability(gateway: PaymentGateway | null): PaymentsAvailability {
  if (!gateway) return { configured: false, reason: "Payments are not configured" };
  return { configured: true, provider: gateway.provider, keyId: gateway.keyId };
}

/**
 * The test gateway's signing secret, per installation: derived from the auth secret (itself kept
 * under DATA_DIR or given in the environment), so every process of one shop agrees on it.
 */
export function testGatewaySecret(config: Config): string {
  return createHmac("sha256", config.authSecret).update("offline-test-payment-gateway").digest("hex");
}
