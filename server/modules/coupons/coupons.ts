/**
 * Whether a coupon applies, for every path (the cart, the quote, the checkout): one function with
 * the rules of issue 15 and the messages of common/coupons.ts. An unknown code and an inactive
 * one are both "This coupon is not valid"; a real, active code is then told apart (expired, not
 * started, minimum order, already used, first order only, fully used, nothing eligible).
 * Usage counts reserved and confirmed uses (coupon_redemptions); the checkout asks with the
 * coupon row locked (`lock`), so two shoppers racing for the last use cannot both pass.
 */
import { and, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { COUPON_CODE_PATTERN, COUPON_MESSAGES, normalizeCouponCode } from "#common/coupons.ts";
import { carts, couponRedemptions, coupons, orders } from "#server/db/schema.ts";
import type { Executor, Transaction } from "#server/db/tx.ts";
import { couponDiscount, type Discount, type DiscountLine } from "./discount.ts";

export type CouponRow = typeof coupons.$inferSelect;

/** Who is using the coupon; null for a guest's cart (the per-customer rules wait for checkout). */
export type CouponCustomer = { userId: string; email: string } | null;

export type CouponCheck = { ok: true; coupon: CouponRow; discount: Discount } | CouponRefusal;

/** A code that does not apply, with the sentence for the shopper. */
export interface CouponRefusal {
  ok: false;
  reason: "coupon";
  message: string;
  /** Set when the minimum order is not met: what is missing (the offers say "add ₹X more"). */
  shortfallPaise?: number;
}

const refuse = (message: string): CouponRefusal => ({ ok: false, reason: "coupon", message });

/** Uses that count against the caps: reserved (awaiting payment) and confirmed. */
const HELD = ["reserved", "confirmed"] as const;

/** The coupon with this code (any case), or undefined; `lock` holds its row until the transaction ends. */
export async function findCoupon(db: Executor, code: string, lock = false): Promise<CouponRow | undefined> {
  const normalized = normalizeCouponCode(code);
  if (!COUPON_CODE_PATTERN.test(normalized)) return undefined;
  const query = db.select().from(coupons).where(eq(coupons.code, normalized));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** Checks a coupon (by code or an already found row) for these lines and this customer at `now`. */
export async function checkCoupon(
  db: Executor,
  codeOrRow: string | CouponRow,
  customer: CouponCustomer,
  lines: readonly DiscountLine[],
  now: Date,
  options: { lock?: boolean } = {},
): Promise<CouponCheck> {
  const coupon = typeof codeOrRow === "string" ? await findCoupon(db, codeOrRow, options.lock) : codeOrRow;
  if (!coupon || !coupon.active) return refuse(COUPON_MESSAGES.invalid);
  if (coupon.issuedToEmail && customer && customer.email.toLowerCase() !== coupon.issuedToEmail) return refuse(COUPON_MESSAGES.personal);
  if (coupon.endsAt && now >= coupon.endsAt) return refuse(COUPON_MESSAGES.expired);
  if (coupon.startsAt && now < coupon.startsAt) return refuse(COUPON_MESSAGES.notStarted);
  const discount = couponDiscount(coupon, lines);
  if (discount.itemsPaise < coupon.minOrderPaise) {
    const shortfallPaise = coupon.minOrderPaise - discount.itemsPaise;
    return { ...refuse(COUPON_MESSAGES.minOrder(shortfallPaise)), shortfallPaise };
  }
  const used = await usageRefusal(db, coupon, customer);
  if (used) return used;
  if (discount.discountPaise === 0) return refuse(COUPON_MESSAGES.notApplicable);
  return { ok: true, coupon, discount };
}

/**
 * The rules about uses, in checkCoupon's order: already used by this customer (account or email),
 * first order only, fully used. A welcome code counts only its owner's uses (issue 26: a use by
 * someone else never blocks the address it was emailed to). The customer's own open attempt (a
 * Pending prepaid order, which their next checkout replaces, decisions/024) is not counted against
 * them: its coupon stays theirs until that attempt ends; everyone else still counts it.
 */
export async function usageRefusal(db: Executor, coupon: CouponRow, customer: CouponCustomer): Promise<CouponRefusal | null> {
  const notOpenAttempt = customer ? notOwnOpenAttempt(customer.userId) : undefined;
  if (customer) {
    if (coupon.perCustomerLimit !== null) {
      const byCustomer = or(eq(couponRedemptions.userId, customer.userId), eq(couponRedemptions.email, customer.email.toLowerCase()));
      if ((await countUses(db, coupon.id, and(byCustomer, notOpenAttempt))) >= coupon.perCustomerLimit) return refuse(COUPON_MESSAGES.alreadyUsed);
    }
    if (coupon.firstOrderOnly && (await hasPlacedOrder(db, customer))) return refuse(COUPON_MESSAGES.firstOrderOnly);
  }
  if (coupon.usageLimit !== null) {
    const owners = coupon.issuedToEmail ? eq(couponRedemptions.email, coupon.issuedToEmail) : undefined;
    if ((await countUses(db, coupon.id, and(owners, notOpenAttempt))) >= coupon.usageLimit) return refuse(COUPON_MESSAGES.fullyUsed);
  }
  return null;
}

/** Redemptions other than those of this customer's open attempts (Pending, unpaid). */
function notOwnOpenAttempt(userId: string): SQL {
  return sql`not exists (select 1 from ${orders} where ${orders.id} = ${couponRedemptions.orderId} and ${orders.userId} = ${userId} and ${orders.status} = 'Pending' and ${orders.isPaid} = false)`;
}

async function countUses(db: Executor, couponId: string, extra?: SQL): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), inArray(couponRedemptions.status, [...HELD]), extra));
  return row?.count ?? 0;
}

/** "First order" (api-contract.md): the customer has no paid order and no cash-on-delivery order still standing. */
export async function hasPlacedOrder(db: Executor, customer: { userId: string; email: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(eq(orders.userId, customer.userId), eq(sql`lower(${orders.customerEmail})`, customer.email.toLowerCase())),
        or(eq(orders.isPaid, true), and(eq(orders.paymentMethod, "cod"), ne(orders.status, "Cancelled"))),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Usage figures per coupon for the admin list: confirmed and reserved uses and the discount confirmed. */
export async function couponUsage(db: Executor, couponIds: string[]) {
  const map = new Map<string, { confirmed: number; reserved: number; discountPaise: number }>();
  if (couponIds.length === 0) return map;
  const rows = await db
    .select({
      couponId: couponRedemptions.couponId,
      confirmed: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'confirmed')::int`,
      reserved: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'reserved')::int`,
      discountPaise: sql<number>`coalesce(sum(${couponRedemptions.discountPaise}) filter (where ${couponRedemptions.status} = 'confirmed'), 0)::int`,
    })
    .from(couponRedemptions)
    .where(inArray(couponRedemptions.couponId, couponIds))
    .groupBy(couponRedemptions.couponId);
  for (const row of rows) map.set(row.couponId, { confirmed: row.confirmed, reserved: row.reserved, discountPaise: row.discountPaise });
  return map;
}

/** Reserves one use for an order (inside the checkout's transaction, coupon row locked); COD orders are confirmed at once. */
export async function reserveCouponUse(
  tx: Transaction,
  use: { couponId: string; orderId: string; userId: string; email: string; discountPaise: number; confirmed: boolean; now: Date },
): Promise<void> {
  await tx.insert(couponRedemptions).values({
    couponId: use.couponId,
    orderId: use.orderId,
    userId: use.userId,
    email: use.email.toLowerCase(),
    discountPaise: use.discountPaise,
    status: use.confirmed ? "confirmed" : "reserved",
    reservedAt: use.now,
    confirmedAt: use.confirmed ? use.now : null,
  });
}

/** The order was paid: its reserved use counts for good, and the coupon leaves the customer's cart with the bought lines. */
export async function confirmCouponUse(tx: Transaction, orderId: string, now: Date): Promise<void> {
  const [used] = await tx
    .update(couponRedemptions)
    .set({ status: "confirmed", confirmedAt: now })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, "reserved")))
    .returning({ couponId: couponRedemptions.couponId, userId: couponRedemptions.userId });
  if (used?.userId) {
    await tx.update(carts).set({ couponId: null }).where(and(eq(carts.userId, used.userId), eq(carts.couponId, used.couponId)));
  }
}

/** The order was cancelled or expired unpaid: its use is given back. */
export async function releaseCouponUse(tx: Transaction, orderId: string, now: Date): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ status: "released", releasedAt: now })
    .where(and(eq(couponRedemptions.orderId, orderId), inArray(couponRedemptions.status, [...HELD])));
}

export async function findCouponById(db: Executor, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}
