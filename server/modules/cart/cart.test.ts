import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLines, carts, products } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "#tests/support/test-shop.ts";
import { createCustomer } from "#tests/support/users.ts";
import {
  GUEST_ID_PATTERN,
  addToCart,
  deleteStaleGuestCarts,
  getCart,
  mergeGuestCart,
  newGuestId,
  removeLine,
  setLineQuantity,
  type CartOwner,
} from "./cart.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const db = () => shop.context.db;
const guest = (): CartOwner => ({ guestId: newGuestId() });

let skuCounter = 0;
async function makeProduct(values: Partial<typeof products.$inferInsert> = {}) {
  const pricePaise = values.pricePaise ?? 6900;
  const [row] = await db()
    .insert(products)
    .values({
      name: `Cart test product ${++skuCounter}`,
      description: "A product for cart tests",
      pricePaise,
      mrpPaise: Math.max(pricePaise, values.mrpPaise ?? 0),
      category: "Women Care",
      subcategory: "Supplements",
      sku: `CART-${skuCounter}-${crypto.randomUUID().slice(0, 6)}`,
      stock: 10,
      images: [{ url: `/images/cart-${skuCounter}.jpg`, altText: "pack" }],
      packText: "/Sachet",
      expiryDate: "2027-06-30",
      ...values,
    })
    .returning();
  return row;
}

describe("guest ids", () => {
  it("are guest_ plus a random UUID and match the pattern", () => {
    const id = newGuestId();
    expect(id).toMatch(/^guest_[0-9a-f-]{36}$/);
    expect(GUEST_ID_PATTERN.test(id)).toBe(true);
    expect(newGuestId()).not.toBe(id);
  });

  it.each(["guest_", "guest_short", "Guest_12345678", "guest_12345678!", `guest_${"a".repeat(65)}`, "12345678"])(
    "rejects %s",
    (id) => {
      expect(GUEST_ID_PATTERN.test(id)).toBe(false);
    },
  );
});

describe("addToCart", () => {
  it("creates the cart with the product's current details, then adds to the existing line", async () => {
    const owner = guest();
    const product = await makeProduct({ pricePaise: 6950, stock: 10 });
    const first = await addToCart(db(), owner, product.id, 2);
    expect(first).toMatchObject({ ok: true, created: true });
    if (!first.ok) throw new Error("unreachable");
    expect(first.cart).toMatchObject({
      guestId: (owner as { guestId: string }).guestId,
      totalPrice: 139,
      products: [
        {
          productId: product.id,
          name: product.name,
          image: product.images[0]!.url,
          price: 69.5,
          quantity: 2,
          subcategory: "Supplements",
          prescriptionRequired: false,
          countInStock: 10,
          expiryDate: "2027-06-30",
          quantityLabel: "/Sachet",
        },
      ],
    });
    expect(first.cart.user).toBeUndefined();

    const second = await addToCart(db(), owner, product.id, 3);
    expect(second).toMatchObject({ ok: true, created: false, cart: { products: [{ quantity: 5 }], totalPrice: 347.5 } });
  });

  it("refuses more than the stock, counting what the line already holds, and writes nothing", async () => {
    const owner = guest();
    const product = await makeProduct({ stock: 4 });
    expect(await addToCart(db(), owner, product.id, 5)).toEqual({ ok: false, reason: "insufficient-stock", available: 4 });
    expect(await getCart(db(), owner)).toBeNull();

    await addToCart(db(), owner, product.id, 3);
    expect(await addToCart(db(), owner, product.id, 2)).toEqual({ ok: false, reason: "insufficient-stock", available: 4 });
    expect((await getCart(db(), owner))?.products[0]?.quantity).toBe(3);
    expect(await addToCart(db(), owner, product.id, 1)).toMatchObject({ ok: true, cart: { products: [{ quantity: 4 }] } });
  });

  it("reports an out-of-stock product as 0 available", async () => {
    const product = await makeProduct({ stock: 0 });
    expect(await addToCart(db(), guest(), product.id, 1)).toEqual({ ok: false, reason: "insufficient-stock", available: 0 });
  });

  it("treats unknown, malformed and unpublished products as not found", async () => {
    const hidden = await makeProduct({ published: false });
    for (const id of [hidden.id, crypto.randomUUID(), "'; drop table carts; --"]) {
      expect(await addToCart(db(), guest(), id, 1)).toEqual({ ok: false, reason: "product-not-found" });
    }
  });

  it("keeps one cart per user", async () => {
    const user = await createCustomer(shop.context);
    const product = await makeProduct();
    await Promise.all([1, 2, 3].map(() => addToCart(db(), { userId: user.id }, product.id, 1)));
    const rows = await db().select().from(carts).where(eq(carts.userId, user.id));
    expect(rows).toHaveLength(1);
    expect((await getCart(db(), { userId: user.id }))).toMatchObject({ user: user.id, products: [{ quantity: 3 }] });
  });
});

describe("reading a cart", () => {
  it("always prices lines from the product table and sums the total in paise", async () => {
    const owner = guest();
    const a = await makeProduct({ pricePaise: 10 });
    const b = await makeProduct({ pricePaise: 20 });
    await addToCart(db(), owner, a.id, 1);
    await addToCart(db(), owner, b.id, 1);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in paise it is 30.
    expect((await getCart(db(), owner))?.totalPrice).toBe(0.3);

    await db().update(products).set({ pricePaise: 12345, mrpPaise: 20000 }).where(eq(products.id, a.id));
    const cart = await getCart(db(), owner);
    expect(cart?.products.map((line) => line.price)).toEqual([123.45, 0.2]);
    expect(cart?.totalPrice).toBe(123.65);
  });

  it("leaves out lines of products unpublished since", async () => {
    const owner = guest();
    const a = await makeProduct({ pricePaise: 1000 });
    const b = await makeProduct({ pricePaise: 2000 });
    await addToCart(db(), owner, a.id, 1);
    await addToCart(db(), owner, b.id, 1);
    await db().update(products).set({ published: false }).where(eq(products.id, b.id));
    expect(await getCart(db(), owner)).toMatchObject({ products: [{ productId: a.id }], totalPrice: 10 });
  });
});

describe("setLineQuantity and removeLine", () => {
  it("sets, caps at stock, removes with 0, and reports missing carts and lines", async () => {
    const owner = guest();
    const product = await makeProduct({ stock: 6 });
    const other = await makeProduct();
    expect(await setLineQuantity(db(), owner, product.id, 1)).toEqual({ ok: false, reason: "cart-not-found" });
    await addToCart(db(), owner, product.id, 1);
    expect(await setLineQuantity(db(), owner, other.id, 1)).toEqual({ ok: false, reason: "line-not-found" });
    expect(await setLineQuantity(db(), owner, product.id, 6)).toMatchObject({ ok: true, cart: { products: [{ quantity: 6 }] } });
    expect(await setLineQuantity(db(), owner, product.id, 7)).toEqual({ ok: false, reason: "insufficient-stock", available: 6 });
    expect(await setLineQuantity(db(), owner, product.id, 0)).toMatchObject({ ok: true, cart: { products: [], totalPrice: 0 } });
    expect(await removeLine(db(), owner, product.id)).toEqual({ ok: false, reason: "line-not-found" });
  });

  it("removes a line and touches the cart", async () => {
    const owner = guest();
    const product = await makeProduct();
    const added = await addToCart(db(), owner, product.id, 2);
    if (!added.ok) throw new Error("unreachable");
    await db().update(carts).set({ updatedAt: sql`now() - interval '1 day'` }).where(eq(carts.id, added.cart._id));
    const removed = await removeLine(db(), owner, product.id);
    expect(removed).toMatchObject({ ok: true, cart: { products: [] } });
    if (!removed.ok) throw new Error("unreachable");
    expect(Date.parse(removed.cart.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await removeLine(db(), guest(), product.id)).toEqual({ ok: false, reason: "cart-not-found" });
  });
});

describe("mergeGuestCart", () => {
  it("sums quantities, caps at stock, drops unavailable lines and deletes the guest cart", async () => {
    const user = await createCustomer(shop.context);
    const owner = guest();
    const guestId = (owner as { guestId: string }).guestId;
    const summed = await makeProduct({ stock: 10 });
    const capped = await makeProduct({ stock: 5 });
    const soldOut = await makeProduct({ stock: 3 });
    const hidden = await makeProduct({ stock: 3 });
    const onlyGuest = await makeProduct({ stock: 3 });

    await addToCart(db(), { userId: user.id }, summed.id, 2);
    await addToCart(db(), { userId: user.id }, capped.id, 4);
    await addToCart(db(), owner, summed.id, 3);
    await addToCart(db(), owner, capped.id, 3);
    await addToCart(db(), owner, soldOut.id, 2);
    await addToCart(db(), owner, hidden.id, 1);
    await addToCart(db(), owner, onlyGuest.id, 2);
    await db().update(products).set({ stock: 0 }).where(eq(products.id, soldOut.id));
    await db().update(products).set({ published: false }).where(eq(products.id, hidden.id));

    const merged = await mergeGuestCart(db(), user.id, guestId);
    expect(merged.ok).toBe(true);
    if (!merged.ok) throw new Error("unreachable");
    const quantities = Object.fromEntries(merged.cart.products.map((line) => [line.productId, line.quantity]));
    expect(quantities).toEqual({ [summed.id]: 5, [capped.id]: 5, [onlyGuest.id]: 2 });
    expect(merged.cart.user).toBe(user.id);

    expect(await getCart(db(), owner)).toBeNull();
    expect(await db().select().from(carts).where(eq(carts.guestId, guestId))).toHaveLength(0);
    const userCart = await db().select().from(carts).where(eq(carts.userId, user.id));
    const lines = await db().select().from(cartLines).where(eq(cartLines.cartId, userCart[0]!.id));
    expect(lines.map((line) => line.productId).sort()).toEqual([summed.id, capped.id, onlyGuest.id].sort());
  });

  it("creates the user's cart when there is none", async () => {
    const user = await createCustomer(shop.context);
    const owner = guest();
    const product = await makeProduct();
    await addToCart(db(), owner, product.id, 2);
    const merged = await mergeGuestCart(db(), user.id, (owner as { guestId: string }).guestId);
    expect(merged).toMatchObject({ ok: true, cart: { user: user.id, products: [{ productId: product.id, quantity: 2 }] } });
  });

  it("returns the user's cart when the guest cart is gone, and not found when neither exists", async () => {
    const user = await createCustomer(shop.context);
    expect(await mergeGuestCart(db(), user.id, newGuestId())).toEqual({ ok: false, reason: "guest-cart-not-found" });
    const product = await makeProduct();
    await addToCart(db(), { userId: user.id }, product.id, 1);
    expect(await mergeGuestCart(db(), user.id, newGuestId())).toMatchObject({
      ok: true,
      cart: { user: user.id, products: [{ quantity: 1 }] },
    });
  });
});

describe("deleteStaleGuestCarts", () => {
  it("deletes guest carts untouched for 30 days, never users' carts or fresher guest carts", async () => {
    const product = await makeProduct();
    const user = await createCustomer(shop.context);
    const stale = guest();
    const fresh = guest();
    await addToCart(db(), stale, product.id, 1);
    await addToCart(db(), fresh, product.id, 1);
    await addToCart(db(), { userId: user.id }, product.id, 1);
    const age = (days: number) => sql`now() - make_interval(days => ${days})`;
    await db().update(carts).set({ updatedAt: age(31) }).where(eq(carts.guestId, (stale as { guestId: string }).guestId));
    await db().update(carts).set({ updatedAt: age(29) }).where(eq(carts.guestId, (fresh as { guestId: string }).guestId));
    await db().update(carts).set({ updatedAt: age(400) }).where(eq(carts.userId, user.id));

    expect(await deleteStaleGuestCarts(db())).toBeGreaterThanOrEqual(1);
    expect(await getCart(db(), stale)).toBeNull();
    expect(await getCart(db(), fresh)).not.toBeNull();
    expect(await getCart(db(), { userId: user.id })).not.toBeNull();
    expect(await deleteStaleGuestCarts(db())).toBe(0);
  });
});
