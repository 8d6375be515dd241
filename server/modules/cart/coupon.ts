/**
 * POST /api/cart/coupon and DELETE /api/cart/coupon (api-contract.md, "Coupons"): a shopper
 * applies a code to their cart (same owner rules as the cart) or takes it off. Every attempt
 * counts against the customer's (or guest cart's) limit and the client address's generous one before the code
 * is looked at, so codes cannot be guessed at speed; a wrong code and an inactive one read alike.
 */
import { eq } from "drizzle-orm";
import { normalizeCouponCode } from "#common/coupons.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { carts } from "#server/db/schema.ts";
import { Rollback, inTransaction, type Executor } from "#server/db/tx.ts";
import type { CartJson } from "#common/cart.ts";
import { cartJson, cartLineRows, type CartOwner } from "./cart.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { cartCustomer } from "./coupon-view.ts";
import { checkCoupon, type CouponRefusal } from "#server/modules/coupons/coupons.ts";
import type { DiscountLine } from "#server/modules/coupons/discount.ts";

export interface CartCouponContext {
  db: Database;
  config: Pick<Config, "rateLimitScale">;
}

export type ApplyCouponResult =
  | { ok: true; cart: CartJson }
  | CouponRefusal
  | Throttled
  | { ok: false; reason: "code-required" }
  | { ok: false; reason: "cart-not-found" };

export type RemoveCouponResult = { ok: true; cart: CartJson } | { ok: false; reason: "cart-not-found" };

export const ownedBy = (owner: CartOwner) => ("userId" in owner ? eq(carts.userId, owner.userId) : eq(carts.guestId, owner.guestId));

/** A cart's lines as the discount reads them (current prices, published products). */
export async function cartDiscountLines(db: Executor, cartId: string): Promise<DiscountLine[]> {
  const rows = await cartLineRows(db, cartId);
  return rows.map((row) => ({
    productId: row.productId,
    category: row.category,
    prescriptionRequired: row.prescriptionRequired,
    unitPricePaise: row.pricePaise,
    quantity: row.quantity,
  }));
}

export async function applyCartCoupon(
  context: CartCouponContext,
  visitor: { owner: CartOwner; ip: string },
  code: unknown,
  now = new Date(),
): Promise<ApplyCouponResult> {
  const checks: [("couponAttemptsPerAddress" | "couponAttemptsPerUser" | "couponAttemptsPerGuest"), string][] = [["couponAttemptsPerAddress", visitor.ip]];
  checks.push("userId" in visitor.owner ? ["couponAttemptsPerUser", visitor.owner.userId] : ["couponAttemptsPerGuest", visitor.owner.guestId]);
  const throttled = await countRequests(context, checks);
  if (throttled) return throttled;
  if (typeof code !== "string" || normalizeCouponCode(code) === "") return { ok: false, reason: "code-required" };
  return inTransaction(context.db, async (tx): Promise<ApplyCouponResult> => {
    const [cart] = await tx.select().from(carts).where(ownedBy(visitor.owner)).for("update");
    if (!cart) return { ok: false, reason: "cart-not-found" };
    const lines = await cartDiscountLines(tx, cart.id);
    const check = await checkCoupon(tx, code.slice(0, 64), await cartCustomer(tx, cart.userId), lines, now);
    if (!check.ok) throw new Rollback<ApplyCouponResult>(check);
    const [updated] = await tx.update(carts).set({ couponId: check.coupon.id, updatedAt: now }).where(eq(carts.id, cart.id)).returning();
    return { ok: true, cart: await cartJson(tx, updated!) };
  });
}

export async function removeCartCoupon(db: Database, owner: CartOwner): Promise<RemoveCouponResult> {
  return db.transaction(async (tx): Promise<RemoveCouponResult> => {
    const [updated] = await tx.update(carts).set({ couponId: null }).where(ownedBy(owner)).returning();
    if (!updated) return { ok: false, reason: "cart-not-found" };
    return { ok: true, cart: await cartJson(tx, updated) };
  });
}
