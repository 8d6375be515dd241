import { and, eq, sql } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN } from "#server/db/ids.ts";
import { isPlaceholderEmail } from "#server/db/no-email.ts";
import { products, stockNotifications } from "#server/db/schema.ts";
import { readInput, type InvalidInput } from "#server/schemas/input.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { backInStockRequestSchema } from "#server/schemas/back-in-stock.ts";

export interface BackInStockContext {
  db: Database;
  config: Pick<Config, "rateLimitScale">;
}

/**
 * Who asks: a signed-in shopper (their account address is used) or a guest (the body's `email`).
 * An account made by phone without an email (decisions/050) gives one in the body, as a guest does.
 */
export type Requester = { userId: string; email: string } | null;

export type BackInStockRequestResult =
  | { ok: true; email: string }
  | { ok: false; reason: "not-found" | "in-stock" }
  | InvalidInput
  | Throttled;

/**
 * "Notify me when back in stock" on an out-of-stock product: one pending request per product and
 * address (asking again changes nothing and is answered the same). The product row is share-locked
 * while the request is written, so a restock committing at the same moment either is seen here
 * (the product is in stock: refused) or waits and then marks this request due (migration 0017).
 * Every request counts against the client address's limit and the named address's.
 */
export async function requestBackInStockEmail(
  context: BackInStockContext,
  productId: string,
  requester: Requester,
  body: unknown,
  clientIp: string,
): Promise<BackInStockRequestResult> {
  let email: string;
  if (requester && !isPlaceholderEmail(requester.email)) email = requester.email.trim().toLowerCase();
  else {
    const read = readInput(backInStockRequestSchema, body);
    if (!read.ok) return read;
    email = read.input.email;
  }
  if (!ID_PATTERN.test(productId)) return { ok: false, reason: "not-found" };
  const throttled = await countRequests(context, [
    ["backInStockRequestsPerAddress", clientIp],
    ["backInStockRequestsPerEmail", email],
  ]);
  if (throttled) return throttled;

  return context.db.transaction(async (tx): Promise<BackInStockRequestResult> => {
    const [product] = await tx
      .select({ stock: products.stock, published: products.published })
      .from(products)
      .where(eq(products.id, productId))
      .for("share");
    if (!product?.published) return { ok: false, reason: "not-found" };
    if (product.stock > 0) return { ok: false, reason: "in-stock" };
    await tx
      .insert(stockNotifications)
      .values({ productId, email, userId: requester?.userId ?? null })
      .onConflictDoNothing({ target: [stockNotifications.productId, stockNotifications.email], where: sql`${stockNotifications.notifiedAt} is null` });
    return { ok: true, email };
  });
}

/** Whether this shopper already waits for this product (the page then says so instead of offering the form). */
export async function hasPendingBackInStockRequest(db: Database, productId: string, userId: string): Promise<boolean> {
  if (!ID_PATTERN.test(productId)) return false;
  const [row] = await db
    .select({ id: stockNotifications.id })
    .from(stockNotifications)
    .where(and(eq(stockNotifications.productId, productId), eq(stockNotifications.userId, userId), sql`${stockNotifications.notifiedAt} is null`))
    .limit(1);
  return row !== undefined;
}
