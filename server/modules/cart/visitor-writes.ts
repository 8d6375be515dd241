// The cart's writes as both doors call them: each takes the body it was sent and reads it here,
// once, with its schema (server/schemas/cart.ts), so a bad body is answered alike everywhere.
import { eq } from "drizzle-orm";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { carts } from "#server/db/schema.ts";
import { countRequests, type Throttled } from "#server/modules/limits/limiter.ts";
import { addToCartSchema, removeCartLineSchema, updateCartLineSchema } from "#server/schemas/cart.ts";
import { type InvalidInput, readInput } from "#server/schemas/input.ts";
import {
  addToCart,
  removeLine,
  setLineQuantity,
  type AddToCartResult,
  type CartOwner,
  type RemoveLineResult,
  type SetLineQuantityResult,
} from "./cart.ts";

/**
 * A visitor's "add to cart" (`{ productId, quantity? }`, the one door for it): a guest's first add
 * creates the guest's cart, and every cart created that way counts against the client address's
 * limit, so nobody can fill the carts table. Signed-in users' carts are not counted (one per account).
 */
export async function addToCartAsVisitor(
  context: { db: Database; config: Pick<Config, "rateLimitScale"> },
  visitor: { owner: CartOwner; ip: string },
  body: unknown,
  maxUnitsPerProduct: number,
): Promise<AddToCartResult | Throttled | InvalidInput> {
  const read = readInput(addToCartSchema, body);
  if (!read.ok) return read;
  const { owner } = visitor;
  if ("guestId" in owner && !(await guestCartExists(context.db, owner.guestId))) {
    const refused = await countRequests(context, [["guestCartsPerAddress", visitor.ip]]);
    if (refused) return refused;
  }
  return addToCart(context.db, owner, read.input.productId, read.input.quantity, maxUnitsPerProduct);
}

/** Sets a line's quantity (`{ productId, quantity }`, 0 removes it); a body is read before the cart is looked for (null: none). */
export async function changeCartLine(
  db: Database,
  owner: CartOwner | null,
  body: unknown,
  maxUnitsPerProduct: number,
): Promise<SetLineQuantityResult | InvalidInput> {
  const read = readInput(updateCartLineSchema, body);
  if (!read.ok) return read;
  if (!owner) return { ok: false, reason: "cart-not-found" };
  return setLineQuantity(db, owner, read.input.productId, read.input.quantity, maxUnitsPerProduct);
}

/** Removes a line (`{ productId }`); a body is read before the cart is looked for (null: none). */
export async function removeCartLine(db: Database, owner: CartOwner | null, body: unknown): Promise<RemoveLineResult | InvalidInput> {
  const read = readInput(removeCartLineSchema, body);
  if (!read.ok) return read;
  if (!owner) return { ok: false, reason: "cart-not-found" };
  return removeLine(db, owner, read.input.productId);
}

async function guestCartExists(db: Database, guestId: string): Promise<boolean> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.guestId, guestId)).limit(1);
  return row !== undefined;
}
