// Orders placed and paid the way customers do it (cart → checkout → the offline test gateway), for
// the credit note, shipment and return tests (decisions/032).
import { asc, eq } from "drizzle-orm";
import request from "supertest";
import { orderLines } from "#server/db/schema.ts";
import type { TestShop } from "../support/test-shop.ts";
import type { TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

export interface PlacedOrder {
  buyer: TestUser;
  orderId: string;
  lineIds: string[];
}

/** A customer's order of the given lines, paid online (or placed COD), with its line ids in name order. */
export async function placePaidOrder(
  shop: TestShop,
  lines: { pricePaise: number; quantity: number; gstRateBps?: number }[],
  options: { cod?: boolean } = {},
): Promise<PlacedOrder> {
  const items = [];
  for (const [i, line] of lines.entries()) {
    items.push(await makeProduct(shop.context, { pricePaise: line.pricePaise, stock: 50, gstRateBps: line.gstRateBps ?? 500, name: `Aftercare product ${i} ${crypto.randomUUID().slice(0, 6)}` }));
  }
  const buyer = await buyerWithCart(shop, items.map((item, i) => ({ productId: item.id, quantity: lines[i]!.quantity })));
  const placed = await checkout(shop, buyer, { shippingAddress: address, paymentMethod: options.cod ? "cod" : "razorpay" });
  if (placed.status !== 201) throw new Error(`checkout answered ${placed.status}: ${placed.text}`);
  const orderId: string = placed.body.order._id;
  if (!options.cod) {
    // The test gateway's "Pay" signs the fields; the page posts them to verify, which marks the order paid.
    const fields = await request(shop.app).post(`/api/payments/test/${orderId}/pay`).set(buyer.headers).expect(200);
    await request(shop.app).post(`/api/checkout/${orderId}/verify`).set(buyer.headers).send(fields.body).expect(200);
  }
  const lineIds = await lineIdsOf(shop, orderId);
  return { buyer, orderId, lineIds };
}

/** The order's line ids, in the order of the products' names (the order in which they were given above). */
export async function lineIdsOf(shop: TestShop, orderId: string): Promise<string[]> {
  const rows = await shop.context.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.name));
  return rows.map((row) => row.id);
}

/** The admin moves the order on (Shipped with a courier and AWB, then Delivered). */
export async function shipAndDeliver(shop: TestShop, admin: TestUser, orderId: string) {
  await request(shop.app).put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Shipped", courier: "delhivery", awb: "1234567890123" }).expect(200);
  await request(shop.app).put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Delivered" }).expect(200);
}
