// The audit log as people read it (GET /api/admin/audit, /admin/audit; decisions/015 and 033):
// the entities and actions recorded, their labels, and the before/after difference as rows.
import { formatDateTime } from "./dates.ts";
import { formatRupeeAmount, formatRupees } from "./money.ts";

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
  "prescription-order": "Prescription order request",
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
  "user.two-factor-reset": "User's two-factor sign-in reset",
  "coupon.create": "Coupon created",
  "coupon.update": "Coupon changed",
  "coupon.deactivate": "Coupon deactivated",
  "coupon.delete": "Coupon deleted",
  "review.hide": "Review hidden",
  "review.show": "Review shown again",
  "review.unhide": "Review shown again",
  "review.delete": "Review deleted",
  "message.handled": "Message marked handled",
  "message.reopened": "Message reopened",
  "serviceability.import": "Serviceability table imported",
  "settings.update": "Settings changed",
  "return.approve": "Return approved and refunded",
  "return.reject": "Return rejected",
  "prescription-order.propose": "Prescription order: items proposed",
  "prescription-order.decline": "Prescription order declined",
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

/** The fields the log's snapshots hold, in words (a field not listed: its name split into words). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  status: "Status",
  prescriptionStatus: "Prescription",
  prescriptionIds: "Prescriptions",
  prescriber: "Prescriber",
  registration: "Registration",
  reason: "Reason",
  note: "Note",
  shipment: "Shipment",
  courier: "Courier",
  awb: "AWB",
  refundedPaise: "Refunded",
  refundPaise: "Refund",
  refundMethod: "Refund method",
  amountPaise: "Amount",
  paymentId: "Payment",
  creditNote: "Credit note",
  archived: "Archived",
  published: "Published",
  isPublished: "Published",
  handled: "Handled",
  active: "Active",
  lowStockThreshold: "Low-stock threshold",
  parcelWeightG: "Parcel weight (g)",
  parcelLengthCm: "Parcel length (cm)",
  parcelBreadthCm: "Parcel breadth (cm)",
  parcelHeightCm: "Parcel height (cm)",
  dispatchCutoff: "Dispatch cut-off",
  ranges: "PIN code ranges",
  rows: "Rows",
  countInStock: "Stock",
  price: "Price",
  mrp: "MRP",
  gstRate: "GST rate",
  hsnCode: "HSN code",
  code: "Code",
  maxDiscount: "Largest discount",
  minOrder: "Minimum order",
  startsAt: "Starts",
  endsAt: "Ends",
  usageLimit: "Uses in all",
  perCustomerLimit: "Uses per customer",
  firstOrderOnly: "First order only",
  productIds: "Products",
  includeRx: "Prescription medicines included",
  productId: "Product",
  productName: "Product",
  userId: "Customer",
  verifiedPurchase: "Verified purchase",
  hiddenAt: "Hidden",
  createdAt: "Created",
  pharmacistRegistration: "Pharmacist registration",
};

/** "lowStockThreshold" → "Low stock threshold"; a listed field gets its label. */
export function auditFieldLabel(field: string): string {
  const known = AUDIT_FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Fields whose recorded numbers are rupees (a product's price and MRP, as the product JSON has them). */
const RUPEE_FIELDS = new Set(["price", "mrp"]);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A value as one line of text: lists joined, objects as `Label: value` pairs, nothing as "". Record
 * ids become the names in `names` (auditRecordNames on the server), amounts in paise (a field ending
 * in "Paise") and a product's price and MRP (rupees) as "₹75.50", times India time, yes/no for true/false.
 */
export function auditValueText(value: unknown, names: Readonly<Record<string, string>> = {}, field = ""): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return names[value] ?? (ISO_TIME.test(value) ? formatDateTime(value) : value);
  if (typeof value === "number") {
    if (field.endsWith("Paise") && Number.isInteger(value)) return formatRupees(value);
    return RUPEE_FIELDS.has(field) ? formatRupeeAmount(value) : String(value);
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map((item) => auditValueText(item, names, field)).join(", ");
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${auditFieldLabel(key)}: ${auditValueText(item, names, key)}`)
      .join("; ");
  }
  return String(value);
}

/**
 * The change as rows, one per field of either snapshot, in the order they were written (before's
 * fields first), each named in words. A snapshot that is not an object becomes one row named "Value".
 */
export function auditDiff(before: unknown, after: unknown, names: Readonly<Record<string, string>> = {}): AuditDiffRow[] {
  const asFields = (value: unknown): Record<string, unknown> =>
    value === null || value === undefined ? {} : typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  const old = asFields(before);
  const now = asFields(after);
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return fields.map((field) => ({
    field: auditFieldLabel(field),
    before: auditValueText(old[field], names, field),
    after: auditValueText(now[field], names, field),
  }));
}

/**
 * The record an entry is about, as a person knows it: its name from `names`, else (a record since
 * deleted) the name, code or order number its snapshot kept, else null (the page shows the id).
 */
export function auditRecordName(entry: AuditEntryJson, names: Readonly<Record<string, string>>): string | null {
  const known = names[entry.entityId];
  if (known) return known;
  for (const snapshot of [entry.before, entry.after]) {
    if (!snapshot || typeof snapshot !== "object") continue;
    const fields = snapshot as Record<string, unknown>;
    for (const key of ["orderNumber", "name", "code", "email"]) {
      if (typeof fields[key] === "string" && fields[key]) return key === "orderNumber" ? `order ${fields[key]}` : key === "code" ? `coupon ${fields[key]}` : (fields[key] as string);
    }
  }
  return null;
}
