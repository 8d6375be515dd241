import { REVIEW_MESSAGES } from "#common/pharmacist.ts";
import { refused, type Reply } from "#server/replies.ts";
import type { ReviewRefusal, ReviewResult } from "./review.ts";

/** Each refusal of a review and its status: who may not decide (403), what is gone (404), what was decided already (409). */
const REVIEW_REFUSALS: Record<ReviewRefusal, Reply> = {
  "not-pharmacist": refused(403, REVIEW_MESSAGES.pharmacistOnly),
  "no-registration": refused(403, REVIEW_MESSAGES.reviewerWithoutRegistration),
  "implausible-registration": refused(403, REVIEW_MESSAGES.reviewerRegistrationImplausible),
  "own-order": refused(403, REVIEW_MESSAGES.ownOrder),
  "own-prescription": refused(403, REVIEW_MESSAGES.ownPrescription),
  "not-found": refused(404, REVIEW_MESSAGES.orderNotFound),
  "no-prescription": refused(409, REVIEW_MESSAGES.noPrescription),
  "already-approved": refused(409, REVIEW_MESSAGES.alreadyApproved),
  "already-rejected": refused(409, REVIEW_MESSAGES.alreadyRejected),
  cancelled: refused(409, REVIEW_MESSAGES.orderCancelled),
};

/**
 * The pharmacist review's one table from result to status and sentence, for
 * POST /api/admin/orders/:id/prescription-review and the review page's forms alike.
 */
export const reviewReply = {
  review(result: ReviewResult): Reply {
    if (result.ok) {
      if (result.decision === "approve") return { status: 200, message: REVIEW_MESSAGES.approved };
      return { status: 200, message: result.refundedPaise > 0 ? REVIEW_MESSAGES.rejectedRefunded : REVIEW_MESSAGES.rejected };
    }
    if (result.reason === "invalid") return { status: 400, message: Object.values(result.errors)[0] ?? REVIEW_MESSAGES.decisionInvalid, errors: result.errors };
    if (result.reason === "refund-failed") return refused(502, result.message);
    return REVIEW_REFUSALS[result.reason];
  },
};
