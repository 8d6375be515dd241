import { CodeNotSent, providerNumber, type CodeMessage } from "./code-message.ts";

const TIMEOUT_MS = 10_000;

/**
 * MSG91's Flow API (a DLT-registered template whose variable is `otp`, docs/operations.md):
 * `POST {base}/api/v5/flow` with the `authkey` header. MSG91 answers `{ type: "success" }` when it
 * took the message and `{ type: "error", message }` (sometimes with a 200) when not.
 */
export async function sendMsg91Otp(apiBase: string, settings: { authKey: string; templateId: string }, message: CodeMessage): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/api/v5/flow`, {
      method: "POST",
      headers: { authkey: settings.authKey, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        template_id: settings.templateId,
        short_url: "0",
        recipients: [{ mobiles: providerNumber(message.phone), otp: message.code }],
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new CodeNotSent(`MSG91 could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body = (await response.json().catch(() => null)) as { type?: unknown; message?: unknown } | null;
  if (!response.ok || body?.type === "error") {
    throw new CodeNotSent(`MSG91 refused the message (HTTP ${response.status}): ${String(body?.message ?? "no reason given").slice(0, 200)}`);
  }
}
