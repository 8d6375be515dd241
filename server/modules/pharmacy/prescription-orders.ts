// Order by prescription (api-contract.md, "Third release": "Order by prescription"; decisions/058):
// the shopper's request, the pharmacists' queue, and the two answers — a proposal (its items go
// into the shopper's cart in the same transaction, capped at stock, and later cover the checkout
// without a second review: prescriptions/proposal-cover.ts) or a decline with the reason. Both
// doors (REST and the pages) call these; the reply table is ./prescription-order-replies.ts.
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "#common/admin.ts";
import type { LeftOutLine } from "#common/cart.ts";
import { isPharmacistRegistration } from "#common/pharmacist.ts";
import {
  checkAsk,
  checkDecline,
  checkProposal,
  PRESCRIPTION_ORDER_MESSAGES,
  type AdminPrescriptionOrderJson,
  type PrescriptionOrderJson,
  type PrescriptionOrderStatus,
} from "#common/prescription-orders.ts";
import { asSchedule, prescriptionRequiredFor, soldOnline } from "#common/prescriptions.ts";
import { formatDateTime } from "#common/dates.ts";
import type { Language } from "#common/language.ts";
import type { SessionUser } from "#server/auth.ts";
import type { ShopContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { isPlaceholderEmail } from "#server/db/no-email.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import { addresses, prescriptionOrders, prescriptions, products, user as users, type ProposedItem } from "#server/db/schema.ts";
import { inTransaction, Rollback, type Transaction } from "#server/db/tx.ts";
import { recordAudit } from "#server/modules/audit/audit.ts";
import { addLinesInTransaction } from "#server/modules/cart/cart.ts";
import { findAddressOfUser } from "#server/modules/addresses/addresses.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import { greetingName, queueAccountMessage } from "#server/modules/messaging/outbox.ts";
import { adminListQuerySchema } from "#server/schemas/admin.ts";
import { readQuery, type InvalidInput } from "#server/schemas/input.ts";
import * as z from "zod/mini";

type RequestRow = typeof prescriptionOrders.$inferSelect;

export function toPrescriptionOrderJson(row: RequestRow): PrescriptionOrderJson {
  return {
    _id: row.id,
    status: row.status,
    prescriptionId: row.prescriptionId,
    note: row.note,
    addressId: row.addressId,
    items: row.items ?? [],
    message: row.message,
    declineReason: row.declineReason,
    pharmacist: row.pharmacistName && row.pharmacistRegistration ? { name: row.pharmacistName, registration: row.pharmacistRegistration } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------
// The shopper's side
// ---------------------------------------------------------------------------

export type AskResult =
  | { ok: true; request: PrescriptionOrderJson }
  | InvalidInput
  | { ok: false; reason: "prescription-not-found" | "prescription-rejected" | "already-waiting" };

/**
 * POST /api/prescription-orders and My Prescriptions' form: one of the shopper's own prescriptions
 * (another's reads as unknown), not rejected, optionally one of their saved addresses and a note.
 * One request per prescription waits at a time (a unique index decides, whatever the race).
 */
export async function askForPrescriptionOrder(db: Database, userId: string, body: unknown): Promise<AskResult> {
  const checked = checkAsk(body);
  if (!checked.ok) return { ok: false, reason: "invalid", errors: checked.errors };
  const { prescriptionId, addressId, note } = checked.data;
  if (!ID_PATTERN.test(prescriptionId)) return { ok: false, reason: "prescription-not-found" };
  const [prescription] = await db
    .select({ status: prescriptions.status })
    .from(prescriptions)
    .where(and(eq(prescriptions.id, prescriptionId), eq(prescriptions.userId, userId)));
  if (!prescription) return { ok: false, reason: "prescription-not-found" };
  if (prescription.status === "rejected") return { ok: false, reason: "prescription-rejected" };
  if (addressId && !(ID_PATTERN.test(addressId) && (await findAddressOfUser(db, userId, addressId)))) {
    return { ok: false, reason: "invalid", errors: { addressId: PRESCRIPTION_ORDER_MESSAGES.addressNotFound } };
  }
  try {
    const [row] = await db.insert(prescriptionOrders).values({ userId, prescriptionId, addressId, note }).returning();
    return { ok: true, request: toPrescriptionOrderJson(row!) };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "already-waiting" };
    throw error;
  }
}

/** GET /api/prescription-orders and My Prescriptions: the shopper's requests, newest first. */
export async function listOwnPrescriptionOrders(db: Database, userId: string): Promise<PrescriptionOrderJson[]> {
  const rows = await db
    .select()
    .from(prescriptionOrders)
    .where(eq(prescriptionOrders.userId, userId))
    .orderBy(desc(prescriptionOrders.createdAt), desc(prescriptionOrders.id));
  return rows.map(toPrescriptionOrderJson);
}

/** GET /api/prescription-orders/:id: one of the shopper's requests; another's, or none, is undefined (404). */
export async function getOwnPrescriptionOrder(db: Database, userId: string, requestId: string): Promise<PrescriptionOrderJson | undefined> {
  if (!ID_PATTERN.test(requestId)) return undefined;
  const [row] = await db
    .select()
    .from(prescriptionOrders)
    .where(and(eq(prescriptionOrders.id, requestId), eq(prescriptionOrders.userId, userId)));
  return row ? toPrescriptionOrderJson(row) : undefined;
}

// ---------------------------------------------------------------------------
// The pharmacists' queue
// ---------------------------------------------------------------------------

const STATUSES = ["waiting", "proposed", "declined"] as const;

/** GET /api/admin/prescription-orders?status=&page=&limit=: empty or "all" lists every status. */
export const prescriptionOrderQuerySchema = z.object({
  status: z.pipe(
    z.transform((value: unknown) => {
      const first = Array.isArray(value) ? value[0] : value;
      const text = typeof first === "string" && first.trim() !== "" ? first.trim().toLowerCase() : undefined;
      return text === "all" ? undefined : text;
    }),
    z.optional(z.enum(STATUSES, PRESCRIPTION_ORDER_MESSAGES.statusInvalid)),
  ),
  page: adminListQuerySchema.shape.page,
  limit: adminListQuerySchema.shape.limit,
});

export interface PrescriptionOrderQueue {
  status: PrescriptionOrderStatus | undefined;
  page: number;
  limit: number;
  items: AdminPrescriptionOrderJson[];
  total: number;
}

/** The pharmacists' queue (REST and the admin page): oldest first, with the shopper, prescription and address. */
export async function listPrescriptionOrderQueue(db: Database, query: unknown): Promise<({ ok: true } & PrescriptionOrderQueue) | InvalidInput> {
  const read = readQuery(prescriptionOrderQuerySchema, query);
  if (!read.ok) return read;
  const { status, page = 1, limit = ADMIN_PAGE_SIZE } = read.input;
  const where: SQL | undefined = status ? eq(prescriptionOrders.status, status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ request: prescriptionOrders, customer: { name: users.name, email: users.email, phone: users.phone }, prescription: prescriptions, address: addresses })
      .from(prescriptionOrders)
      .innerJoin(users, eq(users.id, prescriptionOrders.userId))
      .innerJoin(prescriptions, eq(prescriptions.id, prescriptionOrders.prescriptionId))
      .leftJoin(addresses, eq(addresses.id, prescriptionOrders.addressId))
      .where(where)
      .orderBy(asc(prescriptionOrders.createdAt), asc(prescriptionOrders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`cast(count(*) as integer)` }).from(prescriptionOrders).where(where),
  ]);
  const items = rows.map(({ request, customer, prescription, address }) => ({
    ...toPrescriptionOrderJson(request),
    customer: { name: customer.name, email: isPlaceholderEmail(customer.email) ? null : customer.email, phone: customer.phone },
    prescription: {
      _id: prescription.id,
      fileName: prescription.fileName,
      contentType: prescription.contentType,
      patientName: prescription.patientName,
      doctorName: prescription.doctorName,
      status: prescription.status,
    },
    address: address
      ? { fullName: address.fullName, phone: address.phone, line1: address.line1, line2: address.line2, city: address.city, state: address.state, postalCode: address.postalCode }
      : null,
  }));
  return { ok: true, status, page, limit, items, total: counted?.total ?? 0 };
}

/** Waiting requests (the admin menu's badge). */
export async function waitingPrescriptionOrderCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(prescriptionOrders).where(eq(prescriptionOrders.status, "waiting"));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------
// Answering: propose or decline
// ---------------------------------------------------------------------------

export type AnswerRefusal =
  | "not-pharmacist"
  | "no-registration"
  | "implausible-registration"
  | "own-request"
  | "not-found"
  | "already-proposed"
  | "already-declined";

export type ProposeResult =
  | { ok: true; request: PrescriptionOrderJson; skipped: LeftOutLine[] }
  | { ok: false; reason: AnswerRefusal }
  | InvalidInput
  | { ok: false; reason: "nothing-added"; skipped: LeftOutLine[] };

export type DeclineResult = { ok: true; request: PrescriptionOrderJson } | { ok: false; reason: AnswerRefusal } | InvalidInput;

type Pharmacist = { id: string; name: string; role: string; registration: string };

/**
 * The answering pharmacist and the request, locked: only a pharmacist with a State Pharmacy
 * Council number answers, never their own request (four eyes, decisions/045), and only a waiting
 * one. The row lock makes a second answer at the same moment wait and then find the first (409).
 */
async function lockForAnswer(tx: Transaction, actorId: string, requestId: string): Promise<{ pharmacist: Pharmacist; request: RequestRow }> {
  const [pharmacist] = await tx.select({ id: users.id, name: users.name, role: users.role, registration: users.pharmacistRegistration }).from(users).where(eq(users.id, actorId));
  const refuse = (reason: AnswerRefusal) => new Rollback<{ ok: false; reason: AnswerRefusal }>({ ok: false, reason });
  if (!pharmacist || pharmacist.role !== "pharmacist") throw refuse("not-pharmacist");
  if (!pharmacist.registration) throw refuse("no-registration");
  if (!isPharmacistRegistration(pharmacist.registration)) throw refuse("implausible-registration");
  const [request] = await tx.select().from(prescriptionOrders).where(eq(prescriptionOrders.id, requestId)).for("update");
  if (!request) throw refuse("not-found");
  if (request.userId === pharmacist.id) throw refuse("own-request");
  if (request.status === "proposed") throw refuse("already-proposed");
  if (request.status === "declined") throw refuse("already-declined");
  return { pharmacist: { ...pharmacist, registration: pharmacist.registration }, request };
}

/** Who answered and when, copied onto the request as an order's review copies the pharmacist. */
function answeredBy(pharmacist: Pharmacist, now: Date) {
  return { pharmacistId: pharmacist.id, pharmacistName: pharmacist.name, pharmacistRegistration: pharmacist.registration, decidedAt: now, updatedAt: now };
}

/**
 * POST /api/admin/prescription-orders/:id/proposal and the queue page's form. The products must be
 * published and sold online; prescription-only ones need the prescribing doctor's name and
 * registration (what an approval records, and the H1 register prints). In one transaction: the
 * items go into the shopper's cart (added to what it holds, capped at stock and the per-product
 * limit; what was left out is named), the request becomes `proposed` with the pharmacist's name
 * and registration, and the shopper is told by email, SMS and (when they asked) WhatsApp.
 */
export async function proposePrescriptionOrder(
  shop: ShopContext,
  actor: Pick<SessionUser, "id" | "role">,
  requestId: string,
  body: unknown,
  now = new Date(),
): Promise<ProposeResult> {
  if (actor.role !== "pharmacist") return { ok: false, reason: "not-pharmacist" };
  const { maxUnitsPerProduct } = shop.config.orderLimits;
  const checked = checkProposal(body ?? {}, maxUnitsPerProduct);
  if (!checked.ok) return { ok: false, reason: "invalid", errors: checked.errors };
  const input = checked.data;
  if (!ID_PATTERN.test(requestId)) return { ok: false, reason: "not-found" };
  if (input.items.some((item) => !ID_PATTERN.test(item.productId))) return { ok: false, reason: "invalid", errors: { items: PRESCRIPTION_ORDER_MESSAGES.productNotFound } };

  return inTransaction(shop.db, async (tx): Promise<ProposeResult> => {
    const { pharmacist, request } = await lockForAnswer(tx, actor.id, requestId);
    const found = await tx
      .select({ id: products.id, name: products.name, schedule: products.schedule })
      .from(products)
      .where(and(inArray(products.id, input.items.map((item) => item.productId)), eq(products.published, true)));
    const byId = new Map(found.map((row) => [row.id, row]));
    const invalid = (errors: Record<string, string>) => new Rollback<ProposeResult>({ ok: false, reason: "invalid", errors });
    if (input.items.some((item) => !byId.has(item.productId))) throw invalid({ items: PRESCRIPTION_ORDER_MESSAGES.productNotFound });
    const banned = found.find((row) => !soldOnline(asSchedule(row.schedule)));
    if (banned) throw invalid({ items: PRESCRIPTION_ORDER_MESSAGES.productNotSold(banned.name) });
    const needsPrescriber = found.some((row) => prescriptionRequiredFor(asSchedule(row.schedule)));
    if (needsPrescriber && (!input.prescriberName || !input.prescriberRegistration)) {
      throw invalid({ [input.prescriberName ? "prescriberRegistration" : "prescriberName"]: PRESCRIPTION_ORDER_MESSAGES.prescriberNeeded });
    }

    const items: ProposedItem[] = input.items.map((item) => ({ productId: item.productId, name: byId.get(item.productId)!.name, quantity: item.quantity }));
    const added = await addLinesInTransaction(tx, { userId: request.userId }, items, maxUnitsPerProduct);
    if (added.added === 0) throw new Rollback<ProposeResult>({ ok: false, reason: "nothing-added", skipped: added.skipped });

    const [updated] = await tx
      .update(prescriptionOrders)
      .set({
        status: "proposed",
        items,
        message: input.message,
        ...answeredBy(pharmacist, now),
        prescriberName: needsPrescriber ? input.prescriberName : null,
        prescriberRegistration: needsPrescriber ? input.prescriberRegistration : null,
      })
      .where(eq(prescriptionOrders.id, request.id))
      .returning();
    await recordAudit(tx, pharmacist, {
      action: "prescription-order.propose",
      entity: "prescription-order",
      entityId: request.id,
      before: { status: request.status },
      after: { status: "proposed", items, skipped: added.skipped, prescriber: needsPrescriber ? { name: input.prescriberName, registration: input.prescriberRegistration } : null },
    });
    await tellShopper(shop, tx, updated!, { kind: "proposed", skipped: added.skipped });
    return { ok: true, request: toPrescriptionOrderJson(updated!), skipped: added.skipped };
  });
}

/** POST /api/admin/prescription-orders/:id/decline and the queue page's form: `declined`, the shopper told why. */
export async function declinePrescriptionOrder(
  shop: ShopContext,
  actor: Pick<SessionUser, "id" | "role">,
  requestId: string,
  body: unknown,
  now = new Date(),
): Promise<DeclineResult> {
  if (actor.role !== "pharmacist") return { ok: false, reason: "not-pharmacist" };
  const checked = checkDecline(body ?? {});
  if (!checked.ok) return { ok: false, reason: "invalid", errors: checked.errors };
  if (!ID_PATTERN.test(requestId)) return { ok: false, reason: "not-found" };
  return inTransaction(shop.db, async (tx): Promise<DeclineResult> => {
    const { pharmacist, request } = await lockForAnswer(tx, actor.id, requestId);
    const [updated] = await tx
      .update(prescriptionOrders)
      .set({
        status: "declined",
        declineReason: checked.data.reason,
        ...answeredBy(pharmacist, now),
      })
      .where(eq(prescriptionOrders.id, request.id))
      .returning();
    await recordAudit(tx, pharmacist, {
      action: "prescription-order.decline",
      entity: "prescription-order",
      entityId: request.id,
      before: { status: request.status },
      after: { status: "declined", reason: checked.data.reason },
    });
    await tellShopper(shop, tx, updated!, { kind: "declined" });
    return { ok: true, request: toPrescriptionOrderJson(updated!) };
  });
}

/**
 * The shopper's news of an answer, in the answer's transaction: an email (not to an account made by
 * phone without one) and a message to the chosen address's phone, else the account's, by SMS and,
 * when they asked for WhatsApp updates, WhatsApp. A proposal links to the checkout, where the cart is;
 * a decline to My Prescriptions, which shows the reason (a DLT variable holds 30 characters, a reason 300).
 */
async function tellShopper(shop: ShopContext, tx: Transaction, request: RequestRow, news: { kind: "proposed"; skipped: LeftOutLine[] } | { kind: "declined" }) {
  const [shopper] = await tx
    .select({ name: users.name, email: users.email, phone: users.phone, whatsappUpdatesAt: users.whatsappUpdatesAt, language: users.language })
    .from(users)
    .where(eq(users.id, request.userId));
  if (!shopper) return;
  const [address] = request.addressId ? await tx.select({ phone: addresses.phone }).from(addresses).where(eq(addresses.id, request.addressId)) : [];
  const [prescription] = await tx.select({ fileName: prescriptions.fileName, createdAt: prescriptions.createdAt }).from(prescriptions).where(eq(prescriptions.id, request.prescriptionId));
  const publicUrl = shop.config.publicUrl;
  const checkoutLink = `${publicUrl}/checkout`;
  const requestsLink = `${publicUrl}/profile/prescriptions`;
  // In the account's language (decisions/064); the medicines' names as proposed, the pharmacist's words as written.
  const t = ANSWER_EMAIL_TEXT[shopper.language];
  const which = prescription ? t.which(prescription.fileName, formatDateTime(prescription.createdAt, shopper.language)) : t.yourPrescription;
  const by = t.by(request.pharmacistName ?? "", request.pharmacistRegistration ?? "");
  const paragraphs =
    news.kind === "proposed"
      ? [
          t.hello(shopper.name),
          t.proposed(by, which),
          ...(request.items ?? []).map((item) => `- ${item.name} × ${item.quantity}`),
          ...(news.skipped.length > 0 ? [t.notAddedInFull, ...news.skipped.map((line) => `- ${line.name}: ${line.reason}`)] : []),
          ...(request.message ? [t.note(request.message)] : []),
          t.placeOrder(checkoutLink),
        ]
      : [t.hello(shopper.name), t.declined(by, which), t.reason(request.declineReason ?? ""), t.askAgain(requestsLink)];
  await queueEmail(tx, {
    to: shopper.email,
    subject: news.kind === "proposed" ? t.proposedSubject : t.declinedSubject,
    text: paragraphs.join("\n\n"),
  });
  const firstName = shopper.name.trim().split(/\s+/)[0] ?? "";
  await queueAccountMessage(shop, tx, {
    phone: address?.phone ?? shopper.phone,
    whatsapp: shopper.whatsappUpdatesAt !== null,
    language: shopper.language,
    ...(news.kind === "proposed"
      ? { template: "prescription_order_proposed", params: (language) => [greetingName(firstName, language), checkoutLink] }
      : { template: "prescription_order_declined", params: (language) => [greetingName(firstName, language), requestsLink] }),
  });
}

/** The answer emails' words in each language (decisions/064). */
const ANSWER_EMAIL_TEXT: Record<Language, {
  hello: (name: string) => string;
  which: (fileName: string, uploadedAt: string) => string;
  yourPrescription: string;
  by: (name: string, registration: string) => string;
  proposed: (by: string, which: string) => string;
  notAddedInFull: string;
  note: (message: string) => string;
  placeOrder: (link: string) => string;
  declined: (by: string, which: string) => string;
  reason: (reason: string) => string;
  askAgain: (link: string) => string;
  proposedSubject: string;
  declinedSubject: string;
}> = {
  en: {
    hello: (name) => `Hello ${name},`,
    which: (fileName, uploadedAt) => `your prescription ${fileName} (uploaded ${uploadedAt})`,
    yourPrescription: "your prescription",
    by: (name, registration) => `${name} (registration ${registration})`,
    proposed: (by, which) => `Our pharmacist ${by} has read ${which} and put these medicines in your cart:`,
    notAddedInFull: "Not added in full:",
    note: (message) => `Their note: ${message}`,
    placeOrder: (link) => `Check your cart and place the order at ${link}. Choose this prescription at checkout: the medicines the pharmacist proposed need no second review.`,
    declined: (by, which) => `Our pharmacist ${by} could not build an order from ${which}.`,
    reason: (reason) => `Reason: ${reason}`,
    askAgain: (link) => `You can upload a new prescription or ask again at ${link}.`,
    proposedSubject: "Your medicines are in your cart",
    declinedSubject: "We could not build your order from your prescription",
  },
  hi: {
    hello: (name) => `नमस्ते ${name} जी,`,
    which: (fileName, uploadedAt) => `आपका प्रिस्क्रिप्शन ${fileName} (${uploadedAt} को अपलोड किया गया)`,
    yourPrescription: "आपका प्रिस्क्रिप्शन",
    by: (name, registration) => `${name} (रजिस्ट्रेशन ${registration})`,
    proposed: (by, which) => `हमारे फ़ार्मासिस्ट ${by} ने ${which} पढ़कर ये दवाइयाँ आपकी कार्ट में डाल दी हैं:`,
    notAddedInFull: "पूरी मात्रा में नहीं जोड़ी गईं:",
    note: (message) => `फ़ार्मासिस्ट का नोट: ${message}`,
    placeOrder: (link) => `अपनी कार्ट देखें और ${link} पर ऑर्डर करें। चेकआउट पर यही प्रिस्क्रिप्शन चुनें: फ़ार्मासिस्ट की सुझाई दवाइयों की दोबारा जाँच नहीं होगी।`,
    declined: (by, which) => `हमारे फ़ार्मासिस्ट ${by} ${which} से ऑर्डर नहीं बना सके।`,
    reason: (reason) => `कारण: ${reason}`,
    askAgain: (link) => `आप ${link} पर नया प्रिस्क्रिप्शन अपलोड कर सकते हैं या दोबारा अनुरोध कर सकते हैं।`,
    proposedSubject: "आपकी दवाइयाँ आपकी कार्ट में हैं",
    declinedSubject: "हम आपके प्रिस्क्रिप्शन से ऑर्डर नहीं बना सके",
  },
};
