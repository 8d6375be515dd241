// "Notify me when back in stock" (decisions/027): the shopper's texts and the one rule for the
// address a guest gives, shared by the product page's form (in the browser) and the server.
import { type Checked, checked, isValidEmail, EMAIL_MAX, normalizeEmail } from "./forms.ts";
import { EMAIL_MESSAGES } from "./messages.ts";

export const BACK_IN_STOCK_MESSAGES = {
  /** A guest's request without an address. */
  emailRequired: "Please enter your email address so we can tell you when it is back.",
  emailInvalid: EMAIL_MESSAGES.invalid,
  inStock: "This product is in stock now, so you can add it to your cart.",
  notFound: "This product is not available.",
  invalid: "Please send your email address as text.",
} as const;

/** The answer to a request (new or already waiting: the same, so nobody learns who asked). */
export function backInStockRequestedMessage(email: string): string {
  return `Thank you. We will email ${email} once, when this product is back in stock.`;
}

/**
 * A guest's body `{ email }`: the address, trimmed and lower-cased. A signed-in shopper's account
 * address is used instead, so the body is not read for them.
 */
export function checkBackInStockRequest(input: unknown): Checked<{ email: string }> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { ok: false, errors: { email: BACK_IN_STOCK_MESSAGES.emailRequired } };
  const raw = (input as Record<string, unknown>).email;
  if (raw === undefined || raw === null) return { ok: false, errors: { email: BACK_IN_STOCK_MESSAGES.emailRequired } };
  if (typeof raw !== "string") return { ok: false, errors: { email: BACK_IN_STOCK_MESSAGES.invalid } };
  const email = normalizeEmail(raw);
  if (email === "") return { ok: false, errors: { email: BACK_IN_STOCK_MESSAGES.emailRequired } };
  return checked({ email }, { email: email.length > EMAIL_MAX || !isValidEmail(email) ? BACK_IN_STOCK_MESSAGES.emailInvalid : undefined });
}

/** The admin's view of the demand (issue 27 item 8): "3 shoppers waiting", "1 shopper waiting". */
export function waitingForStockText(waiting: number): string {
  return `${waiting} ${waiting === 1 ? "shopper" : "shoppers"} waiting`;
}
