// The pharmacist's side of prescriptions (api-contract.md, "Second release": Prescriptions;
// decisions/020): who may review, the review's plain rules and the sentences the queue, the
// review page, the API and the emails share. No library: the admin pages import it in the browser.
import type { Checked } from "./forms.ts";
import type { PrescriptionJson, PrescriptionStatus } from "./prescriptions.ts";

/** Roles that may enter the admin area; a pharmacist sees only orders (read-only) and prescriptions. */
export const STAFF_ROLES = ["pharmacist", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
}

/** Reasons a pharmacist picks from when rejecting (a typed reason is allowed too). */
export const REJECT_REASONS = [
  "Prescription is unreadable",
  "Prescription has expired (older than 6 months)",
  "Medicine not on the prescription",
  "Patient details do not match",
  "Not signed or stamped by a registered doctor",
] as const;

export const REVIEW_DECISIONS = ["approve", "reject"] as const;

export const REGISTRATION_MAX = 50;
export const PRESCRIBER_NAME_MAX = 100;
export const REJECT_REASON_MAX = 300;
/** The Schedule H1 register is kept three years (Drugs and Cosmetics Rules, rule 65(3)(b)): any period within it can be asked for. */
export const H1_RETENTION_YEARS = 3;

/** A registration number as councils write them: "KA/12345/2019", "DL-1234", "MCI 56789". */
const REGISTRATION = /^[A-Za-z0-9][A-Za-z0-9 /.-]*$/;

/**
 * The codes of India's States and Union Territories that State Pharmacy Councils put before their
 * numbers (the vehicle-registration codes; OR and OD, UK and UA, TS and TG both in use).
 */
export const STATE_COUNCIL_CODES = [
  "AN", "AP", "AR", "AS", "BR", "CG", "CH", "DD", "DL", "DN", "GA", "GJ", "HP", "HR", "JH", "JK", "KA", "KL", "LA", "LD",
  "MH", "ML", "MN", "MP", "MZ", "NL", "OD", "OR", "PB", "PY", "RJ", "SK", "TG", "TN", "TR", "TS", "UA", "UK", "UP", "WB",
] as const;

/** A pharmacist's number: the State's code, then the number (3 to 7 digits), optionally the year or a second number: "KA/12345", "MH-2019-0456". */
const PHARMACIST_REGISTRATION = /^([A-Z]{2})[ /-]?\d{3,7}(?:[ /-]\d{2,7})?$/;

export const REVIEW_MESSAGES = {
  pharmacistOnly: "Only a pharmacist can review prescriptions",
  staffOnly: "Only pharmacists and admins can do this",
  orderNotFound: "Order not found",
  noPrescription: "This order has no prescription medicines to review",
  alreadyApproved: "This order's prescription has already been approved",
  alreadyRejected: "This order's prescription has already been rejected",
  orderCancelled: "This order is cancelled, so its prescription can no longer be reviewed",
  decisionInvalid: "Choose approve or reject",
  prescriberNameRequired: "Enter the prescribing doctor's name",
  prescriberNameTooLong: `The doctor's name can be at most ${PRESCRIBER_NAME_MAX} characters`,
  prescriberRegistrationRequired: "Enter the doctor's registration number",
  registrationInvalid: `A registration number has at most ${REGISTRATION_MAX} letters, digits, spaces, slashes, dots or dashes`,
  reasonRequired: "Choose or type the reason for rejecting",
  reasonTooLong: `The reason can be at most ${REJECT_REASON_MAX} characters`,
  reviewerWithoutRegistration: "Your account has no pharmacist registration number; ask an admin to add it before reviewing",
  reviewerRegistrationImplausible:
    "Your account's registration number is not a State Pharmacy Council number (the State's code and the number, e.g. KA/12345); ask an admin to correct it before reviewing",
  ownOrder: "You placed this order, so another pharmacist must review its prescription",
  ownPrescription: "You uploaded a prescription of this order, so another pharmacist must review it",
  approved: "Prescription approved",
  rejected: "Prescription rejected and the order cancelled",
  rejectedRefunded: "Prescription rejected, the order cancelled and the payment refunded",
  notShippable: "This order's prescription has not been approved yet",
  coverInvalid: "For each medicine the prescription covers, give the units (a whole number from 1 to 10000) and the last date it may be used (YYYY-MM-DD)",
  coverUnknown: "Cover can be recorded only for this order's prescription medicines, once each",
  coverPast: "The last date a prescription covers cannot be before today",
  dateRangeInvalid: `Choose a from and a to date (YYYY-MM-DD), from not after to, at most ${H1_RETENTION_YEARS} years apart`,
} as const;

/** Checks a registration number; the message, or null when it is fine. Empty is for the caller to judge. */
export function registrationProblem(value: string): string | null {
  if (value.length > REGISTRATION_MAX || !REGISTRATION.test(value)) return REVIEW_MESSAGES.registrationInvalid;
  return null;
}

/** Whether a pharmacist's number (upper-cased and trimmed) has a State Pharmacy Council's form: the State's code and the number. */
export function isPharmacistRegistration(value: string): boolean {
  const match = PHARMACIST_REGISTRATION.exec(value);
  return match !== null && (STATE_COUNCIL_CODES as readonly string[]).includes(match[1]!);
}

/** What an approved prescription covers of one product: units over its life, and the last date it may be used (decisions/057). */
export interface CoverEntry {
  productId: string;
  quantity: number;
  until: string;
}

/**
 * The cover sent with an approval: the API's `cover: [{ productId, quantity, until }]`, or the
 * review form's `cover.<n>.productId`, `cover.<n>.quantity`, `cover.<n>.until` (a row left blank
 * records nothing). Undefined when malformed.
 */
export function readCover(fields: Record<string, unknown>): CoverEntry[] | undefined {
  let rows: unknown[];
  if (Array.isArray(fields.cover)) rows = fields.cover;
  else if (fields.cover !== undefined && fields.cover !== null) return undefined;
  else {
    const byIndex = new Map<string, Record<string, unknown>>();
    for (const [key, value] of Object.entries(fields)) {
      const match = /^cover\.(\d{1,2})\.(productId|quantity|until)$/.exec(key);
      if (!match) continue;
      const row = byIndex.get(match[1]!) ?? {};
      row[match[2]!] = value;
      byIndex.set(match[1]!, row);
    }
    rows = [...byIndex.values()].filter((row) => String(row.quantity ?? "").trim() !== "" || String(row.until ?? "").trim() !== "");
  }
  if (rows.length > 50) return undefined;
  const entries: CoverEntry[] = [];
  for (const row of rows) {
    if (typeof row !== "object" || row === null) return undefined;
    const { productId, quantity, until } = row as Record<string, unknown>;
    const units = typeof quantity === "string" && /^\s*\d+\s*$/.test(quantity) ? Number(quantity) : quantity;
    const day = typeof until === "string" ? until.trim() : "";
    if (typeof productId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(productId)) return undefined;
    if (typeof units !== "number" || !Number.isInteger(units) || units < 1 || units > 10_000) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) return undefined;
    entries.push({ productId, quantity: units, until: day });
  }
  return entries;
}

export type ReviewInput =
  | { decision: "approve"; prescriberName: string; prescriberRegistration: string; cover: CoverEntry[] }
  | { decision: "reject"; reason: string };

/** The review form's and the API's one check: per-field messages, or the input to decide with. */
export function checkReview(body: unknown): Checked<ReviewInput> {
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const text = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string).trim() : "");
  const decision = text("decision").toLowerCase();
  if (decision === "approve") {
    const errors: Record<string, string> = {};
    const prescriberName = text("prescriberName");
    const prescriberRegistration = text("prescriberRegistration");
    if (!prescriberName) errors.prescriberName = REVIEW_MESSAGES.prescriberNameRequired;
    else if (prescriberName.length > PRESCRIBER_NAME_MAX) errors.prescriberName = REVIEW_MESSAGES.prescriberNameTooLong;
    if (!prescriberRegistration) errors.prescriberRegistration = REVIEW_MESSAGES.prescriberRegistrationRequired;
    else {
      const problem = registrationProblem(prescriberRegistration);
      if (problem) errors.prescriberRegistration = problem;
    }
    let cover: CoverEntry[] | undefined;
    try {
      cover = readCover(fields);
    } catch {
      cover = undefined;
    }
    if (!cover) errors.cover = REVIEW_MESSAGES.coverInvalid;
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, data: { decision, prescriberName, prescriberRegistration, cover: cover! } };
  }
  if (decision === "reject") {
    // The page sends the picked reason and, when "Other" is chosen, the typed one.
    const picked = text("reason");
    const reason = picked === "other" || picked === "" ? text("otherReason") || (picked === "other" ? "" : picked) : picked;
    if (!reason) return { ok: false, errors: { reason: REVIEW_MESSAGES.reasonRequired } };
    if (reason.length > REJECT_REASON_MAX) return { ok: false, errors: { reason: REVIEW_MESSAGES.reasonTooLong } };
    return { ok: true, data: { decision, reason } };
  }
  return { ok: false, errors: { decision: REVIEW_MESSAGES.decisionInvalid } };
}

/** An order line as the review shows it: what the pharmacist must find on the prescription. */
export interface ReviewLineJson {
  productId: string;
  name: string;
  sku: string;
  schedule: string;
  quantity: number;
}

/** An order awaiting (or past) review, as the queue lists it under each prescription. */
export interface ReviewOrderJson {
  _id: string;
  orderNumber: string;
  status: string;
  isPaid: boolean;
  prescriptionStatus: PrescriptionStatus | null;
  /** Who the medicine is for: the typed patient names, else the shipping name. */
  patient: string;
  customer: { name: string; email: string };
  /** The prescription-only lines (schedule other than OTC). */
  rxLines: ReviewLineJson[];
  createdAt: string;
}

/** One entry of GET /api/admin/prescriptions: a prescription and the orders placed with it. */
export interface QueuePrescriptionJson extends PrescriptionJson {
  orders: ReviewOrderJson[];
}

/** What the review page shows for one order: the order, its prescriptions and the decision so far. */
export interface OrderReviewJson extends ReviewOrderJson {
  prescriptions: PrescriptionJson[];
  reviewedAt: string | null;
  reviewer: { name: string; registration: string } | null;
  prescriber: { name: string; registration: string } | null;
  rejectReason: string | null;
}

/** Who reads another customer's records: a role, and whether the session waits for two-factor set-up. */
export interface Reader {
  role: string;
  twoFactorSetupRequired?: boolean;
}

/**
 * Whether a reader has an admin's reach over customers' orders, invoices and prescriptions: an
 * admin whose session is not waiting for two-factor set-up (STAFF_TWO_FACTOR=required, decisions/051).
 */
export function readsAsAdmin(reader: Reader): boolean {
  return reader.role === "admin" && !reader.twoFactorSetupRequired;
}

/** The same for staff (admins and pharmacists): prescriptions. */
export function readsAsStaff(reader: Reader): boolean {
  return (reader.role === "admin" || reader.role === "pharmacist") && !reader.twoFactorSetupRequired;
}
