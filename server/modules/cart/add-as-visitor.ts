import { eq } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { carts } from "#server/db/schema.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { addToCart, type AddToCartResult, type CartOwner } from "./cart.ts";

/** addToCart's arguments after the database and the owner (the product, the quantity, the cart rules). */
type AddToCartItem = Parameters<typeof addToCart> extends [Database, CartOwner, ...infer Item] ? Item : never;

/**
 * A visitor's "add to cart" (the one door for it): a guest's first add creates the guest's cart,
 * and every cart created that way counts against the client address's limit, so nobody can fill
 * the carts table. Signed-in users' carts are not counted (one per account).
 */
export async function addToCartAsVisitor(
  context: { db: Database; config: Pick<Config, "rateLimitScale"> },
  visitor: { owner: CartOwner; ip: string },
  ...item: AddToCartItem
): Promise<AddToCartResult | Throttled> {
  const { owner } = visitor;
  if ("guestId" in owner && !(await guestCartExists(context.db, owner.guestId))) {
    const refused = await countRequests(context, [["guestCartsPerAddress", visitor.ip]]);
    if (refused) return refused;
  }
  return addToCart(context.db, owner, ...item);
}

async function guestCartExists(db: Database, guestId: string): Promise<boolean> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.guestId, guestId)).limit(1);
  return row !== undefined;
}
