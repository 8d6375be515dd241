import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { checkShipment } from "#common/couriers.ts";
import { ADMIN_PAGE_SIZE, type AdminOrderJson, type AdminOrderStatus, type OrderArchiveState, type OrderRemoval } from "#common/admin.ts";
import { adminOrderQuerySchema, adminOrderStatusSchema, type AdminOrderQuery } from "#server/schemas/admin.ts";
import type { ShopContext } from "#server/context.ts";
import type { Database } from "#server/db/client.ts";
import type { Executor } from "#server/db/tx.ts";
import { invoices, orderPrescriptions, orders, payments } from "#server/db/schema.ts";
import { recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { notAnUnpaidAttempt } from "./attempts.ts";
import { getOrderForViewer, isOrderId, ordersJson } from "./orders.ts";
import { changeOrderStatus, type ChangeStatusResult } from "./status.ts";
import { possibleNextStatuses } from "./transitions.ts";
import { likePattern } from "#server/db/errors.ts";
import { readInput, readQuery, type InvalidInput } from "#server/schemas/input.ts";
import type { Page } from "#server/db/page.ts";

/** Statuses whose orders may be removed: nothing is reserved, owed or on its way any more. */
const REMOVABLE: readonly string[] = ["Cancelled", "Delivered"];

/**
 * What removing an order does now — the one rule for `removeOrder` and the pages' button: null
 * while it is pending or in progress (refused), "archive" when its records must be kept, else "delete".
 */
function removalOf(order: { status: string; keep: boolean }): OrderRemoval | null {
  if (!REMOVABLE.includes(order.status)) return null;
  return order.keep ? "archive" : "delete";
}

/**
 * True for an order whose records must outlive it: paid, invoiced, or holding a captured or
 * refunded payment (a late or an extra payment refunded on a cancelled order counts too), or
 * placed with prescriptions (kept at least three years with the pharmacist's decision, decisions/020).
 */
const keepsRecords = sql<boolean>`(${orders.isPaid} or exists (select 1 from ${invoices} where ${invoices.orderId} = ${orders.id})
  or exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and (${payments.status} in ('captured', 'refunded') or ${payments.providerPaymentId} is not null))
  or exists (select 1 from ${orderPrescriptions} where ${orderPrescriptions.orderId} = ${orders.id}))`;

/** Whether each order is archived, and what removing it would do (the admin pages name it on the button). */
export async function orderArchiveStates(db: Executor, orderIds: string[]): Promise<Map<string, OrderArchiveState>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      keep: keepsRecords,
      archivedAt: orders.archivedAt,
      status: orders.status,
      isPaid: orders.isPaid,
      prescriptionStatus: orders.prescriptionStatus,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        archivedAt: row.archivedAt?.toISOString() ?? null,
        removal: removalOf(row),
        // The same facts `changeOrderStatus` checks (payment, cash on delivery, the prescription), so the pages offer exactly what it accepts.
        nextStatuses: possibleNextStatuses(row, "admin").filter((to): to is AdminOrderStatus => to !== "Pending"),
      },
    ]),
  );
}

const UNKNOWN_STATE: OrderArchiveState = { archivedAt: null, removal: null, nextStatuses: [] };

/** The admin order page's order: its details, whether it is archived, and what removing it does. */
export async function getAdminOrder(db: Database, orderId: string, adminId: string) {
  const order = await getOrderForViewer(db, orderId, { id: adminId, role: "admin" });
  if (!order) return undefined;
  const state = (await orderArchiveStates(db, [order._id])).get(order._id) ?? UNKNOWN_STATE;
  return { ...order, ...state };
}

/** An admin list's answer: the page with the filters it was read with, or the query's refusal. */
export type AdminOrderList = ({ ok: true; query: AdminOrderQuery } & Page<AdminOrderJson>) | InvalidInput;

/**
 * GET /api/admin/orders and the orders page: orders, newest first, optionally of one status;
 * `search` matches part of the order number or id, or the customer's name or email. Archived
 * orders are left out unless `archived` asks for them, checkouts that ended unpaid unless
 * `include=expired` does. Each in the contract's shape with `user { _id, name, email }`, plus
 * `archivedAt` and `removal`. The raw query is read here, so both doors read it alike.
 */
export async function listAdminOrders(db: Database, rawQuery: unknown): Promise<AdminOrderList> {
  const read = readQuery(adminOrderQuerySchema, rawQuery);
  if (!read.ok) return read;
  const query = read.input;
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.archived === "hide") conditions.push(isNull(orders.archivedAt));
  if (query.archived === "only") conditions.push(isNotNull(orders.archivedAt));
  // Checkouts that ended unpaid are attempts, not orders (decisions/024): shown only when asked for.
  if (!query.include) conditions.push(notAnUnpaidAttempt);
  if (query.cod === "unconfirmed") {
    conditions.push(eq(orders.paymentMethod, "cod"), eq(orders.isPaid, false), eq(orders.status, "Processing"), isNull(orders.codConfirmedAt));
  }
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(orders.orderNumber, pattern),
        ilike(orders.id, pattern),
        ilike(orders.customerName, pattern),
        ilike(orders.customerEmail, pattern),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const [items, states] = await Promise.all([ordersJson(db, rows), orderArchiveStates(db, rows.map((row) => row.id))]);
  return {
    ok: true,
    query,
    items: items.map((item) => ({ ...item, ...(states.get(item._id) ?? UNKNOWN_STATE) })),
    total: counted?.total ?? 0,
    page,
    limit,
  };
}

export type SetOrderStatusResult = ChangeStatusResult | InvalidInput;

/**
 * PUT /api/admin/orders/:id and the orders pages' status controls: moves an order to a status an
 * admin may choose (`{ status }`), through the orders module's one transition table (a
 * cancellation puts the stock back and refunds a paid order).
 */
export async function setOrderStatus(shop: ShopContext, by: AuditActor, orderId: string, body: unknown): Promise<SetOrderStatusResult> {
  const read = readInput(adminOrderStatusSchema, body);
  if (!read.ok) return read;
  const shipment = checkShipment(read.input);
  return changeOrderStatus(shop, orderId, read.input.status, { actor: "admin", by, shipment: shipment.ok ? shipment.shipment : undefined });
}


export type RemoveOrderResult =
  | { ok: true; outcome: "deleted" | "archived" }
  | { ok: false; reason: "not-found" | "in-progress" };

/**
 * DELETE /api/admin/orders/:id and the admin pages' Delete/Archive. Only a cancelled or delivered
 * order (a pending one still holds stock, one in progress is owed to a customer). An order with an
 * invoice or a payment is archived — hidden from the admin list, kept in revenue, in the customer's
 * orders and its invoice — never erased (the foreign keys refuse it too); any other is erased with
 * its lines, history and unused payment attempts.
 */
export async function removeOrder(db: Database, by: AuditActor, orderId: string, now = new Date()): Promise<RemoveOrderResult> {
  if (!isOrderId(orderId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx): Promise<RemoveOrderResult> => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, keep: keepsRecords })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return { ok: false, reason: "not-found" };
    const removal = removalOf(order);
    if (!removal) return { ok: false, reason: "in-progress" };
    if (removal === "archive") {
      await tx
        .update(orders)
        .set({ archivedAt: sql`coalesce(${orders.archivedAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(orders.id, orderId));
      await recordAudit(tx, by, { action: "order.archive", entity: "order", entityId: orderId, before: { status: order.status }, after: { archived: true } });
      return { ok: true, outcome: "archived" };
    }
    // Only provider orders nobody paid (created or failed) are left: they go with the order.
    await tx.delete(payments).where(eq(payments.orderId, orderId));
    await tx.delete(orders).where(eq(orders.id, orderId));
    await recordAudit(tx, by, { action: "order.delete", entity: "order", entityId: orderId, before: { status: order.status } });
    return { ok: true, outcome: "deleted" };
  });
}
