// Checkout after a pharmacist's proposal (api-contract.md, "Order by prescription": "checking out
// then uses that prescription, already reviewed for those items by the same pharmacist";
// decisions/058): an order whose prescription-only lines are within the proposal is placed
// approved by that pharmacist (name, registration, prescriber, the H1 register); anything beyond
// the proposal, another prescription, a used-up proposal or a pharmacist no longer one waits for
// the review as before.
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { istDay } from "#common/dates.ts";
import { auditLog, orderStatusHistory, orders, prescriptions, user as users } from "#server/db/schema.ts";
import { pendingReviewCount } from "#server/modules/pharmacy/review.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, createPharmacist, type TestUser } from "../support/users.ts";
import { address, checkout, makeProduct, verifyEmailOf } from "./checkout-helpers.ts";
import { PRESCRIBER, uploadFor } from "./prescription-order-helpers.ts";

let shop: TestShop;
let pharmacist: TestUser;
const api = () => request(shop.app);

/** A verified shopper whose request was answered with `items` by `by`; their cart holds exactly those items. */
async function proposed(items: { productId: string; quantity: number }[], by: TestUser = pharmacist) {
  const shopper = await createCustomer(shop.context);
  await verifyEmailOf(shop, shopper);
  const prescriptionId = await uploadFor(shop, shopper);
  const asked = await api().post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId }).expect(201);
  const res = await api().post(`/api/admin/prescription-orders/${asked.body._id}/proposal`).set(by.headers).send({ items, ...PRESCRIBER });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { shopper, prescriptionId, requestId: asked.body._id as string };
}

async function addToCart(shopper: TestUser, line: { productId: string; quantity: number }) {
  const res = await api().post("/api/cart").set(shopper.headers).send(line);
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
}

const placeWith = (shopper: TestUser, prescriptionIds: string[]) => checkout(shop, shopper, { shippingAddress: address, paymentMethod: "razorpay", prescriptionIds });

async function orderRow(orderId: string) {
  const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function pay(shopper: TestUser, orderId: string) {
  const signed = await api().post(`/api/payments/test/${orderId}/pay`).set(shopper.headers).expect(200);
  await api().post(`/api/checkout/${orderId}/verify`).set(shopper.headers).send(signed.body).expect(200);
}

const rxProduct = (values: { name?: string; schedule?: "H" | "H1" } = {}) =>
  makeProduct(shop.context, { schedule: values.schedule ?? "H", prescriptionRequired: true, stock: 20, pricePaise: 12000, mrpPaise: 12000, ...(values.name ? { name: values.name } : {}) });

beforeAll(async () => {
  shop = await createTestShop();
  pharmacist = await createPharmacist(shop.context, { name: "Ravi Kumar" });
});
afterAll(() => shop?.close());

describe("checkout within a proposal: no second review", () => {
  it("places the order approved by the proposing pharmacist, recorded as an approval and in the H1 register", async () => {
    const h1 = await rxProduct({ name: "Clonazepam 0.5", schedule: "H1" });
    const otc = await makeProduct(shop.context, { name: "Vitamin C", stock: 20 });
    const { shopper, prescriptionId, requestId } = await proposed([
      { productId: h1.id, quantity: 2 },
      { productId: otc.id, quantity: 1 },
    ]);
    const waitingBefore = await pendingReviewCount(shop.context.db);
    const res = await placeWith(shopper, [prescriptionId]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const orderId: string = res.body.order._id;
    expect(res.body.order.prescription).toMatchObject({ status: "approved", prescriptionIds: [prescriptionId] });
    const [pharmacistRow] = await shop.context.db.select().from(users).where(eq(users.id, pharmacist.id));
    expect(await orderRow(orderId)).toMatchObject({
      prescriptionStatus: "approved",
      prescriptionReviewerId: pharmacist.id,
      prescriptionReviewerName: "Ravi Kumar",
      prescriptionReviewerRegistration: pharmacistRow!.pharmacistRegistration,
      prescriberName: "Dr Meera Iyer",
      prescriberRegistration: "KMC 56789",
    });
    expect((await orderRow(orderId)).prescriptionReviewedAt).toBeInstanceOf(Date);
    expect(await pendingReviewCount(shop.context.db)).toBe(waitingBefore);
    const [prescription] = await shop.context.db.select().from(prescriptions).where(eq(prescriptions.id, prescriptionId));
    expect(prescription!.status).toBe("approved");
    const history = await shop.context.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((row) => row.note)).toContain(`Prescription approved by Ravi Kumar (registration ${pharmacistRow!.pharmacistRegistration}) with the items they proposed from it`);
    const [audit] = await shop.context.db.select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, "order.prescription-approve")));
    expect(audit).toMatchObject({ actorId: pharmacist.id, actorRole: "pharmacist" });
    expect(audit!.after).toMatchObject({ prescriptionOrderId: requestId });
    // Paid, it is in the register like any approved H1 sale, with the pharmacist and the prescriber.
    await pay(shopper, orderId);
    const today = istDay(new Date());
    const csv = await api().get("/api/admin/reports/h1-register.csv").query({ from: today, to: today }).set(pharmacist.headers).expect(200);
    const line = csv.text.split("\n").find((row) => row.includes(res.body.order.orderNumber));
    expect(line).toContain("Clonazepam 0.5");
    expect(line).toContain("Dr Meera Iyer");
    expect(line).toContain(pharmacistRow!.pharmacistRegistration!);
    // A second pharmacist's review is not asked: the order is already decided.
    const second = await createPharmacist(shop.context);
    const review = await api().post(`/api/admin/orders/${orderId}/prescription-review`).set(second.headers).send({ decision: "approve", ...PRESCRIBER });
    expect(review.status).toBe(409);
  });

  it("fewer units than proposed are covered too", async () => {
    const rx = await rxProduct();
    const { shopper, prescriptionId } = await proposed([{ productId: rx.id, quantity: 3 }]);
    await api().put("/api/cart").set(shopper.headers).send({ productId: rx.id, quantity: 1 }).expect(200);
    const res = await placeWith(shopper, [prescriptionId]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.prescription.status).toBe("approved");
  });
});

describe("checkout beyond a proposal: the review as before", () => {
  it("more units than proposed wait for the review", async () => {
    const rx = await rxProduct();
    const { shopper, prescriptionId } = await proposed([{ productId: rx.id, quantity: 2 }]);
    await addToCart(shopper, { productId: rx.id, quantity: 1 });
    const res = await placeWith(shopper, [prescriptionId]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.prescription.status).toBe("pending");
    expect(await orderRow(res.body.order._id)).toMatchObject({ prescriptionReviewerId: null, prescriberName: null });
  });

  it("a prescription-only product the pharmacist did not propose makes the whole order wait", async () => {
    const proposedRx = await rxProduct();
    const extra = await rxProduct();
    const { shopper, prescriptionId } = await proposed([{ productId: proposedRx.id, quantity: 1 }]);
    await addToCart(shopper, { productId: extra.id, quantity: 1 });
    const res = await placeWith(shopper, [prescriptionId]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.prescription.status).toBe("pending");
  });

  it("without the proposal's prescription: another prescription waits, none is refused", async () => {
    const rx = await rxProduct();
    const { shopper } = await proposed([{ productId: rx.id, quantity: 1 }]);
    const none = await placeWith(shopper, []);
    expect(none.status).toBe(400);
    const other = await uploadFor(shop, shopper);
    const res = await placeWith(shopper, [other]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.prescription.status).toBe("pending");
  });

  it("a proposal covers its units once: a second order waits, and a cancelled one gives its units back", async () => {
    const rx = await rxProduct();
    const { shopper, prescriptionId } = await proposed([{ productId: rx.id, quantity: 2 }]);
    const first = await placeWith(shopper, [prescriptionId]);
    expect(first.body.order.prescription.status).toBe("approved");
    await pay(shopper, first.body.order._id);
    await addToCart(shopper, { productId: rx.id, quantity: 1 });
    const second = await placeWith(shopper, [prescriptionId]);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.order.prescription.status).toBe("pending");
    // The first order cancelled (before dispatch): its units count no more.
    await api().post(`/api/orders/${second.body.order._id}/cancel`).set(shopper.headers).expect(200);
    await api().post(`/api/orders/${first.body.order._id}/cancel`).set(shopper.headers).expect(200);
    await addToCart(shopper, { productId: rx.id, quantity: 1 });
    const third = await placeWith(shopper, [prescriptionId]);
    expect(third.status, JSON.stringify(third.body)).toBe(201);
    expect(third.body.order.prescription.status).toBe("approved");
  });

  it("a proposal by an account that is no longer a pharmacist approves nothing", async () => {
    const leaving = await createPharmacist(shop.context, { name: "Former Pharmacist" });
    const rx = await rxProduct();
    const { shopper, prescriptionId } = await proposed([{ productId: rx.id, quantity: 1 }], leaving);
    await shop.context.db.update(users).set({ role: "customer", pharmacistRegistration: null }).where(eq(users.id, leaving.id));
    const res = await placeWith(shopper, [prescriptionId]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.order.prescription.status).toBe("pending");
  });
});
