import { COUPON_ADMIN_MESSAGES } from "#common/admin-coupon.ts";
import { invalidInputReply as invalid, type Reply } from "#server/replies.ts";
import { throttledReply, type Throttled } from "#server/modules/limits/limiter.ts";
import type { CouponDeleteResult, CouponWriteResult } from "./admin.ts";
import type { CouponRefusal } from "./coupons.ts";

/**
 * The coupons module's one table from each result to its status and sentence: the admin calls
 * and pages (server/api/admin, app/routes/admin/coupons*.server.ts), the cart's coupon calls.
 */
export const couponReply = {
  write(result: CouponWriteResult, use: "create" | "update"): Reply {
    if (result.ok) return use === "create" ? { status: 201, message: COUPON_ADMIN_MESSAGES.created } : { status: 200, message: COUPON_ADMIN_MESSAGES.saved };
    switch (result.reason) {
      case "invalid":
        return invalid(result.errors);
      case "not-found":
        return { status: 404, message: COUPON_ADMIN_MESSAGES.notFound };
      case "code-taken":
        return { status: 409, message: COUPON_ADMIN_MESSAGES.codeTaken, errors: { code: COUPON_ADMIN_MESSAGES.codeTaken } };
    }
  },
  remove(result: CouponDeleteResult): Reply {
    if (!result.ok) return { status: 404, message: COUPON_ADMIN_MESSAGES.notFound };
    return { status: 200, message: result.outcome === "deleted" ? COUPON_ADMIN_MESSAGES.deleted : COUPON_ADMIN_MESSAGES.deactivated };
  },
  /** A code that does not apply (400 with its sentence), or too many attempts (429). */
  refusal(result: CouponRefusal | Throttled | { ok: false; reason: "code-required" }): Reply {
    if (result.reason === "throttled") return throttledReply(result);
    if (result.reason === "code-required") return { status: 400, message: "Enter a coupon code", errors: { code: "Enter a coupon code" } };
    return { status: 400, message: result.message, errors: { code: result.message } };
  },
};
