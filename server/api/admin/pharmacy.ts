import { Router } from "express";
import type { ShopContext } from "#server/context.ts";
import { parseInput, replyError } from "#server/http/errors.ts";
import { invalidInputReply } from "#server/replies.ts";
import { h1RegisterCsv } from "#server/modules/pharmacy/h1-register.ts";
import { reviewReply } from "#server/modules/pharmacy/replies.ts";
import { listReviewQueue, reviewOrderPrescription } from "#server/modules/pharmacy/review.ts";
import { declinePrescriptionOrder, listPrescriptionOrderQueue, proposePrescriptionOrder } from "#server/modules/pharmacy/prescription-orders.ts";
import { prescriptionOrderReply } from "#server/modules/pharmacy/prescription-order-replies.ts";
import { h1RegisterQuerySchema } from "#server/schemas/pharmacist.ts";
import { signedInStaff } from "./require-admin.ts";
import { accepted, sendCsv, sendPage } from "./send.ts";

// The pharmacist's calls (decisions/020), admins' too: the review queue, a review's decision, the H1 register.

/** GET /api/admin/prescriptions: the orders waiting for (or given) a pharmacist's review. */
export function reviewQueueRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (req, res) => {
    const result = await listReviewQueue(shop.db, req.query);
    if (!result.ok) throw replyError(invalidInputReply(result.errors));
    sendPage(res, result.queue);
  });
  return router;
}

/** POST /api/admin/orders/:id/prescription-review: a pharmacist approves or rejects an order's prescription. */
export function prescriptionReviewRouter(shop: ShopContext) {
  const router = Router();
  router.post("/:id/prescription-review", async (req, res) => {
    const reviewer = await signedInStaff(req);
    const result = await reviewOrderPrescription(shop, reviewer, req.params.id, req.body);
    const reply = reviewReply.review(result);
    res.status(reply.status).json({ message: reply.message, order: accepted(result, reply).order });
  });
  return router;
}

/** GET /api/admin/reports/h1-register.csv: the Schedule H1 register for a range of days. */
export function reportsRouter(shop: ShopContext) {
  const router = Router();
  router.get("/h1-register.csv", async (req, res) => {
    const range = parseInput(h1RegisterQuerySchema, req.query);
    sendCsv(res, `h1-register-${range.from}-to-${range.to}.csv`, await h1RegisterCsv(shop.db, range));
  });
  return router;
}

/**
 * GET /api/admin/prescription-orders (pharmacists and admins; oldest first), POST /:id/proposal and
 * POST /:id/decline (pharmacists only: the use case refuses an admin who is not one). Decisions/058.
 */
export function prescriptionOrderQueueRouter(shop: ShopContext) {
  const router = Router();
  router.get("/", async (req, res) => {
    const result = await listPrescriptionOrderQueue(shop.db, req.query);
    if (!result.ok) throw replyError(invalidInputReply(result.errors));
    sendPage(res, result);
  });
  router.post("/:id/proposal", async (req, res) => {
    const pharmacist = await signedInStaff(req);
    const result = await proposePrescriptionOrder(shop, pharmacist, req.params.id, req.body);
    const reply = prescriptionOrderReply.propose(result);
    if (!result.ok) throw replyError(reply);
    res.json({ message: reply.message, request: result.request, skipped: result.skipped });
  });
  router.post("/:id/decline", async (req, res) => {
    const pharmacist = await signedInStaff(req);
    const result = await declinePrescriptionOrder(shop, pharmacist, req.params.id, req.body);
    const reply = prescriptionOrderReply.decline(result);
    if (!result.ok) throw replyError(reply);
    res.json({ message: reply.message, request: result.request });
  });
  return router;
}
