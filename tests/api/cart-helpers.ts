import type { Response } from "supertest";
import { products } from "#server/db/schema.ts";
import type { ShopContext } from "#server/context.ts";

let counter = 0;

/** A published product written directly, with the stock and price a test needs. */
export async function makeProduct(shop: ShopContext, values: Partial<typeof products.$inferInsert> = {}) {
  const pricePaise = values.pricePaise ?? 6900;
  const n = ++counter;
  const [row] = await shop.db
    .insert(products)
    .values({
      name: `Cart API product ${n}`,
      description: "A product for cart API tests",
      pricePaise,
      mrpPaise: Math.max(pricePaise, values.mrpPaise ?? 0),
      category: "Sports Nutrition",
      subcategory: "Protein",
      sku: `CARTAPI-${n}-${crypto.randomUUID().slice(0, 6)}`,
      stock: 10,
      images: [{ url: `/images/cart-api-${n}.jpg`, altText: "pack" }],
      packText: "200g",
      ...values,
    })
    .returning();
  return row!;
}

/** The raw Set-Cookie line for guest_id, if the response set or cleared it. */
export function guestSetCookie(res: Response): string | undefined {
  const header = res.headers["set-cookie"] as unknown as string[] | undefined;
  return header?.find((line) => line.startsWith("guest_id="));
}

/** The guest id a response set in the cookie (undefined when it set none or cleared it). */
export function guestCookieValue(res: Response): string | undefined {
  const line = guestSetCookie(res);
  const value = line?.slice("guest_id=".length).split(";")[0];
  return value ? value : undefined;
}
