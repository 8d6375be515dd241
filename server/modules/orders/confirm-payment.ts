import { createHash, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import * as z from "zod/mini";
import type { OrderJson } from "#common/orders.ts";
import { verifyPaymentSchema } from "#server/schemas/checkout.ts";
import type { ShopContext } from "#server/context.ts";
import { paymentEvents, payments } from "#server/db/schema.ts";
import { findOwnOrder, findOwnOrderWithLines, loadOrderJson, orderJson } from "./orders.ts";
import { markOrderPaid, settleMarkPaid } from "./paid.ts";
import { recordPaymentFailure } from "#server/modules/payments/rows.ts";
import type { Transaction } from "#server/db/tx.ts";
import { verifyPaymentSignature, verifyWebhookSignature } from "#server/modules/payments/signature.ts";
import { signTestPayment } from "#server/modules/payments/test-gateway.ts";

/*
 * The payment path's one way in. Every report that money moved — the checkout widget's signed
 * result (verify), the provider's webhook, and the offline test gateway's Pay and Fail — comes
 * through here: the signature is checked, webhook events are de-duplicated, and the order changes
 * through `markOrderPaid` (paid.ts) inside one transaction. It lives in orders/ because it changes
 * orders; payments/ below it holds the gateways, signatures and payment rows. Routers only parse the request,
 * call one of these and answer through `paymentReply` (`payment-replies.ts`).
 */

export type ConfirmPaymentResult =
  | { ok: true; order: OrderJson }
  | { ok: false; reason: "order-not-found" | "verification-failed" | "order-cancelled" }
  | { ok: false; reason: "invalid-input"; error: z.core.$ZodError };

/**
 * POST /api/checkout/:orderId/verify: what the checkout widget returned for the customer's own
 * order. The signature is HMAC(our stored provider order id | payment id), so a browser cannot
 * pay one order with another's payment. Idempotent; a late payment (the order was cancelled) or a
 * second one (already paid) is refunded here.
 */
export async function confirmPayment(
  shop: ShopContext,
  customerId: string,
  orderId: string,
  input: unknown,
  log: Logger = shop.logger,
): Promise<ConfirmPaymentResult> {
  const found = await findOwnOrderWithLines(shop.db, orderId, customerId);
  if (!found) return { ok: false, reason: "order-not-found" };
  const { order, lines } = found;
  const parsed = z.safeParse(verifyPaymentSchema, input ?? {});
  if (!parsed.success) return { ok: false, reason: "invalid-input", error: parsed.error };
  const fields = parsed.data;
  const gateway = shop.gateway;
  // The provider order the widget paid: the order's current one, or an earlier one of the same
  // order ("Complete payment" made a newer one while an older window was still open) — always
  // one WE recorded for this order, never an id taken from the client.
  const providerOrderId =
    fields.razorpay_order_id === order.providerOrderId ? order.providerOrderId : await earlierProviderOrder(shop, order.id, fields.razorpay_order_id);
  const valid =
    gateway !== null &&
    providerOrderId !== null &&
    verifyPaymentSignature(gateway.signingSecret, providerOrderId, fields.razorpay_payment_id, fields.razorpay_signature);
  if (!valid) {
    log.warn({ orderId: order.id }, "payment signature did not verify");
    return { ok: false, reason: "verification-failed" };
  }

  // Only for showing how the shopper paid: when Razorpay does not say, a webhook may fill it in later.
  const method = await gateway!.paymentMethod(fields.razorpay_payment_id).catch((error: unknown) => {
    log.warn({ err: error, orderId: order.id }, "could not read the payment method");
    return null;
  });
  const outcome = await shop.db.transaction((tx) =>
    markOrderPaid(
      shop,
      tx,
      { providerOrderId: providerOrderId!, providerPaymentId: fields.razorpay_payment_id, signature: fields.razorpay_signature, method },
      undefined,
      lines,
    ),
  );
  await settleMarkPaid(shop, outcome);
  if (outcome.kind === "cancelled") return { ok: false, reason: "order-cancelled" };
  // Paid just now in one statement: the answer from the rows in hand.
  if (outcome.kind === "paid" && outcome.paid && outcome.paid.order.id === order.id && !outcome.paid.order.prescriptionStatus) {
    return { ok: true, order: orderJson(outcome.paid.order, lines, [outcome.paid.payment]) };
  }
  return { ok: true, order: (await loadOrderJson(shop.db, order.id))! };
}

/** `providerOrderId` when it is one of the order's own provider orders (its payments rows), else null. */
async function earlierProviderOrder(shop: ShopContext, orderId: string, providerOrderId: string): Promise<string | null> {
  const [row] = await shop.db
    .select({ providerOrderId: payments.providerOrderId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.providerOrderId, providerOrderId)))
    .limit(1);
  return row?.providerOrderId ?? null;
}

export type GatewayEventResult =
  | { ok: true; duplicate: boolean }
  | { ok: false; reason: "not-configured" | "bad-signature" | "bad-payload" };

interface RazorpayPaymentEntity {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  method?: unknown;
  error_description?: unknown;
}

type RazorpayEvent = {
  event?: unknown;
  payload?: { payment?: { entity?: RazorpayPaymentEntity }; order?: { entity?: { id?: unknown } }; payment_link?: { entity?: { id?: unknown } } };
};

/**
 * POST /api/payments/razorpay/webhook. The signature covers the raw bytes, which are never
 * re-serialised. Deduplicated on x-razorpay-event-id in the same transaction as the state change,
 * so a replay (or a crash before our 2xx) changes state once.
 */
export async function handleGatewayEvent(
  shop: ShopContext,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  log: Logger = shop.logger,
): Promise<GatewayEventResult> {
  const secret = shop.config.razorpay.webhookSecret;
  if (!secret) {
    log.warn("Razorpay webhook received but RAZORPAY_WEBHOOK_SECRET is not set");
    return { ok: false, reason: "not-configured" };
  }
  if (!verifyWebhookSignature(secret, rawBody, headers["x-razorpay-signature"])) {
    log.warn("webhook signature did not verify");
    return { ok: false, reason: "bad-signature" };
  }
  let event: RazorpayEvent;
  try {
    event = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return { ok: false, reason: "bad-payload" };
  }
  // PostgreSQL's jsonb cannot hold U+0000; such an event could never be stored.
  if (rawBody.includes("\\u0000") || typeof event !== "object" || event === null || Array.isArray(event)) {
    return { ok: false, reason: "bad-payload" };
  }
  const headerId = headers["x-razorpay-event-id"];
  const eventId =
    typeof headerId === "string" && headerId.length > 0 && headerId.length <= 200
      ? headerId
      : `body_${createHash("sha256").update(rawBody).digest("hex")}`;
  const type = typeof event.event === "string" ? event.event : "unknown";
  const entity = event.payload?.payment?.entity ?? {};
  // A payment link's payment (a refill's order, decisions/057) is matched by the link's id, which
  // the order holds as its provider order; the link's own Razorpay order id is not ours.
  const paymentLinkId = type === "payment_link.paid" ? str(event.payload?.payment_link?.entity?.id) : undefined;
  const providerOrderId = paymentLinkId ?? str(entity.order_id) ?? str(event.payload?.order?.entity?.id);
  const providerPaymentId = str(entity.id);

  async function processEvent(tx: Transaction) {
    if ((type === "payment.captured" || type === "order.paid" || (type === "payment_link.paid" && paymentLinkId)) && providerOrderId && providerPaymentId) {
      const result = await markOrderPaid(shop, tx, {
        providerOrderId,
        providerPaymentId,
        method: str(entity.method) ?? null,
        amountPaise: typeof entity.amount === "number" ? entity.amount : -1,
        currency: str(entity.currency) ?? "",
      });
      if (result.kind === "amount-mismatch") log.warn({ eventId, orderId: result.orderId }, "webhook amount or currency does not match the order; ignored");
      return result;
    }
    if (type === "payment.failed" && providerOrderId) {
      await recordPaymentFailure(tx, providerOrderId, {
        providerPaymentId,
        reason: str(entity.error_description) ?? "Payment failed",
        method: str(entity.method),
      });
    }
    return "recorded" as const;
  }

  const outcome = await shop.db.transaction(async (tx) => {
    // Stored without its payment link first: the link's foreign-key lock on the payment row,
    // taken before mark-paid locks the order, would deadlock with a concurrent verify.
    const [inserted] = await tx
      .insert(paymentEvents)
      .values({ provider: "razorpay", providerEventId: eventId, type, payload: event })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!inserted) return "duplicate" as const;
    const result = await processEvent(tx);
    if (providerOrderId) {
      // The event's own payment (an extra one has a row of its own), else the order's first.
      const [paymentRow] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.providerOrderId, providerOrderId))
        .orderBy(desc(sql`coalesce(${payments.providerPaymentId} = ${providerPaymentId ?? ""}, false)`), asc(payments.createdAt))
        .limit(1);
      if (paymentRow) await tx.update(paymentEvents).set({ paymentId: paymentRow.id }).where(eq(paymentEvents.id, inserted.id));
    }
    return result;
  });
  if (typeof outcome === "object") await settleMarkPaid(shop, outcome);
  return { ok: true, duplicate: outcome === "duplicate" };
}

export type TestPaymentRefusal = { ok: false; reason: "test-gateway-off" | "sign-in" | "order-not-found" | "not-payable" };
export type TestPaymentResult = { ok: true; fields: ReturnType<typeof signTestPayment> } | TestPaymentRefusal;
export type TestPaymentFailureResult = { ok: true; description: string } | TestPaymentRefusal;

/** The customer's own order awaiting payment, while the offline test gateway is the shop's gateway. */
async function payableByTestGateway(shop: ShopContext, customerId: string | null, orderId: string) {
  const gateway = shop.gateway;
  if (!gateway || gateway.provider !== "test") return { ok: false, reason: "test-gateway-off" } as const;
  if (customerId === null) return { ok: false, reason: "sign-in" } as const;
  const order = await findOwnOrder(shop.db, orderId, customerId);
  if (!order || !order.providerOrderId) return { ok: false, reason: "order-not-found" } as const;
  if (order.status !== "Pending" || order.isPaid) return { ok: false, reason: "not-payable" } as const;
  return { ok: true, signingSecret: gateway.signingSecret, providerOrderId: order.providerOrderId } as const;
}

/**
 * The test gateway's "Pay" (POST /api/payments/test/:orderId/pay): fields shaped and signed like
 * Razorpay's widget result; the page then confirms them through `confirmPayment` as usual.
 */
export async function payWithTestGateway(shop: ShopContext, customerId: string | null, orderId: string): Promise<TestPaymentResult> {
  const payable = await payableByTestGateway(shop, customerId, orderId);
  if (!payable.ok) return payable;
  return { ok: true, fields: signTestPayment(payable.signingSecret, payable.providerOrderId) };
}

/**
 * The test gateway's "Fail" (POST /api/payments/test/:orderId/fail): recorded as Razorpay's
 * payment.failed would be (not final: Pay may still follow).
 */
export async function failWithTestGateway(
  shop: ShopContext,
  customerId: string | null,
  orderId: string,
  given: unknown,
): Promise<TestPaymentFailureResult> {
  const payable = await payableByTestGateway(shop, customerId, orderId);
  if (!payable.ok) return payable;
  const { providerOrderId } = payable;
  const description = typeof given === "string" && given.trim() ? given.trim().slice(0, 200) : "Payment declined in the test gateway";
  await shop.db.transaction(async (tx) => {
    const paymentId = await recordPaymentFailure(tx, providerOrderId, { reason: description, method: "test" });
    await tx.insert(paymentEvents).values({
      provider: "test",
      providerEventId: `test_${randomUUID()}`,
      type: "payment.failed",
      paymentId: paymentId ?? null,
      payload: { order_id: providerOrderId, error: { description } },
    });
  });
  return { ok: true, description };
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}
