/**
 * The admin's coupons (api-contract.md, "Coupons"; /admin/coupons): list with usage figures,
 * create, change, delete (a coupon already used is deactivated instead, so its orders keep it).
 * Both doors (the REST calls and the admin pages) hand the raw body here; every change is
 * audited in its own transaction.
 */
import type * as z from "zod/mini";
import { and, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "#common/admin.ts";
import { COUPON_ADMIN_MESSAGES, type AdminCouponInput, type AdminCouponJson, type CouponKind } from "#common/admin-coupon.ts";
import { paiseToRupees, rupeesToPaise } from "#common/money.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import { couponRedemptions, coupons } from "#server/db/schema.ts";
import { Rollback, inTransaction } from "#server/db/tx.ts";
import { isUniqueViolation, likePattern } from "#server/db/errors.ts";
import { type InvalidInput, type Listed, readInput, readQuery } from "#server/schemas/input.ts";
import { recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { adminCouponListQuerySchema, adminCouponSchema } from "#server/schemas/admin-coupons.ts";
import { couponUsage, type CouponRow } from "./coupons.ts";

export type CouponWriteResult = { ok: true; coupon: AdminCouponJson } | InvalidInput | { ok: false; reason: "not-found" | "code-taken" };
export type CouponDeleteResult = { ok: true; outcome: "deleted" | "deactivated" } | { ok: false; reason: "not-found" };

const NO_USE = { confirmed: 0, reserved: 0, discountPaise: 0 };

export function couponInput(row: CouponRow): AdminCouponInput {
  return {
    code: row.code,
    type: row.type,
    value: row.type === "percent" ? (row.percentBps ?? 0) / 100 : paiseToRupees(row.amountPaise ?? 0),
    maxDiscount: row.maxDiscountPaise === null ? null : paiseToRupees(row.maxDiscountPaise),
    minOrder: paiseToRupees(row.minOrderPaise),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    firstOrderOnly: row.firstOrderOnly,
    categories: row.categories,
    productIds: row.productIds,
    includeRx: row.includeRx,
    active: row.active,
    public: row.public,
  };
}

function couponJson(row: CouponRow, usage = NO_USE): AdminCouponJson {
  return {
    _id: row.id,
    ...couponInput(row),
    issuedToEmail: row.issuedToEmail,
    usage: { confirmed: usage.confirmed, reserved: usage.reserved, discountGiven: paiseToRupees(usage.discountPaise) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function columns(input: AdminCouponInput) {
  return {
    code: input.code,
    type: input.type,
    percentBps: input.type === "percent" ? Math.round(input.value * 100) : null,
    amountPaise: input.type === "fixed" ? rupeesToPaise(input.value) : null,
    maxDiscountPaise: input.maxDiscount === null ? null : rupeesToPaise(input.maxDiscount),
    minOrderPaise: rupeesToPaise(input.minOrder),
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    firstOrderOnly: input.firstOrderOnly,
    categories: input.categories,
    productIds: input.productIds,
    includeRx: input.includeRx,
    active: input.active,
    public: input.public,
  };
}

/** The list's conditions: `search` matches the code; `kind` keeps campaign coupons or welcome codes (all: both). */
function listConditions(query: { search?: string; kind?: CouponKind }): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(ilike(coupons.code, likePattern(query.search)));
  if (query.kind === "campaign") conditions.push(isNull(coupons.issuedToEmail));
  if (query.kind === "welcome") conditions.push(isNotNull(coupons.issuedToEmail));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * GET /api/admin/coupons and the coupons page: coupons newest first, with their use; `search`
 * matches the code. `kind`: the admin's campaign coupons or the newsletter's welcome codes (one per
 * subscriber, so they would bury the others); absent, both.
 */
export async function listCoupons(db: Database, query: unknown): Promise<Listed<AdminCouponJson, z.infer<typeof adminCouponListQuerySchema>>> {
  const read = readQuery(adminCouponListQuerySchema, query);
  if (!read.ok) return read;
  const { page = 1, limit = ADMIN_PAGE_SIZE } = read.input;
  const where = listConditions(read.input);
  const [rows, [counted]] = await Promise.all([
    db.select().from(coupons).where(where).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(limit).offset((page - 1) * limit),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  const usage = await couponUsage(db, rows.map((row) => row.id));
  return { ok: true, query: read.input, items: rows.map((row) => couponJson(row, usage.get(row.id))), total: counted?.total ?? 0, page, limit };
}

/** How many coupons of each kind match `search` (the list's filter shows them). */
export async function couponKindCounts(db: Database, search?: string): Promise<Record<CouponKind, number>> {
  const [row] = await db
    .select({
      campaign: sql<number>`count(*) filter (where ${coupons.issuedToEmail} is null)`.mapWith(Number),
      welcome: sql<number>`count(*) filter (where ${coupons.issuedToEmail} is not null)`.mapWith(Number),
    })
    .from(coupons)
    .where(listConditions({ search }));
  const campaign = row?.campaign ?? 0;
  const welcome = row?.welcome ?? 0;
  return { campaign, welcome, all: campaign + welcome };
}

export async function getAdminCoupon(db: Database, id: string): Promise<AdminCouponJson | undefined> {
  if (!ID_PATTERN.test(id)) return undefined;
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) return undefined;
  return couponJson(row, (await couponUsage(db, [id])).get(id));
}

export async function createCoupon(db: Database, actor: AuditActor, body: unknown): Promise<CouponWriteResult> {
  const read = readInput(adminCouponSchema, body);
  if (!read.ok) return read;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(coupons).values(columns(read.input)).returning();
      await recordAudit(tx, actor, { action: "coupon.create", entity: "coupon", entityId: row!.id, after: read.input });
      return { ok: true, coupon: couponJson(row!) } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "code-taken" };
    throw error;
  }
}

/** Changes the given fields (the rest stay as they are), checked as a whole coupon. */
export async function updateCoupon(db: Database, actor: AuditActor, id: string, body: unknown): Promise<CouponWriteResult> {
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  const given = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  try {
    return await inTransaction(db, async (tx): Promise<CouponWriteResult> => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!current) return { ok: false, reason: "not-found" };
      const before = couponInput(current);
      const read = readInput(adminCouponSchema, given ? { ...before, ...given } : body);
      if (!read.ok) throw new Rollback<CouponWriteResult>(read);
      if (read.input.public && current.issuedToEmail) {
        throw new Rollback<CouponWriteResult>({ ok: false, reason: "invalid", errors: { public: COUPON_ADMIN_MESSAGES.welcomeNotPublic } });
      }
      const [row] = await tx.update(coupons).set({ ...columns(read.input), updatedAt: new Date() }).where(eq(coupons.id, id)).returning();
      await recordAudit(tx, actor, { action: "coupon.update", entity: "coupon", entityId: id, before, after: read.input });
      return { ok: true, coupon: couponJson(row!, (await couponUsage(tx, [id])).get(id)) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "code-taken" };
    throw error;
  }
}

/** Deletes a coupon never used; one with any use (even released) is deactivated, so its orders keep it. */
export async function deleteCoupon(db: Database, actor: AuditActor, id: string): Promise<CouponDeleteResult> {
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx): Promise<CouponDeleteResult> => {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!current) return { ok: false, reason: "not-found" };
    const [used] = await tx.select({ id: couponRedemptions.id }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id)).limit(1);
    if (used) {
      await tx.update(coupons).set({ active: false, updatedAt: new Date() }).where(eq(coupons.id, id));
      await recordAudit(tx, actor, { action: "coupon.deactivate", entity: "coupon", entityId: id, before: couponInput(current), after: { active: false } });
      return { ok: true, outcome: "deactivated" };
    }
    await tx.delete(coupons).where(eq(coupons.id, id));
    await recordAudit(tx, actor, { action: "coupon.delete", entity: "coupon", entityId: id, before: couponInput(current) });
    return { ok: true, outcome: "deleted" };
  });
}
