import { MessageNotSent, providerNumber, type CodeMessage } from "./code-message.ts";

const TIMEOUT_MS = 10_000;

/**
 * One SMS through MSG91's Flow API (a DLT-registered template, docs/operations.md and
 * docs/messages.md): `POST {base}/api/v5/flow` with the `authkey` header and the flow's variables
 * by name beside the number. MSG91 answers `{ type: "success" }` when it took the message and
 * `{ type: "error", message }` (sometimes with a 200) when not: then MessageNotSent, its reason for the log.
 */
export async function sendMsg91Flow(
  apiBase: string,
  settings: { authKey: string; flowId: string },
  phone: string,
  variables: Record<string, string>,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/api/v5/flow`, {
      method: "POST",
      headers: { authkey: settings.authKey, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ template_id: settings.flowId, short_url: "0", recipients: [{ ...variables, mobiles: providerNumber(phone) }] }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new MessageNotSent(`MSG91 could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json().catch(() => null)) as { type?: unknown; message?: unknown } | null;
  if (!response.ok || body?.type === "error") {
    throw new MessageNotSent(`MSG91 refused the message (HTTP ${response.status}): ${String(body?.message ?? "no reason given").slice(0, 200)}`);
  }
}

/** A one-time code: the OTP flow, whose one variable is `otp`. */
export function sendMsg91Otp(apiBase: string, settings: { authKey: string; templateId: string }, message: CodeMessage): Promise<void> {
  return sendMsg91Flow(apiBase, { authKey: settings.authKey, flowId: settings.templateId }, message.phone, { otp: message.code });
}
