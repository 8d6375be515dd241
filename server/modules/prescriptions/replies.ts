import { PRESCRIPTION_MESSAGES } from "#common/prescriptions.ts";
import type { Reply } from "#server/replies.ts";
import { throttledReply } from "#server/modules/limits/limiter.ts";
import type { CheckoutPrescriptionRefusal } from "./checkout.ts";
import type { GetPrescriptionResult, UploadPrescriptionResult } from "./prescriptions.ts";

export const PRESCRIPTION_SIGN_IN_REPLY: Reply = { status: 401, message: PRESCRIPTION_MESSAGES.signIn };
export const PRESCRIPTION_NOT_FOUND_REPLY: Reply = { status: 404, message: PRESCRIPTION_MESSAGES.notFound };

/** The one status and sentence for every outcome of the prescriptions module, for the API and the pages alike. */
export const prescriptionReply = {
  upload(result: UploadPrescriptionResult): Reply {
    if (result.ok) return { status: 201, message: PRESCRIPTION_MESSAGES.uploaded };
    switch (result.reason) {
      case "throttled":
        return throttledReply(result);
      case "invalid":
        return { status: 400, message: Object.values(result.errors)[0] ?? PRESCRIPTION_MESSAGES.nameTooLong, errors: result.errors };
      case "empty":
        return { status: 400, message: PRESCRIPTION_MESSAGES.empty, errors: { file: PRESCRIPTION_MESSAGES.empty } };
      case "too-large":
        return { status: 413, message: PRESCRIPTION_MESSAGES.tooLarge, errors: { file: PRESCRIPTION_MESSAGES.tooLarge } };
      case "unsupported-type":
        return { status: 415, message: PRESCRIPTION_MESSAGES.unsupported, errors: { file: PRESCRIPTION_MESSAGES.unsupported } };
      case "unreadable":
        return { status: 400, message: PRESCRIPTION_MESSAGES.unreadable, errors: { file: PRESCRIPTION_MESSAGES.unreadable } };
    }
  },

  /** Unknown, someone else's, or signed out: the same 404, so ids cannot be probed. */
  get: (_result: Extract<GetPrescriptionResult, { ok: false }>): Reply => PRESCRIPTION_NOT_FOUND_REPLY,

  /** Checkout's refusals about prescriptions (the orders reply table hands them here). */
  checkout(result: CheckoutPrescriptionRefusal): Reply {
    switch (result.reason) {
      case "prescription-required":
        return { status: 400, message: PRESCRIPTION_MESSAGES.required(result.productNames), errors: { prescriptionIds: PRESCRIPTION_MESSAGES.required(result.productNames) } };
      case "prescription-not-usable": {
        // Names the products that need one (api-contract.md: "otherwise 400 naming the products").
        const message = result.productNames.length > 0 ? PRESCRIPTION_MESSAGES.notUsable(result.productNames) : PRESCRIPTION_MESSAGES.unknownIds;
        return { status: 400, message, errors: { prescriptionIds: message } };
      }
      case "not-sold-online":
        return { status: 400, message: PRESCRIPTION_MESSAGES.notSoldOnline(result.productName) };
    }
  },
};
