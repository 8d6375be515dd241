import { eq } from "drizzle-orm";
import request from "supertest";
import type { ShopContext } from "#server/context.ts";
import { products, user } from "#server/db/schema.ts";
import { BENGALURU_ADDRESS } from "../support/orders.ts";
import type { TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";
import { makeProduct } from "./cart-helpers.ts";

export { makeProduct };

/** The shipping address the checkout tests send. */
export const address = BENGALURU_ADDRESS;

/** A customer whose email is verified, as cash on delivery needs (decisions/044). */
export async function verifyEmailOf(shop: TestShop, buyer: { id: string }): Promise<void> {
  await shop.context.db.update(user).set({ emailVerified: true }).where(eq(user.id, buyer.id));
}

/** A signed-in customer (email verified unless `verified: false`) whose server-side cart holds the given lines. */
export async function buyerWithCart(shop: TestShop, lines: { productId: string; quantity: number }[], options: { verified?: boolean } = {}): Promise<TestUser> {
  const buyer = await createCustomer(shop.context);
  if (options.verified !== false) await verifyEmailOf(shop, buyer);
  for (const line of lines) {
    await request(shop.app).post("/api/cart").set(buyer.headers).send(line).expect((res) => {
      if (res.status !== 200 && res.status !== 201) throw new Error(`add to cart answered ${res.status}`);
    });
  }
  return buyer;
}

export function checkout(shop: TestShop, buyer: TestUser, body: Record<string, unknown> = { shippingAddress: address, paymentMethod: "razorpay" }) {
  return request(shop.app).post("/api/checkout").set(buyer.headers).send(body);
}

export async function stockOf(shop: ShopContext, productId: string): Promise<number> {
  const [row] = await shop.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}
