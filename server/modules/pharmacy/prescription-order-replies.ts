import { PRESCRIPTION_ORDER_MESSAGES } from "#common/prescription-orders.ts";
import { REVIEW_MESSAGES } from "#common/pharmacist.ts";
import { invalidInputReply, ok, refused, type Reply } from "#server/replies.ts";
import type { AnswerRefusal, AskResult, DeclineResult, ProposeResult } from "./prescription-orders.ts";

/** Who may not answer (403), what is gone (404), what was answered already (409). */
const ANSWER_REFUSALS: Record<AnswerRefusal, Reply> = {
  "not-pharmacist": refused(403, PRESCRIPTION_ORDER_MESSAGES.pharmacistOnly),
  "no-registration": refused(403, REVIEW_MESSAGES.reviewerWithoutRegistration),
  "implausible-registration": refused(403, REVIEW_MESSAGES.reviewerRegistrationImplausible),
  "own-request": refused(403, PRESCRIPTION_ORDER_MESSAGES.ownRequest),
  "not-found": refused(404, PRESCRIPTION_ORDER_MESSAGES.requestNotFound),
  "already-proposed": refused(409, PRESCRIPTION_ORDER_MESSAGES.alreadyProposed),
  "already-declined": refused(409, PRESCRIPTION_ORDER_MESSAGES.alreadyDeclined),
};

/** Order by prescription's one table from result to status and sentence (REST and pages alike). */
export const prescriptionOrderReply = {
  ask(result: AskResult): Reply {
    if (result.ok) return ok(PRESCRIPTION_ORDER_MESSAGES.asked, 201);
    if (result.reason === "invalid") return invalidInputReply(result.errors);
    if (result.reason === "prescription-not-found") return refused(404, PRESCRIPTION_ORDER_MESSAGES.prescriptionNotFound, "prescriptionId");
    if (result.reason === "prescription-rejected") return refused(409, PRESCRIPTION_ORDER_MESSAGES.prescriptionRejected, "prescriptionId");
    return refused(409, PRESCRIPTION_ORDER_MESSAGES.alreadyWaiting, "prescriptionId");
  },
  propose(result: ProposeResult): Reply {
    if (result.ok) return ok(result.skipped.length > 0 ? PRESCRIPTION_ORDER_MESSAGES.proposedWithSkipped : PRESCRIPTION_ORDER_MESSAGES.proposed);
    if (result.reason === "invalid") return invalidInputReply(result.errors);
    if (result.reason === "nothing-added") {
      const why = result.skipped.map((line) => `${line.name}: ${line.reason}`).join("; ");
      return refused(409, `${PRESCRIPTION_ORDER_MESSAGES.nothingAdded} (${why})`, "items");
    }
    return ANSWER_REFUSALS[result.reason];
  },
  decline(result: DeclineResult): Reply {
    if (result.ok) return ok(PRESCRIPTION_ORDER_MESSAGES.declined);
    if (result.reason === "invalid") return invalidInputReply(result.errors);
    return ANSWER_REFUSALS[result.reason];
  },
};
