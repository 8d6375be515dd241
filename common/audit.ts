// The audit log as people read it (GET /api/admin/audit, /admin/audit; decisions/015 and 033):
// the entities and actions recorded, their labels, and the before/after difference as rows.

/** What `GET /api/admin/audit` returns for each entry (newest first). */
export interface AuditEntryJson {
  _id: string;
  at: string;
  /** A copy made when the change was made: kept when the account is deleted. `_id` is null for the shop and payment gateways. */
  actor: { _id: string | null; name: string; role: string };
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** The kinds of record the log holds, with their labels (the page's entity filter). */
export const AUDIT_ENTITIES = {
  product: "Product",
  order: "Order",
  user: "User",
  coupon: "Coupon",
  review: "Review",
  message: "Contact message",
  serviceability: "Serviceability table",
  catalogue: "Catalogue import",
  settings: "Settings",
  return: "Return",
} as const;

/** Labels of the actions recorded; an action without one is shown as written ("entity.verb"). */
export const AUDIT_ACTIONS: Record<string, string> = {
  "product.create": "Product created",
  "product.update": "Product changed",
  "product.unpublish": "Product unpublished instead of deleted",
  "product.delete": "Product deleted",
  "catalogue.import": "Catalogue imported from CSV",
  "order.status": "Order status changed",
  "order.archive": "Order archived",
  "order.delete": "Order deleted",
  "order.prescription-approve": "Prescription approved",
  "order.prescription-reject": "Prescription rejected",
  "payment.captured": "Payment received",
  "payment.failed": "Payment failed",
  "payment.refunded": "Payment refunded",
  "user.create": "User added",
  "user.update": "User changed",
  "user.role": "User's role changed",
  "user.delete": "User deleted",
  "coupon.create": "Coupon created",
  "coupon.update": "Coupon changed",
  "coupon.deactivate": "Coupon deactivated",
  "coupon.delete": "Coupon deleted",
  "review.hide": "Review hidden",
  "review.show": "Review shown again",
  "review.delete": "Review deleted",
  "message.handled": "Message marked handled",
  "message.reopened": "Message reopened",
  "serviceability.import": "Serviceability table imported",
};

export const AUDIT_PAGE_SIZE = 25;

export const AUDIT_MESSAGES = {
  entityInvalid: "Choose a kind of record from the list",
  entityIdTooLong: "The record id is limited to 100 characters",
  actorTooLong: "The actor is limited to 100 characters",
  dateInvalid: "Enter a date as YYYY-MM-DD",
  rangeInvalid: "The end date must not be before the start date",
  empty: "No changes match these filters.",
  fetchFailed: "The audit log could not be loaded. Please try again.",
} as const;

export function auditActionLabel(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}

export function auditEntityLabel(entity: string): string {
  return (AUDIT_ENTITIES as Record<string, string>)[entity] ?? entity;
}

/** One line of a change: a field and its value before and after ("" where there was none). */
export interface AuditDiffRow {
  field: string;
  before: string;
  after: string;
}

/** A value as one line of text: lists joined, objects as `key: value` pairs, nothing as "". */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(auditValueText).join(", ");
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key}: ${auditValueText(item)}`)
      .join("; ");
  }
  return String(value);
}

/**
 * The change as rows, one per field of either snapshot, in the order they were written (before's
 * fields first). A snapshot that is not an object becomes one row named "value".
 */
export function auditDiff(before: unknown, after: unknown): AuditDiffRow[] {
  const asFields = (value: unknown): Record<string, unknown> =>
    value === null || value === undefined ? {} : typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  const old = asFields(before);
  const now = asFields(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return fields.map((field) => ({ field, before: auditValueText(old[field]), after: auditValueText(now[field]) }));
}
