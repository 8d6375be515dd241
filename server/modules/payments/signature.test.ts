import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signPayment, signaturesMatch, verifyPaymentSignature, verifyWebhookSignature } from "./signature.ts";

const secret = "key_secret_for_tests";
const orderId = "order_Nx1234567890ab";
const paymentId = "pay_Nx0987654321cd";
// Razorpay's documented scheme, computed independently of the code under test.
const expected = createHmac("sha256", secret).update(`${orderId}|${paymentId}`).digest("hex");

describe("checkout payment signature", () => {
  it("is HMAC-SHA256 hex of order_id|payment_id with the key secret", () => {
    expect(signPayment(secret, orderId, paymentId)).toBe(expected);
    expect(verifyPaymentSignature(secret, orderId, paymentId, expected)).toBe(true);
  });

  it("fails for a tampered order id, payment id or signature, a wrong secret or a wrong length", () => {
    expect(verifyPaymentSignature(secret, `${orderId}x`, paymentId, expected)).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, `${paymentId}x`, expected)).toBe(false);
    expect(verifyPaymentSignature("another_secret", orderId, paymentId, expected)).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, paymentId, expected.replace(/.$/, (c) => (c === "0" ? "1" : "0")))).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, paymentId, expected.slice(0, -2))).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, paymentId, `${expected}00`)).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, paymentId, expected.toUpperCase())).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, paymentId, "")).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, paymentId, undefined)).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, "", expected)).toBe(false);
    expect(verifyPaymentSignature(secret, orderId, 42, expected)).toBe(false);
  });

  it("compares lengths in bytes, so multi-byte text of the same character count cannot throw", () => {
    const sameLengthInChars = "é".repeat(expected.length);
    expect(() => signaturesMatch(expected, sameLengthInChars)).not.toThrow();
    expect(signaturesMatch(expected, sameLengthInChars)).toBe(false);
  });
});

describe("webhook signature", () => {
  const webhookSecret = "webhook_secret_for_tests";
  const raw = Buffer.from('{"event":"payment.captured","payload":{"payment":{"entity":{"amount":55333}}}}');
  const signature = createHmac("sha256", webhookSecret).update(raw).digest("hex");

  it("is checked over the raw bytes with the webhook secret", () => {
    expect(verifyWebhookSignature(webhookSecret, raw, signature)).toBe(true);
    expect(verifyWebhookSignature(secret, raw, signature)).toBe(false);
  });

  it("fails when the body is re-serialised or changed in any byte", () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 1));
    expect(verifyWebhookSignature(webhookSecret, reserialised, signature)).toBe(false);
    expect(verifyWebhookSignature(webhookSecret, Buffer.from(raw.toString().replace("55333", "55334")), signature)).toBe(false);
    expect(verifyWebhookSignature(webhookSecret, raw, [signature])).toBe(false);
  });
});
