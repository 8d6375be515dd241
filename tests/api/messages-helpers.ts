// Shared by the messages tests (messages.test.ts, messages-webhook.test.ts): the settings that
// point the shop at the fakes, and cash-on-delivery orders placed through the checkout.
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { orders, outboundMessages } from "#server/db/schema.ts";
import { queueOrderMessages } from "#server/modules/messaging/outbox.ts";
import { flowIdSetting, MESSAGE_TEMPLATE_NAMES } from "#server/modules/messaging/templates.ts";
import { APP_SECRET, PHONE_NUMBER_ID, VERIFY_TOKEN } from "../support/fake-whatsapp.ts";
import type { TestShop } from "../support/test-shop.ts";
import type { TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

/** Every messaging setting, MSG91 and WhatsApp both at `url` (a fake); flow ids are `flow<template without _>1`. */
export function messagingEnv(url: string): Record<string, string> {
  return {
    MSG91_API_BASE: url,
    MSG91_AUTH_KEY: "test-msg91-key",
    MSG91_OTP_TEMPLATE_ID: "otptemplate1",
    ...Object.fromEntries(MESSAGE_TEMPLATE_NAMES.map((name) => [flowIdSetting(name), `flow${name.replaceAll("_", "")}1`])),
    WHATSAPP_API_BASE: url,
    WHATSAPP_ACCESS_TOKEN: "test-whatsapp-token",
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_OTP_TEMPLATE: "sign_in_code",
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
  };
}

/** A mobile number no other test uses (10 digits starting 9). */
export function randomMobile(): string {
  return `9${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
}

export interface PlacedCodOrder {
  orderId: string;
  phone: string;
  productId: string;
  buyer: TestUser;
}

/**
 * A cash-on-delivery order placed through POST /api/checkout (2 units of a product with 10 in
 * stock), to its own number. `whatsapp`: the order asked for WhatsApp updates, as the checkout's
 * opt-in records it (orders.whatsapp_updates_at): its placement news is queued again that way.
 */
export async function placeCodOrder(shop: TestShop, options: { whatsapp?: boolean } = {}): Promise<PlacedCodOrder> {
  const phone = randomMobile();
  const product = await makeProduct(shop.context, { pricePaise: 20000, stock: 10 });
  const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 2 }]);
  const res = await checkout(shop, buyer, { shippingAddress: { ...address, phone }, paymentMethod: "cod" });
  if (res.status !== 201) throw new Error(`COD checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  const orderId = res.body.order._id as string;
  if (options.whatsapp) {
    await shop.context.db.transaction(async (tx) => {
      await tx.update(orders).set({ whatsappUpdatesAt: new Date() }).where(eq(orders.id, orderId));
      await tx.delete(outboundMessages).where(eq(outboundMessages.orderId, orderId));
      await queueOrderMessages(shop.context, tx, orderId, { template: "order_placed" });
    });
  }
  return { orderId, phone, productId: product.id, buyer };
}
