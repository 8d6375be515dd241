// Order news by SMS and WhatsApp (issue 30, decisions/054): each order event queues its messages in
// the transaction of the change (a rolled-back change queues nothing); the dispatcher sends them
// through the real adapters to fakes of MSG91's Flow API and Meta's Cloud API (tests/support/
// fake-msg91.ts) as the contract says, once each, also across a crash; without settings they are
// files in DATA_DIR/outbox/. The admin reads them; /metrics counts them.
import { readdir, readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { orders, outboundMessages, whatsappOptOuts } from "#server/db/schema.ts";
import { inTransaction, Rollback } from "#server/db/tx.ts";
import { CLAIM_LEASE_MS } from "#server/db/outbox.ts";
import { outboxDirectory } from "#server/modules/email/dispatcher.ts";
import { readCodReplyPayload } from "#server/modules/messaging/cod-reply.ts";
import { deliverPendingMessages } from "#server/modules/messaging/dispatcher.ts";
import { flowIdSetting, MESSAGE_TEMPLATE_NAMES, MESSAGE_TEMPLATES, renderMessage } from "#server/modules/messaging/templates.ts";
import { afterOrderPaid, afterStatusChange } from "#server/modules/orders/side-effects.ts";
import { startFakeMessaging, type FakeMessaging } from "../support/fake-msg91.ts";
import { APP_SECRET, PHONE_NUMBER_ID, VERIFY_TOKEN } from "../support/fake-whatsapp.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { messagingEnv, placeCodOrder, randomMobile } from "./messages-helpers.ts";

let fake: FakeMessaging;
let shop: TestShop;
let offline: TestShop;
let admin: TestUser;
beforeAll(async () => {
  fake = await startFakeMessaging();
  shop = await createTestShop(messagingEnv(fake.url));
  offline = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(async () => {
  await shop?.close();
  await offline?.close();
  await fake?.close();
});

const db = () => shop.context.db;
const messagesOf = (orderId: string, target = shop) =>
  target.context.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, orderId)).orderBy(outboundMessages.createdAt, outboundMessages.channel);
const summary = (rows: { channel: string; template: string }[]) => rows.map((row) => `${row.channel}:${row.template}`).sort();

/** A paid order written straight into the tables, its phone its own; `whatsapp` asks for WhatsApp updates. */
async function paidOrder(options: { whatsapp?: boolean; phone?: string } = {}) {
  const phone = options.phone ?? randomMobile();
  const order = await insertOrder(shop.context, { address: { phone }, isPaid: true });
  if (options.whatsapp) await db().update(orders).set({ whatsappUpdatesAt: new Date() }).where(eq(orders.id, order.id));
  return { order, phone };
}

describe("the settings", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "/tmp/shop-config-test" };
  it("wants every template's flow id with MSG91's key, naming what is missing", () => {
    expect(() => loadConfig({ ...base, MSG91_FLOW_ORDER_SHIPPED: "abcdef123456" })).toThrow(/MSG91_FLOW_ORDER_PAID: required when MSG91_FLOW_ORDER_SHIPPED is set/);
    expect(() => loadConfig({ ...base, MSG91_FLOW_ORDER_SHIPPED: "abcdef123456" })).toThrow(/MSG91_AUTH_KEY: required/);
    expect(() => loadConfig({ ...base, ...messagingEnv("http://127.0.0.1:9"), MSG91_FLOW_ORDER_PAID: "not an id!" })).toThrow(
      /MSG91_FLOW_ORDER_PAID: must be the Flow template's id from MSG91/,
    );
  });

  it("wants the app secret and the verify token together, with the WhatsApp account", () => {
    expect(() => loadConfig({ ...base, WHATSAPP_APP_SECRET: APP_SECRET })).toThrow(/WHATSAPP_VERIFY_TOKEN: required when WHATSAPP_APP_SECRET is set/);
    expect(() => loadConfig({ ...base, WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN })).toThrow(
      /WHATSAPP_ACCESS_TOKEN: required when WHATSAPP_APP_SECRET is set/,
    );
    const config = loadConfig({ ...base, ...messagingEnv("http://127.0.0.1:9/") });
    expect(config.whatsapp.orders).toMatchObject({ phoneNumberId: PHONE_NUMBER_ID, language: "en", appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN });
    expect(config.sms.orders?.flowIds.order_shipped).toBe("flowordershipped1");
    // Without any of them: the offline default.
    expect(loadConfig(base).sms.orders).toBeNull();
    expect(loadConfig(base).whatsapp.orders).toBeNull();
  });
});

describe("queuing with the order's events", () => {
  it("a paid order: SMS always, WhatsApp too when the order asked for it", async () => {
    const plain = await paidOrder();
    const withWhatsApp = await paidOrder({ whatsapp: true });
    for (const { order } of [plain, withWhatsApp]) await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    expect(summary(await messagesOf(plain.order.id))).toEqual(["sms:order_paid"]);
    const rows = await messagesOf(withWhatsApp.order.id);
    expect(summary(rows)).toEqual(["sms:order_paid", "whatsapp:order_paid"]);
    const order = withWhatsApp.order;
    expect(rows[0]).toMatchObject({
      to: withWhatsApp.phone,
      status: "queued",
      params: ["Asha", order.orderNumber, "481.00", `${shop.config.publicUrl}/order/${order.id}`],
    });
  });

  it("shipped (with the courier's tracking link), delivered and cancelled, through the admin's status changes", async () => {
    const { order } = await paidOrder({ whatsapp: true });
    await request(shop.app).put(`/api/admin/orders/${order.id}`).set(admin.headers).send({ status: "Shipped", courier: "delhivery", awb: "1234567890123" }).expect(200);
    const shipped = (await messagesOf(order.id)).filter((row) => row.template === "order_shipped");
    expect(shipped.map((row) => row.channel).sort()).toEqual(["sms", "whatsapp"]);
    expect(shipped[0]!.params).toEqual(["Asha", order.orderNumber, "Delhivery", "https://www.delhivery.com/track/package/1234567890123"]);
    await request(shop.app).put(`/api/admin/orders/${order.id}`).set(admin.headers).send({ status: "Delivered" }).expect(200);
    expect(summary(await messagesOf(order.id))).toEqual(["sms:order_delivered", "sms:order_shipped", "whatsapp:order_delivered", "whatsapp:order_shipped"]);

    const unpaid = await insertOrder(shop.context, { address: { phone: randomMobile() }, isPaid: false });
    await request(shop.app).put(`/api/admin/orders/${unpaid.id}`).set(admin.headers).send({ status: "Cancelled" }).expect(200);
    expect(summary(await messagesOf(unpaid.id))).toEqual(["sms:order_cancelled"]);
  });

  it("a cash-on-delivery order placed with WhatsApp updates is asked to confirm there, and told by SMS", async () => {
    const { orderId } = await placeCodOrder(shop, { whatsapp: true });
    expect(summary(await messagesOf(orderId))).toEqual(["sms:order_placed", "whatsapp:cod_confirm"]);
    const plain = await placeCodOrder(shop);
    expect(summary(await messagesOf(plain.orderId))).toEqual(["sms:order_placed"]);
  });

  it("a number that sent STOP gets SMS only", async () => {
    const phone = randomMobile();
    await db().insert(whatsappOptOuts).values({ phone });
    const { order } = await paidOrder({ whatsapp: true, phone });
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    expect(summary(await messagesOf(order.id))).toEqual(["sms:order_paid"]);
  });

  it("a change rolled back queues nothing", async () => {
    const { order } = await paidOrder({ whatsapp: true });
    const result = await inTransaction(db(), async (tx) => {
      await afterStatusChange(shop.context, tx, order.id, "Shipped", "Delivered");
      throw new Rollback("undone");
    });
    expect(result).toBe("undone");
    expect(await messagesOf(order.id)).toEqual([]);
  });
});

describe("sending", () => {
  it("SMS through MSG91's Flow API: the template's flow id and its variables by name", async () => {
    const { order, phone } = await paidOrder();
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    await deliverPendingMessages(shop.context);
    const [sms] = fake.smsTo(`91${phone}`);
    expect(sms!.headers.authkey).toBe("test-msg91-key");
    expect(sms!.body).toEqual({
      template_id: "floworderpaid1",
      short_url: "0",
      recipients: [{ mobiles: `91${phone}`, name: "Asha", order: order.orderNumber, amount: "481.00", link: `${shop.config.publicUrl}/order/${order.id}` }],
    });
    const [row] = await messagesOf(order.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("WhatsApp through the Cloud API: the shop's template, its language, the body's parameters; Meta's id kept", async () => {
    const { orderId, phone } = await placeCodOrder(shop, { whatsapp: true });
    await deliverPendingMessages(shop.context);
    const [call] = fake.whatsappTo(`91${phone}`);
    expect(call!.path).toBe(`/v21.0/${PHONE_NUMBER_ID}/messages`);
    expect(call!.headers.authorization).toBe("Bearer test-whatsapp-token");
    const body = call!.body as { template: { name: string; language: { code: string }; components: { type: string; sub_type?: string; parameters: { payload?: string; text?: string }[] }[] } };
    expect(body).toMatchObject({ messaging_product: "whatsapp", to: `91${phone}`, type: "template", template: { name: "cod_confirm", language: { code: "en" } } });
    const [bodyPart, confirm, cancel] = body.template.components;
    expect(bodyPart!.parameters.map((parameter) => parameter.text)[1]).toMatch(/^HP-/);
    // Two quick-reply buttons whose payloads name the order and the kind, signed: nothing the shopper reads or can make up.
    expect([confirm!.sub_type, cancel!.sub_type]).toEqual(["quick_reply", "quick_reply"]);
    expect(readCodReplyPayload(shop.config.authSecret, confirm!.parameters[0]!.payload!)).toEqual({ orderId, kind: "CONFIRM" });
    expect(readCodReplyPayload(shop.config.authSecret, cancel!.parameters[0]!.payload!)).toEqual({ orderId, kind: "CANCEL" });
    expect(readCodReplyPayload(shop.config.authSecret, confirm!.parameters[0]!.payload!.replace("CONFIRM", "CANCEL"))).toBeNull();
    const whatsapp = (await messagesOf(orderId)).find((row) => row.channel === "whatsapp")!;
    expect(whatsapp.status).toBe("sent");
    expect(whatsapp.providerMessageId).toMatch(/^wamid\./);
  });

  it("a refusal is kept and retried with backoff; the message goes once the provider takes it", async () => {
    const { order, phone } = await paidOrder();
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    const start = new Date(Date.now() + 60_000);
    fake.mode = "refuse";
    try {
      expect(await deliverPendingMessages(shop.context, { now: start })).toMatchObject({ sent: 0 });
    } finally {
      fake.mode = "ok";
    }
    const [row] = await messagesOf(order.id);
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row!.lastError).toMatch(/DLT not approved/);
    await deliverPendingMessages(shop.context, { now: new Date(start.getTime() + 29_000) });
    expect(fake.smsTo(`91${phone}`)).toHaveLength(1);
    await deliverPendingMessages(shop.context, { now: new Date(start.getTime() + 30_000) });
    expect(fake.smsTo(`91${phone}`)).toHaveLength(2);
    expect((await messagesOf(order.id))[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("a crash after the claim: the message waits out the lease, then goes once", async () => {
    const { order, phone } = await paidOrder();
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    const now = new Date(Date.now() + 120_000);
    // What a dispatcher's claim leaves when its process dies before sending: the attempt counted, the row leased.
    await db()
      .update(outboundMessages)
      .set({ attempts: 1, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(eq(outboundMessages.orderId, order.id));
    expect(await deliverPendingMessages(shop.context, { now })).toEqual({ sent: 0, failed: 0 });
    expect(fake.smsTo(`91${phone}`)).toHaveLength(0);
    const later = new Date(now.getTime() + CLAIM_LEASE_MS);
    // Two dispatchers after the lease: one of them sends it.
    const reports = await Promise.all([deliverPendingMessages(shop.context, { now: later }), deliverPendingMessages(shop.context, { now: later })]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBeGreaterThanOrEqual(1);
    expect(fake.smsTo(`91${phone}`)).toHaveLength(1);
    await deliverPendingMessages(shop.context, { now: new Date(later.getTime() + CLAIM_LEASE_MS) });
    expect(fake.smsTo(`91${phone}`)).toHaveLength(1);
    expect((await messagesOf(order.id))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("without provider settings: a file per message in DATA_DIR/outbox/, the same file if sent again", async () => {
    const phone = randomMobile();
    const order = await insertOrder(offline.context, { address: { phone }, isPaid: true });
    await offline.context.db.update(orders).set({ whatsappUpdatesAt: new Date() }).where(eq(orders.id, order.id));
    await offline.context.db.transaction((tx) => afterOrderPaid(offline.context, tx, order.id));
    expect(await deliverPendingMessages(offline.context)).toEqual({ sent: 2, failed: 0 });
    const directory = outboxDirectory(offline.context);
    const files = (await readdir(directory)).filter((name) => name.includes(`91${phone}`));
    expect(files.map((name) => name.split("-")[1]).sort()).toEqual(["sms", "whatsapp"]);
    const rows = await messagesOf(order.id, offline);
    const text = await readFile(`${directory}/${files.find((name) => name.includes("-sms-"))}`, "utf8");
    expect(text).toContain(`To: +91${phone}`);
    expect(text).toContain("Template: order_paid");
    expect(text).toContain(renderMessage("order_paid", rows[0]!.params));
    // Sent again (a crash after the file was written, before the row was marked): the file is replaced, not added.
    await offline.context.db.update(outboundMessages).set({ status: "queued", nextAttemptAt: new Date(0) }).where(eq(outboundMessages.orderId, order.id));
    expect(await deliverPendingMessages(offline.context)).toEqual({ sent: 2, failed: 0 });
    expect((await readdir(directory)).filter((name) => name.includes(`91${phone}`) && name.endsWith(".txt"))).toHaveLength(2);
  });
});

describe("what the admin and /metrics see", () => {
  it("GET /api/admin/orders/:id/messages: number, channel, template, status and times; admins only", async () => {
    const { order, phone } = await paidOrder({ whatsapp: true });
    await db().transaction((tx) => afterOrderPaid(shop.context, tx, order.id));
    const res = await request(shop.app).get(`/api/admin/orders/${order.id}/messages`).set(admin.headers).expect(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ to: phone, template: "order_paid", label: "Payment received", status: "queued", sentAt: null, fallbackOf: null });
    const customer = await createCustomer(shop.context);
    await request(shop.app).get(`/api/admin/orders/${order.id}/messages`).set(customer.headers).expect(403);
    await request(shop.app).get("/api/admin/orders/nope/messages").set(admin.headers).expect(404, /Order not found/);
  });

  it("/metrics counts sent, failed and queued messages per channel", async () => {
    const counts = await db()
      .select({ channel: outboundMessages.channel, status: outboundMessages.status })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.channel, "sms"), eq(outboundMessages.status, "queued")));
    const res = await request(shop.app).get("/metrics").expect(200);
    expect(res.text).toContain(`shop_messages_queued{channel="sms"} ${counts.length}`);
    expect(res.text).toMatch(/shop_messages_sent_total\{channel="sms"\} [1-9]/);
    expect(res.text).toMatch(/shop_messages_sent_total\{channel="whatsapp"\} [1-9]/);
    expect(res.text).toMatch(/shop_messages_failed_total\{channel="whatsapp"\} \d+/);
  });
});

describe("docs/messages.md", () => {
  it("documents every template with its variables in order and its text, for Meta and DLT", async () => {
    const doc = await readFile(new URL("../../docs/messages.md", import.meta.url), "utf8");
    for (const name of MESSAGE_TEMPLATE_NAMES) {
      const template = MESSAGE_TEMPLATES[name];
      expect(doc, name).toContain(`\`${name}\``);
      expect(doc, name).toContain(template.text);
      expect(doc, name).toContain(template.vars.map((variable) => `\`${variable}\``).join(", "));
      expect(doc, name).toContain(flowIdSetting(name));
      // In Hindi (decisions/064): its text and its flow's setting.
      expect(doc, name).toContain(template.hi.text);
      expect(doc, name).toContain(flowIdSetting(name, "hi"));
    }
  });
});
