// The tax invoice as the invoice page, the PDF and the tests read it (decisions/008), and the
// invoice's own formats. Amounts are in common/money.ts.
import { formatShortDate } from "./dates.ts";
import type { ShippingAddress } from "./orders.ts";
import type { SellerDetails } from "./seller.ts";

export interface TaxSplit {
  /** GST-inclusive line total. */
  grossPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
}

export interface PlaceOfSupply {
  /** Two-digit GST state code ("29"), "96" for outside India, "97" when unknown. */
  code: string;
  name: string;
}

export interface InvoiceLine extends TaxSplit {
  description: string;
  sku: string;
  hsnCode: string;
  batchNumber: string | null;
  /** "YYYY-MM-DD" or null. */
  expiryDate: string | null;
  quantity: number;
  /** GST-inclusive unit price. */
  unitPricePaise: number;
  gstRateBps: number;
  /** Unit price × quantity, before the coupon; `grossPaise` is this less `discountPaise`. */
  amountPaise: number;
  /** The line's share of the coupon's discount (decisions/025); the GST is on the value after it. */
  discountPaise: number;
}

/** Everything a tax invoice shows, in paise; the page, the PDF and the tests read this one shape. */
export interface InvoiceDocument {
  serial: string;
  financialYear: string;
  issuedAt: string;
  order: { id: string; orderNumber: string; placedAt: string; paidAt: string | null; paymentMethod: string };
  /** The configured seller, its pharmacist in one line, and its state from the GSTIN. */
  seller: Pick<SellerDetails, "name" | "address" | "phone" | "email" | "gstin" | "drugLicence"> & { pharmacist: string; state: PlaceOfSupply };
  buyer: { name: string; address: ShippingAddress };
  placeOfSupply: PlaceOfSupply;
  /** IGST (across states or outside India) rather than CGST + SGST. */
  interState: boolean;
  lines: InvoiceLine[];
  /** Sums of the line columns. */
  totals: TaxSplit;
  /** The coupon's discount, shared among the lines (0 without one), and its code. */
  discountPaise: number;
  couponCode: string | null;
  shippingPaise: number;
  /** The cash-on-delivery fee, a charge of its own (0 unless COD; decisions/022). */
  codFeePaise: number;
  /** Items after discount plus shipping plus the COD fee: what the buyer paid (or pays at the door). */
  grandTotalPaise: number;
  /** On an invoice: the credit notes issued against it, oldest first (decisions/032). */
  creditNotes?: CreditNoteRef[];
  /** Set when this document is a credit note: the invoice it credits and why. */
  creditNote?: { kind: "cancellation" | "return"; reason: string; invoiceSerial: string; invoiceIssuedAt: string };
}

/** A credit note as the invoice, the order pages and the emails link to it. */
export interface CreditNoteRef {
  _id: string;
  serial: string;
  issuedAt: string;
  kind: "cancellation" | "return";
  /** What it credits (lines, and for a cancellation shipping and the COD fee), in paise. */
  totalPaise: number;
}

/**
 * How an invoice stands after its credit notes: "Cancelled" (a cancellation credited it whole),
 * "Refunded" (returns credited all of it), "Partly refunded", or null (no credit note).
 */
export function invoiceStanding(invoice: Pick<InvoiceDocument, "creditNotes" | "grandTotalPaise">): string | null {
  const notes = invoice.creditNotes ?? [];
  if (notes.length === 0) return null;
  if (notes.some((note) => note.kind === "cancellation")) return "Cancelled";
  const credited = notes.reduce((sum, note) => sum + note.totalPaise, 0);
  return credited >= invoice.grandTotalPaise ? "Refunded" : "Partly refunded";
}

/** Where the owner (or an admin) downloads a credit note's PDF. */
export function creditNotePdfPath(orderId: string, creditNoteId: string): string {
  return `/api/orders/${encodeURIComponent(orderId)}/credit-notes/${encodeURIComponent(creditNoteId)}.pdf`;
}

/** A cash-on-delivery invoice is issued at dispatch, before the cash is collected. */
export function invoiceTotalLabel(invoice: Pick<InvoiceDocument, "order" | "creditNote">): string {
  if (invoice.creditNote) return "Total credited";
  return invoice.order.paymentMethod === "cod" && !invoice.order.paidAt ? "Total payable on delivery" : "Total paid";
}

/** "5%" from basis points; "12.5%" when not whole. */
export function formatRate(bps: number): string {
  return `${bps / 100}%`;
}

/** "21 Nov 2026" for an ISO date or timestamp, in India Standard Time (the shop's one date format, common/dates.ts). */
export function formatInvoiceDate(iso: string): string {
  return formatShortDate(iso);
}
