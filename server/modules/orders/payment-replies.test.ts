import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { paymentReply } from "./payment-replies.ts";

describe("the payment path's reply table", () => {
  it("answers verify's refusals with the contract's statuses and sentences", () => {
    expect(paymentReply.confirm({ ok: false, reason: "order-not-found" })).toEqual({ status: 404, message: "Order not found" });
    expect(paymentReply.confirm({ ok: false, reason: "verification-failed" })).toEqual({ status: 400, message: "Payment verification failed" });
    expect(paymentReply.confirm({ ok: false, reason: "order-cancelled" }).status).toBe(409);
    const invalid = z.safeParse(z.object({ razorpay_signature: z.string() }), {});
    if (invalid.success) throw new Error("expected a parse failure");
    const reply = paymentReply.confirm({ ok: false, reason: "invalid-input", error: invalid.error });
    expect(reply.status).toBe(400);
    expect(reply.message).toBe("Payment verification failed");
    expect(Object.keys(reply.errors ?? {})).toEqual(["razorpay_signature"]);
  });

  it("answers the webhook's refusals: 503 until configured (so the provider retries), 400 otherwise", () => {
    expect(paymentReply.gatewayEvent({ ok: false, reason: "not-configured" })).toEqual({ status: 503, message: "Webhooks are not configured" });
    expect(paymentReply.gatewayEvent({ ok: false, reason: "bad-signature" })).toEqual({ status: 400, message: "Invalid webhook signature" });
    expect(paymentReply.gatewayEvent({ ok: false, reason: "bad-payload" }).status).toBe(400);
  });

  it("answers the test gateway's refusals", () => {
    expect(paymentReply.testPayment({ ok: false, reason: "test-gateway-off" }).status).toBe(404);
    expect(paymentReply.testPayment({ ok: false, reason: "sign-in" })).toEqual({ status: 401, message: "Please sign in" });
    expect(paymentReply.testPayment({ ok: false, reason: "order-not-found" }).status).toBe(404);
    expect(paymentReply.testPayment({ ok: false, reason: "not-payable" })).toEqual({ status: 409, message: "This order is not awaiting payment" });
  });
});
