// Meta's side of the WhatsApp webhook, for tests only (decisions/054): bodies shaped as Meta sends
// them (entry[].changes[].value with statuses[] or messages[]) and their X-Hub-Signature-256.
// The Cloud API that takes the shop's messages is faked in fake-msg91.ts, beside MSG91.
import { createHmac, randomUUID } from "node:crypto";

export const APP_SECRET = "test-app-secret-0123456789abcdef";
export const VERIFY_TOKEN = "test-verify-token-0123456789";
export const PHONE_NUMBER_ID = "1098765432100";

/** `sha256=<hex>` of the raw body with the app secret, as Meta signs it. */
export function metaSignature(raw: string, secret = APP_SECRET): string {
  return `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
}

function envelope(value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [{ id: "WABA-1", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { phone_number_id: PHONE_NUMBER_ID }, ...value } }] }],
  };
}

/** A delivery report on one of the shop's messages. */
export function statusEvent(providerMessageId: string, status: "sent" | "delivered" | "read" | "failed", recipient: string, extra: Record<string, unknown> = {}) {
  return envelope({
    statuses: [
      {
        id: providerMessageId,
        status,
        recipient_id: recipient,
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...(status === "failed" ? { errors: [{ code: 131026, title: "Message undeliverable" }] } : {}),
        ...extra,
      },
    ],
  });
}

/** A quick-reply button tapped on a template message (type "button"). */
export function buttonReply(from: string, payload: string, text: string, id = `wamid.in-${randomUUID()}`) {
  return envelope({
    contacts: [{ profile: { name: "Asha" }, wa_id: from }],
    messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: "button", button: { payload, text } }],
  });
}

/** A text the shopper typed. */
export function textMessage(from: string, body: string, id = `wamid.in-${randomUUID()}`) {
  return envelope({ messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body } }] });
}
