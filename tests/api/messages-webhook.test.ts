// Meta's WhatsApp webhook (issue 30, decisions/054): GET /api/whatsapp/webhook answers the
// subscription check; POST needs X-Hub-Signature-256 of the raw body (forged: 401, nothing
// changes); statuses move a message on and never back, a failed one falls back to SMS once
// (replayed or raced); each shopper's message is acted on once; cod_confirm's Confirm and Cancel
// count only from the order's number (Cancel releases the stock); STOP opts the number out.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, outboundMessages, user, whatsappInbound, whatsappOptOuts } from "#server/db/schema.ts";
import { codReplyPayload } from "#server/modules/messaging/cod-reply.ts";
import { deliverPendingMessages } from "#server/modules/messaging/dispatcher.ts";
import { startFakeMessaging, type FakeMessaging } from "../support/fake-msg91.ts";
import { buttonReply, metaSignature, statusEvent, textMessage, VERIFY_TOKEN } from "../support/fake-whatsapp.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";
import { stockOf } from "./checkout-helpers.ts";
import { messagingEnv, placeCodOrder, randomMobile } from "./messages-helpers.ts";

let fake: FakeMessaging;
let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  fake = await startFakeMessaging();
  shop = await createTestShop(messagingEnv(fake.url));
  admin = await createAdmin(shop.context);
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const db = () => shop.context.db;

/** POST the body as Meta would, signed unless `signature` says otherwise. */
function post(body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return request(shop.app)
    .post("/api/whatsapp/webhook")
    .set("content-type", "application/json")
    .set("x-hub-signature-256", signature ?? metaSignature(raw))
    .send(raw);
}

async function orderRow(orderId: string) {
  return (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
}

/** A COD order with WhatsApp updates whose cod_confirm went out: its WhatsApp row (with Meta's id). */
async function sentCodConfirm() {
  const placed = await placeCodOrder(shop, { whatsapp: true });
  await deliverPendingMessages(shop.context);
  const rows = await db().select().from(outboundMessages).where(eq(outboundMessages.orderId, placed.orderId));
  const whatsapp = rows.find((row) => row.channel === "whatsapp")!;
  expect(whatsapp).toMatchObject({ template: "cod_confirm", status: "sent" });
  return { ...placed, whatsapp };
}

const payload = (orderId: string, kind: "CONFIRM" | "CANCEL") => codReplyPayload(shop.config.authSecret, orderId, kind);

describe("GET /api/whatsapp/webhook", () => {
  it("answers the challenge as text for the verify token, 403 otherwise", async () => {
    const query = { "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1158201444" };
    const ok = await request(shop.app).get("/api/whatsapp/webhook").query(query).expect(200);
    expect(ok.text).toBe("1158201444");
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    await request(shop.app).get("/api/whatsapp/webhook").query({ ...query, "hub.verify_token": "wrong-token-0123456789" }).expect(403, /verify token/);
    await request(shop.app).get("/api/whatsapp/webhook").query({ ...query, "hub.mode": "unsubscribe" }).expect(403);
  });

  it("is 404 on a shop without WhatsApp's settings", async () => {
    const offline = await createTestShop();
    try {
      await request(offline.app).get("/api/whatsapp/webhook").query({ "hub.mode": "subscribe", "hub.verify_token": VERIFY_TOKEN, "hub.challenge": "1" }).expect(404);
      const raw = JSON.stringify(textMessage("919876543210", "STOP"));
      await request(offline.app).post("/api/whatsapp/webhook").set("content-type", "application/json").set("x-hub-signature-256", metaSignature(raw)).send(raw).expect(404);
    } finally {
      await offline.close();
    }
  });
});

describe("POST /api/whatsapp/webhook: the signature", () => {
  it("refuses a forged, missing or re-serialised signature with 401, and nothing changes", async () => {
    const { orderId, phone, whatsapp } = await sentCodConfirm();
    const reply = buttonReply(`91${phone}`, payload(orderId, "CONFIRM"), "Confirm");
    const raw = JSON.stringify(reply);
    await post(reply, metaSignature(raw, "another-app-secret-0123456789")).expect(401, /signature/);
    await request(shop.app).post("/api/whatsapp/webhook").set("content-type", "application/json").send(raw).expect(401);
    // The same JSON with other whitespace is other bytes: the signature covers the raw body.
    await request(shop.app)
      .post("/api/whatsapp/webhook")
      .set("content-type", "application/json")
      .set("x-hub-signature-256", metaSignature(raw))
      .send(JSON.stringify(reply, null, 2))
      .expect(401);
    await post(statusEvent(whatsapp.providerMessageId!, "failed", `91${phone}`), "sha256=00").expect(401);
    expect((await orderRow(orderId)).codConfirmedAt).toBeNull();
    expect((await db().select().from(outboundMessages).where(eq(outboundMessages.id, whatsapp.id)))[0]!.status).toBe("sent");
    expect(await db().select().from(whatsappInbound).where(eq(whatsappInbound.orderId, orderId))).toEqual([]);
  });

  it("refuses a body past its limit (413) and acknowledges what it does not know (200)", async () => {
    const huge = JSON.stringify({ entry: [{ changes: [{ value: { padding: "x".repeat(300 * 1024) } }] }] });
    await request(shop.app).post("/api/whatsapp/webhook").set("content-type", "application/json").set("x-hub-signature-256", metaSignature(huge)).send(huge).expect(413);
    await post({ object: "whatsapp_business_account", entry: [{ changes: [{ field: "account_update", value: { event: "VERIFIED_ACCOUNT" } }] }] }).expect(200, { ok: true });
    await post(buttonReply("919812345678", "made-up-payload", "Confirm")).expect(200);
    await post(statusEvent("wamid.unknown", "delivered", "919812345678")).expect(200);
    const notJson = "not json";
    await request(shop.app).post("/api/whatsapp/webhook").set("content-type", "application/json").set("x-hub-signature-256", metaSignature(notJson)).send(notJson).expect(400);
  });
});

describe("statuses", () => {
  it("move a message on, never back: read stays read; failed does not follow delivery", async () => {
    const { phone, whatsapp } = await sentCodConfirm();
    const statusOf = async () => (await db().select().from(outboundMessages).where(eq(outboundMessages.id, whatsapp.id)))[0]!;
    await post(statusEvent(whatsapp.providerMessageId!, "delivered", `91${phone}`)).expect(200);
    expect((await statusOf()).status).toBe("delivered");
    await post(statusEvent(whatsapp.providerMessageId!, "read", `91${phone}`)).expect(200);
    await post(statusEvent(whatsapp.providerMessageId!, "delivered", `91${phone}`)).expect(200);
    await post(statusEvent(whatsapp.providerMessageId!, "sent", `91${phone}`)).expect(200);
    await post(statusEvent(whatsapp.providerMessageId!, "failed", `91${phone}`)).expect(200);
    const row = await statusOf();
    expect(row.status).toBe("read");
    expect(row.statusAt).toBeInstanceOf(Date);
    expect(await db().select().from(outboundMessages).where(eq(outboundMessages.fallbackOf, whatsapp.id))).toEqual([]);
  });

  it("a report that overtakes the dispatcher's write finds the message by its callback data", async () => {
    const placed = await placeCodOrder(shop, { whatsapp: true });
    const [row] = await db().select().from(outboundMessages).where(eq(outboundMessages.orderId, placed.orderId)).then((rows) => rows.filter((r) => r.channel === "whatsapp"));
    await post(statusEvent("wamid.early", "failed", `91${placed.phone}`, { biz_opaque_callback_data: row!.id })).expect(200);
    expect((await db().select().from(outboundMessages).where(eq(outboundMessages.id, row!.id)))[0]!.status).toBe("failed");
  });

  it("a failed WhatsApp message sends its news by SMS once, however often or concurrently the failure is reported", async () => {
    const { orderId, phone, whatsapp } = await sentCodConfirm();
    const failed = statusEvent(whatsapp.providerMessageId!, "failed", `91${phone}`);
    await Promise.all([post(failed).expect(200), post(failed).expect(200), post(failed).expect(200)]);
    await post(failed).expect(200);
    const fallbacks = await db().select().from(outboundMessages).where(eq(outboundMessages.fallbackOf, whatsapp.id));
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toMatchObject({ channel: "sms", to: phone, template: "cod_confirm", params: whatsapp.params, orderId });
    expect((await db().select().from(outboundMessages).where(eq(outboundMessages.id, whatsapp.id)))[0]!.status).toBe("failed");
    // Sent through MSG91 with the cod_confirm flow (the order page's link in place of the buttons).
    await deliverPendingMessages(shop.context);
    const flows = fake.smsTo(`91${phone}`).map((call) => (call.body as { template_id: string }).template_id);
    expect(flows.sort()).toEqual(["flowcodconfirm1", "floworderplaced1"]);
    // Delivered later (Meta's reports are not ordered): failed is final.
    await post(statusEvent(whatsapp.providerMessageId!, "delivered", `91${phone}`)).expect(200);
    expect((await db().select().from(outboundMessages).where(eq(outboundMessages.id, whatsapp.id)))[0]!.status).toBe("failed");
  });

  it("no fallback when the same news already went by SMS (every order message but cod_confirm)", async () => {
    const placed = await placeCodOrder(shop, { whatsapp: true });
    await request(shop.app).post(`/api/admin/orders/${placed.orderId}/confirm-cod`).set(admin.headers).expect(200);
    await request(shop.app).put(`/api/admin/orders/${placed.orderId}`).set(admin.headers).send({ status: "Shipped", courier: "delhivery", awb: "9876543210123" }).expect(200);
    await deliverPendingMessages(shop.context);
    const rows = await db().select().from(outboundMessages).where(eq(outboundMessages.orderId, placed.orderId));
    const shipped = rows.find((row) => row.channel === "whatsapp" && row.template === "order_shipped")!;
    await post(statusEvent(shipped.providerMessageId!, "failed", `91${placed.phone}`)).expect(200);
    expect(await db().select().from(outboundMessages).where(eq(outboundMessages.fallbackOf, shipped.id))).toEqual([]);
  });
});

describe("cash-on-delivery replies", () => {
  it("Confirm from the order's number confirms it as the customer, once", async () => {
    const { orderId, phone } = await sentCodConfirm();
    const reply = buttonReply(`91${phone}`, payload(orderId, "CONFIRM"), "Confirm");
    await post(reply).expect(200);
    const order = await orderRow(orderId);
    expect(order.codConfirmedAt).toBeInstanceOf(Date);
    expect(order.codConfirmedBy).toBe("customer");
    // Replayed: acted on once (the id is kept), nothing moves.
    await post(reply).expect(200);
    expect((await orderRow(orderId)).codConfirmedAt!.getTime()).toBe(order.codConfirmedAt!.getTime());
    const inbound = await db().select().from(whatsappInbound).where(eq(whatsappInbound.orderId, orderId));
    expect(inbound).toEqual([expect.objectContaining({ kind: "cod_confirm", outcome: "confirmed", from: `91${phone}` })]);
  });

  it("Cancel from the order's number cancels it and puts its stock back, once however often it is replayed", async () => {
    const { orderId, phone, productId } = await sentCodConfirm();
    expect(await stockOf(shop.context, productId)).toBe(8);
    const reply = buttonReply(`91${phone}`, payload(orderId, "CANCEL"), "Cancel");
    await Promise.all([post(reply).expect(200), post(reply).expect(200)]);
    await post(reply).expect(200);
    expect((await orderRow(orderId)).status).toBe("Cancelled");
    expect(await stockOf(shop.context, productId)).toBe(10);
    const inbound = await db().select().from(whatsappInbound).where(eq(whatsappInbound.orderId, orderId));
    expect(inbound.map((row) => row.outcome)).toEqual(["cancelled"]);
    // The cancellation is the shop's usual one: its SMS and WhatsApp news queued with it.
    const news = await db().select().from(outboundMessages).where(eq(outboundMessages.orderId, orderId));
    expect(news.filter((row) => row.template === "order_cancelled").map((row) => row.channel).sort()).toEqual(["sms", "whatsapp"]);
    // A fresh tap on Cancel after that (a new message id) changes nothing more.
    await post(buttonReply(`91${phone}`, payload(orderId, "CANCEL"), "Cancel")).expect(200);
    expect(await stockOf(shop.context, productId)).toBe(10);
  });

  it("Cancel once the order has shipped changes nothing", async () => {
    const { orderId, phone, productId } = await sentCodConfirm();
    await request(shop.app).put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Shipped", courier: "delhivery", awb: "5556667770123" }).expect(200);
    await post(buttonReply(`91${phone}`, payload(orderId, "CANCEL"), "Cancel")).expect(200);
    expect((await orderRow(orderId)).status).toBe("Shipped");
    expect(await stockOf(shop.context, productId)).toBe(8);
    expect((await db().select().from(whatsappInbound).where(eq(whatsappInbound.orderId, orderId)))[0]!.outcome).toBe("not-cancellable");
  });

  it("a reply from another number, or a payload for another order or kind, changes nothing", async () => {
    const { orderId, phone, productId } = await sentCodConfirm();
    const other = await sentCodConfirm();
    await post(buttonReply(`91${randomMobile()}`, payload(orderId, "CANCEL"), "Cancel")).expect(200);
    await post(buttonReply(`91${randomMobile()}`, payload(orderId, "CONFIRM"), "Confirm")).expect(200);
    // The other order's shopper taps a payload made up for this order: its signature does not match.
    const forged = payload(other.orderId, "CANCEL").replace(other.orderId, orderId);
    await post(buttonReply(`91${phone}`, forged, "Cancel")).expect(200);
    const order = await orderRow(orderId);
    expect(order.status).toBe("Processing");
    expect(order.codConfirmedAt).toBeNull();
    expect(await stockOf(shop.context, productId)).toBe(8);
    const outcomes = (await db().select().from(whatsappInbound).where(eq(whatsappInbound.orderId, orderId))).map((row) => row.outcome);
    expect(outcomes).toEqual(["wrong-number", "wrong-number"]);
  });
});

describe("STOP", () => {
  it("opts the number out (case and spaces aside): the account's WhatsApp updates end, later news goes by SMS only", async () => {
    const { orderId, phone, buyer } = await sentCodConfirm();
    await db().update(user).set({ phone, phoneVerified: true, whatsappUpdatesAt: new Date() }).where(eq(user.id, buyer.id));
    const stop = textMessage(`91${phone}`, "  stop ");
    await post(stop).expect(200);
    await post(stop).expect(200);
    expect(await db().select().from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone))).toHaveLength(1);
    expect((await db().select().from(user).where(eq(user.id, buyer.id)))[0]!.whatsappUpdatesAt).toBeNull();
    await request(shop.app).post(`/api/admin/orders/${orderId}/confirm-cod`).set(admin.headers).expect(200);
    await request(shop.app).put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Shipped", courier: "delhivery", awb: "1112223330123" }).expect(200);
    const shipped = (await db().select().from(outboundMessages).where(eq(outboundMessages.orderId, orderId))).filter((row) => row.template === "order_shipped");
    expect(shipped.map((row) => row.channel)).toEqual(["sms"]);
  });

  it("other texts are kept as received and change nothing", async () => {
    const phone = randomMobile();
    await post(textMessage(`91${phone}`, "Please stop the order")).expect(200);
    expect(await db().select().from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone))).toEqual([]);
  });
});
