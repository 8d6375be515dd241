import { readsAsAdmin } from "#common/pharmacist.ts";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { paiseToRupees } from "#common/money.ts";
import { shownEmail } from "#server/db/no-email.ts";
import { ID_PATTERN as ORDER_ID_PATTERN } from "#server/db/ids.ts";
import type { Executor } from "#server/db/tx.ts";
import { prepared } from "#server/db/prepared.ts";
import type { CodConfirmationJson, MyOrderJson, OrderDetailJson, OrderJson, OrderPrescriptionJson, } from "#common/orders.ts";
import { invoices, orderLines, orderPrescriptions, orderStatusHistory, orders, payments, prescriptions } from "#server/db/schema.ts";
import { shiprocketShipmentJson } from "#server/modules/shipping/shipments.ts";
import { notAnUnpaidAttempt } from "./attempts.ts";
import { allowedNextStatuses } from "./transitions.ts";

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
/** What an order's answer shows of its payments rows. */
export type ShownPayment = Pick<PaymentRow, "extra" | "status" | "providerPaymentId" | "providerOrderId" | "signature">;

export interface Viewer {
  id: string;
  role: "admin" | "customer" | string;
  /** An admin session waiting for two-factor set-up reads only its own orders (decisions/051). */
  twoFactorSetupRequired?: boolean;
}

/** True when the text could be one of our order ids (anything else is a plain 404). */
export function isOrderId(value: unknown): value is string {
  return typeof value === "string" && ORDER_ID_PATTERN.test(value);
}

/** The order's own payment; an extra one (paid twice, refunded) never stands for it. */
function capturedPayment<Row extends ShownPayment>(rows: Row[]): Row | undefined {
  const own = rows.filter((row) => !row.extra);
  return own.find((row) => row.status === "captured" || row.status === "refunded") ?? own[0];
}

export function orderJson(order: OrderRow, lines: LineRow[], paymentRows: ShownPayment[] = [], prescriptionIds: string[] = []): OrderJson {
  const paid = capturedPayment(paymentRows);
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    user: { _id: order.userId, name: order.customerName, email: shownEmail(order.customerEmail) },
    orderItems: lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      image: line.image ?? "",
      price: paiseToRupees(line.unitPricePaise),
      quantity: line.quantity,
    })),
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    ...(order.isPaid && paid?.providerPaymentId
      ? {
          paymentResult: {
            razorpay_payment_id: paid.providerPaymentId,
            razorpay_order_id: paid.providerOrderId,
            razorpay_signature: paid.signature ?? "",
          },
        }
      : {}),
    itemsPrice: paiseToRupees(order.itemsPaise),
    discountPrice: paiseToRupees(order.discountPaise),
    coupon: order.couponCode ? { code: order.couponCode } : null,
    shippingPrice: paiseToRupees(order.shippingPaise),
    codFee: paiseToRupees(order.codFeePaise),
    taxPrice: paiseToRupees(order.taxPaise),
    totalPrice: paiseToRupees(order.totalPaise),
    isPaid: order.isPaid,
    ...(order.paidAt ? { paidAt: order.paidAt.toISOString() } : {}),
    status: order.status,
    isDelivered: order.isDelivered,
    ...(order.deliveredAt ? { deliveredAt: order.deliveredAt.toISOString() } : {}),
    prescription: orderPrescriptionJson(order, prescriptionIds),
    ...(order.deliveryFrom && order.deliveryTo ? { estimatedDelivery: { from: order.deliveryFrom, to: order.deliveryTo } } : {}),
    ...(order.paymentMethod === "cod" ? { codConfirmation: codConfirmationJson(order) } : {}),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** A COD order's confirmation (decisions/044): confirmed (by whom, when), or the moment it is cancelled without one. */
function codConfirmationJson(order: OrderRow): CodConfirmationJson {
  if (order.codConfirmedAt) {
    return { confirmed: true, confirmedAt: order.codConfirmedAt.toISOString(), ...(order.codConfirmedBy ? { confirmedBy: order.codConfirmedBy } : {}) };
  }
  return { confirmed: false, ...(order.codConfirmBy ? { confirmBy: order.codConfirmBy.toISOString() } : {}) };
}

/** The order's prescription review as the contract shows it; null when the order has no Rx lines. */
function orderPrescriptionJson(order: OrderRow, prescriptionIds: string[]): OrderPrescriptionJson | null {
  if (!order.prescriptionStatus) return null;
  return {
    status: order.prescriptionStatus,
    prescriptionIds,
    ...(order.prescriptionReviewedAt ? { reviewedAt: order.prescriptionReviewedAt.toISOString() } : {}),
    ...(order.prescriptionReviewerName
      ? { reviewer: { name: order.prescriptionReviewerName, registration: order.prescriptionReviewerRegistration ?? "" } }
      : {}),
    ...(order.prescriptionStatus === "rejected" && order.prescriptionRejectReason ? { reason: order.prescriptionRejectReason } : {}),
  };
}

/** The prescriptions each order was placed with (order_prescriptions), oldest upload first. */
async function prescriptionIdsByOrder(db: Executor, orderIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select({ orderId: orderPrescriptions.orderId, prescriptionId: orderPrescriptions.prescriptionId })
    .from(orderPrescriptions)
    .innerJoin(prescriptions, eq(prescriptions.id, orderPrescriptions.prescriptionId))
    .where(inArray(orderPrescriptions.orderId, orderIds))
    .orderBy(asc(prescriptions.createdAt), asc(prescriptions.id));
  for (const row of rows) {
    const list = map.get(row.orderId) ?? [];
    list.push(row.prescriptionId);
    map.set(row.orderId, list);
  }
  return map;
}

async function linesByOrder(db: Executor, orderIds: string[]): Promise<Map<string, LineRow[]>> {
  const map = new Map<string, LineRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.name), asc(orderLines.id));
  for (const row of rows) {
    const list = map.get(row.orderId) ?? [];
    list.push(row);
    map.set(row.orderId, list);
  }
  return map;
}

async function paymentsByOrder(db: Executor, orderIds: string[]): Promise<Map<string, PaymentRow[]>> {
  const map = new Map<string, PaymentRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(desc(payments.updatedAt));
  for (const row of rows) {
    const list = map.get(row.orderId) ?? [];
    list.push(row);
    map.set(row.orderId, list);
  }
  return map;
}

/**
 * Order rows as contract JSON: their lines, and only where the JSON shows them the payments (a
 * paid order's payment result) and the prescriptions (an order with a prescription review); at
 * most three queries, one for a new unpaid order without prescription-only lines.
 */
export async function ordersJson(db: Executor, rows: OrderRow[], known: { lines?: LineRow[][] } = {}): Promise<OrderJson[]> {
  const ids = rows.map((row) => row.id);
  const paid = rows.filter((row) => row.isPaid).map((row) => row.id);
  const reviewed = rows.filter((row) => row.prescriptionStatus).map((row) => row.id);
  // `known.lines`: each row's lines in hand (by name, then id, as linesByOrder reads them), e.g. an order just placed.
  const [read, pays, rx] = await Promise.all([known.lines ? null : linesByOrder(db, ids), paymentsByOrder(db, paid), prescriptionIdsByOrder(db, reviewed)]);
  const linesOf = (index: number) => known.lines?.[index] ?? read?.get(rows[index]!.id) ?? [];
  return rows.map((row, index) => orderJson(row, linesOf(index), pays.get(row.id) ?? [], rx.get(row.id) ?? []));
}

/** One order as contract JSON, or undefined when there is no such order. */
export async function loadOrderJson(db: Executor, orderId: string): Promise<OrderJson | undefined> {
  if (!isOrderId(orderId)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return undefined;
  return (await ordersJson(db, [row]))[0];
}

/**
 * The user's orders, newest first (My Orders), each with its reservation's end while it awaits
 * payment. Unpaid attempts (expired, replaced or abandoned; decisions/024) are left out unless
 * `includeExpired`.
 */
export async function listOrdersForUser(db: Executor, userId: string, options: { includeExpired?: boolean } = {}): Promise<MyOrderJson[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(options.includeExpired ? eq(orders.userId, userId) : and(eq(orders.userId, userId), notAnUnpaidAttempt))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const json = await ordersJson(db, rows);
  return json.map((order, index) => ({ ...order, reservationExpiresAt: payableUntil(rows[index]!) }));
}

/** When a Pending prepaid order stops being payable (its reservation's end); null for any other order. */
export function payableUntil(order: OrderRow): string | null {
  if (order.status !== "Pending" || order.isPaid || order.paymentMethod === "cod" || !order.reservationExpiresAt) return null;
  return order.reservationExpiresAt.toISOString();
}

/**
 * One order with its lines, status history, payment and invoice serial, when the viewer owns it
 * or is an admin; undefined otherwise (the caller answers 404 either way, so ids are not probed).
 */
export async function getOrderForViewer(db: Executor, orderId: string, viewer: Viewer): Promise<OrderDetailJson | undefined> {
  if (!isOrderId(orderId)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return undefined;
  if (!readsAsAdmin(viewer) && row.userId !== viewer.id) return undefined;

  const [lines, paymentRows, history, [invoice]] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name), asc(orderLines.id)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.updatedAt)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db.select({ serial: invoices.serial }).from(invoices).where(eq(invoices.orderId, orderId)),
  ]);
  const rx = row.prescriptionStatus ? await prescriptionIdsByOrder(db, [orderId]) : new Map<string, string[]>();
  const shipment = await shiprocketShipmentJson(db, orderId, { admin: viewer.role === "admin" });
  const payment = capturedPayment(paymentRows);
  return {
    ...orderJson(row, lines, paymentRows, rx.get(orderId) ?? []),
    lines: lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      image: line.image ?? "",
      price: paiseToRupees(line.unitPricePaise),
      quantity: line.quantity,
      sku: line.sku,
      hsnCode: line.hsnCode,
      gstRateBps: line.gstRateBps,
      lineTotal: paiseToRupees(line.unitPricePaise * line.quantity),
      tax: paiseToRupees(line.taxPaise),
      discount: paiseToRupees(line.discountPaise),
      mrp: paiseToRupees(line.mrpPaise),
    })),
    statusHistory: history.map((entry) => ({ status: entry.status, note: entry.note, at: entry.createdAt.toISOString() })),
    payment: payment
      ? {
          provider: payment.provider,
          providerOrderId: payment.providerOrderId,
          providerPaymentId: payment.providerPaymentId,
          signature: payment.signature,
          method: payment.method,
          status: payment.status,
          amount: paiseToRupees(payment.amountPaise),
          currency: payment.currency,
          refundId: payment.refundId,
          refunded: paiseToRupees(payment.refundedPaise),
          failureReason: payment.failureReason,
        }
      : null,
    invoiceSerial: invoice?.serial ?? null,
    reservationExpiresAt: row.reservationExpiresAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancellable: allowedNextStatuses(row.status, "customer").includes("Cancelled"),
    ...(shipment ? { shipment } : {}),
  };
}

const ownOrderWithLines = prepared("own_order_with_lines", (db) =>
  db
    .select({ order: orders, line: orderLines })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.id, sql.placeholder("orderId")), eq(orders.userId, sql.placeholder("userId"))))
    .orderBy(asc(orderLines.name), asc(orderLines.id)),
);

const ownOrder = prepared("own_order", (db) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder("orderId")), eq(orders.userId, sql.placeholder("userId")))),
);

/** findOwnOrder with the order's lines (by name, as the order's JSON lists them), in one statement. */
export async function findOwnOrderWithLines(db: Executor, orderId: string, userId: string): Promise<{ order: OrderRow; lines: LineRow[] } | undefined> {
  if (!isOrderId(orderId)) return undefined;
  const rows = await ownOrderWithLines(db, { orderId, userId });
  if (rows.length === 0) return undefined;
  return { order: rows[0]!.order, lines: rows.flatMap((row) => (row.line ? [row.line] : [])) };
}

/** The order row when the user owns it (for owner-only calls). */
export async function findOwnOrder(db: Executor, orderId: string, userId: string): Promise<OrderRow | undefined> {
  if (!isOrderId(orderId)) return undefined;
  const [row] = await ownOrder(db, { orderId, userId });
  return row;
}
