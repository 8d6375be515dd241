// Order by prescription (api-contract.md, "Third release": "Order by prescription"; decisions/058):
// the shopper's request (own prescription, one waiting per prescription), the pharmacists' queue,
// a proposal filling the shopper's cart (capped at stock, the shopper told), a decline with its
// reason, who may answer (pharmacists only, never their own request), and two answers racing.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESCRIPTION_ORDER_MESSAGES } from "#common/prescription-orders.ts";
import { REVIEW_MESSAGES } from "#common/pharmacist.ts";
import { auditLog, cartLines, carts, outboundEmails, outboundMessages, prescriptionOrders, prescriptions } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";
import { makeProduct } from "./checkout-helpers.ts";
import { PRESCRIBER, uploadFor } from "./prescription-order-helpers.ts";

let shop: TestShop;
let admin: TestUser;
let pharmacist: TestUser;
let pharmacist2: TestUser;

const api = () => request(shop.app);

let phones = 0;
/** A mobile number of its own for each shopper, so their messages are told apart. */
const nextPhone = () => `98${String(10_000_000 + ++phones * 7919).slice(-8)}`;

async function addressFor(user: TestUser, phone = nextPhone()): Promise<string> {
  const res = await api()
    .post("/api/users/addresses")
    .set(user.headers)
    .send({ fullName: "Asha Rao", phone, line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode: "560001" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id ?? res.body.address?._id;
}

/** A shopper with a prescription and a waiting request for it (with a saved address). */
async function waitingRequest(options: { note?: string } = {}) {
  const shopper = await createCustomer(shop.context);
  const prescriptionId = await uploadFor(shop, shopper);
  const phone = nextPhone();
  const addressId = await addressFor(shopper, phone);
  const res = await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId, addressId, note: options.note ?? "Monthly thyroid tablets" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { shopper, prescriptionId, addressId, phone, requestId: res.body._id as string };
}

async function cartOf(userId: string) {
  const [cart] = await shop.context.db.select().from(carts).where(eq(carts.userId, userId));
  if (!cart) return new Map<string, number>();
  const lines = await shop.context.db.select().from(cartLines).where(eq(cartLines.cartId, cart.id));
  return new Map(lines.map((line) => [line.productId, line.quantity]));
}

async function requestRow(id: string) {
  const [row] = await shop.context.db.select().from(prescriptionOrders).where(eq(prescriptionOrders.id, id));
  return row!;
}

const propose = (id: string, who: TestUser, body: unknown) => api().post(`/api/admin/prescription-orders/${id}/proposal`).set(who.headers).send(body as object);
const decline = (id: string, who: TestUser, body: unknown) => api().post(`/api/admin/prescription-orders/${id}/decline`).set(who.headers).send(body as object);

beforeAll(async () => {
  shop = await createTestShop();
  [admin, pharmacist, pharmacist2] = await Promise.all([
    createAdmin(shop.context),
    createPharmacist(shop.context, { name: "Ravi Kumar" }),
    createPharmacist(shop.context, { name: "Sunita Das" }),
  ]);
});
afterAll(() => shop?.close());

describe("POST /api/prescription-orders: the shopper asks", () => {
  it("answers 201 with the request, waiting, for the caller's own prescription", async () => {
    const shopper = await createCustomer(shop.context);
    const prescriptionId = await uploadFor(shop, shopper);
    const res = await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId, note: "  Please add the iron syrup too  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ _id: expect.any(String), status: "waiting", prescriptionId, note: "Please add the iron syrup too", addressId: null, items: [], pharmacist: null });
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();
    expect(res.headers["cache-control"]).toContain("no-store");
  });

  it("is 401 signed out, and refuses bad input with clear messages", async () => {
    const shopper = await createCustomer(shop.context);
    const prescriptionId = await uploadFor(shop, shopper);
    expect((await api().post("/api/prescription-orders").send({ prescriptionId })).status).toBe(401);
    const none = await api().post("/api/prescription-orders").set(shopper.headers).send({});
    expect(none.status).toBe(400);
    expect(none.body.errors.prescriptionId).toBe(PRESCRIPTION_ORDER_MESSAGES.prescriptionRequired);
    const long = await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId, note: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.noteTooLong);
    const weird = await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId: "../../etc/passwd" });
    expect(weird.status).toBe(404);
    const array = await api().post("/api/prescription-orders").set(shopper.headers).send([prescriptionId]);
    expect(array.status).toBe(400);
  });

  it("another customer's prescription is 404, as an unknown one; another's address is refused", async () => {
    const owner = await createCustomer(shop.context);
    const stranger = await createCustomer(shop.context);
    const prescriptionId = await uploadFor(shop, owner);
    const res = await api().post("/api/prescription-orders").set(stranger.headers).send({ prescriptionId });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.prescriptionNotFound);
    const strangersAddress = await addressFor(stranger);
    const withAddress = await api().post("/api/prescription-orders").set(owner.headers).send({ prescriptionId, addressId: strangersAddress });
    expect(withAddress.status).toBe(400);
    expect(withAddress.body.errors.addressId).toBe(PRESCRIPTION_ORDER_MESSAGES.addressNotFound);
    expect(await shop.context.db.select().from(prescriptionOrders).where(eq(prescriptionOrders.prescriptionId, prescriptionId))).toEqual([]);
  });

  it("one request per prescription waits at a time (409), and a rejected prescription cannot be used", async () => {
    const { shopper, prescriptionId } = await waitingRequest();
    const again = await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.alreadyWaiting);
    // Two at the same moment: still one.
    const other = await uploadFor(shop, shopper);
    const both = await Promise.all([0, 1].map(() => api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId: other })));
    expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
    const rejected = await uploadFor(shop, shopper);
    await shop.context.db.update(prescriptions).set({ status: "rejected", rejectReason: "Unreadable" }).where(eq(prescriptions.id, rejected));
    const refused = await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId: rejected });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.prescriptionRejected);
  });

  it("GET lists the caller's own requests newest first; another's single request is 404", async () => {
    const shopper = await createCustomer(shop.context);
    const first = await uploadFor(shop, shopper);
    const second = await uploadFor(shop, shopper);
    const a = await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId: first }).expect(201);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const b = await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId: second }).expect(201);
    const list = await api().get("/api/prescription-orders").set(shopper.headers).expect(200);
    expect(list.body.map((row: { _id: string }) => row._id)).toEqual([b.body._id, a.body._id]);
    const stranger = await createCustomer(shop.context);
    expect((await api().get("/api/prescription-orders").set(stranger.headers).expect(200)).body).toEqual([]);
    expect((await api().get(`/api/prescription-orders/${a.body._id}`).set(stranger.headers)).status).toBe(404);
    expect((await api().get(`/api/prescription-orders/${a.body._id}`).set(shopper.headers).expect(200)).body._id).toBe(a.body._id);
    expect((await api().get("/api/prescription-orders")).status).toBe(401);
  });
});

describe("GET /api/admin/prescription-orders: the pharmacists' queue", () => {
  it("is for pharmacists and admins (403 for a customer), oldest first, filtered by status", async () => {
    const older = await waitingRequest();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await waitingRequest();
    expect((await api().get("/api/admin/prescription-orders?status=waiting").set(newer.shopper.headers)).status).toBe(403);
    expect((await api().get("/api/admin/prescription-orders?status=waiting")).status).toBe(401);
    for (const who of [pharmacist, admin]) {
      const res = await api().get("/api/admin/prescription-orders?status=waiting&limit=100").set(who.headers).expect(200);
      const ids = res.body.map((row: { _id: string }) => row._id);
      expect(ids.indexOf(older.requestId)).toBeLessThan(ids.indexOf(newer.requestId));
      expect(ids.indexOf(older.requestId)).toBeGreaterThanOrEqual(0);
      expect(res.body.every((row: { status: string }) => row.status === "waiting")).toBe(true);
      expect(Number(res.headers["x-total-count"])).toBeGreaterThanOrEqual(2);
      const row = res.body.find((one: { _id: string }) => one._id === older.requestId);
      expect(row).toMatchObject({
        customer: { name: older.shopper.name, email: older.shopper.email },
        prescription: { _id: older.prescriptionId, fileName: "rx.pdf" },
        address: { city: "Bengaluru", postalCode: "560001", phone: older.phone },
        note: "Monthly thyroid tablets",
      });
    }
    const bad = await api().get("/api/admin/prescription-orders?status=lost").set(pharmacist.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.statusInvalid);
  });
});

describe("POST /api/admin/prescription-orders/:id/proposal", () => {
  it("puts the items in the shopper's cart (added to what it holds, capped at stock), marks the request proposed and tells the shopper", async () => {
    const { shopper, requestId, phone } = await waitingRequest();
    const rx = await makeProduct(shop.context, { name: "Thyronorm 50", schedule: "H", prescriptionRequired: true, stock: 10 });
    const otc = await makeProduct(shop.context, { name: "Iron syrup", stock: 3 });
    await api().post("/api/cart").set(shopper.headers).send({ productId: otc.id, quantity: 2 }).expect(201);
    const res = await propose(requestId, pharmacist, { items: [{ productId: rx.id, quantity: 2 }, { productId: otc.id, quantity: 2 }], message: "Take after breakfast", ...PRESCRIBER });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.proposedWithSkipped);
    expect(res.body.skipped).toEqual([{ productId: otc.id, name: "Iron syrup", reason: expect.stringContaining("1 of 2") }]);
    expect(res.body.request).toMatchObject({
      status: "proposed",
      items: [
        { productId: rx.id, name: "Thyronorm 50", quantity: 2 },
        { productId: otc.id, name: "Iron syrup", quantity: 2 },
      ],
      message: "Take after breakfast",
      pharmacist: { name: "Ravi Kumar", registration: expect.stringMatching(/^KA\//) },
    });
    expect(await cartOf(shopper.id)).toEqual(new Map([[rx.id, 2], [otc.id, 3]]));
    const row = await requestRow(requestId);
    expect(row).toMatchObject({ status: "proposed", pharmacistId: pharmacist.id, prescriberName: "Dr Meera Iyer", prescriberRegistration: "KMC 56789" });
    const [email] = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, shopper.email));
    expect(email!.subject).toBe("Your medicines are in your cart");
    expect(email!.text).toContain("Thyronorm 50 × 2");
    expect(email!.text).toContain(`${shop.context.config.publicUrl}/checkout`);
    expect(email!.text).toContain("Take after breakfast");
    const messages = await shop.context.db.select().from(outboundMessages).where(eq(outboundMessages.to, phone));
    expect(messages).toMatchObject([{ channel: "sms", template: "prescription_order_proposed", orderId: null, params: [expect.any(String), `${shop.context.config.publicUrl}/checkout`] }]);
    const [audit] = await shop.context.db.select().from(auditLog).where(and(eq(auditLog.entityId, requestId), eq(auditLog.action, "prescription-order.propose")));
    expect(audit).toMatchObject({ actorId: pharmacist.id, actorRole: "pharmacist" });
    // Answered: a second proposal or a decline is 409 and the cart is unchanged.
    const again = await propose(requestId, pharmacist2, { items: [{ productId: rx.id, quantity: 1 }], ...PRESCRIBER });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.alreadyProposed);
    expect((await decline(requestId, pharmacist2, { reason: "Too late" })).status).toBe(409);
    expect(await cartOf(shopper.id)).toEqual(new Map([[rx.id, 2], [otc.id, 3]]));
    // The shopper sees it in their list, and in their data export.
    const mine = await api().get("/api/prescription-orders").set(shopper.headers).expect(200);
    expect(mine.body[0]).toMatchObject({ _id: requestId, status: "proposed" });
    const exported = await api().get("/api/users/me/export").set(shopper.headers).expect(200);
    const data = JSON.parse(exported.text);
    expect(data.prescriptionOrders).toMatchObject([{ id: requestId, status: "proposed", note: "Monthly thyroid tablets", message: "Take after breakfast" }]);
  });

  it("only a pharmacist answers: 403 for an admin and a customer, and never for their own request", async () => {
    const { shopper, requestId } = await waitingRequest();
    const product = await makeProduct(shop.context);
    const body = { items: [{ productId: product.id, quantity: 1 }] };
    const asAdmin = await propose(requestId, admin, body);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.pharmacistOnly);
    expect((await decline(requestId, admin, { reason: "No" })).status).toBe(403);
    expect((await propose(requestId, shopper, body)).status).toBe(403);
    expect((await api().post(`/api/admin/prescription-orders/${requestId}/proposal`).send(body)).status).toBe(401);
    // A pharmacist's own request (they are the shopper) needs another pharmacist.
    const own = await uploadFor(shop, pharmacist);
    const asked = await api().post("/api/prescription-orders").set(pharmacist.headers).send({ prescriptionId: own }).expect(201);
    const ownAnswer = await propose(asked.body._id, pharmacist, body);
    expect(ownAnswer.status).toBe(403);
    expect(ownAnswer.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.ownRequest);
    expect((await decline(asked.body._id, pharmacist, { reason: "Mine" })).status).toBe(403);
    expect((await requestRow(requestId)).status).toBe("waiting");
    expect((await propose("no-such-request", pharmacist, body)).status).toBe(404);
  });

  it("refuses bad proposals with clear messages and changes nothing", async () => {
    const { shopper, requestId } = await waitingRequest();
    const rx = await makeProduct(shop.context, { schedule: "H1", prescriptionRequired: true });
    const otc = await makeProduct(shop.context);
    const hidden = await makeProduct(shop.context, { published: false });
    const banned = await makeProduct(shop.context, { name: "Schedule X thing", schedule: "X", prescriptionRequired: true });
    const cases: [unknown, string, string][] = [
      [{}, "items", PRESCRIPTION_ORDER_MESSAGES.itemsRequired],
      [{ items: [] }, "items", PRESCRIPTION_ORDER_MESSAGES.itemsRequired],
      [{ items: [{ productId: otc.id, quantity: 0 }] }, "items", `${PRESCRIPTION_ORDER_MESSAGES.quantityInvalid} to 10`],
      [{ items: [{ productId: otc.id, quantity: 1.5 }] }, "items", `${PRESCRIPTION_ORDER_MESSAGES.quantityInvalid} to 10`],
      [{ items: [{ productId: otc.id, quantity: 11 }] }, "items", `${PRESCRIPTION_ORDER_MESSAGES.quantityInvalid} to 10`],
      [{ items: [{ quantity: 1 }] }, "items", PRESCRIPTION_ORDER_MESSAGES.itemInvalid],
      [{ items: [{ productId: otc.id, quantity: 1 }, { productId: otc.id, quantity: 2 }] }, "items", PRESCRIPTION_ORDER_MESSAGES.duplicateProduct],
      [{ items: Array.from({ length: 21 }, (_, n) => ({ productId: `p${n}`, quantity: 1 })) }, "items", PRESCRIPTION_ORDER_MESSAGES.tooManyItems],
      [{ items: [{ productId: hidden.id, quantity: 1 }] }, "items", PRESCRIPTION_ORDER_MESSAGES.productNotFound],
      [{ items: [{ productId: "nope", quantity: 1 }] }, "items", PRESCRIPTION_ORDER_MESSAGES.productNotFound],
      [{ items: [{ productId: banned.id, quantity: 1 }] }, "items", PRESCRIPTION_ORDER_MESSAGES.productNotSold("Schedule X thing")],
      [{ items: [{ productId: rx.id, quantity: 1 }] }, "prescriberName", PRESCRIPTION_ORDER_MESSAGES.prescriberNeeded],
      [{ items: [{ productId: rx.id, quantity: 1 }], prescriberName: "Dr A" }, "prescriberRegistration", PRESCRIPTION_ORDER_MESSAGES.prescriberNeeded],
      [{ items: [{ productId: rx.id, quantity: 1 }], ...PRESCRIBER, prescriberRegistration: "<script>" }, "prescriberRegistration", REVIEW_MESSAGES.registrationInvalid],
      [{ items: [{ productId: otc.id, quantity: 1 }], message: "m".repeat(501) }, "message", PRESCRIPTION_ORDER_MESSAGES.messageTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await propose(requestId, pharmacist, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    // Nothing in stock: nothing can go in, so nothing is proposed.
    const empty = await makeProduct(shop.context, { name: "Gone tablets", stock: 0 });
    const none = await propose(requestId, pharmacist, { items: [{ productId: empty.id, quantity: 1 }] });
    expect(none.status).toBe(409);
    expect(none.body.message).toContain(PRESCRIPTION_ORDER_MESSAGES.nothingAdded);
    expect(none.body.message).toContain("Gone tablets");
    expect((await requestRow(requestId)).status).toBe("waiting");
    expect(await cartOf(shopper.id)).toEqual(new Map());
  });

  it("two pharmacists proposing at once: one wins, the other gets 409, the cart gets the items once", async () => {
    const { shopper, requestId } = await waitingRequest();
    const product = await makeProduct(shop.context, { stock: 10 });
    const [a, b] = await Promise.all([
      propose(requestId, pharmacist, { items: [{ productId: product.id, quantity: 2 }] }),
      propose(requestId, pharmacist2, { items: [{ productId: product.id, quantity: 3 }] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.alreadyProposed);
    const winner = a.status === 200 ? a : b;
    expect(await cartOf(shopper.id)).toEqual(new Map([[product.id, winner.body.request.items[0].quantity]]));
    // A proposal racing a decline: one answer stands.
    const second = await waitingRequest();
    const [p, d] = await Promise.all([
      propose(second.requestId, pharmacist, { items: [{ productId: product.id, quantity: 1 }] }),
      decline(second.requestId, pharmacist2, { reason: "Illegible" }),
    ]);
    expect([p.status, d.status].filter((status) => status === 200)).toHaveLength(1);
    expect([p.status, d.status].filter((status) => status === 409)).toHaveLength(1);
    const row = await requestRow(second.requestId);
    expect(await cartOf(second.shopper.id)).toEqual(row.status === "proposed" ? new Map([[product.id, 1]]) : new Map());
  });
});

describe("POST /api/admin/prescription-orders/:id/decline", () => {
  it("needs a reason; declines, tells the shopper why, and then the request is answered", async () => {
    const { shopper, requestId, phone } = await waitingRequest();
    const none = await decline(requestId, pharmacist, { reason: "   " });
    expect(none.status).toBe(400);
    expect(none.body.errors.reason).toBe(PRESCRIPTION_ORDER_MESSAGES.reasonRequired);
    const long = await decline(requestId, pharmacist, { reason: "r".repeat(301) });
    expect(long.body.errors.reason).toBe(PRESCRIPTION_ORDER_MESSAGES.reasonTooLong);
    const res = await decline(requestId, pharmacist, { reason: "The prescription is older than six months" });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.declined);
    expect(res.body.request).toMatchObject({ status: "declined", declineReason: "The prescription is older than six months", pharmacist: { name: "Ravi Kumar" } });
    const [email] = await shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, shopper.email));
    expect(email!.subject).toBe("We could not build your order from your prescription");
    expect(email!.text).toContain("Reason: The prescription is older than six months");
    const [sms] = await shop.context.db.select().from(outboundMessages).where(eq(outboundMessages.to, phone));
    expect(sms).toMatchObject({ template: "prescription_order_declined", params: [expect.any(String), `${shop.context.config.publicUrl}/profile/prescriptions`] });
    const product = await makeProduct(shop.context);
    const late = await propose(requestId, pharmacist2, { items: [{ productId: product.id, quantity: 1 }] });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(PRESCRIPTION_ORDER_MESSAGES.alreadyDeclined);
    // Declined is not open: the shopper may ask again with the same prescription.
    const { prescriptionId } = await requestRow(requestId);
    expect((await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId })).status).toBe(201);
  });
});
