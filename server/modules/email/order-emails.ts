import { asc, eq } from "drizzle-orm";
import { SHOP_NAME } from "#common/brand.ts";
import { formatDateTime } from "#common/dates.ts";
import { formatDeliveryDate } from "#common/dates.ts";
import { formatRupees } from "#common/money.ts";
import { shipmentJson } from "#common/couriers.ts";
import { addressLines, orderStateLabel, paymentMethodLabel } from "#common/orders.ts";
import { returnReasonLabel } from "#common/returns.ts";
import type { Database } from "#server/db/client.ts";
import { creditNotes, orderLines, orders, type OrderStatus } from "#server/db/schema.ts";
import type { EmailMessage } from "./outbox.ts";

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

async function loadOrder(tx: Pick<Database, "select">, orderId: string, known?: OrderRow) {
  const [order] = known ? [known] : await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found`);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name));
  return { order, lines };
}

/** `publicUrl` is the shop's configured address without a trailing slash (`shop.config.publicUrl`), given by the caller. */
const orderLink = (order: OrderRow, publicUrl: string) => `${publicUrl}/order/${encodeURIComponent(order.id)}`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shippingLines(order: OrderRow): string[] {
  const a = order.shippingAddress;
  return [`${a.firstName} ${a.lastName}`.trim(), ...addressLines(a), `Phone: ${a.phone}`];
}

/** What the buyer saved against the printed MRP, the coupon included (issue 15). */
function mrpSavings(order: OrderRow, lines: LineRow[]): number {
  const mrp = lines.reduce((sum, l) => sum + Math.max(l.mrpPaise, l.unitPricePaise) * l.quantity, 0);
  return mrp - order.itemsPaise + order.discountPaise;
}

function summaryText(order: OrderRow, lines: LineRow[]): string[] {
  return [
    ...lines.map((l) => `- ${l.name} × ${l.quantity}: ${formatRupees(l.unitPricePaise * l.quantity)}`),
    "",
    `Subtotal: ${formatRupees(order.itemsPaise)}`,
    ...(order.discountPaise > 0 ? [`Discount${order.couponCode ? ` (${order.couponCode})` : ""}: -${formatRupees(order.discountPaise)}`] : []),
    `Shipping: ${order.shippingPaise === 0 ? "FREE" : formatRupees(order.shippingPaise)}`,
    ...(order.codFeePaise > 0 ? [`Cash on delivery fee: ${formatRupees(order.codFeePaise)}`] : []),
    `GST included: ${formatRupees(order.taxPaise)}`,
    `Total: ${formatRupees(order.totalPaise)}`,
    ...(mrpSavings(order, lines) > 0 ? [`You save ${formatRupees(mrpSavings(order, lines))} on MRP`] : []),
    `Payment: ${paymentMethodLabel(order.paymentMethod)}`,
  ];
}

function summaryHtml(order: OrderRow, lines: LineRow[]): string {
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
    `<thead><tr><th style="text-align:left">Item</th><th style="text-align:right">Qty</th><th style="text-align:right">Amount</th></tr></thead>`,
    `<tbody>${rows}</tbody>`,
    `<tfoot>`,
    total("Subtotal", formatRupees(order.itemsPaise)),
    ...(order.discountPaise > 0 ? [total(`Discount${order.couponCode ? ` (${escapeHtml(order.couponCode)})` : ""}`, `-${formatRupees(order.discountPaise)}`)] : []),
    total("Shipping", order.shippingPaise === 0 ? "FREE" : formatRupees(order.shippingPaise)),
    ...(order.codFeePaise > 0 ? [total("Cash on delivery fee", formatRupees(order.codFeePaise))] : []),
    total("GST included", formatRupees(order.taxPaise)),
    total("Total", formatRupees(order.totalPaise), true),
    ...(mrpSavings(order, lines) > 0 ? [total("You save on MRP", formatRupees(mrpSavings(order, lines)))] : []),
    total("Payment", paymentMethodLabel(order.paymentMethod)),
    `</tfoot></table>`,
  ].join("");
}

function wrapHtml(paragraphs: string[], order: OrderRow, body: string, publicUrl: string): string {
  const address = shippingLines(order).map(escapeHtml).join("<br>");
  return [
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111">`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    body,
    `<h2 style="font-size:16px">Shipping address</h2><p>${address}</p>`,
    `<p><a href="${escapeHtml(orderLink(order, publicUrl))}">View your order ${escapeHtml(order.orderNumber)}</a></p>`,
    `<p>${escapeHtml(SHOP_NAME)}</p>`,
    `</body></html>`,
  ].join("\n");
}

function composeText(paragraphs: string[], order: OrderRow, summary: string[], publicUrl: string): string {
  return [
    ...paragraphs.flatMap((p) => [p, ""]),
    ...summary,
    "",
    "Shipping address:",
    ...shippingLines(order),
    "",
    `View your order: ${orderLink(order, publicUrl)}`,
    "",
    SHOP_NAME,
    "",
  ].join("\n");
}

/**
 * The delivery date promised for the PIN code when the order was placed, and for an unconfirmed
 * cash-on-delivery order the deadline to confirm it (decisions/044).
 */
function deliveryParagraphs(order: OrderRow, publicUrl: string): string[] {
  const paragraphs: string[] = [];
  if (order.deliveryTo) paragraphs.push(`Expected delivery by ${formatDeliveryDate(order.deliveryTo)}.`);
  if (order.paymentMethod === "cod" && !order.codConfirmedAt && order.codConfirmBy) {
    paragraphs.push(
      `Please confirm this cash-on-delivery order by ${formatDateTime(order.codConfirmBy)} (India time) on your order page: ${orderLink(order, publicUrl)}. An order not confirmed by then is cancelled and its items released.`,
    );
  }
  return paragraphs;
}

/**
 * "Order HP-… confirmed": lines, totals, address, links to the order and its tax invoice. A
 * cash-on-delivery order is confirmed unpaid: the amount to keep ready, the invoice at dispatch.
 */
/** `known` (optional): the order row as it now is, when the caller holds it (only its lines are read). */
export async function orderConfirmationEmail(tx: Pick<Database, "select">, orderId: string, publicUrl: string, known?: OrderRow): Promise<EmailMessage> {
  const { order, lines } = await loadOrder(tx, orderId, known);
  const paragraphs =
    order.paymentMethod === "cod"
      ? [
          `Hello ${order.customerName},`,
          `Thank you for your order ${order.orderNumber}, to be paid by cash on delivery. We are preparing your order; please keep ${formatRupees(order.totalPaise)} ready for the courier.`,
          "Your tax invoice will be available on your order page once the order is shipped.",
        ]
      : [
          `Hello ${order.customerName},`,
          `Thank you for your order ${order.orderNumber}. We have received your payment of ${formatRupees(order.totalPaise)} and are preparing your order.`,
          `Your tax invoice: ${orderLink(order, publicUrl)}/invoice`,
        ];
  if (order.prescriptionStatus === "pending") paragraphs.push(PRESCRIPTION_UNDER_REVIEW_SENTENCE);
  paragraphs.push(...deliveryParagraphs(order, publicUrl));
  return {
    to: order.customerEmail,
    subject: `Order ${order.orderNumber} confirmed`,
    text: composeText(paragraphs, order, summaryText(order, lines), publicUrl),
    html: wrapHtml(paragraphs, order, summaryHtml(order, lines), publicUrl),
  };
}

const STATUS_SENTENCES: Partial<Record<OrderStatus, (orderNumber: string) => string>> = {
  Shipped: (n) => `Good news: your order ${n} has been shipped and is on its way.`,
  Delivered: (n) => `Your order ${n} has been delivered. We hope you are happy with it.`,
};

/** Which status changes are emailed: Processing is the payment (the confirmation email) and Cancelled has its own email. */
export function statusChangeIsEmailed(to: OrderStatus): boolean {
  return STATUS_SENTENCES[to] !== undefined;
}

export async function statusChangeEmail(
  tx: Pick<Database, "select">,
  orderId: string,
  to: OrderStatus,
  publicUrl: string,
): Promise<EmailMessage> {
  const sentence = STATUS_SENTENCES[to];
  if (!sentence) throw new Error(`No email for the status ${to}`);
  const { order, lines } = await loadOrder(tx, orderId);
  const paragraphs = [`Hello ${order.customerName},`, sentence(order.orderNumber)];
  // The courier, AWB and tracking page the parcel was shipped with (decisions/032).
  const shipment = to === "Shipped" ? shipmentJson(order) : null;
  if (shipment) {
    paragraphs.push(`Courier: ${shipment.courierName}. AWB / tracking number: ${shipment.awb}.`);
    if (shipment.trackingUrl) paragraphs.push(`Track your parcel: ${shipment.trackingUrl}`);
  }
  if (to === "Shipped" && order.deliveryTo) paragraphs.push(`Expected delivery by ${formatDeliveryDate(order.deliveryTo)}.`);
  return {
    to: order.customerEmail,
    subject: `Order ${order.orderNumber}: ${to}`,
    text: composeText(paragraphs, order, summaryText(order, lines), publicUrl),
    html: wrapHtml(paragraphs, order, summaryHtml(order, lines), publicUrl),
  };
}

export async function cancellationEmail(
  tx: Pick<Database, "select">,
  orderId: string,
  refundedPaise: number,
  publicUrl: string,
): Promise<EmailMessage> {
  const { order, lines } = await loadOrder(tx, orderId);
  const paragraphs = [
    `Hello ${order.customerName},`,
    `Your order ${order.orderNumber} has been cancelled.`,
    refundedPaise > 0
      ? `A refund of ${formatRupees(refundedPaise)} has been issued to your original payment method. Banks usually credit it within 5–7 working days.`
      : "No payment was taken for this order.",
  ];
  // Cancelled by the job runner at the deadline (decisions/044), not by the shopper within it.
  if (order.paymentMethod === "cod" && !order.codConfirmedAt && order.codConfirmBy && order.cancelledAt && order.cancelledAt >= order.codConfirmBy) {
    paragraphs.splice(2, 0, "It was not confirmed in time, so its items were released. You are welcome to order again.");
  }
  // The credit note issued with the cancellation of an invoiced order (decisions/032).
  const [note] = await tx.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.issuedAt));
  if (note && note.kind === "cancellation") paragraphs.push(`Your invoice has been cancelled by credit note ${note.serial}, on your order page: ${orderLink(order, publicUrl)}`);
  return {
    to: order.customerEmail,
    subject: `Order ${order.orderNumber} cancelled`,
    text: composeText(paragraphs, order, summaryText(order, lines), publicUrl),
    html: wrapHtml(paragraphs, order, summaryHtml(order, lines), publicUrl),
  };
}

// ---------------------------------------------------------------------------
// Prescription review (issue 13, decisions/020): the states read as orderStateLabel words them.
// ---------------------------------------------------------------------------

/** Said in the confirmation of an order with prescription-only lines. */
const PRESCRIPTION_UNDER_REVIEW_SENTENCE = `Status: ${orderStateLabel({ status: "Processing", prescription: { status: "pending" } })}. Your order has prescription medicines: our pharmacist checks your prescription before the order is packed, and we email you as soon as it is approved.`;

/** Where a customer uploads a new prescription after a rejection. */
const uploadLink = (publicUrl: string) => `${publicUrl}/profile/prescriptions`;

/** "Order HP-…: Prescription approved": the pharmacist's approval, the order now being prepared. */
export async function prescriptionApprovedEmail(tx: Pick<Database, "select">, orderId: string, publicUrl: string): Promise<EmailMessage> {
  const { order, lines } = await loadOrder(tx, orderId);
  const label = orderStateLabel({ status: "Processing", prescription: { status: "approved" } });
  const paragraphs = [
    `Hello ${order.customerName},`,
    `${label}: our pharmacist${order.prescriptionReviewerName ? `, ${order.prescriptionReviewerName} (registration ${order.prescriptionReviewerRegistration}),` : ""} has checked and approved the prescription for your order ${order.orderNumber}. We are now preparing it for dispatch and will email you when it ships.`,
  ];
  return {
    to: order.customerEmail,
    subject: `Order ${order.orderNumber}: ${label}`,
    text: composeText(paragraphs, order, summaryText(order, lines), publicUrl),
    html: wrapHtml(paragraphs, order, summaryHtml(order, lines), publicUrl),
  };
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
  const { order, lines } = await loadOrder(tx, orderId);
  const label = orderStateLabel({ status: "Cancelled", prescription: { status: "rejected" } });
  const paragraphs = [
    `Hello ${order.customerName},`,
    `${label}: our pharmacist could not accept the prescription for your order ${order.orderNumber}, so the order has been cancelled.`,
    `Reason: ${details.reason}`,
    details.refundedPaise > 0
      ? `A refund of ${formatRupees(details.refundedPaise)} has been issued to your original payment method. Banks usually credit it within 5–7 working days.`
      : "No payment was taken for this order.",
    `You can upload a new prescription at ${uploadLink(publicUrl)} and place the order again.`,
  ];
  return {
    to: order.customerEmail,
    subject: `Order ${order.orderNumber}: ${label}`,
    text: composeText(paragraphs, order, summaryText(order, lines), publicUrl),
    html: wrapHtml(paragraphs, order, summaryHtml(order, lines), publicUrl),
  };
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
  const { order, lines } = await loadOrder(tx, orderId);
  const paragraphs = [
    `Hello ${order.customerName},`,
    `We have received your request to return ${returnedLines(details)} from order ${order.orderNumber} (${returnReasonLabel(details.reason)}).`,
    "Our team will look at it within two business days and email you the decision. Please keep the items and their packs until then.",
  ];
  return {
    to: order.customerEmail,
    subject: `Order ${order.orderNumber}: return requested`,
    text: composeText(paragraphs, order, summaryText(order, lines), publicUrl),
    html: wrapHtml(paragraphs, order, summaryHtml(order, lines), publicUrl),
  };
}

/** "Order HP-…: return approved" (the refund and the credit note) or "return rejected" (the reason). */
export async function returnDecisionEmail(
  tx: Pick<Database, "select">,
  orderId: string,
  details: ReturnEmailDetails &
    ({ approved: true; refundPaise: number; manualRefund: boolean; creditNoteSerial: string | null } | { approved: false; rejectReason: string }),
  publicUrl: string,
): Promise<EmailMessage> {
  const { order, lines } = await loadOrder(tx, orderId);
  const paragraphs = [`Hello ${order.customerName},`];
  if (details.approved) {
    paragraphs.push(`We have approved the return of ${returnedLines(details)} from order ${order.orderNumber}.`);
    paragraphs.push(
      details.manualRefund
        ? `A refund of ${formatRupees(details.refundPaise)} has been approved. As the order was paid in cash on delivery, our care team will contact you to pay it to your bank account.`
        : `A refund of ${formatRupees(details.refundPaise)} has been issued to your original payment method. Banks usually credit it within 5–7 working days.`,
    );
    if (details.creditNoteSerial) paragraphs.push(`Credit note ${details.creditNoteSerial} for the returned items is on your order page.`);
  } else {
    paragraphs.push(`We could not accept the return of ${returnedLines(details)} from order ${order.orderNumber}.`, `Reason: ${details.rejectReason}`);
  }
  return {
    to: order.customerEmail,
    subject: `Order ${order.orderNumber}: return ${details.approved ? "approved" : "rejected"}`,
    text: composeText(paragraphs, order, summaryText(order, lines), publicUrl),
    html: wrapHtml(paragraphs, order, summaryHtml(order, lines), publicUrl),
  };
}
