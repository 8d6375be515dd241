import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { HttpError, replyError } from "#server/http/errors.ts";
import { loadCreditNoteFor } from "#server/modules/invoices/credit-notes.ts";
import { renderInvoicePdf } from "#server/modules/invoices/pdf.ts";
import { RETURN_REPLY_MESSAGES, returnReply } from "#server/modules/returns/replies.ts";
import { decideReturn, listReturns, orderAftercareFor, requestReturn } from "#server/modules/returns/returns.ts";
import { RETURN_STATUS_LABELS, type ReturnStatusId } from "#common/returns.ts";
import { requireAdmin, signedInAdmin } from "./admin/require-admin.ts";

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

const isReturnStatus = (value: unknown): value is ReturnStatusId => typeof value === "string" && value in RETURN_STATUS_LABELS;
const pageOf = (value: unknown) => (typeof value === "string" && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : 1);

/** Admins, mounted at /api/admin: GET /returns?status=&page= (open first), PUT /returns/:id { decision, reason }. */
export function adminReturnsRouter(shop: ShopContext) {
  const router = Router();

  router.get("/returns", requireAdmin, async (req, res) => {
    const page = await listReturns(shop.db, { status: isReturnStatus(req.query.status) ? req.query.status : undefined, page: pageOf(req.query.page) });
    res.setHeader("X-Total-Count", String(page.total));
    res.json(page.items);
  });

  router.put("/returns/:id", requireAdmin, async (req, res) => {
    const admin = await signedInAdmin(req);
    const result = await decideReturn(shop, admin, String(req.params.id), req.body);
    const reply = returnReply.decide(result);
    if (!result.ok) throw replyError(reply);
    res.status(reply.status).json({ message: reply.message, returnRequest: result.returnRequest });
  });

  return router;
}
