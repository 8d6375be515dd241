// POST /api/admin/coupons and PUT /api/admin/coupons/:id (api-contract.md, "Coupons"): the shared
// check of common/admin-coupon.ts as a zod schema, so the admin page and the API agree.
import * as z from "zod/mini";
import { COUPON_ADMIN_MESSAGES, COUPON_KINDS, checkAdminCoupon } from "#common/admin-coupon.ts";
import { adminListQuerySchema, filterWord } from "./admin.ts";
import { fromCheck } from "./rule.ts";

export const adminCouponSchema = fromCheck(checkAdminCoupon);

/** GET /api/admin/coupons: the admin lists' page, limit and search, and `kind` (absent or empty: all). */
export const adminCouponListQuerySchema = z.object({
  ...adminListQuerySchema.shape,
  kind: z.pipe(
    z.transform(filterWord),
    z.optional(z.enum(COUPON_KINDS, COUPON_ADMIN_MESSAGES.kindInvalid)),
  ),
});
