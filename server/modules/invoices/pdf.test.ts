import { describe, expect, it } from "vitest";
import { pdfText } from "#tests/api/invoice-helpers.ts";
import type { InvoiceDocument, InvoiceLine } from "#common/invoices.ts";
import { renderInvoicePdf } from "./pdf.ts";
import { gstIncludedPaise, splitTax, sumSplits } from "./tax.ts";

function invoiceWith(lines: Array<{ description: string; unitPricePaise: number; quantity: number }>, interState: boolean): InvoiceDocument {
  const built: InvoiceLine[] = lines.map((line, i) => {
    const gross = line.unitPricePaise * line.quantity;
    return {
      ...line,
      sku: `SKU-${i}`,
      hsnCode: "3004",
      batchNumber: `B${i}`,
      expiryDate: "2028-03-31",
      gstRateBps: 500,
      amountPaise: gross,
      discountPaise: 0,
      ...splitTax(gross, gstIncludedPaise(gross, 500), interState),
    };
  });
  const totals = sumSplits(built);
  return {
    serial: "INV/2627/000042",
    financialYear: "2026-27",
    issuedAt: "2026-11-21T06:30:00.000Z",
    order: { id: "o1", orderNumber: "HP-TEST-1", placedAt: "2026-11-21T06:00:00.000Z", paidAt: null, paymentMethod: "razorpay" },
    seller: {
      name: "Healthcare Pharma Private Limited",
      address: "Plot 14, Sector 5, HSR Layout, Bengaluru, Karnataka 560102, India",
      phone: "+91 80 4567 8900",
      email: "care@healthcarepharma.in",
      gstin: "29AABCH1234M1Z5",
      drugLicence: "KA-B2-20B-123456",
      pharmacist: "Dr. Kavya Raman, Reg. No. 45821",
      state: { code: "29", name: "Karnataka" },
    },
    buyer: {
      name: "Asha Rao",
      address: { firstName: "Asha", lastName: "Rao", address: "12 MG Road", city: "Mumbai", postalCode: "400001", country: "India", phone: "9876543210", email: "a@example.com" },
    },
    placeOfSupply: interState ? { code: "27", name: "Maharashtra" } : { code: "29", name: "Karnataka" },
    discountPaise: 0,
    couponCode: null,
    interState,
    lines: built,
    totals,
    shippingPaise: 0,
    codFeePaise: 0,
    grandTotalPaise: totals.grossPaise,
  };
}

describe("renderInvoicePdf", () => {
  it("writes an IGST invoice with every line, over several pages when needed", async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ description: `Product number ${i + 1}`, unitPricePaise: 10000 + i, quantity: 1 }));
    const pdf = await renderInvoicePdf(invoiceWith(lines, true));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(pdf);
    expect(text).toContain("Invoice no.: INV/2627/000042");
    expect(text).toContain("Place of supply: Maharashtra (27)");
    expect(text).toContain("IGST");
    expect(text).not.toContain("CGST");
    expect(text).toContain("Product number 1\n");
    expect(text).toContain("Product number 60");
    const pages = pdf.toString("latin1").match(/\/Type \/Page\b/g)!.length;
    expect(pages).toBeGreaterThan(1);
    // The column headings start every page of lines.
    expect(text.match(/^Description$/gm)).toHaveLength(pages);
    expect(text).toContain(`INV/2627/000042 · Page ${pages} of ${pages}`);
  });

  it("copes with a description longer than a page", async () => {
    const pdf = await renderInvoicePdf(invoiceWith([{ description: "Very long name ".repeat(600), unitPricePaise: 100, quantity: 1 }], false));
    expect(pdfText(pdf)).toContain("Total paid");
  });
});
