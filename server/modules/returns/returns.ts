// Returns of delivered items (issue 17 item 5, decisions/032). The customer asks, from the order
// page, to return chosen lines and units within RETURN_WINDOW_DAYS of delivery, for one of the
// published reasons; the admin approves or rejects (with a reason). Approval, in one transaction:
// the partial GST credit note for the returned units, the refund of their value (through the
// payment gateway for a prepaid order, a manual refund recorded for cash on delivery), the audit
// entry and the customer's email. Returned units are not restocked: a medicine that has left the
// pharmacy cannot be sold again (its storage is no longer known), so it is destroyed or sent back
// to the supplier outside the shop's stock.
import type * as z from "zod/mini";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { shipmentJson, type ShipmentJson } from "#common/couriers.ts";
import type { CreditNoteRef } from "#common/invoices.ts";
import { RETURN_MESSAGES, returnReasonLabel, returnWindowEndsAt, withinReturnWindow, type ReturnRequestJson, type ReturnStatusId } from "#common/returns.ts";
import type { SessionUser } from "#server/auth.ts";
import type { ShopContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import { orderLines, orders, returnRequestLines, returnRequests } from "#server/db/schema.ts";
import { inTransaction, Rollback, type Executor, type Transaction } from "#server/db/tx.ts";
import { recordAudit } from "#server/modules/audit/audit.ts";
import { returnDecisionEmail, returnRequestedEmail } from "#server/modules/email/order-emails.ts";
import { queueEmail } from "#server/modules/email/outbox.ts";
import { queueOrderMessages } from "#server/modules/messaging/outbox.ts";
import { creditNotesByReturn, creditShare, issueCreditNote, listCreditNotes } from "#server/modules/invoices/credit-notes.ts";
import { isOrderId } from "#server/modules/orders/orders.ts";
import { refundForReturn } from "#server/modules/payments/refunds.ts";
import { type InvalidInput, type Listed, readInput, readQuery } from "#server/schemas/input.ts";
import { returnDecisionSchema, returnListQuerySchema, returnRequestSchema } from "#server/schemas/returns.ts";

export type RequestReturnResult =
  | { ok: true; returnRequest: ReturnRequestJson }
  | InvalidInput
  | { ok: false; reason: "not-found" | "not-delivered" | "window-closed" | "pending" | "too-many" };

export type DecideReturnResult =
  | { ok: true; returnRequest: ReturnRequestJson; decision: "approve" | "reject" }
  | InvalidInput
  | { ok: false; reason: "not-found" | "decided" }
  | { ok: false; reason: "refund-failed"; message: string };

/** Units of each line of the order already returned (approved requests). */
async function returnedUnits(db: Pick<Database, "select">, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ orderLineId: returnRequestLines.orderLineId, units: sql<number>`sum(${returnRequestLines.quantity})::int` })
    .from(returnRequestLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.returnId))
    .where(and(eq(returnRequests.orderId, orderId), eq(returnRequests.status, "approved")))
    .groupBy(returnRequestLines.orderLineId);
  return new Map(rows.map((row) => [row.orderLineId, Number(row.units)]));
}

/**
 * POST /api/orders/:id/returns and the order page's "Return items": the owner asks to return
 * delivered units. Under the order's row lock, so two requests at once cannot both pass.
 */
export async function requestReturn(shop: ShopContext, user: Pick<SessionUser, "id">, orderId: string, body: unknown, now = new Date()): Promise<RequestReturnResult> {
  const parsed = readInput(returnRequestSchema, body);
  if (!parsed.ok) return parsed;
  if (!isOrderId(orderId)) return { ok: false, reason: "not-found" };
  const { input } = parsed;
  // The same line named twice counts once, with its units added up.
  const wanted = new Map<string, number>();
  for (const line of input.lines) wanted.set(line.orderLineId, (wanted.get(line.orderLineId) ?? 0) + line.quantity);
  const result = await shop.db.transaction(async (tx): Promise<RequestReturnResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.userId !== user.id) return { ok: false, reason: "not-found" };
    if (order.status !== "Delivered" || !order.deliveredAt) return { ok: false, reason: "not-delivered" };
    if (!withinReturnWindow(order.deliveredAt, now)) return { ok: false, reason: "window-closed" };
    const [open] = await tx
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(and(eq(returnRequests.orderId, orderId), eq(returnRequests.status, "requested")));
    if (open) return { ok: false, reason: "pending" };
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const returned = await returnedUnits(tx, orderId);
    for (const [lineId, quantity] of wanted) {
      const line = lines.find((candidate) => candidate.id === lineId);
      if (!line || quantity > line.quantity - (returned.get(lineId) ?? 0)) return { ok: false, reason: "too-many" };
    }
    const [request] = await tx
      .insert(returnRequests)
      .values({ orderId, userId: user.id, reason: input.reason, details: input.details ?? null, createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(returnRequestLines).values([...wanted].map(([orderLineId, quantity]) => ({ returnId: request!.id, orderLineId, quantity })));
    const emailLines = [...wanted].map(([lineId, quantity]) => ({ name: lines.find((line) => line.id === lineId)!.name, quantity }));
    await queueEmail(tx, await returnRequestedEmail(tx, orderId, { reason: input.reason, lines: emailLines }, shop.config.publicUrl));
    return { ok: true, returnRequest: (await returnsJson(tx, [request!]))[0]! };
  });
  return result;
}

/**
 * PUT /api/admin/returns/:id and the admin pages: approve (credit note, refund, email) or reject
 * (with the reason, emailed). A request is decided once; the request's and the order's rows are
 * locked, so two admins deciding at once cannot refund twice. A refund the gateway refuses rolls
 * everything back ("refund-failed"), the request stays open to try again.
 */
export async function decideReturn(shop: ShopContext, admin: SessionUser, returnId: string, body: unknown, now = new Date()): Promise<DecideReturnResult> {
  const parsed = readInput(returnDecisionSchema, body);
  if (!parsed.ok) return parsed;
  if (!isOrderId(returnId)) return { ok: false, reason: "not-found" };
  const { decision, reason } = parsed.input;
  return inTransaction(shop.db, async (tx): Promise<DecideReturnResult> => {
    const [request] = await tx.select().from(returnRequests).where(eq(returnRequests.id, returnId)).for("update");
    if (!request) return { ok: false, reason: "not-found" };
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
    if (!order) return { ok: false, reason: "not-found" };
    if (request.status !== "requested") return { ok: false, reason: "decided" };
    const requested = await tx
      .select({ orderLineId: returnRequestLines.orderLineId, quantity: returnRequestLines.quantity, name: orderLines.name })
      .from(returnRequestLines)
      .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
      .where(eq(returnRequestLines.returnId, request.id))
      .orderBy(asc(orderLines.name));
    const emailLines = requested.map((line) => ({ name: line.name, quantity: line.quantity }));
    const actor = { id: admin.id, name: admin.name, role: admin.role };
    if (decision === "reject") {
      await tx
        .update(returnRequests)
        .set({ status: "rejected", decisionReason: reason!, decidedAt: now, decidedBy: admin.id, updatedAt: now })
        .where(eq(returnRequests.id, request.id));
      await recordAudit(tx, actor, { action: "return.reject", entity: "return", entityId: request.id, before: { status: "requested" }, after: { status: "rejected", reason } });
      await queueEmail(
        tx,
        await returnDecisionEmail(tx, order.id, { reason: request.reason, lines: emailLines, approved: false, rejectReason: reason! }, shop.config.publicUrl),
      );
    } else {
      const note = await issueCreditNote(tx, {
        orderId: order.id,
        kind: "return",
        reason: `Return: ${returnReasonLabel(request.reason)}`,
        lines: requested.map(({ orderLineId, quantity }) => ({ orderLineId, quantity })),
        returnId: request.id,
        issuedAt: now,
      });
      // The refund is what the returned units were paid (after their share of the coupon); shipping is not refunded.
      const refundPaise = note?.totalPaise ?? (await returnValue(tx, order.id, requested));
      const refund = await refundReturn(shop, tx, order, request.id, refundPaise);
      await tx
        .update(returnRequests)
        .set({
          status: "approved",
          decisionReason: reason ?? null,
          decidedAt: now,
          decidedBy: admin.id,
          refundPaise,
          refundMethod: refund.method,
          refundId: refund.id,
          updatedAt: now,
        })
        .where(eq(returnRequests.id, request.id));
      await recordAudit(tx, actor, {
        action: "return.approve",
        entity: "return",
        entityId: request.id,
        before: { status: "requested" },
        after: { status: "approved", refundPaise, refundMethod: refund.method, creditNote: note?.serial ?? null },
      });
      await queueEmail(
        tx,
        await returnDecisionEmail(
          tx,
          order.id,
          { reason: request.reason, lines: emailLines, approved: true, refundPaise, manualRefund: refund.method === "manual", creditNoteSerial: note?.serial ?? null },
          shop.config.publicUrl,
        ),
      );
      // A COD order's refund is paid by hand later (the email says so); a gateway's is issued now.
      if (refund.method !== "manual" && refundPaise > 0) await queueOrderMessages(shop, tx, order.id, { template: "order_refunded", refundedPaise: refundPaise });
    }
    const [updated] = await tx.select().from(returnRequests).where(eq(returnRequests.id, request.id));
    return { ok: true, decision, returnRequest: (await returnsJson(tx, [updated!]))[0]! };
  });
}

/** The returned units' value without a credit note (an order with no invoice): the same sharing as credit notes. */
async function returnValue(tx: Transaction, orderId: string, requested: { orderLineId: string; quantity: number }[]): Promise<number> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const returned = await returnedUnits(tx, orderId);
  return requested.reduce((sum, { orderLineId, quantity }) => {
    const line = lines.find((candidate) => candidate.id === orderLineId)!;
    const share = creditShare(line, returned.get(orderLineId) ?? 0, quantity);
    return sum + share.amountPaise - share.discountPaise;
  }, 0);
}

/**
 * A prepaid order's return is refunded through the gateway that took its payment
 * (payments/refunds.ts); a cash-on-delivery order's refund is recorded as manual (the care team
 * pays it to the customer's bank account).
 */
async function refundReturn(
  shop: ShopContext,
  tx: Transaction,
  order: typeof orders.$inferSelect,
  returnId: string,
  amountPaise: number,
): Promise<{ method: "gateway" | "manual"; id: string | null }> {
  if (order.paymentMethod === "cod" || amountPaise === 0) return { method: "manual", id: null };
  const refund = await refundForReturn(shop, tx, { orderId: order.id, returnId, amountPaise });
  if (refund.ok) return { method: "gateway", id: refund.id };
  throw new Rollback<DecideReturnResult>({
    ok: false,
    reason: "refund-failed",
    message:
      refund.reason === "no-payment"
        ? "The refund could not be started: no payment of this order can be refunded through the configured payment provider"
        : RETURN_MESSAGES.refundFailed,
  });
}

type ReturnRow = typeof returnRequests.$inferSelect;

/** Requests in the shape the pages and the API show, with their lines, order number and credit note. */
async function returnsJson(db: Executor, rows: ReturnRow[]): Promise<ReturnRequestJson[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, orderRows, notes] = await Promise.all([
    db
      .select({ returnId: returnRequestLines.returnId, orderLineId: returnRequestLines.orderLineId, quantity: returnRequestLines.quantity, name: orderLines.name, sku: orderLines.sku })
      .from(returnRequestLines)
      .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
      .where(inArray(returnRequestLines.returnId, ids))
      .orderBy(asc(orderLines.name)),
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, customerName: orders.customerName, customerEmail: orders.customerEmail })
      .from(orders)
      .where(inArray(orders.id, [...new Set(rows.map((row) => row.orderId))])),
    creditNotesByReturn(db, ids),
  ]);
  return rows.map((row) => {
    const order = orderRows.find((candidate) => candidate.id === row.orderId);
    return {
      _id: row.id,
      orderId: row.orderId,
      orderNumber: order?.orderNumber ?? "",
      status: row.status as ReturnStatusId,
      reason: row.reason,
      details: row.details,
      decisionReason: row.decisionReason,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      refund: row.refundPaise === null || !row.refundMethod ? null : { amount: row.refundPaise / 100, method: row.refundMethod, id: row.refundId },
      creditNote: notes.get(row.id) ?? null,
      lines: lines.filter((line) => line.returnId === row.id).map(({ orderLineId, name, sku, quantity }) => ({ orderLineId, name, sku, quantity })),
      customer: { name: order?.customerName ?? "", email: order?.customerEmail ?? "" },
    };
  });
}

/** What an order page shows after dispatch: the shipment, the credit notes, the returns, and what may still be returned. */
export interface OrderAftercare {
  shipment: ShipmentJson | null;
  creditNotes: CreditNoteRef[];
  returns: ReturnRequestJson[];
  /** Set while the order may be returned (delivered, within the window, no request open): each line's units left. */
  returnable: null | { until: string; lines: { orderLineId: string; name: string; sku: string; quantity: number }[] };
}

/** The order's shipment, credit notes and returns (the caller has checked the viewer may see the order). */
export async function orderAftercare(db: Database, orderId: string, now = new Date()): Promise<OrderAftercare | null> {
  if (!isOrderId(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [notes, requests] = await Promise.all([
    listCreditNotes(db, orderId),
    db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).orderBy(desc(returnRequests.createdAt)),
  ]);
  const returns = await returnsJson(db, requests);
  let returnable: OrderAftercare["returnable"] = null;
  if (order.status === "Delivered" && order.deliveredAt && withinReturnWindow(order.deliveredAt, now) && !requests.some((r) => r.status === "requested")) {
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name));
    const returned = await returnedUnits(db, orderId);
    const left = lines
      .map((line) => ({ orderLineId: line.id, name: line.name, sku: line.sku, quantity: line.quantity - (returned.get(line.id) ?? 0) }))
      .filter((line) => line.quantity > 0);
    if (left.length > 0) returnable = { until: returnWindowEndsAt(order.deliveredAt).toISOString(), lines: left };
  }
  return { shipment: shipmentJson(order), creditNotes: notes, returns, returnable };
}

/** GET /api/orders/:id/returns: the owner's (or an admin's) view of the order's aftercare; null is a 404. */
export async function orderAftercareFor(db: Database, orderId: string, viewer: Pick<SessionUser, "id" | "role">): Promise<OrderAftercare | null> {
  if (!isOrderId(orderId)) return null;
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order || (viewer.role !== "admin" && order.userId !== viewer.id)) return null;
  return orderAftercare(db, orderId);
}

const RETURNS_PAGE_SIZE = 20;

/** GET /api/admin/returns and /admin/returns: requests, open ones first then newest, optionally of one status. */
export async function listReturns(db: Database, query: unknown): Promise<Listed<ReturnRequestJson, z.infer<typeof returnListQuerySchema>>> {
  const read = readQuery(returnListQuerySchema, query);
  if (!read.ok) return read;
  const { status, page } = read.input;
  const limit = RETURNS_PAGE_SIZE;
  const where = status ? eq(returnRequests.status, status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(returnRequests)
      .where(where)
      .orderBy(sql`(${returnRequests.status} = 'requested') desc`, desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(returnRequests).where(where),
  ]);
  return { ok: true, query: read.input, items: await returnsJson(db, rows), total: counted?.total ?? 0, page, limit };
}
