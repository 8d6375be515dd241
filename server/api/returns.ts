import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { loadCreditNoteFor } from "#server/modules/invoices/credit-notes.ts";
import { renderInvoicePdf } from "#server/modules/invoices/pdf.ts";
import { RETURN_REPLY_MESSAGES, returnReply } from "#server/modules/returns/replies.ts";
import { orderAftercareFor, requestReturn } from "#server/modules/returns/returns.ts";

/**
 * An order's aftercare for its owner (or an admin), mounted at /api/orders (decisions/032):
 * GET /:id/returns (shipment, credit notes, return requests, what may be returned),
 * POST /:id/returns (ask to return delivered units), GET /:id/credit-notes/:noteId.pdf.
 */
export function returnsRouter(shop: ShopContext) {
  const router = Router();

  router.get("/:id/returns", async (req, res) => {
    const user = await req.sessionUser();
    if (!user) throw new HttpError(401, RETURN_REPLY_MESSAGES.signIn);
    const aftercare = await orderAftercareFor(shop.db, req.params.id, user);
    if (!aftercare) throw new HttpError(404, RETURN_REPLY_MESSAGES.orderNotFound);
    res.json(aftercare);
  });

  router.post("/:id/returns", async (req, res) => {
    const user = await req.sessionUser();
    if (!user) throw new HttpError(401, RETURN_REPLY_MESSAGES.signIn);
    const result = await requestReturn(shop, user, req.params.id, req.body);
    const reply = returnReply.request(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json({ message: reply.message, returnRequest: result.returnRequest });
  });

  router.get("/:id/credit-notes/:noteId.pdf", async (req, res) => {
    res.setHeader("Cache-Control", "private, no-store");
    const user = await req.sessionUser();
    if (!user) throw new HttpError(401, RETURN_REPLY_MESSAGES.signIn);
    const note = await loadCreditNoteFor(shop.db, req.params.id, req.params.noteId, user, shop.config.seller);
    if (!note) throw new HttpError(404, RETURN_REPLY_MESSAGES.creditNoteNotFound);
    const pdf = await renderInvoicePdf(note);
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", `attachment; filename="credit-note-${note.serial.replaceAll("/", "-")}.pdf"`);
    res.setHeader("Content-Length", String(pdf.length));
    res.end(pdf);
  });

  return router;
}
