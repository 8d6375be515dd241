// Order by prescription (api-contract.md, "Third release": "Order by prescription"; decisions/058):
// the shopper asks the pharmacy to build the order from a prescription; a pharmacist proposes the
// items (they go into the shopper's cart) or declines with a reason. The plain checks here decide
// in the browser and on the server alike (no library: the pages import them).
import type { Checked } from "./forms.ts";
import { PRESCRIBER_NAME_MAX, registrationProblem, REVIEW_MESSAGES } from "./pharmacist.ts";

export const PRESCRIPTION_ORDER_STATUSES = ["waiting", "proposed", "declined"] as const;
export type PrescriptionOrderStatus = (typeof PRESCRIPTION_ORDER_STATUSES)[number];

export const NOTE_MAX = 500;
export const PROPOSAL_MESSAGE_MAX = 500;
export const DECLINE_REASON_MAX = 300;
/** Lines in one proposal: a prescription rarely names more. */
export const PROPOSAL_ITEMS_MAX = 20;

/** What the shopper and the pharmacist read for each status. */
export const PRESCRIPTION_ORDER_STATUS_LABELS: Record<PrescriptionOrderStatus, string> = {
  waiting: "Waiting for the pharmacist",
  proposed: "Items added to your cart",
  declined: "Declined",
};

export const PRESCRIPTION_ORDER_MESSAGES = {
  prescriptionRequired: "Choose one of your prescriptions",
  prescriptionNotFound: "Prescription not found",
  prescriptionRejected: "This prescription was rejected by our pharmacist; upload a new one",
  addressNotFound: "Choose one of your saved addresses",
  noteTooLong: `The note can be at most ${NOTE_MAX} characters`,
  alreadyWaiting: "This prescription already has a request waiting for the pharmacist",
  requestNotFound: "Request not found",
  asked: "Request sent: a pharmacist will add the medicines to your cart",
  statusInvalid: `Status must be one of ${PRESCRIPTION_ORDER_STATUSES.join(", ")}`,
  pharmacistOnly: "Only a pharmacist can answer a request",
  ownRequest: "This is your own request, so another pharmacist must answer it",
  itemsRequired: "Add at least one product",
  tooManyItems: `A proposal can hold at most ${PROPOSAL_ITEMS_MAX} products`,
  itemInvalid: "Each item needs a product and a quantity",
  quantityInvalid: "Each quantity must be a whole number from 1",
  duplicateProduct: "Each product can be listed once",
  productNotSold: (name: string) => `${name} is not sold online`,
  productNotFound: "A product in the proposal was not found",
  messageTooLong: `The message can be at most ${PROPOSAL_MESSAGE_MAX} characters`,
  prescriberNeeded: "Prescription medicines are proposed: enter the prescribing doctor's name and registration",
  reasonRequired: "Enter the reason for declining",
  reasonTooLong: `The reason can be at most ${DECLINE_REASON_MAX} characters`,
  alreadyProposed: "Another pharmacist has already proposed the items for this request",
  alreadyDeclined: "This request has already been declined",
  nothingAdded: "None of the items could go into the cart",
  proposed: "Proposal sent: the items are in the shopper's cart",
  proposedWithSkipped: "Proposal sent; some items could not go into the shopper's cart in full",
  declined: "Request declined and the shopper told why",
} as const;

export interface ProposalItemInput {
  productId: string;
  quantity: number;
}

export interface ProposalInput {
  items: ProposalItemInput[];
  message: string | null;
  prescriberName: string | null;
  prescriberRegistration: string | null;
}

export interface AskInput {
  prescriptionId: string;
  addressId: string | null;
  note: string | null;
}

type Fields = Record<string, unknown>;
const fieldsOf = (body: unknown): Fields => (typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Fields) : {});
const textOf = (fields: Fields, name: string) => (typeof fields[name] === "string" ? (fields[name] as string).trim() : "");

/** POST /api/prescription-orders and the My Prescriptions form. */
export function checkAsk(body: unknown): Checked<AskInput> {
  const fields = fieldsOf(body);
  const prescriptionId = textOf(fields, "prescriptionId");
  const addressId = textOf(fields, "addressId");
  const note = textOf(fields, "note");
  const errors: Record<string, string> = {};
  if (!prescriptionId) errors.prescriptionId = PRESCRIPTION_ORDER_MESSAGES.prescriptionRequired;
  if (fields.addressId !== undefined && fields.addressId !== null && typeof fields.addressId !== "string") errors.addressId = PRESCRIPTION_ORDER_MESSAGES.addressNotFound;
  if (fields.note !== undefined && fields.note !== null && typeof fields.note !== "string") errors.note = PRESCRIPTION_ORDER_MESSAGES.noteTooLong;
  else if (note.length > NOTE_MAX) errors.note = PRESCRIPTION_ORDER_MESSAGES.noteTooLong;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: { prescriptionId, addressId: addressId || null, note: note || null } };
}

/**
 * POST /api/admin/prescription-orders/:id/proposal and the queue's form: 1 to PROPOSAL_ITEMS_MAX
 * distinct products with whole quantities; the prescriber's name and registration, checked as the
 * review checks them, are required by the use case when a proposed product needs a prescription.
 */
export function checkProposal(body: unknown, maxQuantity: number): Checked<ProposalInput> {
  const fields = fieldsOf(body);
  const errors: Record<string, string> = {};
  const raw = fields.items;
  const items: ProposalItemInput[] = [];
  if (!Array.isArray(raw) || raw.length === 0) errors.items = PRESCRIPTION_ORDER_MESSAGES.itemsRequired;
  else if (raw.length > PROPOSAL_ITEMS_MAX) errors.items = PRESCRIPTION_ORDER_MESSAGES.tooManyItems;
  else {
    for (const entry of raw) {
      const item = fieldsOf(entry);
      const productId = typeof item.productId === "string" ? item.productId.trim() : "";
      const quantity = typeof item.quantity === "string" && /^\d+$/.test(item.quantity.trim()) ? Number(item.quantity) : item.quantity;
      if (!productId) {
        errors.items = PRESCRIPTION_ORDER_MESSAGES.itemInvalid;
        break;
      }
      if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > maxQuantity) {
        errors.items = `${PRESCRIPTION_ORDER_MESSAGES.quantityInvalid} to ${maxQuantity}`;
        break;
      }
      if (items.some((seen) => seen.productId === productId)) {
        errors.items = PRESCRIPTION_ORDER_MESSAGES.duplicateProduct;
        break;
      }
      items.push({ productId, quantity });
    }
  }
  const message = textOf(fields, "message");
  if (message.length > PROPOSAL_MESSAGE_MAX) errors.message = PRESCRIPTION_ORDER_MESSAGES.messageTooLong;
  const prescriberName = textOf(fields, "prescriberName");
  const prescriberRegistration = textOf(fields, "prescriberRegistration");
  if (prescriberName.length > PRESCRIBER_NAME_MAX) errors.prescriberName = REVIEW_MESSAGES.prescriberNameTooLong;
  if (prescriberRegistration) {
    const problem = registrationProblem(prescriberRegistration);
    if (problem) errors.prescriberRegistration = problem;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: { items, message: message || null, prescriberName: prescriberName || null, prescriberRegistration: prescriberRegistration || null } };
}

/** POST /api/admin/prescription-orders/:id/decline and the queue's form. */
export function checkDecline(body: unknown): Checked<{ reason: string }> {
  const reason = textOf(fieldsOf(body), "reason");
  if (!reason) return { ok: false, errors: { reason: PRESCRIPTION_ORDER_MESSAGES.reasonRequired } };
  if (reason.length > DECLINE_REASON_MAX) return { ok: false, errors: { reason: PRESCRIPTION_ORDER_MESSAGES.reasonTooLong } };
  return { ok: true, data: { reason } };
}

/** A request as its shopper reads it (POST/GET /api/prescription-orders). */
export interface PrescriptionOrderJson {
  _id: string;
  status: PrescriptionOrderStatus;
  prescriptionId: string;
  note: string | null;
  /** The saved address the shopper chose (its id), if any. */
  addressId: string | null;
  /** The proposal: what went to the cart and what the prescription covers (proposed only). */
  items: { productId: string; name: string; quantity: number }[];
  message: string | null;
  declineReason: string | null;
  pharmacist: { name: string; registration: string } | null;
  decidedAt: string | null;
  createdAt: string;
}

/** A request as the pharmacists' queue lists it: the shopper, the prescription and the address too. */
export interface AdminPrescriptionOrderJson extends PrescriptionOrderJson {
  customer: { name: string; email: string | null; phone: string | null };
  prescription: { _id: string; fileName: string; contentType: string; patientName: string | null; doctorName: string | null; status: string };
  address: { fullName: string; phone: string; line1: string; line2: string | null; city: string; state: string; postalCode: string } | null;
}
