// POST /api/admin/coupons and PUT /api/admin/coupons/:id (api-contract.md, "Coupons"): the shared
// check of common/admin-coupon.ts as a zod schema, so the admin page and the API agree.
import { checkAdminCoupon } from "#common/admin-coupon.ts";
import { fromCheck } from "./rule.ts";

export const adminCouponSchema = fromCheck(checkAdminCoupon);
