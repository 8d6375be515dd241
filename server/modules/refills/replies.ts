import { REFILL_MESSAGES } from "#common/refills.ts";
import { invalidInputReply, refused, type Reply } from "#server/replies.ts";
import type { RefillResult } from "./refills.ts";

/** Signed out: refills are personal. */
export const REFILLS_SIGNED_OUT_REPLY: Reply = { status: 401, message: REFILL_MESSAGES.signIn };

/** The one status and sentence for every refusal of the refill calls, for the API and the pages alike. */
export function refillReply(result: Extract<RefillResult, { ok: false }>): Reply {
  switch (result.reason) {
    case "invalid":
      return invalidInputReply(result.errors);
    case "not-found":
      return refused(404, REFILL_MESSAGES.notFound);
    case "address-not-found":
      return refused(400, REFILL_MESSAGES.address, "addressId");
    case "prescription-not-found":
      return refused(400, REFILL_MESSAGES.prescriptionId, "prescriptionId");
    case "prescription-not-approved":
      return refused(409, REFILL_MESSAGES.prescriptionNotApproved, "prescriptionId");
    case "prescription-required":
      return refused(400, REFILL_MESSAGES.prescriptionRequired(result.productNames.join(", ")), "prescriptionId");
    case "not-covered":
      return refused(409, REFILL_MESSAGES.notCovered(result.productName), "prescriptionId");
    case "not-serviceable":
      return refused(409, REFILL_MESSAGES.notServiceable, "addressId");
    case "cod-unavailable":
      return refused(409, REFILL_MESSAGES.codUnavailable, "paymentMethod");
    case "online-unavailable":
      return refused(409, REFILL_MESSAGES.onlineUnavailable, "paymentMethod");
    case "unavailable":
      return refused(409, REFILL_MESSAGES.unavailable(result.productName), "items");
    case "over-limit":
      return refused(400, REFILL_MESSAGES.overLimit(result.productName, result.limit), "items");
    case "cancelled":
      return refused(409, REFILL_MESSAGES.cancelled);
    case "too-many":
      return refused(409, REFILL_MESSAGES.tooMany);
  }
}

