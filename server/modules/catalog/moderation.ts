import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, type AdminReviewJson } from "#common/admin.ts";
import { adminReviewQuerySchema, adminReviewUpdateSchema, type AdminReviewQuery } from "#server/schemas/admin-reviews.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import type { Transaction } from "#server/db/tx.ts";
import { products, reviews } from "#server/db/schema.ts";
import { recordAudit, type AuditActor } from "#server/modules/audit/audit.ts";
import { recountReviews } from "./reviews.ts";
import { likePattern } from "#server/db/errors.ts";
import { readInput, readQuery, type InvalidInput } from "#server/schemas/input.ts";
import type { Page } from "#server/db/page.ts";

/** Reviewer names longer than this are cut in the list (a 5 MB name must not make a 5 MB page). */
const NAME_SHOWN = 120;
const COMMENT_SHOWN = 2000;

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  productName: products.name,
  userId: reviews.userId,
  // Cut in the database: the whole text never travels to this process.
  name: sql<string>`left(${reviews.name}, ${NAME_SHOWN + 1})`,
  rating: reviews.rating,
  comment: sql<string>`left(${reviews.comment}, ${COMMENT_SHOWN + 1})`,
  verifiedPurchase: reviews.verifiedPurchase,
  hiddenAt: reviews.hiddenAt,
  createdAt: reviews.createdAt,
};

type ReviewListRow = {
  id: string;
  productId: string;
  productName: string;
  userId: string | null;
  name: string;
  rating: number;
  comment: string;
  verifiedPurchase: boolean;
  hiddenAt: Date | null;
  createdAt: Date;
};

function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max).join("")}…`;
}

function toAdminReviewJson(row: ReviewListRow): AdminReviewJson {
  return {
    _id: row.id,
    product: { _id: row.productId, name: row.productName },
    user: row.userId ? { _id: row.userId } : null,
    name: cut(row.name, NAME_SHOWN),
    rating: row.rating,
    comment: cut(row.comment, COMMENT_SHOWN),
    verifiedPurchase: row.verifiedPurchase,
    hidden: row.hiddenAt !== null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An admin list's answer: the page with the filters it was read with, or the query's refusal. */
export type AdminReviewList = ({ ok: true; query: AdminReviewQuery } & Page<AdminReviewJson>) | InvalidInput;

/**
 * GET /api/admin/reviews and the reviews page: every review (published products or not), newest
 * first; search by product or reviewer name, filter by status. The raw query is read here, so both doors read it alike.
 */
export async function listReviewsForModeration(db: Database, rawQuery: unknown): Promise<AdminReviewList> {
  const read = readQuery(adminReviewQuerySchema, rawQuery);
  if (!read.ok) return read;
  const query = read.input;
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(products.name, pattern), ilike(reviews.name, pattern))!);
  }
  if (query.status === "hidden") conditions.push(isNotNull(reviews.hiddenAt));
  if (query.status === "visible") conditions.push(isNull(reviews.hiddenAt));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).where(where),
  ]);
  return { ok: true, query, items: rows.map(toAdminReviewJson), total: counted?.total ?? 0, page, limit };
}

export type ReviewModerationResult =
  | { ok: true; outcome: "hidden" | "shown"; review: AdminReviewJson }
  | { ok: true; outcome: "deleted" }
  | { ok: false; reason: "not-found" }
  | InvalidInput;


/**
 * Locks a review's product, then the review, in the order adding a review locks them (product
 * first), so moderation and a new review of the same product recount one after the other.
 */
async function lockReview(tx: Transaction, id: string) {
  const [found] = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
  if (!found) return null;
  await tx.select({ id: products.id }).from(products).where(eq(products.id, found.productId)).for("update");
  const [row] = await tx
    .select({ ...reviewColumns, fullName: reviews.name, fullComment: reviews.comment })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id))
    .for("update", { of: reviews });
  return row ?? null;
}

/** What the audit log keeps of a review (recordAudit cuts long texts). */
function auditedReview(row: ReviewListRow & { fullName: string; fullComment: string }) {
  return {
    productId: row.productId,
    productName: row.productName,
    userId: row.userId,
    name: row.fullName,
    rating: row.rating,
    comment: row.fullComment,
    verifiedPurchase: row.verifiedPurchase,
    hiddenAt: row.hiddenAt,
    createdAt: row.createdAt,
  };
}

/**
 * PUT /api/admin/reviews/:id and the reviews page's Hide/Unhide: `{ hidden: true }` hides a review
 * from the shop (`false` shows it again): it leaves the product page, the reviews API,
 * the rating and the count, in one transaction with its audit record. Setting the state it
 * already has changes nothing and records nothing.
 */
export async function setReviewHidden(
  db: Database,
  actor: AuditActor,
  id: string,
  body: unknown,
): Promise<ReviewModerationResult> {
  const read = readInput(adminReviewUpdateSchema, body);
  if (!read.ok) return read;
  const { hidden } = read.input;
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  const outcome = hidden ? "hidden" : "shown";
  return db.transaction(async (tx) => {
    const current = await lockReview(tx, id);
    if (!current) return { ok: false, reason: "not-found" } as const;
    if (hidden === (current.hiddenAt !== null)) return { ok: true, outcome, review: toAdminReviewJson(current) } as const;

    const [changed] = await tx
      .update(reviews)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(eq(reviews.id, id))
      .returning({ hiddenAt: reviews.hiddenAt });
    const after = { ...current, hiddenAt: changed?.hiddenAt ?? null };
    await recountReviews(tx, current.productId);
    await recordAudit(tx, actor, {
      action: hidden ? "review.hide" : "review.unhide",
      entity: "review",
      entityId: id,
      before: auditedReview(current),
      after: auditedReview(after),
    });
    return { ok: true, outcome, review: toAdminReviewJson(after) } as const;
  });
}

/** DELETE /api/admin/reviews/:id and the reviews page's Delete: removes a review for good, recounts its product and records what it said (cut) in the audit log. */
export async function deleteReview(db: Database, actor: AuditActor, id: string): Promise<ReviewModerationResult> {
  if (!ID_PATTERN.test(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const current = await lockReview(tx, id);
    if (!current) return { ok: false, reason: "not-found" } as const;
    await tx.delete(reviews).where(eq(reviews.id, id));
    await recountReviews(tx, current.productId);
    await recordAudit(tx, actor, {
      action: "review.delete",
      entity: "review",
      entityId: id,
      before: auditedReview(current),
    });
    return { ok: true, outcome: "deleted" } as const;
  });
}
