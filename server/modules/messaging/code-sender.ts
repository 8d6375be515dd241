import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { Config } from "#server/config.ts";
import { outboxDirectory } from "#server/modules/email/dispatcher.ts";
import { providerNumber, type CodeChannel, type CodeMessage } from "./code-message.ts";
import { sendMsg91Otp } from "./msg91.ts";
import { sendWhatsAppOtp } from "./whatsapp.ts";

export interface CodeSenderContext {
  config: Config;
  logger: Pick<Logger, "info" | "warn">;
}

/** Whether a shopper may pick WhatsApp: only when its settings are all there (decisions/050). */
export function whatsappCodesOffered(config: Pick<Config, "whatsapp">): boolean {
  return config.whatsapp.otp !== null;
}

/**
 * Sends one code: WhatsApp when asked for and configured, else SMS through MSG91 when configured,
 * else (the offline default) a file under DATA_DIR/outbox/ (where emails go without SMTP_URL) and,
 * in development, a line in the terminal. Throws CodeNotSent when a provider refuses or cannot be
 * reached.
 */
export async function sendCode(context: CodeSenderContext, message: CodeMessage): Promise<{ via: "msg91" | "whatsapp" | "outbox" }> {
  const { config } = context;
  if (message.channel === "whatsapp" && config.whatsapp.otp) {
    await sendWhatsAppOtp(config.whatsapp.apiBase, config.whatsapp.otp, message);
    return { via: "whatsapp" };
  }
  if (config.sms.msg91) {
    await sendMsg91Otp(config.sms.apiBase, config.sms.msg91, message);
    return { via: "msg91" };
  }
  await writeCodeFile(outboxDirectory(context), message);
  if (config.env === "development") {
    context.logger.info({ phone: message.phone, channel: message.channel }, `One-time code ${message.code} for ${message.phone} (no SMS provider configured)`);
  }
  return { via: "outbox" };
}

/**
 * `DATA_DIR/outbox/<time>-<channel>-91<number>-<suffix>.txt` (beside the emails' outbox files,
 * email/dispatcher.ts), owner-only like them (a file may hold a live code), written whole then
 * renamed, so a reader never sees half a file. The same `time` and `suffix` name the same file:
 * order news (messaging/dispatcher.ts) passes its row's, so a message sent again after a crash
 * replaces its file rather than adding one.
 */
export async function writePhoneMessageFile(
  directory: string,
  message: { channel: CodeChannel; phone: string; at: Date; suffix: string; headers: Record<string, string>; text: string },
): Promise<string> {
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const stamp = message.at.toISOString().replace(/[-:]/g, "").replace("Z", "");
  const file = path.join(directory, `${stamp}Z-${message.channel}-${providerNumber(message.phone)}-${message.suffix}.txt`);
  const text = [
    `To: +${providerNumber(message.phone)}`,
    `Channel: ${message.channel}`,
    ...Object.entries(message.headers).map(([name, value]) => `${name}: ${value}`),
    "",
    message.text,
    "",
  ].join("\n");
  await writeFile(`${file}.tmp`, text, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return file;
}

function writeCodeFile(directory: string, message: CodeMessage): Promise<string> {
  return writePhoneMessageFile(directory, {
    channel: message.channel,
    phone: message.phone,
    at: new Date(),
    suffix: crypto.randomUUID().slice(0, 8),
    headers: { Code: message.code },
    text: `${message.code} is your sign-in code. It is valid for ${message.minutes} minutes. Do not share it with anyone.`,
  });
}
