import { CodeNotSent, providerNumber, type CodeMessage } from "./code-message.ts";

const TIMEOUT_MS = 10_000;
const GRAPH_VERSION = "v21.0";

/**
 * A WhatsApp authentication template through Meta's Cloud API: `POST
 * {base}/v21.0/{phone-number-id}/messages`. Authentication templates carry the code twice: as the
 * body's one parameter and as the copy-code button's parameter. Meta answers `{ messages: [{ id }] }`.
 */
export async function sendWhatsAppOtp(
  apiBase: string,
  settings: { token: string; phoneNumberId: string; template: string; language: string },
  message: CodeMessage,
): Promise<void> {
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
        template: {
          name: settings.template,
          language: { code: settings.language },
          components: [
            { type: "body", parameters: [{ type: "text", text: message.code }] },
            { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: message.code }] },
          ],
        },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new CodeNotSent(`WhatsApp could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json().catch(() => null)) as { messages?: { id?: unknown }[]; error?: { message?: unknown } } | null;
  if (!response.ok || typeof body?.messages?.[0]?.id !== "string") {
    throw new CodeNotSent(`WhatsApp refused the message (HTTP ${response.status}): ${String(body?.error?.message ?? "no message id").slice(0, 200)}`);
  }
}
