// Sends the order news in outbound_messages (decisions/054) with the email outbox's guarantees
// (server/jobs/outbox.ts: claimed with SKIP LOCKED and a lease, retried with backoff, given up
// after MAX_OUTBOX_ATTEMPTS): SMS through MSG91's Flow API, WhatsApp through Meta's Cloud API, or
// without their settings a file per message in DATA_DIR/outbox/.
import { eq, sql } from "drizzle-orm";
import type { ShopContext } from "#server/context.ts";
import { outboundMessages } from "#server/db/schema.ts";
import { deliverDue, outboxJob, type DeliveryReport } from "#server/db/outbox.ts";
import { outboxDirectory } from "#server/modules/email/dispatcher.ts";
import type { PeriodicJob } from "#server/periodic-job.ts";
import { writePhoneMessageFile } from "./code-sender.ts";
import { codReplyPayload } from "./cod-reply.ts";
import { sendMsg91Flow } from "./msg91.ts";
import { isMessageTemplate, MESSAGE_TEMPLATES, renderMessage, templateIn, type MessageTemplateName } from "./templates.ts";
import { sendWhatsAppTemplate, type TemplateComponent } from "./whatsapp.ts";
import { MESSAGE_DISPATCH_JOB } from "./outbox.ts";

type MessageRow = typeof outboundMessages.$inferSelect;

export const MESSAGE_DISPATCH_INTERVAL_MS = 5000;

/** The cod_confirm buttons' payloads (cod-reply.ts): signed with the shop's secret, naming the order. */
function buttonPayloads(shop: Pick<ShopContext, "config">, row: MessageRow): TemplateComponent[] {
  if (row.template !== "cod_confirm" || !row.orderId) return [];
  const orderId = row.orderId;
  return (["CONFIRM", "CANCEL"] as const).map((kind, index) => ({
    type: "button",
    sub_type: "quick_reply",
    index: String(index),
    parameters: [{ type: "payload", payload: codReplyPayload(shop.config.authSecret, orderId, kind) }],
  }));
}

/** Sends one row where its channel's settings say; resolves with the provider's message id (WhatsApp) and where it went. */
async function send(shop: Pick<ShopContext, "config">, row: MessageRow, template: MessageTemplateName): Promise<{ providerMessageId: string | null; destination: string }> {
  const { sms, whatsapp } = shop.config;
  if (row.channel === "sms" && sms.orders) {
    const vars = MESSAGE_TEMPLATES[template].vars;
    const variables = Object.fromEntries(vars.map((name, index) => [name, row.params[index] ?? ""]));
    // The Hindi flow for a Hindi row; the English one when the Hindi flows are not (or no longer) set.
    const flowIds = row.language === "hi" && sms.orders.hindiFlowIds ? sms.orders.hindiFlowIds : sms.orders.flowIds;
    await sendMsg91Flow(sms.apiBase, { authKey: sms.orders.authKey, flowId: flowIds[template] }, row.to, variables);
    return { providerMessageId: null, destination: "msg91" };
  }
  if (row.channel === "whatsapp" && whatsapp.orders) {
    const id = await sendWhatsAppTemplate(whatsapp.apiBase, whatsapp.orders, {
      phone: row.to,
      template,
      // Meta keeps each template per language: the Hindi one's code for a Hindi row when set.
      language: row.language === "hi" && whatsapp.orders.hindiLanguage ? whatsapp.orders.hindiLanguage : whatsapp.orders.language,
      components: [{ type: "body", parameters: row.params.map((text) => ({ type: "text", text })) }, ...buttonPayloads(shop, row)],
      // Meta names the row in its status webhooks, even one arriving before the id below is stored.
      callbackData: row.id,
    });
    return { providerMessageId: id, destination: "whatsapp" };
  }
  const { buttons } = templateIn(template, row.language);
  const file = await writePhoneMessageFile(outboxDirectory(shop), {
    channel: row.channel,
    phone: row.to,
    at: row.createdAt,
    suffix: row.id,
    headers: { Template: template, ...(row.channel === "whatsapp" && buttons ? { Buttons: buttons.join(", ") } : {}) },
    text: renderMessage(template, row.params, row.language),
  });
  return { providerMessageId: null, destination: file };
}

/**
 * Delivers the due messages (deliverDue): each sent, then marked sent with Meta's message id — a
 * status webhook that came first (failed) is kept. Several processes may run it at once; a row is
 * sent by one of them (again only if its sender died mid-send and the lease ran out; its outbox
 * file is then written over, not added). `now` stands in for the database's clock in tests.
 */
export async function deliverPendingMessages(
  shop: ShopContext,
  options: { now?: Date; limit?: number; signal?: AbortSignal } = {},
): Promise<DeliveryReport> {
  const { db } = shop;
  return deliverDue<MessageRow>(
    db,
    shop.logger,
    {
      outbox: outboundMessages,
      noun: "Message",
      idField: "messageId",
      job: "message-dispatch",
      load: async (id) => (await db.select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0],
      describe: (row) => ({ channel: row.channel, to: row.to, template: row.template, orderId: row.orderId }),
      async deliver(row) {
        if (!isMessageTemplate(row.template)) throw new Error(`No template named ${row.template}`);
        const { providerMessageId, destination } = await send(shop, row, row.template);
        const now = new Date();
        await db
          .update(outboundMessages)
          .set({
            status: sql`case when ${outboundMessages.status} = 'queued' then 'sent' else ${outboundMessages.status} end`,
            sentAt: now,
            statusAt: sql`coalesce(${outboundMessages.statusAt}, ${now.toISOString()}::timestamptz)`,
            providerMessageId,
            lastError: null,
          })
          .where(eq(outboundMessages.id, row.id));
        return { destination };
      },
    },
    options,
  );
}

/** The dispatcher as a periodic job (server/jobs/shop-jobs.ts). */
export function messageDispatchJob(shop: ShopContext, intervalMs = MESSAGE_DISPATCH_INTERVAL_MS): PeriodicJob {
  return outboxJob(MESSAGE_DISPATCH_JOB, intervalMs, (signal) => deliverPendingMessages(shop, { signal }));
}
