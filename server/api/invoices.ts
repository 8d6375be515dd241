import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError } from "#server/http/errors.ts";
import { loadInvoiceFor } from "#server/modules/invoices/invoices.ts";
import { renderInvoicePdf } from "#server/modules/invoices/pdf.ts";

export const INVOICE_ERRORS = {
  signIn: "Please sign in",
  notFound: "Invoice not found",
} as const;

/** Tax invoices: `GET /api/orders/:id/invoice.pdf` for the order's owner or an admin. */
export function invoicesRouter({ db, config }: ShopContext) {
  const router = Router();

  router.get("/:id/invoice.pdf", async (req, res) => {
    res.setHeader("Cache-Control", "private, no-store");
    const user = await req.sessionUser();
    if (!user) throw new HttpError(401, INVOICE_ERRORS.signIn);
    // Someone else's order, an unknown one and an unpaid one (no invoice) all look the same.
    const invoice = await loadInvoiceFor(db, req.params.id, user, config.seller);
    if (!invoice) throw new HttpError(404, INVOICE_ERRORS.notFound);
    const pdf = await renderInvoicePdf(invoice);
    const filename = `invoice-${invoice.serial.replaceAll("/", "-")}.pdf`;
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="${filename}"`);
    res.setHeader("Content-Length", String(pdf.length));
    res.end(pdf);
  });

  return router;
}
