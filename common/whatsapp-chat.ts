// The browser's part of WhatsApp (issue 30, decisions/055): "Chat on WhatsApp", the wa.me link to
// the shop's own number with the first message typed in for the shopper, and the sentence saying
// what WhatsApp updates are (the profile and the checkout). The footer shows the link, so this
// rides in the chunk every page loads (decision 037): a few lines only; the rest is common/whatsapp.ts.

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

/** The first message of a chat started from the contact page or the footer. */
export const GENERAL_CHAT_TEXT = "Hello, I have a question.";

/**
 * What goes by WhatsApp once a shopper opts in: the order news the shop sends (issue 30), never
 * marketing. The profile and the checkout say it in these words.
 */
export const WHATSAPP_UPDATES_SENT =
  "Order news only: placed, paid, shipped (with the tracking link), delivered, cancelled or refunded, and your prescriptions approved or rejected. Never offers or marketing. Reply STOP on WhatsApp to stop them.";
