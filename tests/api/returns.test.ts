// Returns (issue 17 item 5, decisions/032): the owner asks to return delivered units within the
// 7-day window for a published reason; the admin approves (partial credit note, refund through the
// gateway or a manual one for COD, emails) or rejects with a reason; nothing is restocked; a request
// is decided once even when two admins click at once.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, creditNotes, orderLines, orders, outboundEmails, outboundMessages, payments, products, returnRequests } from "#server/db/schema.ts";
import { loadCreditNote } from "#server/modules/invoices/credit-notes.ts";
import { loadInvoice } from "#server/modules/invoices/invoices.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";
import { placePaidOrder, shipAndDeliver } from "./aftercare-helpers.ts";

let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const db = () => shop.context.db;
const ask = (user: TestUser, orderId: string, body: unknown) => api().post(`/api/orders/${orderId}/returns`).set(user.headers).send(body as object);
const decide = (returnId: string, body: unknown, user = admin) => api().put(`/api/admin/returns/${returnId}`).set(user.headers).send(body as object);
const emailsTo = async (orderId: string) => {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  return (await db().select().from(outboundEmails).where(eq(outboundEmails.to, order!.customerEmail))).filter((e) => e.subject.startsWith(`Order ${order!.orderNumber}`));
};

async function deliveredOrder(lines = [{ pricePaise: 24050, quantity: 3 }, { pricePaise: 99999, quantity: 1, gstRateBps: 1800 }], options: { cod?: boolean } = {}) {
  const placed = await placePaidOrder(shop, lines, options);
  await shipAndDeliver(shop, admin, placed.orderId);
  return placed;
}

describe("asking for a return", () => {
  it("takes chosen lines and units with a reason, emails the customer, and shows the request on the order", async () => {
    const { buyer, orderId, lineIds } = await deliveredOrder();
    const res = await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 2 }], reason: "damaged", details: "Two tubs arrived with broken seals" }).expect(201);
    expect(res.body.message).toBe("Your return request has been sent. We will email you once we have looked at it.");
    expect(res.body.returnRequest).toMatchObject({ status: "requested", reason: "damaged", details: "Two tubs arrived with broken seals", refund: null, creditNote: null });
    expect(res.body.returnRequest.lines).toEqual([expect.objectContaining({ orderLineId: lineIds[0], quantity: 2 })]);
    expect((await emailsTo(orderId)).map((e) => e.subject)).toContain(`Order ${res.body.returnRequest.orderNumber}: return requested`);
    const aftercare = await api().get(`/api/orders/${orderId}/returns`).set(buyer.headers).expect(200);
    expect(aftercare.body.returns).toHaveLength(1);
    // While one request is open, nothing more can be asked.
    expect(aftercare.body.returnable).toBeNull();
    await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[1], quantity: 1 }], reason: "wrong-item" }).expect(409, /already has a return request/);
  });

  it("refuses bad bodies field by field, other people's orders, undelivered orders, too many units and a closed window", async () => {
    const { buyer, orderId, lineIds } = await deliveredOrder();
    const stranger = await createCustomer(shop.context);
    await ask(stranger, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 1 }], reason: "damaged" }).expect(404);
    await api().post(`/api/orders/${orderId}/returns`).send({}).expect(401);
    const invalid = await ask(buyer, orderId, { lines: [], reason: "changed-my-mind" }).expect(400);
    expect(invalid.body.errors).toEqual({ lines: "Choose at least one item and how many to return", reason: "Choose why you are returning the items" });
    await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: -1 }], reason: "damaged" }).expect(400);
    await ask(buyer, orderId, { lines: "all", reason: "damaged" }).expect(400);
    await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 1 }], reason: "damaged", details: "x".repeat(501) }).expect(400, /at most 500 characters/);
    await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 4 }], reason: "damaged" }).expect(400, /cannot return more/);
    // The same line named twice counts its units together.
    await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 2 }, { orderLineId: lineIds[0], quantity: 2 }], reason: "damaged" }).expect(400, /cannot return more/);
    const elsewhere = await deliveredOrder([{ pricePaise: 6900, quantity: 1 }]);
    await ask(buyer, orderId, { lines: [{ orderLineId: elsewhere.lineIds[0], quantity: 1 }], reason: "damaged" }).expect(400, /cannot return more/);

    const processing = await placePaidOrder(shop, [{ pricePaise: 6900, quantity: 1 }]);
    await ask(processing.buyer, processing.orderId, { lines: [{ orderLineId: processing.lineIds[0], quantity: 1 }], reason: "damaged" }).expect(409, /Only a delivered order/);

    await db().update(orders).set({ deliveredAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) }).where(eq(orders.id, orderId));
    await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 1 }], reason: "damaged" }).expect(409, /within 7 days of delivery/);
    expect(await db().select().from(returnRequests).where(eq(returnRequests.orderId, orderId))).toHaveLength(0);
  });
});

describe("the admin's decision", () => {
  it("approves: partial credit note for the returned units only, refund through the gateway, emails; no restock", async () => {
    const { buyer, orderId, lineIds } = await deliveredOrder();
    const [line] = await db().select().from(orderLines).where(eq(orderLines.id, lineIds[0]!));
    const stockBefore = (await db().select().from(products).where(eq(products.id, line!.productId)))[0]!.stock;
    const asked = await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 2 }], reason: "near-expiry" }).expect(201);
    const returnId = asked.body.returnRequest._id;

    const list = await api().get("/api/admin/returns?status=requested").set(admin.headers).expect(200);
    expect(list.body.map((r: { _id: string }) => r._id)).toContain(returnId);

    const approved = await decide(returnId, { decision: "approve" }).expect(200);
    expect(approved.body.message).toBe("Return approved: the refund and the credit note have been issued");
    // 2 of 3 units at ₹240.50: ₹481.00, GST 5% inside it.
    expect(approved.body.returnRequest).toMatchObject({ status: "approved", refund: { amount: 481, method: "gateway" } });
    expect(approved.body.returnRequest.refund.id).toMatch(/^rfnd_test_/);
    const [note] = await db().select().from(creditNotes).where(eq(creditNotes.returnId, returnId));
    expect(note).toMatchObject({ kind: "return", totalPaise: 48100, shippingPaise: 0, codFeePaise: 0 });
    expect(approved.body.returnRequest.creditNote).toEqual({ _id: note!.id, serial: note!.serial });
    const document = (await loadCreditNote(db(), note!.id, shop.config.seller))!;
    expect(document.lines).toHaveLength(1);
    // The line's charged GST (₹721.50 × 5/105 = 3435.71 → 3436 paise) shared by units: 2 of 3 carry round(3436 × 2/3) = 2291.
    expect(document.lines[0]).toMatchObject({ quantity: 2, grossPaise: 48100, taxPaise: 2291, cgstPaise: 1146, sgstPaise: 1145 });
    // The invoice is marked, not changed: it lists the credit note.
    const invoice = (await loadInvoice(db(), orderId, shop.config.seller))!;
    expect(invoice.creditNotes).toEqual([expect.objectContaining({ serial: note!.serial, kind: "return", totalPaise: 48100 })]);
    const [payment] = await db().select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, "captured")));
    expect(payment!.refundedPaise).toBe(48100);
    expect((await emailsTo(orderId)).some((e) => e.subject.endsWith("return approved") && e.text.includes(note!.serial) && e.text.includes("₹481"))).toBe(true);
    // The refund's SMS (decisions/054), with the amount.
    const refunded = await db().select().from(outboundMessages).where(and(eq(outboundMessages.orderId, orderId), eq(outboundMessages.template, "order_refunded")));
    expect(refunded.map((row) => [row.channel, row.params[2]])).toEqual([["sms", "481.00"]]);
    // Returned medicines are not put back on the shelf.
    expect((await db().select().from(products).where(eq(products.id, line!.productId)))[0]!.stock).toBe(stockBefore);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, returnId));
    expect(audit).toMatchObject({ action: "return.approve", actorId: admin.id });

    // Decided once.
    await decide(returnId, { decision: "reject", reason: "Changed my mind" }).expect(409, /already been decided/);

    // The rest of the order can still be returned; returning every unit credits the lines exactly.
    const rest = await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 1 }, { orderLineId: lineIds[1], quantity: 1 }], reason: "damaged" }).expect(201);
    await decide(rest.body.returnRequest._id, { decision: "approve" }).expect(200);
    const notes = await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(notes.reduce((sum, n) => sum + n.totalPaise, 0)).toBe(invoice.grandTotalPaise);
    const full = (await loadInvoice(db(), orderId, shop.config.seller))!;
    const lines = await Promise.all(notes.map((n) => loadCreditNote(db(), n.id, shop.config.seller)));
    expect(lines.flatMap((d) => d!.lines).reduce((sum, l) => sum + l.taxPaise, 0)).toBe(full.totals.taxPaise);
    expect(lines.flatMap((d) => d!.lines).reduce((sum, l) => sum + l.taxablePaise, 0)).toBe(full.totals.taxablePaise);
    const aftercare = await api().get(`/api/orders/${orderId}/returns`).set(buyer.headers).expect(200);
    expect(aftercare.body.returnable).toBeNull();
    expect(aftercare.body.creditNotes).toHaveLength(2);
  });

  it("rejects only with a reason, which the customer is emailed; no credit note, no refund", async () => {
    const { buyer, orderId, lineIds } = await deliveredOrder();
    const asked = await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[1], quantity: 1 }], reason: "wrong-item" }).expect(201);
    const returnId = asked.body.returnRequest._id;
    const missing = await decide(returnId, { decision: "reject" }).expect(400);
    expect(missing.body.errors).toEqual({ reason: "Give the customer a reason for the rejection" });
    await decide(returnId, { decision: "maybe" }).expect(400, /approve or reject/);
    const rejected = await decide(returnId, { decision: "reject", reason: "The photos show the product you ordered, sealed." }).expect(200);
    expect(rejected.body.returnRequest).toMatchObject({ status: "rejected", decisionReason: "The photos show the product you ordered, sealed.", refund: null, creditNote: null });
    expect(await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).toHaveLength(0);
    expect((await emailsTo(orderId)).some((e) => e.subject.endsWith("return rejected") && e.text.includes("The photos show the product you ordered, sealed."))).toBe(true);
  });

  it("records a manual refund for a cash-on-delivery order", async () => {
    const { buyer, orderId, lineIds } = await deliveredOrder([{ pricePaise: 6900, quantity: 2 }], { cod: true });
    const asked = await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 1 }], reason: "damaged" }).expect(201);
    const approved = await decide(asked.body.returnRequest._id, { decision: "approve" }).expect(200);
    expect(approved.body.returnRequest.refund).toEqual({ amount: 69, method: "manual", id: null });
    expect(approved.body.returnRequest.creditNote.serial).toMatch(/^CN\//);
    expect((await emailsTo(orderId)).some((e) => e.subject.endsWith("return approved") && e.text.includes("our care team will contact you"))).toBe(true);
    // Paid back by hand later: no "refund issued" message now.
    expect(await db().select().from(outboundMessages).where(and(eq(outboundMessages.orderId, orderId), eq(outboundMessages.template, "order_refunded")))).toEqual([]);
  });

  it("decides a request once when two admins approve at the same moment", async () => {
    const { buyer, orderId, lineIds } = await deliveredOrder([{ pricePaise: 6900, quantity: 2 }]);
    const asked = await ask(buyer, orderId, { lines: [{ orderLineId: lineIds[0], quantity: 2 }], reason: "damaged" }).expect(201);
    const other = await createAdmin(shop.context);
    const answers = await Promise.all([decide(asked.body.returnRequest._id, { decision: "approve" }), decide(asked.body.returnRequest._id, { decision: "approve" }, other)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await db().select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).toHaveLength(1);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.refundedPaise).toBe(13800);
    expect(payment!.status).toBe("refunded");
  });

  it("is for admins only; unknown requests are 404", async () => {
    const customer = await createCustomer(shop.context);
    const pharmacist = await createPharmacist(shop.context);
    await api().get("/api/admin/returns").expect(401);
    await api().get("/api/admin/returns").set(customer.headers).expect(403);
    await api().get("/api/admin/returns").set(pharmacist.headers).expect(403);
    await decide("00000000-0000-4000-8000-000000000000", { decision: "approve" }, customer).expect(403);
    await decide("00000000-0000-4000-8000-000000000000", { decision: "approve" }).expect(404);
    await decide("not-an-id", { decision: "approve" }).expect(404);
  });
});
