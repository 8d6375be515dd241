// The pharmacist's review (api-contract.md, "Second release": Prescriptions; decisions/020): the
// queue, one order's review, and the decision — approve (the prescriber and the reviewing
// pharmacist recorded) or reject (the order cancelled through the transition table, its stock
// released and a paid order refunded once). The REST call and the review page both call
// `reviewOrderPrescription`; its reply table is ./replies.ts.
import { and, asc, desc, eq, exists, inArray, ne, sql, type SQL } from "drizzle-orm";
import { isPharmacistRegistration, type OrderReviewJson, type QueuePrescriptionJson, type ReviewInput, type ReviewOrderJson } from "#common/pharmacist.ts";
import type { PrescriptionStatus } from "#common/prescriptions.ts";
import type { OrderJson } from "#common/orders.ts";
import type { SessionUser } from "#server/auth.ts";
import type { ShopContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import { orderLines, orderPrescriptions, orderStatusHistory, orders, prescriptions, user as users } from "#server/db/schema.ts";
import { inTransaction, type Executor } from "#server/db/tx.ts";
import { recordAudit } from "#server/modules/audit/audit.ts";
import { prescriptionApprovedEmail, prescriptionRejectedEmail } from "#server/modules/email/order-emails.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import { loadOrderJson, type OrderRow } from "#server/modules/orders/orders.ts";
import { applyStatusChange } from "#server/modules/orders/status.ts";
import { toPrescriptionJson } from "#server/modules/prescriptions/prescriptions.ts";
import { prescriptionReviewSchema, reviewQueueQuerySchema } from "#server/schemas/pharmacist.ts";
import { type InvalidInput, readQuery } from "#server/schemas/input.ts";
import { ADMIN_PAGE_SIZE } from "#common/admin.ts";
import { fieldErrors } from "#server/schemas/field-errors.ts";
import { queueOrderMessages } from "#server/modules/messaging/outbox.ts";
import * as z from "zod/mini";

type PrescriptionRow = typeof prescriptions.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

// ---------------------------------------------------------------------------
// Reading: the queue and one order's review
// ---------------------------------------------------------------------------

/** Who the medicine is for: the patient names typed with the prescriptions, else the name it ships to. */
export function patientOf(order: OrderRow, attached: PrescriptionRow[]): string {
  const typed = [...new Set(attached.map((row) => row.patientName?.trim()).filter((name): name is string => Boolean(name)))];
  if (typed.length > 0) return typed.join(", ");
  const address = order.shippingAddress;
  return `${address.firstName} ${address.lastName}`.trim() || order.customerName;
}

function reviewOrderJson(order: OrderRow, lines: LineRow[], attached: PrescriptionRow[]): ReviewOrderJson {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    isPaid: order.isPaid,
    prescriptionStatus: order.prescriptionStatus,
    patient: patientOf(order, attached),
    customer: { name: order.customerName, email: order.customerEmail },
    rxLines: lines
      .filter((line) => line.schedule !== "OTC")
      .map((line) => ({ name: line.name, sku: line.sku, schedule: line.schedule, quantity: line.quantity })),
    createdAt: order.createdAt.toISOString(),
  };
}

/** Orders with their lines and their prescriptions, in three queries. */
async function ordersWithDetails(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, { order: OrderRow; lines: LineRow[]; attached: PrescriptionRow[] }>();
  const [orderRows, lineRows, links] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, orderIds)),
    db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.name), asc(orderLines.id)),
    db
      .select({ orderId: orderPrescriptions.orderId, prescription: prescriptions })
      .from(orderPrescriptions)
      .innerJoin(prescriptions, eq(prescriptions.id, orderPrescriptions.prescriptionId))
      .where(inArray(orderPrescriptions.orderId, orderIds))
      .orderBy(asc(prescriptions.createdAt), asc(prescriptions.id)),
  ]);
  const map = new Map<string, { order: OrderRow; lines: LineRow[]; attached: PrescriptionRow[] }>();
  for (const order of orderRows) map.set(order.id, { order, lines: [], attached: [] });
  for (const line of lineRows) map.get(line.orderId)?.lines.push(line);
  for (const link of links) map.get(link.orderId)?.attached.push(link.prescription);
  return map;
}

export interface ReviewQueuePage {
  items: QueuePrescriptionJson[];
  total: number;
}

/**
 * GET /api/admin/prescriptions and the queue page: prescriptions that orders were placed with
 * (one uploaded but never used has nothing to decide), pending first, oldest first, each with its
 * orders. `status` approved or rejected keeps prescriptions in that state. The queue (`pending`)
 * is driven by the ORDERS' review, not the prescription's own status (decisions/020): every
 * prescription with at least one order still awaiting a decision and not cancelled, whatever the
 * prescription's status (one shared with an order already rejected stays listed for the order
 * still waiting), by its oldest waiting order first — so no order awaiting review drops out of the
 * queue while the sidebar's badge (`pendingReviewCount`) still counts it.
 */
export async function listReviewQueue(db: Database, query: unknown): Promise<{ ok: true; status: PrescriptionStatus | undefined; page: number; limit: number; queue: ReviewQueuePage } | InvalidInput> {
  const read = readQuery(reviewQueueQuerySchema, query);
  if (!read.ok) return read;
  const { status, page = 1, limit = ADMIN_PAGE_SIZE } = read.input;
  return { ok: true, status, page, limit, queue: await reviewQueuePage(db, { status, page, limit }) };
}

async function reviewQueuePage(db: Database, query: { status?: PrescriptionStatus; page: number; limit: number }): Promise<ReviewQueuePage> {
  const { page, limit } = query;
  // Pending: prescriptions with an order still awaiting the decision (one whose order was cancelled
  // by its customer has nothing left to decide), by the order's review status alone; otherwise any
  // that an order used, in the asked prescription status.
  const pending = query.status === "pending";
  const awaiting = and(eq(orders.prescriptionStatus, "pending"), ne(orders.status, "Cancelled"));
  const used = db
    .select({ one: sql`1` })
    .from(orderPrescriptions)
    .innerJoin(orders, eq(orders.id, orderPrescriptions.orderId))
    .where(and(eq(orderPrescriptions.prescriptionId, prescriptions.id), pending ? awaiting : undefined));
  const conditions: SQL[] = [exists(used)];
  if (query.status && !pending) conditions.push(eq(prescriptions.status, query.status));
  const where = and(...conditions);
  // The queue's order: the oldest order still waiting on the prescription first.
  const oldestWaiting = sql`(select min(${orders.createdAt}) from ${orderPrescriptions} inner join ${orders} on ${orders.id} = ${orderPrescriptions.orderId} where ${orderPrescriptions.prescriptionId} = ${prescriptions.id} and ${awaiting})`;
  const ordering = pending
    ? [asc(oldestWaiting), asc(prescriptions.createdAt), asc(prescriptions.id)]
    : [desc(sql`${prescriptions.status} = 'pending'`), asc(prescriptions.createdAt), asc(prescriptions.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(prescriptions)
      .where(where)
      .orderBy(...ordering)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`cast(count(*) as integer)` }).from(prescriptions).where(where),
  ]);
  const links =
    rows.length === 0
      ? []
      : await db
          .select({ orderId: orderPrescriptions.orderId, prescriptionId: orderPrescriptions.prescriptionId })
          .from(orderPrescriptions)
          .where(inArray(orderPrescriptions.prescriptionId, rows.map((row) => row.id)));
  const details = await ordersWithDetails(db, [...new Set(links.map((link) => link.orderId))]);
  const items = rows.map((row) => {
    const orderList = links
      .filter((link) => link.prescriptionId === row.id)
      .map((link) => details.get(link.orderId))
      .filter((detail) => detail !== undefined)
      .sort((a, b) => a.order.createdAt.getTime() - b.order.createdAt.getTime())
      .map((detail) => reviewOrderJson(detail.order, detail.lines, detail.attached));
    return { ...toPrescriptionJson(row), orders: orderList };
  });
  return { items, total: counted?.total ?? 0 };
}

/** Orders waiting for a decision (the admin sidebar's badge): paid or cash-on-delivery orders not cancelled. */
export async function pendingReviewCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(orders)
    .where(and(eq(orders.prescriptionStatus, "pending"), ne(orders.status, "Cancelled")));
  return row?.n ?? 0;
}

/** The review page's order: its Rx lines, patient, prescriptions and the decision so far; undefined when there is none to review. */
export async function getOrderReview(db: Database, orderId: string): Promise<OrderReviewJson | undefined> {
  if (!ID_PATTERN.test(orderId)) return undefined;
  const detail = (await ordersWithDetails(db, [orderId])).get(orderId);
  if (!detail || detail.order.prescriptionStatus === null) return undefined;
  const { order, lines, attached } = detail;
  return {
    ...reviewOrderJson(order, lines, attached),
    prescriptions: attached.map(toPrescriptionJson),
    reviewedAt: order.prescriptionReviewedAt?.toISOString() ?? null,
    reviewer:
      order.prescriptionReviewerName && order.prescriptionReviewerRegistration
        ? { name: order.prescriptionReviewerName, registration: order.prescriptionReviewerRegistration }
        : null,
    prescriber:
      order.prescriberName && order.prescriberRegistration ? { name: order.prescriberName, registration: order.prescriberRegistration } : null,
    rejectReason: order.prescriptionRejectReason,
  };
}

// ---------------------------------------------------------------------------
// Deciding
// ---------------------------------------------------------------------------

export type ReviewRefusal =
  | "not-pharmacist"
  | "no-registration"
  | "implausible-registration"
  | "own-order"
  | "own-prescription"
  | "not-found"
  | "no-prescription"
  | "already-approved"
  | "already-rejected"
  | "cancelled";

export type ReviewResult =
  | { ok: true; decision: ReviewInput["decision"]; order: OrderJson; refundedPaise: number }
  | { ok: false; reason: ReviewRefusal }
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "refund-failed"; message: string };

type Decided = { ok: true; decision: ReviewInput["decision"]; refundedPaise: number };

/**
 * Who may not decide this order, whatever the decision: nobody reviews an order they placed or a
 * prescription they uploaded (four eyes: the pharmacist is never the patient's agent), and a
 * registration number without a State Pharmacy Council's form (one recorded before the form was
 * checked, e.g. "1") stops its holder until an admin corrects it. Null: they may decide.
 */
export function reviewerBar(
  pharmacist: { id: string; registration: string | null },
  order: Pick<OrderRow, "userId">,
  uploaders: (string | null)[],
): Extract<ReviewRefusal, "no-registration" | "implausible-registration" | "own-order" | "own-prescription"> | null {
  if (!pharmacist.registration) return "no-registration";
  if (!isPharmacistRegistration(pharmacist.registration)) return "implausible-registration";
  if (order.userId === pharmacist.id) return "own-order";
  if (uploaders.includes(pharmacist.id)) return "own-prescription";
  return null;
}

/**
 * POST /api/admin/orders/:id/prescription-review and the review page's forms. Only a pharmacist
 * decides (an admin who is not one is refused before anything is read), with their registration
 * number on their account. The order row is locked first, so of two decisions at once the second
 * finds the first's and is refused (409): a paid order is refunded exactly once. A refund the
 * gateway refuses rolls everything back ("refund-failed").
 */
export async function reviewOrderPrescription(
  shop: ShopContext,
  reviewer: Pick<SessionUser, "id" | "role">,
  orderId: string,
  body: unknown,
  now = new Date(),
): Promise<ReviewResult> {
  if (reviewer.role !== "pharmacist") return { ok: false, reason: "not-pharmacist" };
  const parsed = z.safeParse(prescriptionReviewSchema, body ?? {});
  if (!parsed.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  if (!ID_PATTERN.test(orderId)) return { ok: false, reason: "not-found" };

  const result = await inTransaction(shop.db, async (tx): Promise<Decided | Exclude<ReviewResult, { ok: true }>> => {
    const [pharmacist] = await tx
      .select({ id: users.id, name: users.name, role: users.role, registration: users.pharmacistRegistration })
      .from(users)
      .where(eq(users.id, reviewer.id));
    if (!pharmacist || pharmacist.role !== "pharmacist") return { ok: false, reason: "not-pharmacist" };
    if (!pharmacist.registration) return { ok: false, reason: "no-registration" };
    const registration = pharmacist.registration;

    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, reason: "not-found" };
    if (order.prescriptionStatus === null) return { ok: false, reason: "no-prescription" };
    if (order.prescriptionStatus === "approved") return { ok: false, reason: "already-approved" };
    if (order.prescriptionStatus === "rejected") return { ok: false, reason: "already-rejected" };
    if (order.status === "Cancelled") return { ok: false, reason: "cancelled" };

    const links = await tx
      .select({ id: orderPrescriptions.prescriptionId, uploader: prescriptions.userId })
      .from(orderPrescriptions)
      .innerJoin(prescriptions, eq(prescriptions.id, orderPrescriptions.prescriptionId))
      .where(eq(orderPrescriptions.orderId, orderId));
    const barred = reviewerBar(pharmacist, order, links.map((link) => link.uploader));
    if (barred) return { ok: false, reason: barred };
    const prescriptionIds = links.map((link) => link.id);
    const decided = {
      prescriptionReviewedAt: now,
      prescriptionReviewerId: pharmacist.id,
      prescriptionReviewerName: pharmacist.name,
      prescriptionReviewerRegistration: registration,
      updatedAt: now,
    };
    const actor = { id: pharmacist.id, name: pharmacist.name, role: pharmacist.role };
    const reviewerText = `${pharmacist.name} (registration ${registration})`;

    if (input.decision === "approve") {
      await tx
        .update(orders)
        .set({
          ...decided,
          prescriptionStatus: "approved",
          prescriberName: input.prescriberName,
          prescriberRegistration: input.prescriberRegistration,
          prescriptionRejectReason: null,
        })
        .where(eq(orders.id, orderId));
      // A decided prescription is never rewritten by a later decision on another order that shares
      // it (decisions/020): only those still pending become approved; the order's own decision is
      // what the order records above.
      if (prescriptionIds.length > 0) {
        await tx
          .update(prescriptions)
          .set({ status: "approved", reviewedAt: now, rejectReason: null, updatedAt: now })
          .where(and(inArray(prescriptions.id, prescriptionIds), eq(prescriptions.status, "pending")));
      }
      await tx
        .insert(orderStatusHistory)
        .values({ orderId, status: order.status, note: `Prescription approved by ${reviewerText}`, createdAt: now });
      await recordAudit(tx, actor, {
        action: "order.prescription-approve",
        entity: "order",
        entityId: orderId,
        before: { prescriptionStatus: order.prescriptionStatus },
        after: {
          prescriptionStatus: "approved",
          prescriptionIds,
          prescriber: { name: input.prescriberName, registration: input.prescriberRegistration },
          pharmacist: { name: pharmacist.name, registration },
        },
      });
      await queueEmail(tx, await prescriptionApprovedEmail(tx, orderId, shop.config.publicUrl));
      await queueOrderMessages(shop, tx, orderId, { template: "prescription_approved" });
      return { ok: true, decision: "approve", refundedPaise: 0 };
    }

    await tx
      .update(orders)
      .set({ ...decided, prescriptionStatus: "rejected", prescriptionRejectReason: input.reason })
      .where(eq(orders.id, orderId));
    // As with approval: only prescriptions still pending become rejected; one already decided on
    // another order keeps that decision (decisions/020). The rejection is the order's, recorded above.
    if (prescriptionIds.length > 0) {
      await tx
        .update(prescriptions)
        .set({ status: "rejected", reviewedAt: now, rejectReason: input.reason, updatedAt: now })
        .where(and(inArray(prescriptions.id, prescriptionIds), eq(prescriptions.status, "pending")));
    }
    // Cancelled through the one transition table: stock back, a paid order refunded (a failed refund rolls all of this back).
    const refundedPaise = await applyStatusChange(shop, tx, { ...order, prescriptionStatus: "rejected" }, "Cancelled", `Prescription rejected: ${input.reason}`, {
      actor: "pharmacist",
      by: actor,
      notify: false,
      now,
    });
    await recordAudit(tx, actor, {
      action: "order.prescription-reject",
      entity: "order",
      entityId: orderId,
      before: { prescriptionStatus: order.prescriptionStatus, status: order.status },
      after: { prescriptionStatus: "rejected", status: "Cancelled", reason: input.reason, prescriptionIds, refundedPaise },
    });
    await queueEmail(tx, await prescriptionRejectedEmail(tx, orderId, { reason: input.reason, refundedPaise }, shop.config.publicUrl));
    await queueOrderMessages(shop, tx, orderId, { template: "prescription_rejected" });
    if (refundedPaise > 0) await queueOrderMessages(shop, tx, orderId, { template: "order_refunded", refundedPaise });
    return { ok: true, decision: "reject", refundedPaise };
  });
  if (!result.ok) {
    // applyStatusChange's refund refusal arrives as the orders module's result: only its message is kept.
    if (result.reason === "refund-failed") return { ok: false, reason: "refund-failed", message: result.message };
    return result;
  }
  return { ...result, order: (await loadOrderJson(shop.db, orderId))! };
}

/** The signed-in pharmacist's name and registration as the review records them (null: not a pharmacist or none on file). */
export async function reviewerIdentity(db: Database, userId: string): Promise<{ name: string; registration: string | null } | null> {
  const [row] = await db
    .select({ name: users.name, role: users.role, registration: users.pharmacistRegistration })
    .from(users)
    .where(eq(users.id, userId));
  return row && row.role === "pharmacist" ? { name: row.name, registration: row.registration } : null;
}

/**
 * Why this pharmacist may not decide this order (reviewerBar: their own order or prescription, or a
 * registration number to correct), for the review page to say instead of offering the forms; null
 * when they may (or the order is unknown: the page answers 404 for that).
 */
export async function reviewBarFor(db: Database, pharmacist: { id: string; registration: string | null }, orderId: string) {
  if (!ID_PATTERN.test(orderId)) return null;
  const [[order], uploaders] = await Promise.all([
    db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)),
    db
      .select({ uploader: prescriptions.userId })
      .from(orderPrescriptions)
      .innerJoin(prescriptions, eq(prescriptions.id, orderPrescriptions.prescriptionId))
      .where(eq(orderPrescriptions.orderId, orderId)),
  ]);
  return order ? reviewerBar(pharmacist, order, uploaders.map((row) => row.uploader)) : null;
}
