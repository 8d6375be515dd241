// Subscribe and refill (issue 32, api-contract.md "Reorder and refills", decisions/057): the JSON
// of a refill, its messages, and the one check of its bodies that the pages run in the browser
// and server/schemas/refills.ts runs on the server.
import type { Checked, FieldErrors } from "./forms.ts";
import type { PaymentMethod, ShippingAddress } from "./orders.ts";

export const REFILL_PERIODS = [30, 60, 90] as const;
export type RefillPeriod = (typeof REFILL_PERIODS)[number];
export const REFILL_STATUSES = ["active", "paused", "cancelled"] as const;
export type RefillStatusId = (typeof REFILL_STATUSES)[number];
/** Lines one refill may hold. */
export const REFILL_MAX_ITEMS = 20;
/** Days before each date the shopper is reminded. */
export const REFILL_REMINDER_DAYS = 3;
/** A refill's first date may be at most this many days ahead. */
export const REFILL_START_MAX_DAYS = 365;

export interface RefillItemJson {
  productId: string;
  quantity: number;
  /** The product as sold today (a product no longer sold keeps its line, named "No longer sold"). */
  name: string;
  price: number;
  image: string;
  prescriptionRequired: boolean;
}

export interface RefillJson {
  _id: string;
  items: RefillItemJson[];
  everyDays: RefillPeriod;
  /** The Indian date of the next order, YYYY-MM-DD. */
  nextOrderOn: string;
  status: RefillStatusId;
  paymentMethod: PaymentMethod;
  address: ShippingAddress;
  addressId?: string;
  prescriptionId?: string;
  lastOrderId?: string;
  /** Why the last date ordered nothing, or why the refill paused: for the shopper to act on. */
  notice?: string;
  createdAt: string;
}

/** The product the "Subscribe and refill" form is about. */
export interface RefillProductJson {
  _id: string;
  name: string;
  price: number;
  prescriptionRequired: boolean;
}

/** A refill as the admin list shows it: whose it is besides the refill. */
export interface AdminRefillJson extends RefillJson {
  customer: { _id: string; name: string; email: string };
}

export const REFILL_MESSAGES = {
  signIn: "Please sign in to set up a refill",
  notFound: "Refill not found",
  items: "Choose at least one product and its quantity",
  tooManyItems: `A refill can hold at most ${REFILL_MAX_ITEMS} products`,
  quantity: "Each quantity must be a whole number from 1 to 100",
  duplicate: "Each product may appear once in a refill",
  everyDays: "Choose every 30, 60 or 90 days",
  address: "Choose one of your saved addresses",
  paymentMethod: "Choose cash on delivery or pay online",
  status: "A refill can be set to active or paused here; cancel it to end it",
  startOn: `Choose a start date from today up to ${REFILL_START_MAX_DAYS} days ahead (YYYY-MM-DD)`,
  prescriptionId: "Choose one of your prescriptions",
  nothingToChange: "Send items, everyDays, status or prescriptionId to change",
  unavailable: (name: string) => `${name} is not sold online any more, so it cannot be refilled`,
  overLimit: (name: string, limit: number) => `You can order at most ${limit} of ${name} at a time`,
  prescriptionRequired: (names: string) => `${names} needs a prescription our pharmacist has approved. Choose it, or upload one first.`,
  prescriptionNotApproved: "This prescription has not been approved by our pharmacist yet",
  notCovered: (name: string) =>
    `Your approved prescription does not cover ${name} for another refill. Please upload a new prescription.`,
  codUnavailable: "Cash on delivery is not offered for this address; choose to pay online",
  notServiceable: "We no longer deliver to this PIN code",
  cancelled: "This refill is cancelled",
  onlineUnavailable: "Online payment is not available at the moment; choose cash on delivery",
  tooMany: "You can keep at most 20 refills; cancel one you no longer need first",
  created: "Refill set up",
  updated: "Refill updated",
  skipped: "Skipped: the next order moves on one period",
  cancelledOk: "Refill cancelled",
  pausedOk: "Refill paused: nothing is ordered until you resume it",
  resumedOk: "Refill resumed",
} as const;

export interface RefillItemInput {
  productId: string;
  quantity: number;
}

export interface RefillCreateInput {
  items: RefillItemInput[];
  everyDays: RefillPeriod;
  addressId: string;
  paymentMethod: PaymentMethod;
  prescriptionId?: string;
  startOn?: string;
}

export interface RefillChangeInput {
  items?: RefillItemInput[];
  everyDays?: RefillPeriod;
  status?: "active" | "paused";
  /** A newer approved prescription for the prescription-only items (a refill paused for want of one). */
  prescriptionId?: string;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function fieldsOf(body: unknown): Record<string, unknown> | undefined {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

function readItems(value: unknown, errors: FieldErrors): RefillItemInput[] {
  if (!Array.isArray(value) || value.length === 0) {
    errors.items = REFILL_MESSAGES.items;
    return [];
  }
  if (value.length > REFILL_MAX_ITEMS) {
    errors.items = REFILL_MESSAGES.tooManyItems;
    return [];
  }
  const items: RefillItemInput[] = [];
  for (const entry of value) {
    const line = fieldsOf(entry);
    const productId = line?.productId;
    const quantity = typeof line?.quantity === "string" && /^\s*\d+\s*$/.test(line.quantity) ? Number(line.quantity) : line?.quantity;
    if (typeof productId !== "string" || !ID.test(productId)) {
      errors.items = REFILL_MESSAGES.items;
      return [];
    }
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
      errors.items = REFILL_MESSAGES.quantity;
      return [];
    }
    if (items.some((item) => item.productId === productId)) {
      errors.items = REFILL_MESSAGES.duplicate;
      return [];
    }
    items.push({ productId, quantity });
  }
  return items;
}

function readPeriod(value: unknown): RefillPeriod | undefined {
  const number = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return (REFILL_PERIODS as readonly unknown[]).includes(number) ? (number as RefillPeriod) : undefined;
}

/** Whether `text` is a real calendar date (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
}

/**
 * POST /api/refills and the product page's form. `today` is the Indian date the start is checked
 * against (a start before it, or beyond REFILL_START_MAX_DAYS, is refused).
 */
export function checkRefillCreate(body: unknown, today: string, latestStart: string): Checked<RefillCreateInput> {
  const fields = fieldsOf(body);
  if (!fields) return { ok: false, errors: { _: "Send the fields as a JSON object" } };
  const errors: FieldErrors = {};
  const items = readItems(fields.items, errors);
  const everyDays = readPeriod(fields.everyDays);
  if (everyDays === undefined) errors.everyDays = REFILL_MESSAGES.everyDays;
  const addressId = fields.addressId;
  if (typeof addressId !== "string" || !ID.test(addressId)) errors.addressId = REFILL_MESSAGES.address;
  const paymentMethod = fields.paymentMethod;
  if (paymentMethod !== "cod" && paymentMethod !== "razorpay") errors.paymentMethod = REFILL_MESSAGES.paymentMethod;
  const prescription = fields.prescriptionId;
  const prescriptionId = typeof prescription === "string" && prescription.trim() !== "" ? prescription.trim() : undefined;
  if (prescription !== undefined && prescription !== null && prescription !== "" && (prescriptionId === undefined || !ID.test(prescriptionId))) {
    errors.prescriptionId = REFILL_MESSAGES.prescriptionId;
  }
  const start = typeof fields.startOn === "string" ? fields.startOn.trim() : fields.startOn;
  let startOn: string | undefined;
  if (start !== undefined && start !== null && start !== "") {
    if (typeof start !== "string" || !isCalendarDate(start) || start < today || start > latestStart) errors.startOn = REFILL_MESSAGES.startOn;
    else startOn = start;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    data: {
      items,
      everyDays: everyDays!,
      addressId: addressId as string,
      paymentMethod: paymentMethod as PaymentMethod,
      ...(prescriptionId ? { prescriptionId } : {}),
      ...(startOn ? { startOn } : {}),
    },
  };
}

/** PUT /api/refills/:id: any of items, everyDays, status (active or paused). */
export function checkRefillChange(body: unknown): Checked<RefillChangeInput> {
  const fields = fieldsOf(body);
  if (!fields) return { ok: false, errors: { _: "Send the fields as a JSON object" } };
  const errors: FieldErrors = {};
  const data: RefillChangeInput = {};
  if (fields.items !== undefined) data.items = readItems(fields.items, errors);
  if (fields.everyDays !== undefined) {
    const everyDays = readPeriod(fields.everyDays);
    if (everyDays === undefined) errors.everyDays = REFILL_MESSAGES.everyDays;
    else data.everyDays = everyDays;
  }
  if (fields.status !== undefined) {
    if (fields.status !== "active" && fields.status !== "paused") errors.status = REFILL_MESSAGES.status;
    else data.status = fields.status;
  }
  if (fields.prescriptionId !== undefined && fields.prescriptionId !== "") {
    if (typeof fields.prescriptionId !== "string" || !ID.test(fields.prescriptionId)) errors.prescriptionId = REFILL_MESSAGES.prescriptionId;
    else data.prescriptionId = fields.prescriptionId;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (data.items === undefined && data.everyDays === undefined && data.status === undefined && data.prescriptionId === undefined) {
    return { ok: false, errors: { _: REFILL_MESSAGES.nothingToChange } };
  }
  return { ok: true, data };
}

export const REFILL_STATUS_LABELS: Record<RefillStatusId, string> = { active: "Active", paused: "Paused", cancelled: "Cancelled" };
