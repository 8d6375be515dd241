// Prescriptions and drug schedules (api-contract.md, "Second release": Products, Prescriptions;
// decisions/019): the schedules, the one rule that makes a product prescription-only, the
// prescription's public shape and the sentences shoppers read, shared by the server and the pages.

/** Drug schedules of the Drugs and Cosmetics Rules as the shop records them; OTC is "none". */
export const SCHEDULES = ["OTC", "H", "H1", "X"] as const;
export type Schedule = (typeof SCHEDULES)[number];

export const SCHEDULE_LABELS: Record<Schedule, string> = {
  OTC: "OTC (no prescription)",
  H: "Schedule H (prescription)",
  H1: "Schedule H1 (prescription, H1 register)",
  X: "Schedule X (not sold online)",
};

export function isSchedule(value: unknown): value is Schedule {
  return typeof value === "string" && (SCHEDULES as readonly string[]).includes(value);
}

/** A stored schedule (the table's CHECK allows only these) as the type. */
export function asSchedule(value: string): Schedule {
  return isSchedule(value) ? value : "OTC";
}

/** The one rule: every schedule but OTC needs a prescription (the table's CHECK says the same). */
export function prescriptionRequiredFor(schedule: Schedule): boolean {
  return schedule !== "OTC";
}

/** Schedule X medicines are never sold online, whatever the prescription says. */
export function soldOnline(schedule: Schedule): boolean {
  return schedule !== "X";
}

/** What a cart line, a product page and the checkout summary say of an Rx item. */
export const PRESCRIPTION_REQUIRED_LABEL = "Prescription required";

export const PRESCRIPTION_STATUSES = ["pending", "approved", "rejected"] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

/** The customer's words for a prescription's review state (profile, checkout). */
export const PRESCRIPTION_STATUS_LABELS: Record<PrescriptionStatus, string> = {
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
};

/** A prescription as the API returns it (GET /api/prescriptions, POST 201). */
export interface PrescriptionJson {
  _id: string;
  status: PrescriptionStatus;
  fileName: string;
  contentType: string;
  patientName: string | null;
  doctorName: string | null;
  /** Why the pharmacist rejected it (rejected only). */
  rejectReason: string | null;
  reviewedAt: string | null;
  createdAt: string;
}

/** Accepted files: checked by their bytes, never by name or declared type. */
export const PRESCRIPTION_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type PrescriptionContentType = (typeof PRESCRIPTION_CONTENT_TYPES)[number];
export const MAX_PRESCRIPTION_BYTES = 10 * 1024 * 1024;
/** What a file input offers to pick (the server decides by content). */
export const PRESCRIPTION_ACCEPT = ".jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf";
export const PRESCRIPTION_NAME_MAX = 100;
/** Prescriptions a checkout may attach. */
export const MAX_PRESCRIPTIONS_PER_ORDER = 5;

export const PRESCRIPTION_MESSAGES = {
  signIn: "Please sign in to upload a prescription",
  uploaded: "Prescription uploaded. Our pharmacist will review it with your order.",
  notMultipart: "Send the prescription as a file upload (multipart/form-data)",
  noFile: "Choose a prescription file to upload",
  empty: "The file is empty. Choose a photo or PDF of your prescription.",
  tooLarge: "The file is too large. Prescriptions can be at most 10 MB.",
  unsupported: "Upload the prescription as a JPEG, PNG or WebP photo or a PDF",
  unreadable: "The file could not be read. Take a new photo or save the PDF again and upload it.",
  nameTooLong: `Names can be at most ${PRESCRIPTION_NAME_MAX} characters`,
  notFound: "Prescription not found",
  /** Checkout: the ids attached are not the caller's usable prescriptions. */
  unknownIds: "Choose your own prescriptions that have not been rejected",
  tooMany: `Attach at most ${MAX_PRESCRIPTIONS_PER_ORDER} prescriptions to an order`,
  /** Checkout: a prescription attached is rejected, deleted or someone else's, naming the Rx products. */
  notUsable: (productNames: string[]) =>
    `The prescription you chose cannot be used (it was rejected or is no longer in your account). Upload a prescription for ${listNames(productNames)} to continue`,
  /** Checkout without a usable prescription, naming the Rx products. */
  required: (productNames: string[]) => `Upload a prescription for ${listNames(productNames)} to continue`,
  /** Admin: a Schedule X product published, or one offered for sale. */
  scheduleX: "Schedule X medicines cannot be sold online",
  scheduleInvalid: `Drug schedule must be one of ${SCHEDULES.join(", ")}`,
  notSoldOnline: (name: string) => `${name} is a Schedule X medicine and cannot be sold online`,
} as const;

/** "A", "A and B", "A, B and C". */
function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? "the prescription medicines";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** What the checkout page says before the pay button when the cart holds Rx lines. */
export const CHECKOUT_PRESCRIPTION_NOTE =
  "Your cart has prescription medicines. Attach a prescription (a clear photo or PDF); our pharmacist checks it before your order is packed.";
