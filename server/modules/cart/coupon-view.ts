/**
 * What a cart's applied coupon is worth right now (the cart JSON reads it on every read): the
 * same checkCoupon as the checkout, for the cart's current lines, prices and customer. A coupon
 * that stopped applying stays shown with its reason and no discount; the checkout then refuses it
 * and takes it off the cart (decisions/025).
 */
import { eq } from "drizzle-orm";
import type { CartCouponJson } from "#common/coupons.ts";
import { paiseToRupees } from "#common/money.ts";
import { coupons, user } from "#server/db/schema.ts";
import type { Executor } from "#server/db/tx.ts";
import { checkCoupon, type CouponCustomer } from "#server/modules/coupons/coupons.ts";
import type { DiscountLine } from "#server/modules/coupons/discount.ts";

export interface CartCouponView {
  coupon: CartCouponJson | null;
  discountPaise: number;
  /** Each line's share of the discount, in the order of the lines given (all 0 without one). */
  lineDiscounts: number[];
}

/** The signed-in customer a cart belongs to, for the per-customer rules; null for a guest's cart. */
export async function cartCustomer(db: Executor, userId: string | null): Promise<CouponCustomer> {
  if (!userId) return null;
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row ? { userId, email: row.email } : null;
}

export async function cartCouponView(
  db: Executor,
  cart: { couponId: string | null; userId: string | null },
  lines: readonly DiscountLine[],
  now = new Date(),
): Promise<CartCouponView> {
  const none = lines.map(() => 0);
  if (!cart.couponId) return { coupon: null, discountPaise: 0, lineDiscounts: none };
  const [row] = await db.select().from(coupons).where(eq(coupons.id, cart.couponId));
  if (!row) return { coupon: null, discountPaise: 0, lineDiscounts: none };
  const check = await checkCoupon(db, row, await cartCustomer(db, cart.userId), lines, now);
  if (!check.ok) return { coupon: { code: row.code, discount: 0, message: check.message }, discountPaise: 0, lineDiscounts: none };
  const { discountPaise, lineDiscounts } = check.discount;
  return { coupon: { code: row.code, discount: paiseToRupees(discountPaise) }, discountPaise, lineDiscounts };
}
