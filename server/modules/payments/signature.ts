import { createHmac, timingSafeEqual } from "node:crypto";

export function hmacSha256Hex(secret: string, payload: string | Buffer): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

/** Constant-time comparison of a hex signature we computed with one we were given. */
export function signaturesMatch(expectedHex: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const expected = Buffer.from(expectedHex, "utf8");
  const actual = Buffer.from(given, "utf8");
  if (expected.length !== actual.length) return false;
  return timingSafeEqual(expected, actual);
}

/** The checkout signature: HMAC-SHA256(key secret, provider order id + "|" + payment id), hex. */
export function signPayment(secret: string, providerOrderId: string, paymentId: string): string {
  return hmacSha256Hex(secret, `${providerOrderId}|${paymentId}`);
}

/**
 * Checks what the checkout widget returned. The provider order id must be the one stored on OUR
 * order, never one the browser chose.
 */
export function verifyPaymentSignature(
  secret: string,
  storedProviderOrderId: string,
  paymentId: unknown,
  signature: unknown,
): boolean {
  if (typeof paymentId !== "string" || paymentId.length === 0) return false;
  return signaturesMatch(signPayment(secret, storedProviderOrderId, paymentId), signature);
}

/** A webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body bytes with the webhook secret. */
export function verifyWebhookSignature(secret: string, rawBody: Buffer, signature: unknown): boolean {
  return signaturesMatch(hmacSha256Hex(secret, rawBody), signature);
}
