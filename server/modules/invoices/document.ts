// The figures a tax invoice and a credit note share (decisions/008, 032).
import type { InvoiceDocument, InvoiceLine } from "#common/invoices.ts";
import type { SellerDetails } from "#common/seller.ts";
import type { orders } from "#server/db/schema.ts";
import { placeOfSupply, stateFromGstin } from "./place-of-supply.ts";
import { splitTax, sumSplits } from "./tax.ts";

/** What a document's lines are made of: an order line, or the part of one a credit note credits. */
export interface DocumentLineSource {
  name: string;
  sku: string;
  hsnCode: string | null;
  batchNumber: string | null;
  expiryDate: string | null;
  quantity: number;
  unitPricePaise: number;
  gstRateBps: number;
  /** The line's share of the coupon's discount. */
  discountPaise: number;
  /** The GST charged on the line's value after the discount. */
  taxPaise: number;
}

/**
 * One document's figures: seller, buyer, place of
 * supply, the lines with their GST split, and the totals as column sums.
 */
export function taxDocument(
  order: typeof orders.$inferSelect,
  lines: readonly DocumentLineSource[],
  seller: SellerDetails,
  head: { serial: string; financialYear: string; issuedAt: Date; shippingPaise: number; codFeePaise: number },
): InvoiceDocument {
  const sellerState = stateFromGstin(seller.gstin);
  const supply = placeOfSupply(order.shippingAddress);
  const interState = supply.code !== sellerState.code;
  const invoiceLines: InvoiceLine[] = lines.map((line) => ({
    description: line.name,
    sku: line.sku,
    hsnCode: line.hsnCode ?? "",
    batchNumber: line.batchNumber,
    expiryDate: line.expiryDate,
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
    gstRateBps: line.gstRateBps,
    amountPaise: line.unitPricePaise * line.quantity,
    discountPaise: line.discountPaise,
    // The tax stored on the order line is the tax the buyer was charged, on the line's value after
    // its share of the coupon (decisions/025); the invoice splits it.
    ...splitTax(line.unitPricePaise * line.quantity - line.discountPaise, line.taxPaise, interState),
  }));
  const totals = sumSplits(invoiceLines);
  const address = order.shippingAddress;
  return {
    serial: head.serial,
    financialYear: head.financialYear,
    issuedAt: head.issuedAt.toISOString(),
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      placedAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      paymentMethod: order.paymentMethod,
    },
    seller: {
      name: seller.name,
      address: seller.address,
      phone: seller.phone,
      email: seller.email,
      gstin: seller.gstin,
      drugLicence: seller.drugLicence,
      pharmacist: `${seller.pharmacistName}, ${seller.pharmacistRegistration}`,
      state: sellerState,
    },
    buyer: { name: `${address.firstName} ${address.lastName}`.trim() || order.customerName, address },
    placeOfSupply: supply,
    interState,
    lines: invoiceLines,
    totals,
    discountPaise: invoiceLines.reduce((sum, line) => sum + line.discountPaise, 0),
    couponCode: order.couponCode,
    shippingPaise: head.shippingPaise,
    codFeePaise: head.codFeePaise,
    grandTotalPaise: totals.grossPaise + head.shippingPaise + head.codFeePaise,
  };
}

