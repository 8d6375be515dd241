// Messages to a shopper's phone (SMS, WhatsApp) as the admin order page shows them (decisions/054).
import type { Language } from "./language.ts";

export type MessageChannel = "sms" | "whatsapp";
export type MessageStatus = "queued" | "sent" | "delivered" | "read" | "failed";

/** One message as the admin order page lists it: to whom, how, what, and what became of it. */
export interface OrderMessageJson {
  _id: string;
  channel: MessageChannel;
  /** The number it went to (10 digits): staff see it whole. */
  to: string;
  template: string;
  label: string;
  /** The language it went out in (decisions/064): the order's, or English where the provider has no Hindi template. */
  language: Language;
  status: MessageStatus;
  /** Set while a queued message waits to be tried again, and on a failed one. */
  lastError: string | null;
  attempts: number;
  /** Sent by SMS because this WhatsApp message failed. */
  fallbackOf: string | null;
  createdAt: string;
  sentAt: string | null;
  statusAt: string | null;
}
