// Meta's WhatsApp webhook (issue 30, decisions/054): GET answers the subscription check, POST
// brings delivery statuses of the shop's messages and the shopper's messages (a cod_confirm
// button tapped, a STOP). The raw body must carry Meta's signature (X-Hub-Signature-256, HMAC
// with the app secret); anything else is refused before it is read.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { normalizeIndianPhone } from "#common/india.ts";
import type { ShopContext } from "#server/context.ts";
import { orders, outboundMessages, user, whatsappInbound, whatsappOptOuts, type MessageStatus } from "#server/db/schema.ts";
import type { Transaction } from "#server/db/tx.ts";
import { confirmCodOrder } from "#server/modules/orders/cash-on-delivery.ts";
import { changeOrderStatus } from "#server/modules/orders/status.ts";
import { isOrderId } from "#server/modules/orders/orders.ts";
import { providerNumber } from "#server/modules/messaging/code-message.ts";
import { readCodReplyPayload } from "#server/modules/messaging/cod-reply.ts";
import { wakeJob } from "#server/periodic-job.ts";
import { MESSAGE_DISPATCH_JOB } from "#server/modules/messaging/outbox.ts";

export type WhatsAppWebhookResult =
  | { ok: true; statuses: number; messages: number }
  | { ok: false; reason: "not-configured" | "signature" | "body" };

/** Same-length buffers compared in constant time; different lengths are simply unequal. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /api/whatsapp/webhook: the challenge to echo when Meta's check names our verify token. */
export function subscriptionChallenge(
  shop: Pick<ShopContext, "config">,
  query: Record<string, unknown>,
): { ok: true; challenge: string } | { ok: false; reason: "not-configured" | "token" } {
  const settings = shop.config.whatsapp.orders;
  if (!settings) return { ok: false, reason: "not-configured" };
  const mode = query["hub.mode"];
  const token = query["hub.verify_token"];
  const challenge = query["hub.challenge"];
  if (mode !== "subscribe" || typeof token !== "string" || typeof challenge !== "string") return { ok: false, reason: "token" };
  if (!/^[\w-]{1,200}$/.test(challenge) || !sameSecret(token, settings.verifyToken)) return { ok: false, reason: "token" };
  return { ok: true, challenge };
}

/** `sha256=<hex HMAC-SHA256 of the raw body>` with the app secret, compared in constant time. */
export function signatureMatches(appSecret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", appSecret).update(raw).digest("hex");
  return sameSecret(header.slice("sha256=".length).toLowerCase(), expected);
}

/** Status order: a report never moves a message back (read > delivered > sent); failed only before delivery, and final. */
const RANK = { queued: 0, sent: 1, failed: 2, delivered: 2, read: 3 } as const;
const REPORTED = new Set<MessageStatus>(["sent", "delivered", "read", "failed"]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown, max = 500): string | null => (typeof value === "string" && value.length > 0 && value.length <= max ? value : null);

/** The changes' values of a webhook body, as Meta nests them (entry[].changes[].value). */
function values(body: unknown): Json[] {
  if (!isObject(body)) return [];
  return list(body.entry).flatMap((entry) => list(entry.changes).map((change) => change.value).filter(isObject));
}

/**
 * POST /api/whatsapp/webhook. Signature first: without WhatsApp's settings, or with a signature
 * that is not the app secret's, nothing is read or changed. Then each status moves its message on
 * (a failed WhatsApp message queues its news by SMS once: `fallbackOf`) and each of the shopper's
 * messages is acted on once (its id kept in whatsapp_inbound first). Anything else is acknowledged.
 */
export async function handleWhatsAppWebhook(shop: ShopContext, raw: Buffer, signature: unknown): Promise<WhatsAppWebhookResult> {
  const settings = shop.config.whatsapp.orders;
  if (!settings) return { ok: false, reason: "not-configured" };
  if (!signatureMatches(settings.appSecret, raw, signature)) return { ok: false, reason: "signature" };
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return { ok: false, reason: "body" };
  }
  let statuses = 0;
  let messages = 0;
  for (const value of values(body)) {
    for (const status of list(value.statuses)) if (await recordStatus(shop, status)) statuses += 1;
    for (const message of list(value.messages)) if (await actOnce(shop, message)) messages += 1;
  }
  return { ok: true, statuses, messages };
}

/** One delivery status; true when it moved a message on. */
async function recordStatus(shop: ShopContext, status: Json): Promise<boolean> {
  const providerId = text(status.id, 200);
  const reported = status.status;
  if (!providerId || typeof reported !== "string" || !REPORTED.has(reported as MessageStatus)) return false;
  const to = reported as keyof typeof RANK;
  // The row is named by Meta's id, or (a report overtaking the dispatcher's write of that id) by ours, sent as callback data.
  const ownId = text(status.biz_opaque_callback_data, 100);
  const named = ownId
    ? sql`(${outboundMessages.providerMessageId} = ${providerId} or (${outboundMessages.id} = ${ownId} and ${outboundMessages.providerMessageId} is null))`
    : eq(outboundMessages.providerMessageId, providerId);
  const currentRank = sql`case ${outboundMessages.status} when 'queued' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end`;
  return shop.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(outboundMessages)
      .set({ status: to, statusAt: new Date() })
      .where(and(eq(outboundMessages.channel, "whatsapp"), named, sql`${currentRank} < ${RANK[to]}`))
      .returning();
    if (!moved) return false;
    if (to === "failed") await queueSmsFallback(tx, moved);
    return true;
  });
}

/**
 * A failed WhatsApp message's news by SMS, once (the unique index on fallback_of keeps a replayed
 * or concurrent report from queuing a second). Not when the same news already went by SMS: every
 * order message does (messaging/outbox.ts) except the WhatsApp-only request to confirm a COD order.
 */
async function queueSmsFallback(tx: Transaction, failed: typeof outboundMessages.$inferSelect): Promise<void> {
  const [twin] = await tx
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.channel, "sms"),
        eq(outboundMessages.to, failed.to),
        eq(outboundMessages.template, failed.template),
        failed.orderId ? eq(outboundMessages.orderId, failed.orderId) : isNull(outboundMessages.orderId),
        isNull(outboundMessages.fallbackOf),
      ),
    )
    .limit(1);
  if (twin) return;
  await tx
    .insert(outboundMessages)
    // In the failed message's language: the dispatcher sends it with the English flow when the Hindi ones are not set.
    .values({ channel: "sms", to: failed.to, template: failed.template, params: failed.params, language: failed.language, orderId: failed.orderId, fallbackOf: failed.id })
    .onConflictDoNothing();
  wakeJob(MESSAGE_DISPATCH_JOB);
}

type Outcome = { kind: string; orderId: string | null; outcome: string };

/** One message from a shopper, acted on once: true when it was new. */
async function actOnce(shop: ShopContext, message: Json): Promise<boolean> {
  const id = text(message.id, 200);
  const from = text(message.from, 20);
  if (!id || !from) return false;
  const [fresh] = await shop.db
    .insert(whatsappInbound)
    .values({ messageId: id, from, kind: "received", outcome: "received" })
    .onConflictDoNothing()
    .returning({ id: whatsappInbound.messageId });
  if (!fresh) return false;
  let result: Outcome;
  try {
    result = await act(shop, from, message);
  } catch (error) {
    // Not acted on: forget the id so Meta's retry of this delivery gets another chance.
    await shop.db.delete(whatsappInbound).where(eq(whatsappInbound.messageId, id));
    throw error;
  }
  await shop.db.update(whatsappInbound).set(result).where(eq(whatsappInbound.messageId, id));
  return true;
}

async function act(shop: ShopContext, from: string, message: Json): Promise<Outcome> {
  const phone = /^91\d{10}$/.test(from) ? normalizeIndianPhone(from.slice(2)) : null;
  if (message.type === "text" && isObject(message.text) && typeof message.text.body === "string" && message.text.body.trim().toUpperCase() === "STOP") {
    if (!phone) return { kind: "stop", orderId: null, outcome: "not-an-indian-mobile" };
    await shop.db.transaction(async (tx) => {
      await tx.insert(whatsappOptOuts).values({ phone }).onConflictDoNothing();
      await tx.update(user).set({ whatsappUpdatesAt: null }).where(and(eq(user.phone, phone), eq(user.phoneVerified, true)));
    });
    return { kind: "stop", orderId: null, outcome: "opted-out" };
  }
  const payload = message.type === "button" && isObject(message.button) ? text(message.button.payload, 300) : null;
  const reply = payload ? readCodReplyPayload(shop.config.authSecret, payload) : null;
  if (!reply || !isOrderId(reply.orderId)) return { kind: message.type === "button" ? "button" : "other", orderId: null, outcome: "ignored" };
  const kind = reply.kind === "CONFIRM" ? "cod_confirm" : "cod_cancel";
  const [order] = await shop.db
    .select({ id: orders.id, userId: orders.userId, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.id, reply.orderId));
  if (!order) return { kind, orderId: null, outcome: "unknown-order" };
  // Only the order's own number counts: a forwarded message tapped elsewhere changes nothing.
  const orderPhone = normalizeIndianPhone(order.shippingAddress.phone);
  if (!orderPhone || from !== providerNumber(orderPhone) || !order.userId) return { kind, orderId: order.id, outcome: "wrong-number" };
  if (reply.kind === "CONFIRM") {
    const confirmed = await confirmCodOrder(shop.db, order.id, { role: "customer", userId: order.userId });
    return { kind, orderId: order.id, outcome: confirmed.ok ? "confirmed" : "not-confirmable" };
  }
  const cancelled = await changeOrderStatus(shop, order.id, "Cancelled", {
    actor: "customer",
    ownerId: order.userId,
    note: "Cancelled by the customer on WhatsApp",
  });
  return { kind, orderId: order.id, outcome: cancelled.ok ? "cancelled" : "not-cancellable" };
}
