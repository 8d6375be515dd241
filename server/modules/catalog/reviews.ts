import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { ReviewJson } from "#common/review.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import type { Transaction } from "#server/db/tx.ts";
import { orderLines, orders, products, reviews } from "#server/db/schema.ts";
import { type InvalidInput, readInput } from "#server/schemas/input.ts";
import { reviewSchema } from "#server/schemas/review.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { ratingScore } from "./ranking.ts";

type ReviewRow = typeof reviews.$inferSelect;

function toReviewJson(row: ReviewRow): ReviewJson {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    verifiedPurchase: row.verifiedPurchase,
  };
}

const publishedProduct = (productId: string) => and(eq(products.id, productId), eq(products.published, true));

/** Reviews of a published product, newest first, without hidden ones; null when the product does not exist or is unpublished. */
export async function listReviews(db: Database, productId: string): Promise<ReviewJson[] | null> {
  if (!ID_PATTERN.test(productId)) return null;
  const [product] = await db.select({ id: products.id }).from(products).where(publishedProduct(productId));
  if (!product) return null;
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toReviewJson);
}

/** Who reviews which product; the rating and comment come as the request's raw body. */
export interface NewReview {
  productId: string;
  user: { id: string; name: string };
}

export type AddReviewResult =
  { ok: true; review: ReviewJson } | { ok: false; reason: "product-not-found" | "already-reviewed" } | Throttled | InvalidInput;

/**
 * Adds a customer's one review of a product from the body either door received (`{ rating,
 * comment }`, read once here with its schema) and recomputes the product's rating and review
 * count in the same transaction. Verified purchase: the customer has a paid order with it.
 * Every attempt with a valid body counts against the customer's review limit.
 */
export async function addReview(
  context: { db: Database; config: Pick<Config, "rateLimitScale"> },
  { productId, user }: NewReview,
  body: unknown,
): Promise<AddReviewResult> {
  const read = readInput(reviewSchema, body);
  if (!read.ok) return read;
  const input = { productId, user, ...read.input };
  const { db } = context;
  const refused = await countRequests(context, [["reviewsPerUser", input.user.id]]);
  if (refused) return refused;
  if (!ID_PATTERN.test(input.productId)) return { ok: false, reason: "product-not-found" };
  return db.transaction(async (tx) => {
    // Locking the product row serialises concurrent reviews of one product, so each recount
    // (a fresh snapshot after the lock under READ COMMITTED) sees every review committed before it.
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(publishedProduct(input.productId))
      .for("update");
    if (!product) return { ok: false, reason: "product-not-found" } as const;

    const [purchase] = await tx
      .select({ found: sql<number>`1` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.userId, input.user.id), eq(orders.isPaid, true), eq(orderLines.productId, input.productId)))
      .limit(1);

    // The unique index on (product, user) decides duplicates, also between concurrent requests:
    // ON CONFLICT DO NOTHING waits for a competing insert and then inserts nothing, without
    // aborting this transaction the way a caught unique violation would.
    const [row] = await tx
      .insert(reviews)
      .values({
        productId: input.productId,
        userId: input.user.id,
        name: input.user.name,
        rating: input.rating,
        comment: input.comment,
        verifiedPurchase: Boolean(purchase),
      })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning();
    if (!row) return { ok: false, reason: "already-reviewed" } as const;

    await recountReviews(tx, input.productId);

    return { ok: true, review: toReviewJson(row) } as const;
  });
}

/**
 * Sets a product's rating (the exact average; the API rounds it), review count and "Highest Rated"
 * score (ranking.ts) from its visible reviews, inside the transaction that
 * added, hid or deleted one (with the product row locked). The update also tells the in-memory
 * caches that products changed (migration 0004), so no kept page shows the old figures.
 */
export async function recountReviews(tx: Transaction, productId: string): Promise<void> {
  const [totals] = await tx
    .select({
      average: sql<number | null>`avg(${reviews.rating})::float8`.mapWith(Number),
      count: count(),
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)));
  const numReviews = totals?.count ?? 0;
  const average = numReviews > 0 ? (totals?.average ?? 0) : 0;
  await tx
    .update(products)
    .set({ rating: average, numReviews, ratingScore: ratingScore(average, numReviews) })
    .where(eq(products.id, productId));
}
