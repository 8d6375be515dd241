import { asc, eq } from "drizzle-orm";
import { SHOP_NAME } from "#common/brand.ts";
import { formatDateTime, formatDeliveryDate } from "#common/dates.ts";
import { formatRupees } from "#common/money.ts";
import { shipmentJson } from "#common/couriers.ts";
import { addressLines } from "#common/orders.ts";
import type { Database } from "#server/db/client.ts";
import { creditNotes, orderLines, orders, type OrderStatus } from "#server/db/schema.ts";
import { ORDER_EMAIL_TEXT, type OrderEmailText } from "./order-email-text.ts";
import type { EmailMessage } from "./outbox.ts";

// Each email below is written once; its words come from ORDER_EMAIL_TEXT in the order's language
// (orders.language, decisions/064), read with the order. Product names are the order lines' (as billed).

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

async function loadOrder(tx: Pick<Database, "select">, orderId: string, known?: OrderRow, knownLines?: (typeof orderLines.$inferSelect)[]) {
  const [order] = known ? [known] : await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found`);
  // `knownLines`: the order's lines by name, when the caller has them (not read again).
  const lines = knownLines ?? (await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name)));
  return { order, lines, t: ORDER_EMAIL_TEXT[order.language] ?? ORDER_EMAIL_TEXT.en };
}

/** `publicUrl` is the shop's configured address without a trailing slash (`shop.config.publicUrl`), given by the caller. */
const orderLink = (order: OrderRow, publicUrl: string) => `${publicUrl}/order/${encodeURIComponent(order.id)}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shippingLines(order: OrderRow, t: OrderEmailText): string[] {
  const a = order.shippingAddress;
  return [`${a.firstName} ${a.lastName}`.trim(), ...addressLines(a, t.landmark), `${t.phone}: ${a.phone}`];
}

/** What the buyer saved against the printed MRP, the coupon included (issue 15). */
function mrpSavings(order: OrderRow, lines: LineRow[]): number {
  const mrp = lines.reduce((sum, l) => sum + Math.max(l.mrpPaise, l.unitPricePaise) * l.quantity, 0);
  return mrp - order.itemsPaise + order.discountPaise;
}

function summaryText(order: OrderRow, lines: LineRow[], t: OrderEmailText): string[] {
  return [
    ...lines.map((l) => `- ${l.name} × ${l.quantity}: ${formatRupees(l.unitPricePaise * l.quantity)}`),
    "",
    `${t.subtotal}: ${formatRupees(order.itemsPaise)}`,
    ...(order.discountPaise > 0 ? [`${t.discount}${order.couponCode ? ` (${order.couponCode})` : ""}: -${formatRupees(order.discountPaise)}`] : []),
    `${t.shipping}: ${order.shippingPaise === 0 ? t.free : formatRupees(order.shippingPaise)}`,
    ...(order.codFeePaise > 0 ? [`${t.codFee}: ${formatRupees(order.codFeePaise)}`] : []),
    `${t.gstIncluded}: ${formatRupees(order.taxPaise)}`,
    `${t.total}: ${formatRupees(order.totalPaise)}`,
    ...(mrpSavings(order, lines) > 0 ? [t.youSave(formatRupees(mrpSavings(order, lines)))] : []),
    `${t.payment}: ${t.paymentMethod(order.paymentMethod)}`,
  ];
}

function summaryHtml(order: OrderRow, lines: LineRow[], t: OrderEmailText): string {
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}</td><td style="text-align:right">${l.quantity}</td><td style="text-align:right">${escapeHtml(formatRupees(l.unitPricePaise * l.quantity))}</td></tr>`,
    )
    .join("");
  const total = (label: string, value: string, strong = false) =>
    `<tr><td colspan="2">${strong ? `<strong>${label}</strong>` : label}</td><td style="text-align:right">${strong ? `<strong>${escapeHtml(value)}</strong>` : escapeHtml(value)}</td></tr>`;
  return [
    `<table style="border-collapse:collapse;width:100%;max-width:560px" cellpadding="4">`,
    `<thead><tr><th style="text-align:left">${t.item}</th><th style="text-align:right">${t.quantity}</th><th style="text-align:right">${t.amount}</th></tr></thead>`,
    `<tbody>${rows}</tbody>`,
    `<tfoot>`,
    total(t.subtotal, formatRupees(order.itemsPaise)),
    ...(order.discountPaise > 0 ? [total(`${t.discount}${order.couponCode ? ` (${escapeHtml(order.couponCode)})` : ""}`, `-${formatRupees(order.discountPaise)}`)] : []),
    total(t.shipping, order.shippingPaise === 0 ? t.free : formatRupees(order.shippingPaise)),
    ...(order.codFeePaise > 0 ? [total(t.codFee, formatRupees(order.codFeePaise))] : []),
    total(t.gstIncluded, formatRupees(order.taxPaise)),
    total(t.total, formatRupees(order.totalPaise), true),
    ...(mrpSavings(order, lines) > 0 ? [total(t.youSaveLabel, formatRupees(mrpSavings(order, lines)))] : []),
    total(t.payment, t.paymentMethod(order.paymentMethod)),
    `</tfoot></table>`,
  ].join("");
}

function wrapHtml(paragraphs: string[], order: OrderRow, body: string, publicUrl: string, t: OrderEmailText): string {
  const address = shippingLines(order, t).map(escapeHtml).join("<br>");
  return [
    `<!doctype html><html lang="${order.language}"><body style="font-family:Arial,Helvetica,sans-serif;color:#111">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    body,
    `<h2 style="font-size:16px">${t.shippingAddress}</h2><p>${address}</p>`,
    `<p><a href="${escapeHtml(orderLink(order, publicUrl))}">${escapeHtml(t.viewOrder(order.orderNumber))}</a></p>`,
    `<p>${escapeHtml(SHOP_NAME)}</p>`,
    `</body></html>`,
  ].join("\n");
}

function composeText(paragraphs: string[], order: OrderRow, summary: string[], publicUrl: string, t: OrderEmailText): string {
  return [
    ...paragraphs.flatMap((p) => [p, ""]),
    ...summary,
    "",
    `${t.shippingAddress}:`,
    ...shippingLines(order, t),
    "",
    `${t.viewOrderText}: ${orderLink(order, publicUrl)}`,
    "",
    SHOP_NAME,
    "",
  ].join("\n");
}

/** The email with the order's summary, address and link: the one shape every order email has. */
function orderEmail(order: OrderRow, lines: LineRow[], t: OrderEmailText, subject: string, paragraphs: string[], publicUrl: string): EmailMessage {
  return {
    to: order.customerEmail,
    subject,
    text: composeText(paragraphs, order, summaryText(order, lines, t), publicUrl, t),
    html: wrapHtml(paragraphs, order, summaryHtml(order, lines, t), publicUrl, t),
  };
}

/**
 * The delivery date promised for the PIN code when the order was placed, and for an unconfirmed
 * cash-on-delivery order the deadline to confirm it (decisions/044).
 */
function deliveryParagraphs(order: OrderRow, publicUrl: string, t: OrderEmailText): string[] {
  const paragraphs: string[] = [];
  if (order.deliveryTo) paragraphs.push(t.expectedDelivery(formatDeliveryDate(order.deliveryTo, order.language)));
  if (order.paymentMethod === "cod" && !order.codConfirmedAt && order.codConfirmBy) {
    paragraphs.push(t.confirmCodBy(formatDateTime(order.codConfirmBy, order.language), orderLink(order, publicUrl)));
  }
  return paragraphs;
}

/**
 * "Order HP-… confirmed": lines, totals, address, links to the order and its tax invoice. A
 * cash-on-delivery order is confirmed unpaid: the amount to keep ready, the invoice at dispatch.
 */
/** `known` (optional): the order row as it now is, when the caller holds it (only its lines are read). */
export async function orderConfirmationEmail(
  tx: Pick<Database, "select">,
  orderId: string,
  publicUrl: string,
  known?: OrderRow,
  knownLines?: (typeof orderLines.$inferSelect)[],
): Promise<EmailMessage> {
  const { order, lines, t } = await loadOrder(tx, orderId, known, knownLines);
  const paragraphs =
    order.paymentMethod === "cod"
      ? [t.hello(order.customerName), t.thanksCod(order.orderNumber, formatRupees(order.totalPaise)), t.invoiceAtDispatch]
      : [t.hello(order.customerName), t.thanksPaid(order.orderNumber, formatRupees(order.totalPaise)), t.invoiceLink(`${orderLink(order, publicUrl)}/invoice`)];
  if (order.prescriptionStatus === "pending") paragraphs.push(t.prescriptionUnderReview);
  paragraphs.push(...deliveryParagraphs(order, publicUrl, t));
  return orderEmail(order, lines, t, t.confirmedSubject(order.orderNumber), paragraphs, publicUrl);
}

/** The statuses emailed when reached: Processing is the payment (the confirmation email) and Cancelled has its own email. */
const EMAILED_STATUSES = ["Shipped", "Delivered"] as const satisfies readonly OrderStatus[];
type EmailedStatus = (typeof EMAILED_STATUSES)[number];

/** Which status changes are emailed: Processing is the payment (the confirmation email) and Cancelled has its own email. */
export function statusChangeIsEmailed(to: OrderStatus): to is EmailedStatus {
  return (EMAILED_STATUSES as readonly OrderStatus[]).includes(to);
}

export async function statusChangeEmail(
  tx: Pick<Database, "select">,
  orderId: string,
  to: OrderStatus,
  publicUrl: string,
): Promise<EmailMessage> {
  if (!statusChangeIsEmailed(to)) throw new Error(`No email for the status ${to}`);
  const { order, lines, t } = await loadOrder(tx, orderId);
  const paragraphs = [t.hello(order.customerName), t.statusSentence[to](order.orderNumber)];
  // The courier, AWB and tracking page the parcel was shipped with (decisions/032).
  const shipment = to === "Shipped" ? shipmentJson(order) : null;
  if (shipment) {
    paragraphs.push(t.courier(shipment.courierName, shipment.awb));
    if (shipment.trackingUrl) paragraphs.push(t.track(shipment.trackingUrl));
  }
  if (to === "Shipped" && order.deliveryTo) paragraphs.push(t.expectedDelivery(formatDeliveryDate(order.deliveryTo, order.language)));
  return orderEmail(order, lines, t, t.statusSubject[to](order.orderNumber), paragraphs, publicUrl);
}

export async function cancellationEmail(
  tx: Pick<Database, "select">,
  orderId: string,
  refundedPaise: number,
  publicUrl: string,
): Promise<EmailMessage> {
  const { order, lines, t } = await loadOrder(tx, orderId);
  const paragraphs = [
    t.hello(order.customerName),
    t.cancelled(order.orderNumber),
    refundedPaise > 0 ? t.refunded(formatRupees(refundedPaise)) : t.noPaymentTaken,
  ];
  // Cancelled by the job runner at the deadline (decisions/044), not by the shopper within it.
  if (order.paymentMethod === "cod" && !order.codConfirmedAt && order.codConfirmBy && order.cancelledAt && order.cancelledAt >= order.codConfirmBy) {
    paragraphs.splice(2, 0, t.notConfirmedInTime);
  }
  // The credit note issued with the cancellation of an invoiced order (decisions/032).
  const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.issuedAt));
  if (note && note.kind === "cancellation") paragraphs.push(t.invoiceCancelled(note.serial, orderLink(order, publicUrl)));
  return orderEmail(order, lines, t, t.cancelledSubject(order.orderNumber), paragraphs, publicUrl);
}

// ---------------------------------------------------------------------------
// Prescription review (issue 13, decisions/020): the states read as orderStateLabel words them.
// ---------------------------------------------------------------------------

/** Where a customer uploads a new prescription after a rejection. */
const uploadLink = (publicUrl: string) => `${publicUrl}/profile/prescriptions`;

/** "Order HP-…: Prescription approved": the pharmacist's approval, the order now being prepared. */
export async function prescriptionApprovedEmail(tx: Pick<Database, "select">, orderId: string, publicUrl: string): Promise<EmailMessage> {
  const { order, lines, t } = await loadOrder(tx, orderId);
  const pharmacist = order.prescriptionReviewerName ? { name: order.prescriptionReviewerName, registration: order.prescriptionReviewerRegistration } : null;
  const paragraphs = [t.hello(order.customerName), t.prescriptionApproved(order.orderNumber, pharmacist)];
  return orderEmail(order, lines, t, t.prescriptionApprovedSubject(order.orderNumber), paragraphs, publicUrl);
}

/**
 * "Order HP-…: Prescription rejected": the pharmacist's reason, the cancellation and refund, and
 * how to upload a new prescription and order again.
 */
export async function prescriptionRejectedEmail(
  tx: Pick<Database, "select">,
  orderId: string,
  details: { reason: string; refundedPaise: number },
  publicUrl: string,
): Promise<EmailMessage> {
  const { order, lines, t } = await loadOrder(tx, orderId);
  const paragraphs = [
    t.hello(order.customerName),
    t.prescriptionRejected(order.orderNumber),
    t.reason(details.reason),
    details.refundedPaise > 0 ? t.refunded(formatRupees(details.refundedPaise)) : t.noPaymentTaken,
    t.uploadAgain(uploadLink(publicUrl)),
  ];
  return orderEmail(order, lines, t, t.prescriptionRejectedSubject(order.orderNumber), paragraphs, publicUrl);
}

// ---------------------------------------------------------------------------
// Returns (issue 17 item 5, decisions/032): the request received, approved (refund and credit
// note) or rejected with the reason.
// ---------------------------------------------------------------------------

export interface ReturnEmailDetails {
  reason: string;
  lines: { name: string; quantity: number }[];
}

function returnedLines(details: ReturnEmailDetails): string {
  return details.lines.map((line) => `${line.name} × ${line.quantity}`).join(", ");
}

/** "Order HP-…: return requested": what was asked for and what happens next. */
export async function returnRequestedEmail(
  tx: Pick<Database, "select">,
  orderId: string,
  details: ReturnEmailDetails,
  publicUrl: string,
): Promise<EmailMessage> {
  const { order, lines, t } = await loadOrder(tx, orderId);
  const paragraphs = [t.hello(order.customerName), t.returnRequested(returnedLines(details), order.orderNumber, t.returnReason(details.reason)), t.returnNext];
  return orderEmail(order, lines, t, t.returnRequestedSubject(order.orderNumber), paragraphs, publicUrl);
}

/** "Order HP-…: return approved" (the refund and the credit note) or "return rejected" (the reason). */
export async function returnDecisionEmail(
  tx: Pick<Database, "select">,
  orderId: string,
  details: ReturnEmailDetails &
    ({ approved: true; refundPaise: number; manualRefund: boolean; creditNoteSerial: string | null } | { approved: false; rejectReason: string }),
  publicUrl: string,
): Promise<EmailMessage> {
  const { order, lines, t } = await loadOrder(tx, orderId);
  const paragraphs = [t.hello(order.customerName)];
  if (details.approved) {
    paragraphs.push(t.returnApproved(returnedLines(details), order.orderNumber));
    paragraphs.push(details.manualRefund ? t.refundByHand(formatRupees(details.refundPaise)) : t.refunded(formatRupees(details.refundPaise)));
    if (details.creditNoteSerial) paragraphs.push(t.returnCreditNote(details.creditNoteSerial));
  } else {
    paragraphs.push(t.returnRejected(returnedLines(details), order.orderNumber), t.reason(details.rejectReason));
  }
  const subject = details.approved ? t.returnApprovedSubject(order.orderNumber) : t.returnRejectedSubject(order.orderNumber);
  return orderEmail(order, lines, t, subject, paragraphs, publicUrl);
}

