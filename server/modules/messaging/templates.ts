// The messages a shopper's phone gets (decisions/054, docs/messages.md): one row per template, the
// same name on both channels. An operator registers each with Meta (WhatsApp, body parameters
// {{1}}, {{2}} … in `vars` order) and on the DLT portal through MSG91 (SMS: a Flow whose
// variables are `vars` by name, its id in MSG91_FLOW_<NAME>). A new message (the refill reminder)
// is a new row here, its document section, and its flow id setting. Each row has its Hindi text
// too (decisions/064): a shopper's messages are in their language (the order's or the account's),
// its flow id in MSG91_FLOW_<NAME>_HI.

import type { Language } from "#common/language.ts";

export interface MessageTemplate {
  /** What the admin order page calls it. */
  label: string;
  /** The body's variables in order: WhatsApp's {{1}}, {{2}} …; MSG91 Flow's variables by these names. */
  vars: readonly string[];
  /** The text as registered, {{n}} standing for the n-th variable (DLT wants each as a variable of its own). */
  text: string;
  /** WhatsApp quick-reply buttons, in order (their payloads are filled in when sent: messaging/cod-reply.ts). */
  buttons?: readonly string[];
  /**
   * The same message in Hindi (decisions/064): registered as the same template name in Hindi with
   * Meta, and as a DLT template and MSG91 flow of its own (MSG91_FLOW_<NAME>_HI). Same variables.
   */
  hi: { text: string; buttons?: readonly string[] };
}

export const MESSAGE_TEMPLATES = {
  order_placed: {
    label: "Order placed (cash on delivery)",
    vars: ["name", "order", "amount", "link"],
    text: "Hi {{1}}, thank you for your order {{2}}. Please pay Rs {{3}} in cash when it is delivered. Your order: {{4}}",
    hi: { text: "नमस्ते {{1}}, आपका ऑर्डर {{2}} हमें मिल गया है, धन्यवाद। डिलीवरी के समय ₹{{3}} नकद भुगतान करें। आपका ऑर्डर: {{4}}" },
  },
  cod_confirm: {
    label: "Confirm cash on delivery",
    vars: ["name", "order", "amount", "link"],
    text: "Hi {{1}}, please confirm your cash-on-delivery order {{2}} of Rs {{3}}; an order not confirmed in time is cancelled. Your order: {{4}}",
    buttons: ["Confirm", "Cancel"],
    hi: { text: "नमस्ते {{1}}, कृपया अपने कैश ऑन डिलीवरी ऑर्डर {{2}} (₹{{3}}) को कन्फ़र्म करें; समय पर कन्फ़र्म न होने पर ऑर्डर रद्द हो जाएगा। आपका ऑर्डर: {{4}}", buttons: ["कन्फ़र्म करें", "रद्द करें"] },
  },
  order_paid: {
    label: "Payment received",
    vars: ["name", "order", "amount", "link"],
    text: "Hi {{1}}, we have received your payment of Rs {{3}} for order {{2}} and are preparing it. Your order: {{4}}",
    hi: { text: "नमस्ते {{1}}, ऑर्डर {{2}} के लिए आपका ₹{{3}} का भुगतान हमें मिल गया है और हम आपका ऑर्डर तैयार कर रहे हैं। आपका ऑर्डर: {{4}}" },
  },
  order_shipped: {
    label: "Shipped",
    vars: ["name", "order", "courier", "link"],
    text: "Hi {{1}}, your order {{2}} has been shipped with {{3}}. Track it: {{4}}",
    hi: { text: "नमस्ते {{1}}, आपका ऑर्डर {{2}} {{3}} से भेज दिया गया है। ट्रैक करें: {{4}}" },
  },
  order_out_for_delivery: {
    label: "Out for delivery",
    vars: ["name", "order", "link"],
    text: "Hi {{1}}, your order {{2}} is out for delivery today. Your order: {{3}}",
    hi: { text: "नमस्ते {{1}}, आपका ऑर्डर {{2}} आज डिलीवरी के लिए निकल चुका है। आपका ऑर्डर: {{3}}" },
  },
  order_delivered: {
    label: "Delivered",
    vars: ["name", "order", "link"],
    text: "Hi {{1}}, your order {{2}} has been delivered. Invoice and returns: {{3}}",
    hi: { text: "नमस्ते {{1}}, आपका ऑर्डर {{2}} डिलीवर हो गया है। इनवॉइस और वापसी: {{3}}" },
  },
  order_cancelled: {
    label: "Cancelled",
    vars: ["name", "order", "link"],
    text: "Hi {{1}}, your order {{2}} has been cancelled. Details: {{3}}",
    hi: { text: "नमस्ते {{1}}, आपका ऑर्डर {{2}} रद्द कर दिया गया है। जानकारी: {{3}}" },
  },
  order_refunded: {
    label: "Refunded",
    vars: ["name", "order", "amount", "link"],
    text: "Hi {{1}}, a refund of Rs {{3}} for your order {{2}} has been issued to your original payment method. Banks usually credit it within 5-7 working days. Details: {{4}}",
    hi: { text: "नमस्ते {{1}}, आपके ऑर्डर {{2}} का ₹{{3}} का रिफ़ंड आपके भुगतान के मूल माध्यम में भेज दिया गया है। बैंक आम तौर पर 5-7 कामकाजी दिनों में इसे खाते में जमा कर देते हैं। जानकारी: {{4}}" },
  },
  prescription_approved: {
    label: "Prescription approved",
    vars: ["name", "order", "link"],
    text: "Hi {{1}}, our pharmacist has approved the prescription for your order {{2}}. Your order: {{3}}",
    hi: { text: "नमस्ते {{1}}, हमारे फ़ार्मासिस्ट ने आपके ऑर्डर {{2}} का प्रिस्क्रिप्शन मंज़ूर कर दिया है। आपका ऑर्डर: {{3}}" },
  },
  prescription_rejected: {
    label: "Prescription rejected",
    vars: ["name", "order", "link"],
    text: "Hi {{1}}, our pharmacist could not approve the prescription for your order {{2}}, so it has been cancelled. The reason is on your order page: {{3}}",
    hi: { text: "नमस्ते {{1}}, हमारे फ़ार्मासिस्ट आपके ऑर्डर {{2}} का प्रिस्क्रिप्शन मंज़ूर नहीं कर सके, इसलिए ऑर्डर रद्द कर दिया गया है। कारण आपके ऑर्डर पेज पर है: {{3}}" },
  },
  refill_reminder: {
    label: "Refill reminder",
    vars: ["name", "date", "link"],
    text: "Hi {{1}}, your refill will be ordered on {{2}}. To skip or pause it, sign in here: {{3}}",
    hi: { text: "नमस्ते {{1}}, आपका रिफ़िल ऑर्डर {{2}} को किया जाएगा। इसे छोड़ने या रोकने के लिए यहाँ साइन इन करें: {{3}}" },
  },
  refill_payment: {
    label: "Refill ready to pay",
    vars: ["name", "order", "amount", "link"],
    text: "Hi {{1}}, your refill order {{2}} is ready. Please pay Rs {{3}} here to have it shipped: {{4}}",
    hi: { text: "नमस्ते {{1}}, आपका रिफ़िल ऑर्डर {{2}} तैयार है। इसे भेजने के लिए कृपया यहाँ ₹{{3}} का भुगतान करें: {{4}}" },
  },
  refill_not_placed: {
    label: "Refill not placed",
    vars: ["name", "reason", "link"],
    text: "Hi {{1}}, we could not place your refill order: {{2}} Your refills: {{3}}",
    hi: { text: "नमस्ते {{1}}, हम आपका रिफ़िल ऑर्डर नहीं कर सके: {{2}} आपके रिफ़िल: {{3}}" },
  },
  // Order by prescription (issue 32, decisions/058): about a request, not an order (outbox.ts queueAccountMessage).
  prescription_order_proposed: {
    label: "Prescription order: items in the cart",
    vars: ["name", "link"],
    text: "Hi {{1}}, our pharmacist has put the medicines from your prescription in your cart. Check them and place the order: {{2}}",
    hi: { text: "नमस्ते {{1}}, हमारे फ़ार्मासिस्ट ने आपके प्रिस्क्रिप्शन की दवाइयाँ आपकी कार्ट में डाल दी हैं। उन्हें देखकर ऑर्डर करें: {{2}}" },
  },
  prescription_order_declined: {
    label: "Prescription order declined",
    vars: ["name", "link"],
    text: "Hi {{1}}, our pharmacist could not build an order from your prescription. The reason and what you can do: {{2}}",
    hi: { text: "नमस्ते {{1}}, हमारे फ़ार्मासिस्ट आपके प्रिस्क्रिप्शन से ऑर्डर नहीं बना सके। कारण और आगे क्या करें: {{2}}" },
  },
} as const satisfies Record<string, MessageTemplate>;

export type MessageTemplateName = keyof typeof MESSAGE_TEMPLATES;

export const MESSAGE_TEMPLATE_NAMES = Object.keys(MESSAGE_TEMPLATES) as MessageTemplateName[];

export function isMessageTemplate(name: string): name is MessageTemplateName {
  return Object.hasOwn(MESSAGE_TEMPLATES, name);
}

/** The setting holding a template's MSG91 Flow id: MSG91_FLOW_ORDER_SHIPPED, in Hindi MSG91_FLOW_ORDER_SHIPPED_HI. */
export function flowIdSetting(name: MessageTemplateName, language: Language = "en"): string {
  return `MSG91_FLOW_${name.toUpperCase()}${language === "en" ? "" : `_${language.toUpperCase()}`}`;
}

/** The template's text and buttons in a language. */
export function templateIn(name: MessageTemplateName, language: Language = "en"): { text: string; buttons?: readonly string[] } {
  const template: MessageTemplate = MESSAGE_TEMPLATES[name];
  return language === "hi" ? template.hi : template;
}

/** The text with its variables filled in (the outbox file's body; what the shopper reads). */
export function renderMessage(name: MessageTemplateName, params: readonly string[], language: Language = "en"): string {
  return templateIn(name, language).text.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? "");
}
