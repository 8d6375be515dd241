// Where the two halves of issue 30 meet: the checkout's WhatsApp box (decisions/055) and the
// message outbox (decisions/054). A COD order placed with the box ticked gets cod_confirm on
// WhatsApp to its delivery phone, in the order's own transaction, besides its SMS; without the box, SMS only.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboundMessages, user as users } from "#server/db/schema.ts";
import { makeProduct } from "./cart-helpers.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const ADDRESS = { firstName: "Asha", lastName: "Rao", address: "12 MG Road", city: "Bengaluru", postalCode: "560001", country: "India", phone: "9876543210" };

async function codShopper(): Promise<TestUser> {
  const shopper = await createCustomer(shop.context);
  // COD needs a verified email (decisions/044).
  await shop.context.db.update(users).set({ emailVerified: true }).where(eq(users.id, shopper.id));
  return shopper;
}

async function codOrder(shopper: TestUser, whatsappUpdates: boolean) {
  const product = await makeProduct(shop.context, { stock: 5 });
  await request(shop.app).post("/api/cart").set(shopper.headers).send({ productId: product.id, quantity: 1 }).expect(201);
  const placed = await request(shop.app).post("/api/checkout").set(shopper.headers).send({ shippingAddress: { ...ADDRESS, phone: `98765${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}` }, paymentMethod: "cod", whatsappUpdates });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.order._id as string;
  const messages = await shop.context.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, orderId));
  return messages.map((message) => `${message.channel}:${message.template}`).sort();
}

describe("a COD order and its messages", () => {
  it("with the WhatsApp box ticked: an SMS that it was placed and cod_confirm on WhatsApp", async () => {
    expect(await codOrder(await codShopper(), true)).toEqual(["sms:order_placed", "whatsapp:cod_confirm"]);
  });

  it("without it: the SMS only", async () => {
    expect(await codOrder(await codShopper(), false)).toEqual(["sms:order_placed"]);
  });
});
