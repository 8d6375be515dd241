/** How a one-time code travels: an SMS (MSG91's Flow API) or a WhatsApp authentication template. */
export type CodeChannel = "sms" | "whatsapp";

export interface CodeMessage {
  /** The number as the shop keeps it: 10 digits starting 6-9 (a provider gets "91" in front). */
  phone: string;
  code: string;
  channel: CodeChannel;
  /** Minutes the code stays good for (the outbox file says so). */
  minutes: number;
}

/** A provider that did not take a message (a code, or order news); its reason is for the log, never for the shopper. */
export class MessageNotSent extends Error {
  override name = "MessageNotSent";
}

/** "91" + the 10 digits: how MSG91 and WhatsApp want an Indian number. */
export function providerNumber(phone: string): string {
  return `91${phone}`;
}
