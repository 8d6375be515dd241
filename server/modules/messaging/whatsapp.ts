import { MessageNotSent, providerNumber, type CodeMessage } from "./code-message.ts";

const TIMEOUT_MS = 10_000;
const GRAPH_VERSION = "v21.0";

/** A template message's components as Meta's Cloud API takes them (body parameters, buttons). */
export type TemplateComponent =
  | { type: "body"; parameters: { type: "text"; text: string }[] }
  | { type: "button"; sub_type: "url"; index: string; parameters: { type: "text"; text: string }[] }
  | { type: "button"; sub_type: "quick_reply"; index: string; parameters: { type: "payload"; payload: string }[] };

/**
 * One WhatsApp template through Meta's Cloud API: `POST {base}/v21.0/{phone-number-id}/messages`
 * with the bearer token. Meta answers `{ messages: [{ id }] }`: the id its status webhooks name,
 * returned. `callbackData` comes back in those webhooks as `biz_opaque_callback_data`.
 * A refusal or no answer: MessageNotSent, its reason for the log.
 */
export async function sendWhatsAppTemplate(
  apiBase: string,
  settings: { token: string; phoneNumberId: string },
  message: { phone: string; template: string; language: string; components: TemplateComponent[]; callbackData?: string },
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/${GRAPH_VERSION}/${settings.phoneNumberId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: providerNumber(message.phone),
        type: "template",
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
        template: { name: message.template, language: { code: message.language }, components: message.components },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new MessageNotSent(`WhatsApp could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json().catch(() => null)) as { messages?: { id?: unknown }[]; error?: { message?: unknown } } | null;
  const id = body?.messages?.[0]?.id;
  if (!response.ok || typeof id !== "string" || id.length === 0 || id.length > 200) {
    throw new MessageNotSent(`WhatsApp refused the message (HTTP ${response.status}): ${String(body?.error?.message ?? "no message id").slice(0, 200)}`);
  }
  return id;
}

/**
 * A WhatsApp authentication template: the code twice, as the body's one parameter and as the
 * copy-code button's parameter.
 */
export async function sendWhatsAppOtp(
  apiBase: string,
  settings: { token: string; phoneNumberId: string; template: string; language: string },
  message: CodeMessage,
): Promise<void> {
  await sendWhatsAppTemplate(apiBase, settings, {
    phone: message.phone,
    template: settings.template,
    language: settings.language,
    components: [
      { type: "body", parameters: [{ type: "text", text: message.code }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: message.code }] },
    ],
  });
}
