// Returns of delivered items (issue 17 item 5, decisions/032): the policy published on /shipping
// ("Tell us within 7 days of delivery"; wrong, damaged, expired or near-expiry items), in one place
// for the order page, the server's check and the emails.

/** Days after delivery within which a customer may ask for a return (/shipping#returns-and-refunds). */
export const RETURN_WINDOW_DAYS = 7;

export const RETURN_REASONS = [
  { id: "wrong-item", label: "Wrong item (a different product, strength or pack size)" },
  { id: "damaged", label: "Damaged, leaking or tampered pack" },
  { id: "near-expiry", label: "Expired or near expiry (less than three months left)" },
] as const;

export type ReturnReasonId = (typeof RETURN_REASONS)[number]["id"];
export const RETURN_REASON_IDS = RETURN_REASONS.map((reason) => reason.id) as ReturnReasonId[];

export function returnReasonLabel(id: string): string {
  return RETURN_REASONS.find((reason) => reason.id === id)?.label ?? id;
}

/** The request's states as the customer and the admin read them. */
export const RETURN_STATUS_LABELS = { requested: "Return requested", approved: "Return approved", rejected: "Return rejected" } as const;
export type ReturnStatusId = keyof typeof RETURN_STATUS_LABELS;

/** The last moment a return may be asked for. */
export function returnWindowEndsAt(deliveredAt: Date | string): Date {
  return new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

export function withinReturnWindow(deliveredAt: Date | string | null | undefined, now = new Date()): boolean {
  return !!deliveredAt && now.getTime() <= returnWindowEndsAt(deliveredAt).getTime();
}

/** Longest free text the customer's details and the admin's reason may have. */
export const RETURN_TEXT_MAX = 500;

export const RETURN_MESSAGES = {
  notDelivered: "Only a delivered order can be returned",
  windowClosed: `Returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery; this order's window has closed`,
  noLines: "Choose at least one item and how many to return",
  tooMany: "You cannot return more of an item than was delivered and not already returned",
  reason: "Choose why you are returning the items",
  details: `Tell us what is wrong in at most ${RETURN_TEXT_MAX} characters`,
  pending: "This order already has a return request waiting for our reply",
  requested: "Your return request has been sent. We will email you once we have looked at it.",
  notFound: "Return request not found",
  decided: "This return request has already been decided",
  rejectReason: "Give the customer a reason for the rejection",
  approved: "Return approved: the refund and the credit note have been issued",
  rejected: "Return rejected: the customer has been told why",
  refundFailed: "The refund could not be made right now. Please try again in a few minutes.",
} as const;

/** A return request as the order pages and the admin list show it (amounts in rupees like every order figure). */
export interface ReturnRequestJson {
  _id: string;
  orderId: string;
  orderNumber: string;
  status: ReturnStatusId;
  reason: ReturnReasonId;
  details: string | null;
  decisionReason: string | null;
  createdAt: string;
  decidedAt: string | null;
  refund: null | { amount: number; method: "gateway" | "manual"; id: string | null };
  creditNote: null | { _id: string; serial: string };
  lines: { orderLineId: string; name: string; sku: string; quantity: number }[];
  customer: { name: string; email: string };
}
