// WhatsApp order updates (issue 30, decisions/055): the shopper's opt-in, stored with its time on
// the account (profile) and on each order (checkout): the API's refusals and the pages' answers,
// the profile form's reading and the shop's configured chat number. What the browser shows on every
// page (the wa.me link, what the updates are) is common/whatsapp-chat.ts.

export const WHATSAPP_MESSAGES = {
  /** `whatsappUpdates` that is not true or false (profile and checkout bodies). */
  choice: "WhatsApp updates must be true (on) or false (off)",
  /** Opting in on an account without a mobile number. */
  phoneNeeded: "Add your mobile number first: WhatsApp updates need a phone to go to",
  on: "WhatsApp updates are on",
  off: "WhatsApp updates are off",
} as const;

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
