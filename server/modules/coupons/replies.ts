import { COUPON_ADMIN_MESSAGES } from "#common/admin-coupon.ts";
import { ok, refusal, refused, type Refusals, type Reply } from "#server/replies.ts";
import type { InvalidInput } from "#server/schemas/input.ts";
import { throttledReply, type Throttled } from "#server/modules/limits/limiter.ts";
import type { CouponDeleteResult, CouponWriteResult } from "./admin.ts";
import type { CouponRefusal } from "./coupons.ts";

const WRITE_REFUSALS: Refusals<CouponWriteResult> = {
  "not-found": refused(404, COUPON_ADMIN_MESSAGES.notFound),
  "code-taken": refused(409, COUPON_ADMIN_MESSAGES.codeTaken, "code"),
};

/**
 * The coupons module's one table from each result to its status and sentence: the admin calls
 * and pages (server/api/admin, app/routes/admin/coupons*.server.ts), the cart's coupon calls.
 */
export const couponReply = {
  /** A list query its schema refused (a kind it does not know, a page number that is not one). */
  list: (result: InvalidInput): Reply => refusal(result, {}),
  write(result: CouponWriteResult, use: "create" | "update"): Reply {
    if (!result.ok) return refusal(result, WRITE_REFUSALS);
    return use === "create" ? ok(COUPON_ADMIN_MESSAGES.created, 201) : ok(COUPON_ADMIN_MESSAGES.saved);
  },
  remove(result: CouponDeleteResult): Reply {
    if (!result.ok) return refusal(result, { "not-found": refused(404, COUPON_ADMIN_MESSAGES.notFound) });
    return ok(result.outcome === "deleted" ? COUPON_ADMIN_MESSAGES.deleted : COUPON_ADMIN_MESSAGES.deactivated);
  },
  /** A code that does not apply (400 with its sentence), or too many attempts (429). */
  refusal(result: CouponRefusal | Throttled | { ok: false; reason: "code-required" }): Reply {
    if (result.reason === "throttled") return throttledReply(result);
    if (result.reason === "code-required") return refused(400, "Enter a coupon code", "code");
    return refused(400, result.message, "code");
  },
};
