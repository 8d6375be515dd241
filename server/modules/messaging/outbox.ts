// Order news to the shopper's phone (issue 30, decisions/054): rows of outbound_messages written
// with the caller's transaction, so a message commits or rolls back with the change it reports
// (the email outbox's rule, email/outbox.ts). The dispatcher (dispatcher.ts) sends them.
// Marketing never comes here: only the order and prescription events below.
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Language } from "#common/language.ts";
import type { OrderMessageJson } from "#common/phone-messages.ts";
import { formatAmount } from "#common/money.ts";
import { normalizeIndianPhone } from "#common/india.ts";
import { shipmentJson } from "#common/couriers.ts";
import type { ShopContext } from "#server/context.ts";
import { orders, outboundMessages, whatsappOptOuts, type MessageChannel } from "#server/db/schema.ts";
import type { Executor } from "#server/db/tx.ts";
import { insertJsonRows, jsonRows } from "#server/db/json-rows.ts";
import { wakeJob } from "#server/periodic-job.ts";
import { isMessageTemplate, MESSAGE_TEMPLATES, type MessageTemplateName } from "./templates.ts";

/** The dispatcher's job name (dispatcher.ts), woken when a message is queued. */
export const MESSAGE_DISPATCH_JOB = "message-dispatch";

/** The events a shopper hears of by SMS (always) and WhatsApp (when the order has it); `order_refunded` says how much. */
export type OrderNews =
  | { template: Exclude<MessageTemplateName, "cod_confirm" | "order_refunded" | AccountNewsTemplate> }
  | { template: "order_refunded"; refundedPaise: number };

type OrderFacts = Pick<
  typeof orders.$inferSelect,
  "id" | "orderNumber" | "shippingAddress" | "totalPaise" | "paymentMethod" | "codConfirmedAt" | "whatsappUpdatesAt" | "courier" | "trackingNumber" | "shippedAt" | "language"
>;

/**
 * The language a message to a shopper who reads `wanted` goes out in on a channel (decisions/064):
 * theirs, unless the provider is set up without that language's templates (MSG91 without the
 * MSG91_FLOW_<NAME>_HI flows, WhatsApp without WHATSAPP_TEMPLATE_LANGUAGE_HI): then English, the
 * templates every set-up has. Without a provider (the outbox files) the shopper's language.
 */
export function messageLanguage(config: Pick<ShopContext["config"], "sms" | "whatsapp">, channel: MessageChannel, wanted: Language): Language {
  if (wanted === "en") return "en";
  if (channel === "sms") return !config.sms.orders || config.sms.orders.hindiFlowIds ? wanted : "en";
  return !config.whatsapp.orders || config.whatsapp.orders.hindiLanguage ? wanted : "en";
}

/** What a message says where it has no value of its own: the greeting's name, the courier's. */
const FALLBACK_WORDS: Record<Language, { name: string; courier: string }> = {
  en: { name: "there", courier: "our courier" },
  hi: { name: "ग्राहक", courier: "हमारे कूरियर" },
};

/** The greeting's name: the address's first name, or "there" (in Hindi "ग्राहक"). */
export function greetingName(firstName: string, language: Language): string {
  return firstName.trim() || FALLBACK_WORDS[language].name;
}

/** The order's page, where every message points (the shopper signs in to read it). */
export function orderPageUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/order/${orderId}`;
}

/** The template's variables in order (templates.ts `vars`), in the message's language. */
function paramsFor(news: OrderNews, order: OrderFacts, publicUrl: string, language: Language): string[] {
  const name = greetingName(order.shippingAddress.firstName, language);
  const link = orderPageUrl(publicUrl, order.id);
  switch (news.template) {
    case "order_placed":
    case "order_paid":
      return [name, order.orderNumber, formatAmount(order.totalPaise), link];
    case "order_shipped": {
      // The courier's own tracking page when there is one, else the order's page (which shows the AWB).
      const shipment = shipmentJson(order);
      return [name, order.orderNumber, shipment?.courierName ?? FALLBACK_WORDS[language].courier, shipment?.trackingUrl ?? link];
    }
    case "order_refunded":
      return [name, order.orderNumber, formatAmount(news.refundedPaise), link];
    case "order_out_for_delivery":
    case "order_delivered":
    case "order_cancelled":
    case "prescription_approved":
    case "prescription_rejected":
      return [name, order.orderNumber, link];
  }
}

/**
 * Queues one piece of order news inside the caller's transaction: an SMS to the order's phone, and
 * a WhatsApp message too when the order asked for WhatsApp updates and its number has not sent
 * STOP. A cash-on-delivery order placed that way gets `cod_confirm` on WhatsApp (its Confirm and
 * Cancel buttons) instead of `order_placed`. An order whose phone is not a mobile number gets none.
 */
export async function queueOrderMessages(shop: Pick<ShopContext, "config">, tx: Executor, orderId: string, news: OrderNews, known?: OrderFacts): Promise<void> {
  const messages = await orderMessagesInsert(shop, tx, orderId, news, known);
  if (messages) await messages.insert;
}

/**
 * queueOrderMessages's insert, not yet run (null when the order's phone gets none): for
 * `writeTogether` (server/db/write-together.ts). Reads only what `known` does not give. Wrapped
 * in an object: an async function returning the builder itself would run it (a builder is a thenable).
 */
export async function orderMessagesInsert(shop: Pick<ShopContext, "config">, tx: Executor, orderId: string, news: OrderNews, known?: OrderFacts) {
  // `known`: the order row as it now is, when the caller holds it (nothing is read again).
  const [order] = known ? [known] : await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      shippingAddress: orders.shippingAddress,
      totalPaise: orders.totalPaise,
      paymentMethod: orders.paymentMethod,
      codConfirmedAt: orders.codConfirmedAt,
      whatsappUpdatesAt: orders.whatsappUpdatesAt,
      courier: orders.courier,
      trackingNumber: orders.trackingNumber,
      shippedAt: orders.shippedAt,
      language: orders.language,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found`);
  const phone = normalizeIndianPhone(order.shippingAddress.phone);
  if (!phone) return null;
  const rows: { channel: MessageChannel; template: MessageTemplateName }[] = [{ channel: "sms", template: news.template }];
  if (order.whatsappUpdatesAt && !(await optedOut(tx, phone))) {
    const askToConfirm = news.template === "order_placed" && order.paymentMethod === "cod" && !order.codConfirmedAt;
    rows.push({ channel: "whatsapp", template: askToConfirm ? "cod_confirm" : news.template });
  }
  // In the order's language where the channel has its templates (messageLanguage), the row keeping it.
  // Built to run in the caller's transaction: the dispatcher is woken to send it once committed.
  wakeJob(MESSAGE_DISPATCH_JOB);
  const values = rows.map((row) => {
    const language = messageLanguage(shop.config, row.channel, order.language);
    return { ...row, to: phone, params: paramsFor(news, order, shop.config.publicUrl, language), language, orderId: order.id };
  });
  return {
    insert: tx.insert(outboundMessages).values(values),
    /** The same rows for `messagesInsertFromJson`, made only when asked for. */
    json: () => jsonRows(outboundMessages, MESSAGE_KEYS, values.map((value) => ({ id: crypto.randomUUID(), ...value }))),
  };
}

const MESSAGE_KEYS = ["id", "channel", "to", "template", "params", "language", "orderId"] as const;

/** orderMessagesInsert's rows in a prepared statement (server/db/prepared.ts): `rows` is a placeholder for its `json`. */
export function messagesInsertFromJson(rows: SQL): SQL {
  return insertJsonRows(outboundMessages, MESSAGE_KEYS, rows);
}

/**
 * Queues a piece of order news unless the order already had it (a courier scan reported again, by
 * a retried webhook or the recheck job). The caller holds a lock that serialises the callers for
 * this order (the shipment's row), so two at once queue it once.
 */
export async function queueOrderMessagesOnce(shop: Pick<ShopContext, "config">, tx: Executor, orderId: string, news: OrderNews): Promise<boolean> {
  const [sent] = await tx
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(and(eq(outboundMessages.orderId, orderId), eq(outboundMessages.template, news.template)))
    .limit(1);
  if (sent) return false;
  await queueOrderMessages(shop, tx, orderId, news);
  return true;
}

/** The news that belongs to an account rather than to one order's events: refills (decisions/057), orders by prescription (decisions/058). */
export type AccountNewsTemplate =
  | "refill_reminder"
  | "refill_payment"
  | "refill_not_placed"
  | "prescription_order_proposed"
  | "prescription_order_declined";

/**
 * A message about no one order's event (a refill's reminder or why it ordered nothing, decisions/057;
 * a pharmacist's answer to an order by prescription, decisions/058), queued like order news inside
 * the caller's transaction: by SMS, and on WhatsApp too when the account asked for WhatsApp updates
 * and the number has not sent STOP. A number that is not a mobile one gets nothing. `orderId` when it concerns one.
 * In the account's `language` where the channel has its templates (messageLanguage): `params` gives
 * the variables in the language chosen.
 */
export async function queueAccountMessage(
  shop: Pick<ShopContext, "config">,
  tx: Executor,
  message: { phone: string | null; template: AccountNewsTemplate; language: Language; params: (language: Language) => string[]; whatsapp: boolean; orderId?: string },
): Promise<void> {
  const phone = message.phone ? normalizeIndianPhone(message.phone) : null;
  if (!phone) return;
  const channels: MessageChannel[] = message.whatsapp && !(await optedOut(tx, phone)) ? ["sms", "whatsapp"] : ["sms"];
  await tx.insert(outboundMessages).values(
    channels.map((channel) => {
      const language = messageLanguage(shop.config, channel, message.language);
      return { channel, template: message.template, to: phone, params: message.params(language), language, orderId: message.orderId ?? null };
    }),
  );
  wakeJob(MESSAGE_DISPATCH_JOB);
}

async function optedOut(tx: Executor, phone: string): Promise<boolean> {
  const [row] = await tx.select({ phone: whatsappOptOuts.phone }).from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone));
  return row !== undefined;
}

/** The order's messages, oldest first (GET /api/admin/orders/:id/messages and the admin order page). */
export async function listOrderMessages(tx: Executor, orderId: string): Promise<OrderMessageJson[]> {
  const rows = await tx
    .select()
    .from(outboundMessages)
    .where(eq(outboundMessages.orderId, orderId))
    .orderBy(asc(outboundMessages.createdAt), asc(outboundMessages.id));
  return rows.map((row) => ({
    _id: row.id,
    channel: row.channel,
    to: row.to,
    template: row.template,
    label: isMessageTemplate(row.template) ? MESSAGE_TEMPLATES[row.template].label : row.template,
    language: row.language,
    status: row.status,
    lastError: row.lastError,
    attempts: row.attempts,
    fallbackOf: row.fallbackOf,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    statusAt: row.statusAt?.toISOString() ?? null,
  }));
}
