// Messages in the shopper's language (issue 34 item 5, decisions/064): the checkout's `language`
// (else the account's, set by PUT /api/users/profile or rememberLanguage) is stored on the order;
// its emails are written in it, and its SMS and WhatsApp messages go out with the Hindi MSG91 flow
// and the Hindi WhatsApp template, through the real adapters to the fakes. Without the Hindi
// provider templates, a Hindi shopper's messages fall back to English.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGE_MESSAGE } from "#common/language.ts";
import { loadConfig } from "#server/config.ts";
import { orders, outboundEmails, outboundMessages, user as users } from "#server/db/schema.ts";
import { deliverPendingMessages } from "#server/modules/messaging/dispatcher.ts";
import { flowIdSetting, MESSAGE_TEMPLATE_NAMES, renderMessage } from "#server/modules/messaging/templates.ts";
import { afterStatusChange } from "#server/modules/orders/side-effects.ts";
import { rememberLanguage } from "#server/modules/users/profile.ts";
import { startFakeMessaging, type FakeMessaging } from "../support/fake-msg91.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { makeProduct } from "./cart-helpers.ts";
import { messagingEnv, randomMobile } from "./messages-helpers.ts";

/** Every Hindi flow id too: `flow<template without _>hi1`; WhatsApp's Hindi templates under `hi`. */
function hindiEnv(url: string): Record<string, string> {
  return {
    ...messagingEnv(url),
    ...Object.fromEntries(MESSAGE_TEMPLATE_NAMES.map((name) => [flowIdSetting(name, "hi"), `flow${name.replaceAll("_", "")}hi1`])),
    WHATSAPP_TEMPLATE_LANGUAGE_HI: "hi",
  };
}

let fake: FakeMessaging;
let shop: TestShop;
/** The fakes' settings without the Hindi ones: Hindi shoppers get the English templates. */
let englishOnly: TestShop;
beforeAll(async () => {
  fake = await startFakeMessaging();
  shop = await createTestShop(hindiEnv(fake.url));
  englishOnly = await createTestShop(messagingEnv(fake.url));
});
afterAll(async () => {
  await shop?.close();
  await englishOnly?.close();
  await fake?.close();
});

const ADDRESS = { firstName: "Asha", lastName: "Rao", address: "12 MG Road", city: "Bengaluru", postalCode: "560001", country: "India" };

async function shopper(target: TestShop): Promise<TestUser> {
  const customer = await createCustomer(target.context, { name: "Asha Rao" });
  // Cash on delivery needs a verified email (decisions/044); WhatsApp updates are asked for.
  await target.context.db.update(users).set({ emailVerified: true }).where(eq(users.id, customer.id));
  return customer;
}

/** A cash-on-delivery order through POST /api/checkout with WhatsApp updates, `extra` merged into the body. */
async function placeOrder(target: TestShop, customer: TestUser, extra: Record<string, unknown> = {}) {
  const phone = randomMobile();
  const product = await makeProduct(target.context, { name: "Iron + Folic Acid Tablets", pricePaise: 129900, stock: 5 });
  const added = await request(target.app).post("/api/cart").set(customer.headers).send({ productId: product.id, quantity: 1 });
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
  const res = await request(target.app)
    .post("/api/checkout")
    .set(customer.headers)
    .send({ shippingAddress: { ...ADDRESS, phone }, paymentMethod: "cod", whatsappUpdates: true, ...extra });
  return { res, phone };
}

async function placed(target: TestShop, customer: TestUser, extra: Record<string, unknown> = {}) {
  const { res, phone } = await placeOrder(target, customer, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const orderId = res.body.order._id as string;
  const [order] = await target.context.db.select().from(orders).where(eq(orders.id, orderId));
  return { order: order!, phone };
}

const emailsTo = (target: TestShop, to: string) => target.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, to)).orderBy(outboundEmails.createdAt);
const messagesOf = (target: TestShop, orderId: string) =>
  target.context.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, orderId)).orderBy(outboundMessages.createdAt, outboundMessages.channel);

describe("an order placed in Hindi", () => {
  it("is stored in Hindi; its confirmation email's subject and body are Hindi, product name as billed, ₹ as in English", async () => {
    const customer = await shopper(shop);
    const { order } = await placed(shop, customer, { language: "hi" });
    expect(order.language).toBe("hi");
    const [email] = await emailsTo(shop, customer.email);
    expect(email!.subject).toBe(`आपका ऑर्डर ${order.orderNumber} कन्फ़र्म हो गया है`);
    expect(email!.text).toContain("नमस्ते Asha Rao जी,");
    expect(email!.text).toContain(`धन्यवाद, आपका ऑर्डर ${order.orderNumber} हमें मिल गया है।`);
    expect(email!.text).toContain("- Iron + Folic Acid Tablets × 1: ₹1,299");
    expect(email!.text).toMatch(/कुल: ₹1,\d{3}/);
    expect(email!.text).toContain("भुगतान: कैश ऑन डिलीवरी");
    expect(email!.text).toContain("डिलीवरी का पता:");
    // The COD deadline in Hindi: "… नवंबर 2026, शाम 6:15 बजे (भारतीय समय)".
    expect(email!.text).toMatch(/कृपया कैश ऑन डिलीवरी वाले इस ऑर्डर को \d{1,2} [^\s,]+ \d{4}, (रात|सुबह|दोपहर|शाम) \d{1,2}:\d{2} बजे \(भारतीय समय\) तक/);
    expect(email!.text).not.toMatch(/Hello|Thank you|Total:|Shipping address/);
    expect(email!.html).toContain('<html lang="hi">');
  });

  it("its SMS goes with the Hindi flow and its WhatsApp with the Hindi template", async () => {
    const customer = await shopper(shop);
    const { order, phone } = await placed(shop, customer, { language: "hi" });
    const rows = await messagesOf(shop, order.id);
    expect(rows.map((row) => `${row.channel}:${row.template}:${row.language}`).sort()).toEqual(["sms:order_placed:hi", "whatsapp:cod_confirm:hi"]);
    await deliverPendingMessages(shop.context);
    const [sms] = fake.smsTo(`91${phone}`);
    expect(sms!.body).toMatchObject({ template_id: "floworderplacedhi1", recipients: [{ mobiles: `91${phone}`, name: "Asha", order: order.orderNumber }] });
    const [whatsapp] = fake.whatsappTo(`91${phone}`);
    expect(whatsapp!.body).toMatchObject({ template: { name: "cod_confirm", language: { code: "hi" } } });
    // The admin's list says which language each went out in.
    const admin = await createAdmin(shop.context);
    const listed = await request(shop.app).get(`/api/admin/orders/${order.id}/messages`).set(admin.headers).expect(200);
    expect(listed.body.map((message: { language: string }) => message.language)).toEqual(["hi", "hi"]);
    // What the shopper reads: the Hindi text as registered, with the order's variables.
    expect(renderMessage("order_placed", rows.find((row) => row.channel === "sms")!.params, "hi")).toMatch(
      new RegExp(`^नमस्ते Asha, आपका ऑर्डर ${order.orderNumber} हमें मिल गया है, धन्यवाद। डिलीवरी के समय ₹[\\d,.]+ नकद भुगतान करें।`),
    );
  });

  it("its status emails are Hindi too, with the delivery date written the Hindi way", async () => {
    const customer = await shopper(shop);
    const { order } = await placed(shop, customer, { language: "hi" });
    await shop.context.db.update(orders).set({ deliveryTo: "2026-12-03" }).where(eq(orders.id, order.id));
    await shop.context.db.transaction((tx) => afterStatusChange(shop.context, tx, order.id, "Processing", "Shipped"));
    const emails = await emailsTo(shop, customer.email);
    const shipped = emails.at(-1)!;
    expect(shipped.subject).toBe(`ऑर्डर ${order.orderNumber}: भेज दिया गया`);
    expect(shipped.text).toContain(`अच्छी ख़बर: आपका ऑर्डर ${order.orderNumber} भेज दिया गया है`);
    expect(shipped.text).toContain("डिलीवरी गुरुवार, 3 दिसंबर तक होने की उम्मीद है।");
    const sms = (await messagesOf(shop, order.id)).filter((row) => row.channel === "sms").map((row) => `${row.template}:${row.language}`);
    expect(sms).toContain("order_shipped:hi");
  });

  it("an English order stays English: its email, the English flow and template", async () => {
    const customer = await shopper(shop);
    const { order, phone } = await placed(shop, customer);
    expect(order.language).toBe("en");
    const [email] = await emailsTo(shop, customer.email);
    expect(email!.subject).toBe(`Order ${order.orderNumber} confirmed`);
    expect(email!.text).toContain("Hello Asha Rao,");
    await deliverPendingMessages(shop.context);
    expect(fake.smsTo(`91${phone}`)[0]!.body).toMatchObject({ template_id: "floworderplaced1" });
    expect(fake.whatsappTo(`91${phone}`)[0]!.body).toMatchObject({ template: { language: { code: "en" } } });
  });

  it("without Hindi flows and templates set up, a Hindi shopper's SMS and WhatsApp go in English; the email stays Hindi", async () => {
    const customer = await shopper(englishOnly);
    const { order, phone } = await placed(englishOnly, customer, { language: "hi" });
    expect(order.language).toBe("hi");
    expect((await messagesOf(englishOnly, order.id)).map((row) => row.language)).toEqual(["en", "en"]);
    await deliverPendingMessages(englishOnly.context);
    expect(fake.smsTo(`91${phone}`)[0]!.body).toMatchObject({ template_id: "floworderplaced1" });
    expect(fake.whatsappTo(`91${phone}`)[0]!.body).toMatchObject({ template: { name: "cod_confirm", language: { code: "en" } } });
    expect((await emailsTo(englishOnly, customer.email))[0]!.subject).toBe(`आपका ऑर्डर ${order.orderNumber} कन्फ़र्म हो गया है`);
  });

  it("refuses a language that is not en or hi, with a clear message, placing nothing", async () => {
    const customer = await shopper(shop);
    for (const language of ["fr", "HI", 1, ""]) {
      const { res } = await placeOrder(shop, customer, { language });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(LANGUAGE_MESSAGE);
    }
    expect(await shop.context.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
  });
});

describe("the account's language", () => {
  it("PUT /api/users/profile { language } sets it; GET shows it; bad input is a 400 naming the field", async () => {
    const customer = await shopper(shop);
    expect((await request(shop.app).get("/api/users/profile").set(customer.headers).expect(200)).body.language).toBe("en");
    const saved = await request(shop.app).put("/api/users/profile").set(customer.headers).send({ language: "hi" }).expect(200);
    expect(saved.body.language).toBe("hi");
    for (const language of ["hindi", null, true]) {
      const res = await request(shop.app).put("/api/users/profile").set(customer.headers).send({ language }).expect(400);
      expect(res.body.message).toBe(LANGUAGE_MESSAGE);
    }
    expect((await request(shop.app).get("/api/users/profile").set(customer.headers).expect(200)).body.language).toBe("hi");
  });

  it("an order without `language` takes the account's: set by the profile or by rememberLanguage", async () => {
    const customer = await shopper(shop);
    expect(await rememberLanguage(shop.context.db, customer.id, "hi")).toBe(true);
    expect(await rememberLanguage(shop.context.db, customer.id, "hi")).toBe(false);
    const { order } = await placed(shop, customer);
    expect(order.language).toBe("hi");
    // The checkout's own language wins over the account's, and does not change it.
    const other = await shopper(shop);
    await request(shop.app).put("/api/users/profile").set(other.headers).send({ language: "hi" }).expect(200);
    const { order: english } = await placed(shop, other, { language: "en" });
    expect(english.language).toBe("en");
    const [row] = await shop.context.db.select({ language: users.language }).from(users).where(eq(users.id, other.id));
    expect(row!.language).toBe("hi");
  });

  it("a reset-password email follows the account's language", async () => {
    const customer = await shopper(shop);
    await rememberLanguage(shop.context.db, customer.id, "hi");
    await request(shop.app).post("/api/users/password/forgot").send({ email: customer.email }).expect(200);
    const [email] = await emailsTo(shop, customer.email);
    expect(email!.subject).toBe("अपना पासवर्ड रीसेट करें");
    expect(email!.text).toContain("नमस्ते Asha Rao जी,");
    expect(email!.text).toContain("/reset-password?token=");
  });
});

describe("the settings", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "/tmp/shop-config-test" };
  it("wants every Hindi flow once one is set, beside the English ones", () => {
    expect(() => loadConfig({ ...base, ...messagingEnv("http://127.0.0.1:9"), MSG91_FLOW_ORDER_PAID_HI: "abcdef123456" })).toThrow(
      /MSG91_FLOW_ORDER_SHIPPED_HI: required when MSG91_FLOW_ORDER_PAID_HI is set/,
    );
    expect(() => loadConfig({ ...base, MSG91_AUTH_KEY: "k", MSG91_OTP_TEMPLATE_ID: "otptemplate1", MSG91_FLOW_ORDER_PAID_HI: "abcdef123456" })).toThrow(
      /the English flows are required when Hindi ones/,
    );
    expect(() => loadConfig({ ...base, ...messagingEnv("http://127.0.0.1:9"), WHATSAPP_TEMPLATE_LANGUAGE_HI: "fr" })).toThrow(/WHATSAPP_TEMPLATE_LANGUAGE_HI: must be Meta's code for Hindi/);
    const config = loadConfig({ ...base, ...hindiEnv("http://127.0.0.1:9") });
    expect(config.sms.orders?.hindiFlowIds?.order_shipped).toBe("flowordershippedhi1");
    expect(config.whatsapp.orders?.hindiLanguage).toBe("hi");
    const english = loadConfig({ ...base, ...messagingEnv("http://127.0.0.1:9") });
    expect(english.sms.orders?.hindiFlowIds).toBeNull();
    expect(english.whatsapp.orders?.hindiLanguage).toBeNull();
  });
});
