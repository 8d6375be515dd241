import { and, asc, eq, getTableColumns, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { LEFT_OUT_MESSAGES, type CartJson, type CartLineJson, type LeftOutLine } from "#common/cart.ts";
import { paiseToRupees } from "#common/money.ts";
import { asSchedule, soldOnline } from "#common/prescriptions.ts";
import type { Database } from "#server/db/client.ts";
import { ID_PATTERN as PRODUCT_ID_PATTERN } from "#server/db/ids.ts";
import { Rollback, inTransaction, type Transaction, type Executor } from "#server/db/tx.ts";
import { cartLines, carts, products } from "#server/db/schema.ts";
import { prepared, preparedSql } from "#server/db/prepared.ts";
import { cartCouponView } from "./coupon-view.ts";

/** Who a cart belongs to: a signed-in user or a guest (the guest id is a bearer-like secret). */
export type CartOwner = { userId: string } | { guestId: string };

export type AddToCartResult =
  | { ok: true; cart: CartJson; created: boolean }
  | { ok: false; reason: "product-not-found" }
  /** A Schedule X medicine (decisions/019): never sold online, even if it was published. */
  | { ok: false; reason: "not-sold-online"; productName: string }
  | { ok: false; reason: "insufficient-stock"; available: number }
  /** More of one product than one customer may buy at a time (MAX_UNITS_PER_PRODUCT). */
  | { ok: false; reason: "over-limit"; limit: number };

export type SetLineQuantityResult =
  | { ok: true; cart: CartJson }
  | { ok: false; reason: "cart-not-found" | "line-not-found" }
  | { ok: false; reason: "insufficient-stock"; available: number }
  | { ok: false; reason: "over-limit"; limit: number };

export type RemoveLineResult = { ok: true; cart: CartJson } | { ok: false; reason: "cart-not-found" | "line-not-found" };

export type MergeGuestCartResult = { ok: true; cart: CartJson } | { ok: false; reason: "guest-cart-not-found" };

export const GUEST_ID_PATTERN = /^guest_[A-Za-z0-9_-]{8,64}$/;

/** A fresh guest id: random, so one guest cannot guess another's. */
export function newGuestId(): string {
  return `guest_${crypto.randomUUID()}`;
}

/** Guest carts untouched for this long are deleted (api-contract.md, "Cart"). */
export const GUEST_CART_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

type CartRow = typeof carts.$inferSelect;

const ownedBy = (owner: CartOwner) =>
  "userId" in owner ? eq(carts.userId, owner.userId) : eq(carts.guestId, owner.guestId);

const publishedProduct = (productId: string) => and(eq(products.id, productId), eq(products.published, true));

/** The owner's cart row, locked until the transaction ends, so changes to one cart run one at a time. */
async function lockCart(tx: Transaction, owner: CartOwner): Promise<CartRow | undefined> {
  const [cart] = await tx.select().from(carts).where(ownedBy(owner)).for("update");
  return cart;
}

/** The owner's cart, created if missing, locked; `created` tells whether this call made it. */
async function lockOrCreateCart(tx: Transaction, owner: CartOwner): Promise<{ cart: CartRow; created: boolean }> {
  // ON CONFLICT DO NOTHING waits for a competing insert of the same owner instead of failing.
  const inserted = await tx
    .insert(carts)
    .values("userId" in owner ? { userId: owner.userId } : { guestId: owner.guestId })
    .onConflictDoNothing()
    .returning({ id: carts.id });
  const cart = await lockCart(tx, owner);
  if (!cart) throw new Error("cart vanished between insert and lock");
  return { cart, created: inserted.length > 0 };
}

/**
 * The owner's cart, created if missing, touched (`updatedAt`) and locked, in one statement: the
 * upsert takes the row lock as FOR UPDATE would. For a change that touches the cart anyway.
 */
async function touchOrCreateCart(tx: Transaction, owner: CartOwner): Promise<{ cart: CartRow; created: boolean }> {
  const [row] = await tx
    .insert(carts)
    .values("userId" in owner ? { userId: owner.userId } : { guestId: owner.guestId })
    .onConflictDoUpdate({ target: "userId" in owner ? carts.userId : carts.guestId, set: { updatedAt: sql`now()` } })
    .returning({ ...getTableColumns(carts), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("the cart upsert returned no row");
  const { created, ...cart } = row;
  return { cart, created };
}

async function touchCart(tx: Transaction, cartId: string): Promise<CartRow> {
  const [cart] = await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId)).returning();
  return cart;
}

/** What a cart line shows of its product. */
const SHOWN_PRODUCT_FIELDS = {
  name: products.name,
  schedule: products.schedule,
  images: products.images,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  category: products.category,
  gstRateBps: products.gstRateBps,
  subcategory: products.subcategory,
  prescriptionRequired: products.prescriptionRequired,
  stock: products.stock,
  expiryDate: products.expiryDate,
  packText: products.packText,
};
const LINE_FIELDS = { productId: cartLines.productId, quantity: cartLines.quantity, addedAt: cartLines.addedAt };
/** What a cart line shows of itself and its product: the cart's reads select it, the add's statement answers it. */
const CART_LINE_FIELDS = { ...LINE_FIELDS, ...SHOWN_PRODUCT_FIELDS };

/**
 * What an order takes from each product, as checkout reads it with the cart's lines (or a
 * refill's): the prices and tax it is priced at, and the names, SKU, HSN code and batch its lines keep.
 */
export const ORDERED_PRODUCT_FIELDS = { ...SHOWN_PRODUCT_FIELDS, sku: products.sku, hsnCode: products.hsnCode, batchNumber: products.batchNumber };
const ORDERABLE_LINE_FIELDS = { ...LINE_FIELDS, ...ORDERED_PRODUCT_FIELDS };

/**
 * A cart's lines joined to their products' current name, price (paise), tax rate and stock;
 * unpublished products are left out. The cart reads them as added; checkout by product id, with
 * what an order takes besides.
 */
const cartLineProduct = eq(products.id, cartLines.productId);
const publishedLinesOfCart = and(eq(cartLines.cartId, sql.placeholder("cartId")), eq(products.published, true));
const linesAsAdded = prepared("cart_lines_as_added", (db) =>
  db.select(CART_LINE_FIELDS).from(cartLines).innerJoin(products, cartLineProduct).where(publishedLinesOfCart).orderBy(asc(cartLines.addedAt), asc(cartLines.productId)),
);
const linesByProduct = prepared("cart_lines_by_product", (db) =>
  db.select(ORDERABLE_LINE_FIELDS).from(cartLines).innerJoin(products, cartLineProduct).where(publishedLinesOfCart).orderBy(asc(cartLines.productId)),
);

/** The cart's lines in the order they were added: the cart API reads the cart through this. */
export function cartLineRows(db: Executor, cartId: string) {
  return linesAsAdded(db, { cartId });
}
type CartLineRow = Awaited<ReturnType<typeof cartLineRows>>[number];
/** A cart line as the cart's answer uses it (the add's statement gives them as JSON, without a Date). */
type ShownCartLine = Omit<CartLineRow, "addedAt">;

/**
 * The lines an order is built from; checkout, its quote and the checkout summary all read them
 * here: the published products' lines at today's prices, by product id — the order in which
 * checkout locks the product rows and the coupon's discount is split, so the three agree to the paisa.
 */
export function orderableCartLines(db: Executor, cartId: string) {
  return linesByProduct(db, { cartId });
}

/** The cart's answer; `inHand`: its lines when the caller has just read them (in the order added). */
export async function cartJson(db: Executor, cart: CartRow, inHand?: ShownCartLine[]): Promise<CartJson> {
  const rows = inHand ?? (await cartLineRows(db, cart.id));

  let totalPaise = 0;
  let mrpPaise = 0;
  const lines = rows.map((row): CartLineJson => {
    totalPaise += row.pricePaise * row.quantity;
    mrpPaise += Math.max(row.mrpPaise, row.pricePaise) * row.quantity;
    return {
      productId: row.productId,
      name: row.name,
      image: row.images[0]?.url ?? "",
      price: paiseToRupees(row.pricePaise),
      quantity: row.quantity,
      subcategory: row.subcategory,
      prescriptionRequired: row.prescriptionRequired,
      countInStock: row.stock,
      expiryDate: row.expiryDate,
      quantityLabel: row.packText,
    };
  });
  const applied = await cartCouponView(
    db,
    cart,
    rows.map((row) => ({ productId: row.productId, category: row.category, prescriptionRequired: row.prescriptionRequired, unitPricePaise: row.pricePaise, quantity: row.quantity })),
  );
  return {
    _id: cart.id,
    ...(cart.userId ? { user: cart.userId } : {}),
    ...(cart.guestId ? { guestId: cart.guestId } : {}),
    products: lines,
    totalPrice: paiseToRupees(totalPaise - applied.discountPaise),
    itemsPrice: paiseToRupees(totalPaise),
    coupon: applied.coupon,
    discount: paiseToRupees(applied.discountPaise),
    savings: paiseToRupees(mrpPaise - totalPaise + applied.discountPaise),
    updatedAt: cart.updatedAt.toISOString(),
  };
}

export async function getCart(db: Database, owner: CartOwner): Promise<CartJson | null> {
  const [cart] = await db.select().from(carts).where(ownedBy(owner));
  return cart ? cartJson(db, cart) : null;
}

/**
 * Adds `quantity` of a published product to the owner's cart (created when missing). The line's
 * new total may not exceed the stock nor `maxUnitsPerProduct`; nothing is written when it would.
 */
export async function addToCart(
  db: Database,
  owner: CartOwner,
  productId: string,
  quantity: number,
  /** The shop's MAX_UNITS_PER_PRODUCT (the cart API passes it; checkout enforces it again). */
  maxUnitsPerProduct: number = Number.MAX_SAFE_INTEGER,
): Promise<AddToCartResult> {
  if (!PRODUCT_ID_PATTERN.test(productId)) return { ok: false, reason: "product-not-found" };
  assertQuantity(quantity, 1);
  if (quantity > maxUnitsPerProduct) return { ok: false, reason: "over-limit", limit: maxUnitsPerProduct };
  const added = await addInOneStatement(db, owner, productId, quantity, maxUnitsPerProduct);
  if (added) return { ok: true, cart: await cartJson(db, added.cart, added.lines), created: added.created };
  // Refused (or lost a race): the locked path below decides again and says why, writing nothing on a refusal.
  return addUnderCartLock(db, owner, productId, quantity, maxUnitsPerProduct);
}

/** addInOneStatement's statement, for a cart owned by `ownerColumn` (user_id or guest_id). */
function addStatement(ownerColumn: "user_id" | "guest_id") {
  const column = sql.raw(ownerColumn);
  const lineJson = sql`json_build_object(${sql.join(
    Object.entries(CART_LINE_FIELDS).map(([key, field]) => sql`${key}::text, ${field}`),
    sql`, `,
  )})`;
  const [owner, productId, quantity, limit] = ["owner", "productId", "quantity", "limit"].map((name) => sql.placeholder(name));
  return preparedSql<{
    id: string;
    user_id: string | null;
    guest_id: string | null;
    coupon_id: string | null;
    created_at: string | Date;
    updated_at: string | Date;
    created: boolean;
    written: number;
    lines: ShownCartLine[] | string;
  }>(
    `cart_add_${ownerColumn}`,
    () => sql`with wanted as (
      select p.id from products p
      left join carts c on c.${column} = ${owner}
      left join cart_lines l on l.cart_id = c.id and l.product_id = p.id
      where p.id = ${productId} and p.published and p.schedule <> 'X'
        and coalesce(l.quantity, 0) + ${quantity}::int <= least(p.stock, ${limit}::int)
    ), cart as (
      insert into carts (id, ${column}) select ${sql.placeholder("cartId")}, ${owner} from wanted
      on conflict (${column}) do update set updated_at = now()
      returning id, user_id, guest_id, coupon_id, created_at, updated_at, (xmax = 0) as created
    ), line as (
      insert into cart_lines as l (cart_id, product_id, quantity)
      select cart.id, ${productId}, ${quantity}::int from cart
      on conflict (cart_id, product_id) do update set quantity = l.quantity + excluded.quantity
      where l.quantity + excluded.quantity <= least((select p.stock from products p where p.id = excluded.product_id), ${limit}::int)
      returning l.*
    )
    select cart.*, (select count(*) from line)::int as written,
      -- The cart's lines after the add, as cartLineRows reads them: the others as they were, this one as written.
      (select coalesce(json_agg(${lineJson} order by ${cartLines.addedAt}, ${cartLines.productId}), '[]'::json)
        from (select * from cart_lines where cart_id = cart.id and product_id <> ${productId} union all select * from line) as cart_lines
        join products on products.id = cart_lines.product_id and products.published) as lines
    from cart`,
  );
}
const addForUser = addStatement("user_id");
const addForGuest = addStatement("guest_id");

/**
 * The common add (decisions/061) as one data-modifying statement, no transaction: the line's new
 * total is checked against the stock, the per-product limit and the schedule as of the statement's
 * snapshot before the cart is upserted (touched, or created: `xmax = 0`), and checked again by the
 * line's upsert against the latest committed line (`ON CONFLICT … DO UPDATE … WHERE`), so parallel
 * adds never take a line over the stock. Undefined when nothing was added: the caller then asks
 * `addUnderCartLock`, which diagnoses the refusal. When the line's re-check alone refused (a race),
 * the cart may have been touched or created empty, as an add followed by a removal leaves it.
 * The same statement answers the cart's lines after the add, so the cart is not read again.
 */
async function addInOneStatement(
  db: Database,
  owner: CartOwner,
  productId: string,
  quantity: number,
  maxUnitsPerProduct: number,
): Promise<{ cart: CartRow; created: boolean; lines: ShownCartLine[] } | undefined> {
  const add = "userId" in owner ? addForUser : addForGuest;
  const [row] = await add(db, {
    owner: "userId" in owner ? owner.userId : owner.guestId,
    productId,
    quantity,
    limit: Math.min(maxUnitsPerProduct, 2_147_483_647),
    cartId: crypto.randomUUID(),
  });
  if (!row || Number(row.written) !== 1) return undefined;
  return {
    cart: {
      id: row.id,
      userId: row.user_id,
      guestId: row.guest_id,
      couponId: row.coupon_id,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    },
    created: row.created === true,
    lines: typeof row.lines === "string" ? (JSON.parse(row.lines) as ShownCartLine[]) : row.lines,
  };
}

/** addToCart's refusals: the whole add under the cart lock, in a transaction (a refusal writes nothing). */
async function addUnderCartLock(
  db: Database,
  owner: CartOwner,
  productId: string,
  quantity: number,
  maxUnitsPerProduct: number,
): Promise<AddToCartResult> {
  return inTransaction(db, async (tx) => {
    // Touched now (a refusal below rolls it back with the rest), so no second write at the end.
    const { cart, created } = await touchOrCreateCart(tx, owner);
    // Read after the cart lock, so the line and the stock are the latest committed values.
    const [product] = await tx
      .select({ stock: products.stock, name: products.name, schedule: products.schedule, inCart: cartLines.quantity })
      .from(products)
      .leftJoin(cartLines, and(eq(cartLines.cartId, cart.id), eq(cartLines.productId, products.id)))
      .where(publishedProduct(productId));
    if (!product) throw new Rollback<AddToCartResult>({ ok: false, reason: "product-not-found" });
    if (!soldOnline(asSchedule(product.schedule))) {
      throw new Rollback<AddToCartResult>({ ok: false, reason: "not-sold-online", productName: product.name });
    }

    const wanted = (product.inCart ?? 0) + quantity;
    if (wanted > maxUnitsPerProduct) throw new Rollback<AddToCartResult>({ ok: false, reason: "over-limit", limit: maxUnitsPerProduct });
    if (wanted > product.stock) {
      throw new Rollback<AddToCartResult>({ ok: false, reason: "insufficient-stock", available: product.stock });
    }

    await tx
      .insert(cartLines)
      .values({ cartId: cart.id, productId, quantity: wanted })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productId], set: { quantity: wanted } });
    return { ok: true, cart: await cartJson(tx, cart), created } as const;
  });
}

/** A line wanted in the cart: its product, the name to report it by, and how many. */
export interface WantedLine {
  productId: string;
  name: string;
  quantity: number;
}

/**
 * Adds several lines to the owner's cart in one transaction under the cart lock (a reorder; later a
 * pharmacist's proposal): each product still published and sold online goes in at today's price,
 * the line's new total capped at the stock and at `maxUnitsPerProduct`. What did not go in, wholly
 * or in part, is named with why (`skipped`); nothing is refused as a whole. `added`: how many of the
 * wanted lines put at least one unit in.
 */
export async function addLinesToCart(
  db: Database,
  owner: CartOwner,
  wanted: readonly WantedLine[],
  maxUnitsPerProduct: number = Number.MAX_SAFE_INTEGER,
): Promise<{ cart: CartJson; skipped: LeftOutLine[]; added: number }> {
  return inTransaction(db, (tx) => addLinesInTransaction(tx, owner, wanted, maxUnitsPerProduct));
}

/** addLinesToCart inside the caller's transaction (a pharmacist's proposal commits with its request's change). */
export async function addLinesInTransaction(
  tx: Transaction,
  owner: CartOwner,
  wanted: readonly WantedLine[],
  maxUnitsPerProduct: number = Number.MAX_SAFE_INTEGER,
): Promise<{ cart: CartJson; skipped: LeftOutLine[]; added: number }> {
  const { cart } = await lockOrCreateCart(tx, owner);
  const ids = [...new Set(wanted.map((line) => line.productId))];
  const [found, held] = await Promise.all([
    ids.length === 0
      ? []
      : tx.select({ id: products.id, stock: products.stock, schedule: products.schedule }).from(products).where(and(inArray(products.id, ids), eq(products.published, true))),
    tx.select({ productId: cartLines.productId, quantity: cartLines.quantity }).from(cartLines).where(eq(cartLines.cartId, cart.id)),
  ]);
  const product = new Map(found.map((row) => [row.id, row]));
  const inCart = new Map(held.map((line) => [line.productId, line.quantity]));
  const skipped: LeftOutLine[] = [];
  let addedLines = 0;
  const leftOut = (line: WantedLine, reason: string) => skipped.push({ productId: line.productId, name: line.name, reason });
  for (const line of wanted) {
    const current = product.get(line.productId);
    if (!current) {
      leftOut(line, LEFT_OUT_MESSAGES.noLongerSold);
      continue;
    }
    if (!soldOnline(asSchedule(current.schedule))) {
      leftOut(line, LEFT_OUT_MESSAGES.notSoldOnline);
      continue;
    }
    const before = inCart.get(line.productId) ?? 0;
    const after = Math.min(before + line.quantity, current.stock, maxUnitsPerProduct);
    const added = Math.max(after - before, 0);
    if (added < line.quantity) {
      if (current.stock === 0) leftOut(line, LEFT_OUT_MESSAGES.outOfStock);
      else if (after === maxUnitsPerProduct && maxUnitsPerProduct < current.stock) leftOut(line, LEFT_OUT_MESSAGES.partOverLimit(added, line.quantity, maxUnitsPerProduct));
      else leftOut(line, LEFT_OUT_MESSAGES.partInStock(added, line.quantity));
    }
    if (added === 0) continue;
    addedLines += 1;
    inCart.set(line.productId, after);
    await tx
      .insert(cartLines)
      .values({ cartId: cart.id, productId: line.productId, quantity: after })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productId], set: { quantity: after } });
  }
  const touched = await touchCart(tx, cart.id);
  return { cart: await cartJson(tx, touched), skipped, added: addedLines };
}

/** Sets a line's quantity (0 removes it); more than the current stock or the per-product limit is refused. */
export async function setLineQuantity(
  db: Database,
  owner: CartOwner,
  productId: string,
  quantity: number,
  maxUnitsPerProduct: number = Number.MAX_SAFE_INTEGER,
): Promise<SetLineQuantityResult> {
  assertQuantity(quantity, 0);
  if (quantity > maxUnitsPerProduct) return { ok: false, reason: "over-limit", limit: maxUnitsPerProduct };
  return inTransaction(db, async (tx): Promise<SetLineQuantityResult> => {
    const cart = await lockCart(tx, owner);
    if (!cart) return { ok: false, reason: "cart-not-found" };
    const lineWhere = and(eq(cartLines.cartId, cart.id), eq(cartLines.productId, productId));
    const [line] = await tx.select({ quantity: cartLines.quantity }).from(cartLines).where(lineWhere);
    if (!line) return { ok: false, reason: "line-not-found" };

    if (quantity === 0) {
      await tx.delete(cartLines).where(lineWhere);
    } else {
      const [product] = await tx.select({ stock: products.stock }).from(products).where(publishedProduct(productId));
      const available = product?.stock ?? 0;
      if (quantity > available) return { ok: false, reason: "insufficient-stock", available };
      await tx.update(cartLines).set({ quantity }).where(lineWhere);
    }
    const touched = await touchCart(tx, cart.id);
    return { ok: true, cart: await cartJson(tx, touched) };
  });
}

export async function removeLine(db: Database, owner: CartOwner, productId: string): Promise<RemoveLineResult> {
  return inTransaction(db, async (tx): Promise<RemoveLineResult> => {
    const cart = await lockCart(tx, owner);
    if (!cart) return { ok: false, reason: "cart-not-found" };
    const removed = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.productId, productId)))
      .returning({ productId: cartLines.productId });
    if (removed.length === 0) return { ok: false, reason: "line-not-found" };
    const touched = await touchCart(tx, cart.id);
    return { ok: true, cart: await cartJson(tx, touched) };
  });
}

/**
 * Moves a guest's lines into the user's cart (created if needed): quantities are summed and
 * capped at the current stock, lines of unpublished or out-of-stock products are dropped, and
 * the guest cart is deleted. Without a guest cart, the user's cart is returned as it is.
 */
export async function mergeGuestCart(db: Database, userId: string, guestId: string): Promise<MergeGuestCartResult> {
  return inTransaction(db, async (tx): Promise<MergeGuestCartResult> => {
    // Always guest first, then user: two merges can never wait on each other in a cycle.
    const guestCart = await lockCart(tx, { guestId });
    if (!guestCart) {
      const userCart = await lockCart(tx, { userId });
      return userCart ? { ok: true, cart: await cartJson(tx, userCart) } : { ok: false, reason: "guest-cart-not-found" };
    }
    const { cart } = await lockOrCreateCart(tx, { userId });

    const guestLines = await tx
      .select({ productId: cartLines.productId, quantity: cartLines.quantity, stock: products.stock })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .where(and(eq(cartLines.cartId, guestCart.id), eq(products.published, true)));
    const inStock = guestLines.filter((line) => line.stock > 0);
    if (inStock.length > 0) {
      const existing = await tx
        .select({ productId: cartLines.productId, quantity: cartLines.quantity })
        .from(cartLines)
        .where(and(eq(cartLines.cartId, cart.id), inArray(cartLines.productId, inStock.map((line) => line.productId))));
      const held = new Map(existing.map((line) => [line.productId, line.quantity]));
      for (const line of inStock) {
        const quantity = Math.min((held.get(line.productId) ?? 0) + line.quantity, line.stock);
        await tx
          .insert(cartLines)
          .values({ cartId: cart.id, productId: line.productId, quantity })
          .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.productId], set: { quantity } });
      }
    }

    // The guest's coupon comes along unless the user's cart has one already (issue 15).
    if (guestCart.couponId && !cart.couponId) await tx.update(carts).set({ couponId: guestCart.couponId }).where(eq(carts.id, cart.id));
    await tx.delete(carts).where(eq(carts.id, guestCart.id));
    const touched = await touchCart(tx, cart.id);
    return { ok: true, cart: await cartJson(tx, touched) };
  });
}

/** Deletes guest carts not changed for `olderThanMs` (default 30 days); returns how many. */
export async function deleteStaleGuestCarts(db: Executor, olderThanMs = GUEST_CART_LIFETIME_MS): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const deleted = await db
    .delete(carts)
    .where(and(isNotNull(carts.guestId), lt(carts.updatedAt, cutoff)))
    .returning({ id: carts.id });
  return deleted.length;
}

function assertQuantity(quantity: number, min: number) {
  if (!Number.isInteger(quantity) || quantity < min) throw new RangeError(`quantity must be an integer ≥ ${min}`);
}
