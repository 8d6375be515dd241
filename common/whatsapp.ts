// WhatsApp order updates (issue 30, decisions/055): the shopper's opt-in, stored with its time on
// the account (profile) and on each order (checkout), and the "Chat on WhatsApp" link to the
// shop's own number. The API's refusals, the pages' copy and the link are built here once.

export const WHATSAPP_MESSAGES = {
  /** `whatsappUpdates` that is not true or false (profile and checkout bodies). */
  choice: "WhatsApp updates must be true (on) or false (off)",
  /** Opting in on an account without a mobile number. */
  phoneNeeded: "Add your mobile number first: WhatsApp updates need a phone to go to",
  on: "WhatsApp updates are on",
  off: "WhatsApp updates are off",
} as const;

/**
 * What goes by WhatsApp once a shopper opts in: the order news the shop sends (issue 30), never
 * marketing. The profile and the checkout say it in these words.
 */
export const WHATSAPP_UPDATES_SENT =
  "Order news only: placed, paid, shipped (with the tracking link), delivered, cancelled or refunded, and your prescriptions approved or rejected. Never offers or marketing. Reply STOP on WhatsApp to stop them.";

/** The profile's WhatsApp form: its one box, ticked (on) or not (off); nothing in it can be wrong. */
export function whatsappFormChoice(values: Record<string, unknown>): { whatsappUpdates: boolean } {
  return { whatsappUpdates: values.whatsappUpdates === "on" };
}

/** The shop's number as configured: 10 digits (an optional +91, 91 or 0 and spaces or dashes are dropped); null when it is not. */
export function chatNumberDigits(input: string): string | null {
  let digits = input.trim().replace(/[\s().-]/g, "");
  if (digits.startsWith("+91")) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** https://wa.me/91XXXXXXXXXX?text=…: a chat with the shop's number, the first message typed in for the shopper. */
export function whatsappChatUrl(number: string, text: string): string {
  return `https://wa.me/91${number}?text=${encodeURIComponent(text)}`;
}

/** The first message of a chat started from a product page. */
export function productChatText(productName: string): string {
  return `Hello, I have a question about ${productName}.`;
}

/** The first message of a chat started from an order page. */
export function orderChatText(orderNumber: string): string {
  return `Hello, I have a question about my order ${orderNumber}.`;
}

/** The first message of a chat started from the contact page. */
export const CONTACT_CHAT_TEXT = "Hello, I have a question.";
