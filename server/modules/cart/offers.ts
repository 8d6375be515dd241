/**
 * Offers a shopper can see (issue 27 item 10, decisions/043): the public coupons that apply to a
 * cart now, or would once the items reach their minimum ("add ₹X more"). Public means an admin
 * ticked it; codes handed out by hand stay private and welcome codes (issued to one address) are
 * never listed. The same rules as applying a code (dates in the query; checkCoupon's use rules
 * through usageRefusal), so an offer listed as applying is one POST /api/cart/coupon accepts.
 */
import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { formatShortDate } from "#common/dates.ts";
import type { CartOffersJson, CouponOfferJson } from "#common/coupons.ts";
import { formatRupees, paiseToRupees } from "#common/money.ts";
import type { Database } from "#server/db/client.ts";
import { carts, coupons } from "#server/db/schema.ts";
import type { CartOwner } from "./cart.ts";
import { cartDiscountLines, ownedBy } from "./coupon.ts";
import { cartCustomer } from "./coupon-view.ts";
import { type CouponRow, usageRefusal } from "#server/modules/coupons/coupons.ts";
import { couponDiscount } from "#server/modules/coupons/discount.ts";

/** At most this many public coupons are weighed for one cart (a campaign has a handful). */
export const MAX_PUBLIC_COUPONS = 50;

/** The cart's offers; null when the owner has no cart. */
export async function cartOffers(db: Database, owner: CartOwner, now = new Date()): Promise<CartOffersJson | null> {
  const [cart] = await db.select({ id: carts.id, userId: carts.userId }).from(carts).where(ownedBy(owner));
  if (!cart) return null;
  const lines = await cartDiscountLines(db, cart.id);
  if (lines.length === 0) return { offers: [], best: null };
  const customer = await cartCustomer(db, cart.userId);
  const candidates = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.public, true),
        eq(coupons.active, true),
        isNull(coupons.issuedToEmail),
        or(isNull(coupons.startsAt), lte(coupons.startsAt, now)),
        or(isNull(coupons.endsAt), gt(coupons.endsAt, now)),
      ),
    )
    .orderBy(asc(coupons.code))
    .limit(MAX_PUBLIC_COUPONS);
  const offers: CouponOfferJson[] = [];
  for (const coupon of candidates) {
    const discount = couponDiscount(coupon, lines);
    // Nothing in the cart it could take anything off (another section, prescription medicines only).
    if (discount.eligiblePaise === 0 || discount.discountPaise === 0) continue;
    if (await usageRefusal(db, coupon, customer)) continue;
    const addMorePaise = Math.max(0, coupon.minOrderPaise - discount.itemsPaise);
    offers.push({
      code: coupon.code,
      title: offerTitle(coupon),
      terms: offerTerms(coupon),
      discount: addMorePaise > 0 ? 0 : paiseToRupees(discount.discountPaise),
      addMore: paiseToRupees(addMorePaise),
    });
  }
  // Those that apply now, largest discount first; then those nearest their minimum.
  offers.sort((a, b) => b.discount - a.discount || a.addMore - b.addMore || a.code.localeCompare(b.code));
  const best = offers[0] && offers[0].discount > 0 ? offers[0].code : null;
  return { offers, best };
}

function offerTitle(coupon: CouponRow): string {
  if (coupon.type === "fixed") return `${formatRupees(coupon.amountPaise ?? 0)} off`;
  const percent = `${(coupon.percentBps ?? 0) / 100}% off`;
  return coupon.maxDiscountPaise === null ? percent : `${percent}, up to ${formatRupees(coupon.maxDiscountPaise)}`;
}

function offerTerms(coupon: CouponRow): string {
  const parts: string[] = [];
  if (coupon.minOrderPaise > 0) parts.push(`On orders from ${formatRupees(coupon.minOrderPaise)}`);
  if (coupon.firstOrderOnly) parts.push("First order only");
  if (coupon.categories.length > 0) parts.push(`On ${coupon.categories.join(", ")}`);
  else if (coupon.productIds.length > 0) parts.push("On selected products");
  if (!coupon.includeRx) parts.push("Prescription medicines excluded");
  if (coupon.endsAt) parts.push(`Until ${formatShortDate(coupon.endsAt)}`);
  return parts.join(" · ");
}
