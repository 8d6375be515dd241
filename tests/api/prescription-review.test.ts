// The pharmacist's review (api-contract.md, "Second release": Prescriptions and "Details pinned";
// decisions/020): the role and its gate, the queue, approve and reject (a paid order refunded
// once even when two rejections race), shipping held until approval, the H1 register, and orders
// with prescriptions archived rather than erased.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REJECT_REASONS, REVIEW_MESSAGES } from "#common/pharmacist.ts";
import { auditLog, orderLines, orderPrescriptions, orders, outboundEmails, outboundMessages, payments, prescriptions, user } from "#server/db/schema.ts";
import { buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";
import { pendingReviewCount } from "#server/modules/pharmacy/review.ts";
import { insertOrder } from "../support/orders.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";

let shop: TestShop;
let admin: TestUser;
let pharmacist: TestUser;
let customer: TestUser;

const api = () => request(shop.app);
const review = (orderId: string) => api().post(`/api/admin/orders/${orderId}/prescription-review`);
const APPROVE = { decision: "approve", prescriberName: "Dr Meera Iyer", prescriberRegistration: "KMC 56789" };

/** Makes an order prescription-only: its lines get `schedule`, it gets a prescription awaiting review. */
async function makeRx(orderId: string, options: { schedule?: "H" | "H1"; patientName?: string | null; userId?: string | null } = {}) {
  const { db } = shop.context;
  await db.update(orderLines).set({ schedule: options.schedule ?? "H" }).where(eq(orderLines.orderId, orderId));
  await db.update(orders).set({ prescriptionStatus: "pending" }).where(eq(orders.id, orderId));
  const [prescription] = await db
    .insert(prescriptions)
    .values({
      userId: options.userId ?? null,
      storageKey: `test-${crypto.randomUUID()}.png`,
      fileName: "prescription.png",
      contentType: "image/png",
      sizeBytes: 1234,
      patientName: options.patientName === undefined ? "Asha Rao" : options.patientName,
      doctorName: "Dr Meera Iyer",
    })
    .returning();
  await db.insert(orderPrescriptions).values({ orderId, prescriptionId: prescription!.id });
  return prescription!.id;
}

/** An Rx order written straight into the tables (paid unless told otherwise, no gateway payment). */
async function rxOrder(options: Parameters<typeof insertOrder>[1] & { schedule?: "H" | "H1"; patientName?: string | null } = {}) {
  const order = await insertOrder(shop.context, { userId: customer.id, ...options });
  const prescriptionId = await makeRx(order.id, { schedule: options.schedule, patientName: options.patientName, userId: customer.id });
  return { orderId: order.id, orderNumber: order.orderNumber, prescriptionId };
}

/** An Rx order bought and paid through the checkout and the test gateway (so a refund goes through the gateway). */
async function paidRxOrder(quantity = 2) {
  const product = await makeProduct(shop.context, { stock: 10, pricePaise: 15000, mrpPaise: 15000 });
  const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity }]);
  const placed = await checkout(shop, buyer).expect(201);
  const orderId: string = placed.body.order._id;
  const signed = await api().post(`/api/payments/test/${orderId}/pay`).set(buyer.headers).expect(200);
  await api().post(`/api/checkout/${orderId}/verify`).set(buyer.headers).send(signed.body).expect(200);
  const prescriptionId = await makeRx(orderId, { userId: buyer.id });
  return { orderId, productId: product.id, prescriptionId, totalPaise: quantity * 15000 };
}

async function orderRow(orderId: string) {
  const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function emailsTo(address: string) {
  return shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, address));
}

beforeAll(async () => {
  shop = await createTestShop();
  [admin, pharmacist, customer] = await Promise.all([
    createAdmin(shop.context),
    createPharmacist(shop.context, { name: "Ravi Kumar" }),
    createCustomer(shop.context),
  ]);
});
afterAll(() => shop?.close());

describe("POST /api/admin/orders/:id/prescription-review: only a pharmacist decides", () => {
  it("is 401 signed out, 403 for a customer and for an admin who is not a pharmacist, and changes nothing", async () => {
    const { orderId } = await rxOrder();
    const before = await orderRow(orderId);
    const signedOut = await review(orderId).send(APPROVE);
    expect(signedOut.status).toBe(401);
    const asCustomer = await review(orderId).set(customer.headers).send(APPROVE);
    expect(asCustomer.status).toBe(403);
    const asAdmin = await review(orderId).set(admin.headers).send(APPROVE);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.message).toBe("Only a pharmacist can review prescriptions");
    const asAdminRejecting = await review(orderId).set(admin.headers).send({ decision: "reject", reason: REJECT_REASONS[0] });
    expect(asAdminRejecting.status).toBe(403);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it("approve records the prescriber and the reviewing pharmacist, approves the prescriptions, audits and emails", async () => {
    const { orderId, prescriptionId } = await rxOrder();
    const res = await review(orderId).set(pharmacist.headers).send(APPROVE);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(REVIEW_MESSAGES.approved);
    expect(res.body.order).toMatchObject({ _id: orderId, status: "Processing" });
    const row = await orderRow(orderId);
    expect(row).toMatchObject({
      prescriptionStatus: "approved",
      prescriptionReviewerId: pharmacist.id,
      prescriptionReviewerName: "Ravi Kumar",
      prescriptionReviewerRegistration: expect.stringMatching(/^KA\/.+\/2020$/),
      prescriberName: "Dr Meera Iyer",
      prescriberRegistration: "KMC 56789",
      status: "Processing",
    });
    expect(row.prescriptionReviewedAt).toBeInstanceOf(Date);
    const [prescription] = await shop.context.db.select().from(prescriptions).where(eq(prescriptions.id, prescriptionId));
    expect(prescription).toMatchObject({ status: "approved", rejectReason: null });
    const [audit] = await shop.context.db.select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.prescription-approve")));
    expect(audit).toMatchObject({ actorId: pharmacist.id, actorRole: "pharmacist" });
    const emails = await emailsTo("asha@example.com");
    expect(emails.some((email) => email.subject.endsWith(": Prescription approved") && email.text.includes(row.orderNumber))).toBe(true);

    // Decided once: a second decision of either kind is 409 and changes nothing.
    const again = await review(orderId).set(pharmacist.headers).send({ decision: "reject", reason: "Patient details do not match" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REVIEW_MESSAGES.alreadyApproved);
    expect((await orderRow(orderId)).status).toBe("Processing");
  });

  it("checks the decision's fields with sentences, and answers 404/409 for orders there is nothing to decide on", async () => {
    const { orderId } = await rxOrder();
    const cases: [unknown, string, string][] = [
      [{ decision: "approve" }, "prescriberName", REVIEW_MESSAGES.prescriberNameRequired],
      [{ ...APPROVE, prescriberRegistration: "=cmd|' /C calc'!A0" }, "prescriberRegistration", REVIEW_MESSAGES.registrationInvalid],
      [{ decision: "reject", reason: "  " }, "reason", REVIEW_MESSAGES.reasonRequired],
      [{ decision: "reject", reason: "x".repeat(301) }, "reason", REVIEW_MESSAGES.reasonTooLong],
      [{ decision: "maybe" }, "decision", REVIEW_MESSAGES.decisionInvalid],
      [["approve"], "decision", REVIEW_MESSAGES.decisionInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await review(orderId).set(pharmacist.headers).send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[field]).toBe(message);
    }
    expect((await orderRow(orderId)).prescriptionStatus).toBe("pending");

    await review("no-such-order").set(pharmacist.headers).send(APPROVE).expect(404);
    await review(crypto.randomUUID()).set(pharmacist.headers).send(APPROVE).expect(404);
    const plain = await insertOrder(shop.context);
    const none = await review(plain.id).set(pharmacist.headers).send(APPROVE);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(REVIEW_MESSAGES.noPrescription);
  });

  it("a pharmacist without a registration number on the account cannot decide", async () => {
    const unregistered = await createPharmacist(shop.context);
    await shop.context.db.update(user).set({ pharmacistRegistration: null }).where(eq(user.id, unregistered.id));
    const { orderId } = await rxOrder();
    const res = await review(orderId).set(unregistered.headers).send(APPROVE);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REVIEW_MESSAGES.reviewerWithoutRegistration);
  });
});

describe("rejecting", () => {
  it("cancels a paid order, releases its stock and refunds it exactly once when two rejections race", async () => {
    const { orderId, productId, prescriptionId, totalPaise } = await paidRxOrder(2);
    expect(await stockOf(shop.context, productId)).toBe(8);
    const reason = REJECT_REASONS[1];
    const [first, second] = await Promise.all([
      review(orderId).set(pharmacist.headers).send({ decision: "reject", reason }),
      review(orderId).set(pharmacist.headers).send({ decision: "reject", reason }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const won = first.status === 200 ? first : second;
    expect(won.body.message).toBe(REVIEW_MESSAGES.rejectedRefunded);
    expect(won.body.order).toMatchObject({ _id: orderId, status: "Cancelled" });
    expect(await stockOf(shop.context, productId)).toBe(10);
    const paid = await shop.context.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: "refunded", refundedPaise: totalPaise, refundId: expect.stringMatching(/^rfnd_test_/) });
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: "Cancelled", prescriptionStatus: "rejected", prescriptionRejectReason: reason, prescriptionReviewerName: "Ravi Kumar" });
    const [prescription] = await shop.context.db.select().from(prescriptions).where(eq(prescriptions.id, prescriptionId));
    expect(prescription).toMatchObject({ status: "rejected", rejectReason: reason });

    // One email: the reason, the refund, and where to upload a new prescription.
    const rejected = (await emailsTo(row.customerEmail)).filter((email) => email.subject === `Order ${row.orderNumber}: Prescription rejected`);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.text).toContain(`Reason: ${reason}`);
    expect(rejected[0]!.text).toContain("A refund of ₹300 has been issued");
    expect(rejected[0]!.text).toContain("/profile/prescriptions");

    // A third try later is still refused and refunds nothing more.
    await review(orderId).set(pharmacist.headers).send({ decision: "reject", reason }).expect(409);
    const [after] = await shop.context.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(after!.refundedPaise).toBe(totalPaise);
  });

  it("cancels an unpaid order without a refund, with a typed reason", async () => {
    const { orderId } = await rxOrder({ isPaid: false });
    const res = await review(orderId).set(pharmacist.headers).send({ decision: "reject", reason: "other", otherReason: "Dosage on the prescription is unclear" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(REVIEW_MESSAGES.rejected);
    expect(await orderRow(orderId)).toMatchObject({ status: "Cancelled", prescriptionRejectReason: "Dosage on the prescription is unclear" });
  });

  it("refuses a decision on an order the customer already cancelled", async () => {
    const { orderId } = await rxOrder({ status: "Cancelled" });
    const res = await review(orderId).set(pharmacist.headers).send(APPROVE);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REVIEW_MESSAGES.orderCancelled);
  });
});

describe("shipping waits for the approval", () => {
  it("PUT /api/admin/orders/:id Shipped is 409 until approved, and allowed after; the list offers no Shipped before", async () => {
    const { orderId, orderNumber } = await rxOrder();
    const refused = await api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Shipped" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This order's prescription has not been approved yet");
    expect((await orderRow(orderId)).status).toBe("Processing");

    const listed = await api().get("/api/admin/orders").query({ search: orderNumber }).set(admin.headers).expect(200);
    expect(listed.body[0].nextStatuses).toEqual(["Cancelled"]);

    await review(orderId).set(pharmacist.headers).send(APPROVE).expect(200);
    const relisted = await api().get("/api/admin/orders").query({ search: orderNumber }).set(admin.headers).expect(200);
    expect(relisted.body[0].nextStatuses).toEqual(["Shipped", "Cancelled"]);
    await api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Shipped", courier: "delhivery", awb: "1234567890123" }).expect(200);
    await api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Delivered" }).expect(200);
  });

  it("a rejected order can never be shipped", async () => {
    const { orderId } = await rxOrder();
    await review(orderId).set(pharmacist.headers).send({ decision: "reject", reason: REJECT_REASONS[2] }).expect(200);
    await api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send({ status: "Shipped" }).expect(409);
  });
});

describe("the pharmacist in the admin API", () => {
  it("reads the orders and the queue but changes no order and reaches no other admin call", async () => {
    const { orderId } = await rxOrder();
    await api().get("/api/admin/orders").set(pharmacist.headers).expect(200);
    const put = await api().put(`/api/admin/orders/${orderId}`).set(pharmacist.headers).send({ status: "Cancelled" });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe("Only admins can do this");
    for (const path of ["/api/admin/users", "/api/admin/products", "/api/admin/stats", "/api/admin/messages", "/api/admin/subscribers.csv", "/api/admin/reviews"]) {
      expect((await api().get(path).set(pharmacist.headers)).status, path).toBe(403);
    }
    await api().delete(`/api/admin/orders/${orderId}`).set(pharmacist.headers).expect(403);
    expect((await orderRow(orderId)).status).toBe("Processing");
  });

  it("GET /api/admin/prescriptions: pending first, oldest first, each with its orders; customers 403", async () => {
    const first = await rxOrder({ patientName: "Queue First" });
    const second = await rxOrder({ patientName: null, schedule: "H1" });
    const res = await api().get("/api/admin/prescriptions").query({ status: "pending", limit: 100 }).set(pharmacist.headers).expect(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const ids = res.body.map((entry: { _id: string }) => entry._id);
    expect(ids.indexOf(first.prescriptionId)).toBeLessThan(ids.indexOf(second.prescriptionId));
    // The queue follows the orders' review: every entry has an order still awaiting a decision.
    for (const entry of res.body) {
      expect(entry.orders.some((order: { prescriptionStatus: string; status: string }) => order.prescriptionStatus === "pending" && order.status !== "Cancelled")).toBe(true);
    }
    const entry = res.body.find((item: { _id: string }) => item._id === second.prescriptionId);
    expect(entry.orders).toEqual([
      expect.objectContaining({
        _id: second.orderId,
        orderNumber: second.orderNumber,
        prescriptionStatus: "pending",
        patient: "Asha Rao",
        rxLines: [expect.objectContaining({ schedule: "H1", quantity: 2 })],
      }),
    ]);
    const all = await api().get("/api/admin/prescriptions").set(admin.headers).expect(200);
    const statuses: string[] = all.body.map((item: { status: string }) => item.status);
    expect(statuses.indexOf("pending")).toBe(0);
    expect(statuses.slice(statuses.lastIndexOf("pending") + 1)).not.toContain("pending");
    await api().get("/api/admin/prescriptions").set(customer.headers).expect(403);
    await api().get("/api/admin/prescriptions").expect(401);
    await api().get("/api/admin/prescriptions").query({ status: "lost" }).set(pharmacist.headers).expect(400);
  });
});

describe("GET /api/admin/reports/h1-register.csv", () => {
  it("lists approved H1 lines of the range (India time) with prescriber and pharmacist, CSV-injection safe", async () => {
    const h1 = await rxOrder({ schedule: "H1", patientName: "=HYPERLINK(\"http://evil.example\")", lines: [{ name: "Alprazolam 0.25 mg", unitPricePaise: 5000, quantity: 3, batchNumber: "ALP-42", expiryDate: "2027-06-30" }] });
    const scheduleH = await rxOrder({ schedule: "H" });
    const notDecided = await rxOrder({ schedule: "H1" });
    await review(h1.orderId).set(pharmacist.headers).send(APPROVE).expect(200);
    await review(scheduleH.orderId).set(pharmacist.headers).send(APPROVE).expect(200);
    // Approved at 20:00 UTC on 1 March = 01:30 IST on 2 March: the register's day is 2 March.
    await shop.context.db.update(orders).set({ prescriptionReviewedAt: new Date("2026-03-01T20:00:00Z") }).where(eq(orders.id, h1.orderId));

    const res = await api().get("/api/admin/reports/h1-register.csv").query({ from: "2026-03-02", to: "2026-03-02" }).set(pharmacist.headers).expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain("h1-register-2026-03-02-to-2026-03-02.csv");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const rows = res.text.trim().split("\r\n");
    expect(rows[0]).toBe(
      "Date,Order number,Patient,Patient address,Prescriber,Prescriber registration,Drug,Quantity,Batch,Expiry,Pharmacist,Pharmacist registration",
    );
    expect(rows).toHaveLength(2);
    // The patient's address (rule 65: name and address), as the order was sent.
    expect(rows[1]).toContain(
      `2026-03-02,${h1.orderNumber},"'=HYPERLINK(""http://evil.example"")","12 MG Road, Bengaluru 560001, India",Dr Meera Iyer,KMC 56789,Alprazolam 0.25 mg,3,ALP-42,2027-06-30,Ravi Kumar,KA/`,
    );
    expect(res.text).not.toContain(scheduleH.orderNumber);
    expect(res.text).not.toContain(notDecided.orderNumber);

    const dayBefore = await api().get("/api/admin/reports/h1-register.csv").query({ from: "2026-03-01", to: "2026-03-01" }).set(admin.headers).expect(200);
    expect(dayBefore.text.trim().split("\r\n")).toHaveLength(1);
  });

  it("answers any period within the register's three years of retention, as an inspector asks (issue 26)", async () => {
    const h1 = await rxOrder({ schedule: "H1", lines: [{ name: "Zolpidem 5 mg", unitPricePaise: 5000, quantity: 1 }] });
    await review(h1.orderId).set(pharmacist.headers).send(APPROVE).expect(200);
    await shop.context.db.update(orders).set({ prescriptionReviewedAt: new Date("2024-06-15T06:00:00Z") }).where(eq(orders.id, h1.orderId));
    // Three calendar years, both days included: 1,097 days.
    const res = await api().get("/api/admin/reports/h1-register.csv").query({ from: "2023-03-02", to: "2026-03-02" }).set(pharmacist.headers).expect(200);
    expect(res.text).toContain(`2024-06-15,${h1.orderNumber},`);
    expect(res.headers["content-disposition"]).toContain("h1-register-2023-03-02-to-2026-03-02.csv");
    // One day more than three years is beyond retention.
    const beyond = await api().get("/api/admin/reports/h1-register.csv").query({ from: "2023-03-01", to: "2026-03-02" }).set(pharmacist.headers);
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe("Choose a from and a to date (YYYY-MM-DD), from not after to, at most 3 years apart");
  });

  it("refuses a missing, reversed or impossible range with a sentence, and customers", async () => {
    for (const query of [{}, { from: "2026-03-02" }, { from: "2026-03-05", to: "2026-03-01" }, { from: "2026-02-30", to: "2026-03-01" }, { from: "2022-12-31", to: "2026-01-01" }]) {
      const res = await api().get("/api/admin/reports/h1-register.csv").query(query).set(pharmacist.headers);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe(REVIEW_MESSAGES.dateRangeInvalid);
    }
    await api().get("/api/admin/reports/h1-register.csv").query({ from: "2026-03-01", to: "2026-03-02" }).set(customer.headers).expect(403);
    await api().get("/api/admin/reports/h1-register.csv").query({ from: "2026-03-01", to: "2026-03-02" }).expect(401);
  });
});

describe("assigning the pharmacist role (PUT /api/admin/users/:id)", () => {
  it("needs a registration number, keeps it while a pharmacist, drops it with the role; admins only", async () => {
    const person = await createCustomer(shop.context);
    const missing = await api().put(`/api/admin/users/${person.id}`).set(admin.headers).send({ role: "pharmacist" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.pharmacistRegistration).toBe("Enter the pharmacist's registration number (State Pharmacy Council)");
    const bad = await api().put(`/api/admin/users/${person.id}`).set(admin.headers).send({ role: "pharmacist", pharmacistRegistration: "<script>" });
    expect(bad.status).toBe(400);
    const made = await api().put(`/api/admin/users/${person.id}`).set(admin.headers).send({ role: "pharmacist", pharmacistRegistration: " MH/2024/118 " });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.user).toMatchObject({ role: "pharmacist", pharmacistRegistration: "MH/2024/118" });
    // The new pharmacist reaches the queue at once (the role is read with the session).
    await api().get("/api/admin/prescriptions").set(person.headers).expect(200);
    const renamed = await api().put(`/api/admin/users/${person.id}`).set(admin.headers).send({ name: "Renamed Pharmacist" }).expect(200);
    expect(renamed.body.user.pharmacistRegistration).toBe("MH/2024/118");
    const back = await api().put(`/api/admin/users/${person.id}`).set(admin.headers).send({ role: "customer" }).expect(200);
    expect(back.body.user).toMatchObject({ role: "customer", pharmacistRegistration: null });
    await api().get("/api/admin/prescriptions").set(person.headers).expect(403);
    await api().put(`/api/admin/users/${person.id}`).set(admin.headers).send({ role: "chemist" }).expect(400);
    await api().put(`/api/admin/users/${person.id}`).set(pharmacist.headers).send({ role: "pharmacist", pharmacistRegistration: "X1" }).expect(403);
    await api().put(`/api/admin/users/${person.id}`).set(customer.headers).send({ role: "admin" }).expect(403);
  });

  it("POST /api/admin/users with the pharmacist role needs the registration too", async () => {
    const email = `pharm-${crypto.randomUUID().slice(0, 6)}@example.com`;
    await api().post("/api/admin/users").set(admin.headers).send({ name: "New Pharmacist", email, password: "secret123", role: "pharmacist" }).expect(400);
    const created = await api()
      .post("/api/admin/users")
      .set(admin.headers)
      .send({ name: "New Pharmacist", email, password: "secret123", role: "pharmacist", pharmacistRegistration: "KA-7781" })
      .expect(201);
    expect(created.body.user).toMatchObject({ role: "pharmacist", pharmacistRegistration: "KA-7781" });
  });
});

describe("four eyes and a council's registration number (issue 26, item 4)", () => {
  it("a pharmacist cannot approve an order they placed or a prescription they uploaded; another pharmacist can", async () => {
    // Their own order, with their own upload (the blank image of the finding).
    const own = await insertOrder(shop.context, { userId: pharmacist.id });
    await makeRx(own.id, { userId: pharmacist.id });
    const refused = await review(own.id).set(pharmacist.headers).send(APPROVE);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REVIEW_MESSAGES.ownOrder);
    const rejectOwn = await review(own.id).set(pharmacist.headers).send({ decision: "reject", reason: REJECT_REASONS[0] });
    expect(rejectOwn.body.message).toBe(REVIEW_MESSAGES.ownOrder);
    expect((await orderRow(own.id)).prescriptionStatus).toBe("pending");

    // A prescription they uploaded, on someone else's order.
    const theirs = await insertOrder(shop.context, { userId: customer.id });
    await makeRx(theirs.id, { userId: pharmacist.id });
    const uploaded = await review(theirs.id).set(pharmacist.headers).send(APPROVE);
    expect(uploaded.status).toBe(403);
    expect(uploaded.body.message).toBe(REVIEW_MESSAGES.ownPrescription);

    const colleague = await createPharmacist(shop.context, { name: "Second Pharmacist" });
    await review(own.id).set(colleague.headers).send(APPROVE).expect(200);
    await review(theirs.id).set(colleague.headers).send(APPROVE).expect(200);
    const row = await orderRow(own.id);
    expect(row.prescriptionReviewerId).toBe(colleague.id);
  });

  it("refuses registration numbers without a State Pharmacy Council's form, at creation and at promotion", async () => {
    const email = `pharm-${crypto.randomUUID().slice(0, 6)}@example.com`;
    for (const number of ["1", "12345", "XX/12345", "KA", "KA/1", "<script>"]) {
      const res = await api().post("/api/admin/users").set(admin.headers).send({ name: "Fake", email, password: "secret123", role: "pharmacist", pharmacistRegistration: number });
      expect(res.status, number).toBe(400);
      expect(res.body.errors.pharmacistRegistration).toBe(
        "Enter the State Pharmacy Council registration number: the State's code and the number, e.g. KA/12345 or MH-2019-0456",
      );
    }
    const person = await createCustomer(shop.context);
    await api().put(`/api/admin/users/${person.id}`).set(admin.headers).send({ role: "pharmacist", pharmacistRegistration: "1" }).expect(400);
    const made = await api().put(`/api/admin/users/${person.id}`).set(admin.headers).send({ role: "pharmacist", pharmacistRegistration: "tn 45821" }).expect(200);
    expect(made.body.user.pharmacistRegistration).toBe("TN 45821");
  });

  it("a pharmacist whose stored number has no council form cannot approve until an admin corrects it", async () => {
    const older = await createPharmacist(shop.context, { name: "Older Pharmacist" });
    // Written before the form was checked.
    await shop.context.db.update(user).set({ pharmacistRegistration: "1" }).where(eq(user.id, older.id));
    const { orderId } = await rxOrder();
    const res = await review(orderId).set(older.headers).send(APPROVE);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REVIEW_MESSAGES.reviewerRegistrationImplausible);
    expect((await orderRow(orderId)).prescriptionStatus).toBe("pending");
    await api().put(`/api/admin/users/${older.id}`).set(admin.headers).send({ pharmacistRegistration: "KA/45821" }).expect(200);
    await review(orderId).set(older.headers).send(APPROVE).expect(200);
    expect((await orderRow(orderId)).prescriptionReviewerRegistration).toBe("KA/45821");
  });

  it("creating or promoting a pharmacist is in the audit log and emailed to every admin; the approval email names the number", async () => {
    const otherAdmin = await createAdmin(shop.context, { name: "Other Admin" });
    const email = `pharm-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const created = await api()
      .post("/api/admin/users")
      .set(admin.headers)
      .send({ name: "Meena Pharmacist", email, password: "secret123", role: "pharmacist", pharmacistRegistration: "DL-10234" })
      .expect(201);
    const id: string = created.body.user._id;
    const [audit] = await shop.context.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, "user.create")));
    expect(audit).toMatchObject({ actorId: admin.id, after: expect.objectContaining({ role: "pharmacist", pharmacistRegistration: "DL-10234" }) });
    for (const to of [admin.email, otherAdmin.email]) {
      const told = (await emailsTo(to)).filter((mail) => mail.subject === "Meena Pharmacist is now a pharmacist at Healthcare Pharma");
      expect(told, to).toHaveLength(1);
      expect(told[0]!.text).toContain(`made Meena Pharmacist (${email}) a pharmacist with State Pharmacy Council registration DL-10234`);
      expect(told[0]!.text).toContain(`/admin/audit?entity=user&entityId=${id}`);
    }

    const person = await createCustomer(shop.context, { name: "Promoted Person" });
    await api().put(`/api/admin/users/${person.id}`).set(otherAdmin.headers).send({ role: "pharmacist", pharmacistRegistration: "MH/2019/0456" }).expect(200);
    const [role] = await shop.context.db.select().from(auditLog).where(and(eq(auditLog.entityId, person.id), eq(auditLog.action, "user.role")));
    expect(role).toMatchObject({ actorId: otherAdmin.id, after: { role: "pharmacist", pharmacistRegistration: "MH/2019/0456" } });
    expect((await emailsTo(admin.email)).filter((mail) => mail.subject === "Promoted Person is now a pharmacist at Healthcare Pharma")).toHaveLength(1);
    // A customer made is nobody's news.
    await api().post("/api/admin/users").set(admin.headers).send({ name: "Plain Customer", email: `c-${email}`, password: "secret123" }).expect(201);
    expect((await emailsTo(otherAdmin.email)).filter((mail) => mail.subject.startsWith("Plain Customer"))).toHaveLength(0);

    const { orderId } = await rxOrder();
    await review(orderId).set(pharmacist.headers).send(APPROVE).expect(200);
    const { orderNumber, customerEmail } = await orderRow(orderId);
    const approved = (await emailsTo(customerEmail)).find((mail) => mail.subject === `Order ${orderNumber}: Prescription approved`);
    const [reviewer] = await shop.context.db.select().from(user).where(eq(user.id, pharmacist.id));
    expect(approved?.text).toContain(`our pharmacist, Ravi Kumar (registration ${reviewer!.pharmacistRegistration}), has checked and approved`);
  });
});

describe("orders with prescriptions are kept", () => {
  it("removing a cancelled, unpaid Rx order archives it (its prescriptions stay), never a 500", async () => {
    const { orderId, prescriptionId } = await rxOrder({ isPaid: false });
    await review(orderId).set(pharmacist.headers).send({ decision: "reject", reason: REJECT_REASONS[0] }).expect(200);
    const res = await api().delete(`/api/admin/orders/${orderId}`).set(admin.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.archived).toBe(true);
    expect((await orderRow(orderId)).archivedAt).toBeInstanceOf(Date);
    const kept = await shop.context.db.select().from(orderPrescriptions).where(eq(orderPrescriptions.prescriptionId, prescriptionId));
    expect(kept).toHaveLength(1);
  });
});

describe("the queue's pending list", () => {
  it("leaves out a prescription whose only order the customer cancelled (nothing left to decide)", async () => {
    const cancelled = await rxOrder({ status: "Cancelled" });
    const waiting = await rxOrder();
    const res = await api().get("/api/admin/prescriptions").query({ status: "pending", limit: 100 }).set(pharmacist.headers).expect(200);
    const ids = res.body.map((entry: { _id: string }) => entry._id);
    expect(ids).toContain(waiting.prescriptionId);
    expect(ids).not.toContain(cancelled.prescriptionId);
    const all = await api().get("/api/admin/prescriptions").query({ limit: 100 }).set(pharmacist.headers).expect(200);
    expect(all.body.map((entry: { _id: string }) => entry._id)).toContain(cancelled.prescriptionId);
  });
});

describe("one prescription attached to two orders (decisions/020: each order decided on its own)", () => {
  /** Orders A and B placed with the same prescription, both awaiting review. */
  async function sharedPrescription() {
    const a = await rxOrder({ patientName: "Shared Rx" });
    const b = await insertOrder(shop.context, { userId: customer.id });
    const { db } = shop.context;
    await db.update(orderLines).set({ schedule: "H" }).where(eq(orderLines.orderId, b.id));
    await db.update(orders).set({ prescriptionStatus: "pending" }).where(eq(orders.id, b.id));
    await db.insert(orderPrescriptions).values({ orderId: b.id, prescriptionId: a.prescriptionId });
    return { a: a.orderId, b: b.id, prescriptionId: a.prescriptionId };
  }

  async function prescriptionRow(id: string) {
    const [row] = await shop.context.db.select().from(prescriptions).where(eq(prescriptions.id, id));
    return row!;
  }

  async function queued(orderId: string) {
    const res = await api().get("/api/admin/prescriptions").query({ status: "pending", limit: 100 }).set(pharmacist.headers).expect(200);
    const entries = res.body.filter((entry: { orders: { _id: string; prescriptionStatus: string }[] }) =>
      entry.orders.some((order) => order._id === orderId && order.prescriptionStatus === "pending"),
    );
    return { entries, total: Number(res.headers["x-total-count"]) };
  }

  it("rejecting A keeps B in the queue and the badge; approving B leaves the prescription rejected and B shippable", async () => {
    const { a, b, prescriptionId } = await sharedPrescription();
    const badgeBefore = await pendingReviewCount(shop.context.db);
    expect((await queued(b)).entries).toHaveLength(1);

    await review(a).set(pharmacist.headers).send({ decision: "reject", reason: REJECT_REASONS[0] }).expect(200);
    expect(await prescriptionRow(prescriptionId)).toMatchObject({ status: "rejected", rejectReason: REJECT_REASONS[0] });
    expect(await pendingReviewCount(shop.context.db)).toBe(badgeBefore - 1);
    const { entries } = await queued(b);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ _id: prescriptionId, status: "rejected" });
    expect(entries[0].orders.map((order: { _id: string }) => order._id)).toEqual([a, b]);

    await review(b).set(pharmacist.headers).send(APPROVE).expect(200);
    expect(await prescriptionRow(prescriptionId)).toMatchObject({ status: "rejected", rejectReason: REJECT_REASONS[0] });
    expect(await orderRow(a)).toMatchObject({ status: "Cancelled", prescriptionStatus: "rejected" });
    expect(await orderRow(b)).toMatchObject({ status: "Processing", prescriptionStatus: "approved", prescriberName: APPROVE.prescriberName });
    expect(await pendingReviewCount(shop.context.db)).toBe(badgeBefore - 2);
    expect((await queued(b)).entries).toHaveLength(0);
    const pendingIds = (await api().get("/api/admin/prescriptions").query({ status: "pending", limit: 100 }).set(pharmacist.headers).expect(200)).body.map(
      (entry: { _id: string }) => entry._id,
    );
    expect(pendingIds).not.toContain(prescriptionId);
    await api().put(`/api/admin/orders/${b}`).set(admin.headers).send({ status: "Shipped", courier: "delhivery", awb: "1234567890123" }).expect(200);
  });

  it("approving A then rejecting B leaves the prescription approved and cancels B", async () => {
    const { a, b, prescriptionId } = await sharedPrescription();
    const badgeBefore = await pendingReviewCount(shop.context.db);
    await review(a).set(pharmacist.headers).send(APPROVE).expect(200);
    expect((await prescriptionRow(prescriptionId)).status).toBe("approved");
    expect(await pendingReviewCount(shop.context.db)).toBe(badgeBefore - 1);
    expect((await queued(b)).entries).toHaveLength(1);

    await review(b).set(pharmacist.headers).send({ decision: "reject", reason: REJECT_REASONS[1] }).expect(200);
    expect(await prescriptionRow(prescriptionId)).toMatchObject({ status: "approved", rejectReason: null });
    expect(await orderRow(a)).toMatchObject({ status: "Processing", prescriptionStatus: "approved" });
    expect(await orderRow(b)).toMatchObject({ status: "Cancelled", prescriptionStatus: "rejected", prescriptionRejectReason: REJECT_REASONS[1] });
    expect(await pendingReviewCount(shop.context.db)).toBe(badgeBefore - 2);
    expect((await queued(b)).entries).toHaveLength(0);
  });
});

describe("the decision's messages to the order's phone (decisions/054)", () => {
  const messagesOf = async (orderId: string) =>
    (await shop.context.db.select().from(outboundMessages).where(eq(outboundMessages.orderId, orderId))).map((row) => `${row.channel}:${row.template}`).sort();

  it("approval queues prescription_approved by SMS", async () => {
    const { orderId } = await rxOrder();
    await review(orderId).set(pharmacist.headers).send(APPROVE).expect(200);
    expect(await messagesOf(orderId)).toEqual(["sms:prescription_approved"]);
  });

  it("rejection of a paid order queues prescription_rejected and the refund, and no separate cancellation", async () => {
    const { orderId } = await paidRxOrder();
    await review(orderId).set(pharmacist.headers).send({ decision: "reject", reason: REJECT_REASONS[0] }).expect(200);
    expect(await messagesOf(orderId)).toEqual(["sms:order_paid", "sms:order_refunded", "sms:prescription_rejected"]);
    const [refunded] = await shop.context.db.select().from(outboundMessages).where(and(eq(outboundMessages.orderId, orderId), eq(outboundMessages.template, "order_refunded")));
    expect(refunded!.params[2]).toBe("300.00");
  });
});
