// Subscribe and refill (issue 32, api-contract.md "Reorder and refills", decisions/057): every
// call of /api/refills and /api/admin/refills, whose refill is whose (another's is 404), the
// bodies' checks, and the job: a refill due today ordered once per refill and date however many
// runs race, at that day's prices; out of stock or a PIN no longer served orders nothing and tells
// the shopper; prescription-only items never beyond the pharmacist's cover nor after its date;
// the reminder three days ahead queued once.
import { and, eq, gte, lte } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addIstDays, istDay } from "#common/dates.ts";
import { REFILL_MESSAGES } from "#common/refills.ts";
import {
  orderLines,
  orderPrescriptions,
  orders,
  outboundEmails,
  outboundMessages,
  prescriptionCovers,
  prescriptions,
  products,
  refillRuns,
  refills,
  serviceabilityRanges,
} from "#server/db/schema.ts";
import { remindRefills, runRefills } from "#server/modules/refills/job.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, type TestUser } from "../support/users.ts";
import { makeProduct, verifyEmailOf } from "./checkout-helpers.ts";

let shop: TestShop;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let ownerAddress: string;
let strangerAddress: string;

const api = () => request(shop.app);
const db = () => shop.context.db;

async function saveAddress(user: TestUser, postalCode = "560001") {
  const res = await api()
    .post("/api/users/addresses")
    .set(user.headers)
    .send({ fullName: "Asha Rao", phone: "9876543210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as string;
}

beforeAll(async () => {
  shop = await createTestShop({ MAX_UNITS_PER_PRODUCT: "10" });
  [owner, stranger, admin] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context), createAdmin(shop.context)]);
  await Promise.all([verifyEmailOf(shop, owner), verifyEmailOf(shop, stranger)]);
  [ownerAddress, strangerAddress] = await Promise.all([saveAddress(owner), saveAddress(stranger)]);
});
afterAll(() => shop?.close());

beforeEach(async () => {
  // Each test starts without refills or open orders, so the COD limits and the job see only its own.
  await db().delete(refills);
  await db().update(orders).set({ status: "Cancelled" });
});

async function subscribe(user: TestUser, body: Record<string, unknown>) {
  return api().post("/api/refills").set(user.headers).send(body);
}

async function codRefill(user: TestUser, addressId: string, items: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  const res = await subscribe(user, { items, everyDays: 30, addressId, paymentMethod: "cod", ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; nextOrderOn: string };
}

const runsOf = (refillId: string) => db().select().from(refillRuns).where(eq(refillRuns.refillId, refillId));
const refillRow = async (id: string) => (await db().select().from(refills).where(eq(refills.id, id)))[0]!;

describe("/api/refills: the shopper's calls", () => {
  it("sets up a refill (201, the contract's shape), lists it, reads it, changes, skips, pauses and cancels it", async () => {
    const item = await makeProduct(shop.context, { pricePaise: 25000 });
    const start = addIstDays(istDay(), 5);
    const created = await subscribe(owner, { items: [{ productId: item.id, quantity: 2 }], everyDays: 60, addressId: ownerAddress, paymentMethod: "cod", startOn: start });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      items: [{ productId: item.id, quantity: 2, name: item.name, price: 250 }],
      everyDays: 60,
      nextOrderOn: start,
      status: "active",
      paymentMethod: "cod",
      address: { firstName: "Asha", lastName: "Rao", postalCode: "560001", phone: "9876543210" },
    });
    const id = created.body._id as string;

    expect((await api().get("/api/refills").set(owner.headers).expect(200)).body.map((r: { _id: string }) => r._id)).toEqual([id]);
    expect((await api().get(`/api/refills/${id}`).set(owner.headers).expect(200)).body._id).toBe(id);

    const changed = await api().put(`/api/refills/${id}`).set(owner.headers).send({ items: [{ productId: item.id, quantity: 3 }], everyDays: 90 }).expect(200);
    expect(changed.body).toMatchObject({ everyDays: 90, items: [{ quantity: 3 }], nextOrderOn: start });

    const skipped = await api().post(`/api/refills/${id}/skip`).set(owner.headers).expect(200);
    expect(skipped.body.nextOrderOn).toBe(addIstDays(start, 90));

    expect((await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "paused" }).expect(200)).body.status).toBe("paused");
    expect((await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "active" }).expect(200)).body.status).toBe("active");

    expect((await api().delete(`/api/refills/${id}`).set(owner.headers).expect(200)).body.status).toBe("cancelled");
    const again = await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "active" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REFILL_MESSAGES.cancelled);
    expect((await api().post(`/api/refills/${id}/skip`).set(owner.headers)).status).toBe(409);
  });

  it("answers another customer's refill, and an unknown id, 404 on every call; signed out 401", async () => {
    const item = await makeProduct(shop.context);
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: item.id, quantity: 1 }]);
    for (const call of [
      api().get(`/api/refills/${id}`),
      api().put(`/api/refills/${id}`).send({ status: "paused" }),
      api().delete(`/api/refills/${id}`),
      api().post(`/api/refills/${id}/skip`),
      api().get("/api/refills/no-such-refill"),
    ]) {
      const res = await call.set(stranger.headers);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(REFILL_MESSAGES.notFound);
    }
    expect((await api().get("/api/refills").set(stranger.headers).expect(200)).body).toEqual([]);
    expect((await refillRow(id)).status).toBe("active");
    expect((await api().get("/api/refills")).status).toBe(401);
    expect((await api().post("/api/refills").send({})).status).toBe(401);
  });

  it("refuses bad bodies with a message per field, never a library's", async () => {
    const item = await makeProduct(shop.context);
    const good = { items: [{ productId: item.id, quantity: 1 }], everyDays: 30, addressId: ownerAddress, paymentMethod: "cod" };
    const cases: [Record<string, unknown> | unknown[], string, string][] = [
      [{ ...good, items: [] }, "items", REFILL_MESSAGES.items],
      [{ ...good, items: [{ productId: item.id, quantity: 0 }] }, "items", REFILL_MESSAGES.quantity],
      [{ ...good, items: [{ productId: item.id, quantity: 1 }, { productId: item.id, quantity: 2 }] }, "items", REFILL_MESSAGES.duplicate],
      [{ ...good, items: Array.from({ length: 21 }, (_, i) => ({ productId: `p${i}`, quantity: 1 })) }, "items", REFILL_MESSAGES.tooManyItems],
      [{ ...good, everyDays: 45 }, "everyDays", REFILL_MESSAGES.everyDays],
      [{ ...good, paymentMethod: "card" }, "paymentMethod", REFILL_MESSAGES.paymentMethod],
      [{ ...good, startOn: addIstDays(istDay(), -1) }, "startOn", REFILL_MESSAGES.startOn],
      [{ ...good, startOn: "2027-02-30" }, "startOn", REFILL_MESSAGES.startOn],
      [{ ...good, addressId: strangerAddress }, "addressId", REFILL_MESSAGES.address],
      [{ ...good, items: [{ productId: item.id, quantity: 11 }] }, "items", REFILL_MESSAGES.overLimit(item.name, 10)],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribe(owner, body as Record<string, unknown>);
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors?.[field]).toBe(message);
      expect(res.body.message).toBe(message);
    }
    const array = await api().post("/api/refills").set(owner.headers).send([good]);
    expect(array.status).toBe(400);
    expect(array.body.message).toBe("Send the fields as a JSON object");
    const nothing = await api().put("/api/refills/x").set(owner.headers).send({ role: "admin" });
    expect(nothing.status).toBe(404);
    // Fields a shopper may not set are ignored, never written.
    const { _id } = await codRefill(owner, ownerAddress, [{ productId: item.id, quantity: 1 }], { status: "cancelled", userId: stranger.id, lastOrderId: "x" });
    expect(await refillRow(_id)).toMatchObject({ status: "active", userId: owner.id, lastOrderId: null });
    const empty = await api().put(`/api/refills/${_id}`).set(owner.headers).send({ nextOrderOn: "2020-01-01" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(REFILL_MESSAGES.nothingToChange);
  });

  it("refuses a product not sold online, and cash on delivery where the PIN does not offer it", async () => {
    const hidden = await makeProduct(shop.context, { published: false });
    const res = await subscribe(owner, { items: [{ productId: hidden.id, quantity: 1 }], everyDays: 30, addressId: ownerAddress, paymentMethod: "cod" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(REFILL_MESSAGES.unavailable(hidden.name));
  });
});

describe("the refill job", () => {
  it("orders a refill due today once, at that day's prices, however many runs race; the date moves on one period", async () => {
    const item = await makeProduct(shop.context, { pricePaise: 30000, stock: 20 });
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: item.id, quantity: 2 }]);
    // The price changed after the refill was set up: the order takes today's.
    await db().update(products).set({ pricePaise: 32000, mrpPaise: 32000 }).where(eq(products.id, item.id));
    const results = await Promise.all([runRefills(shop.context), runRefills(shop.context), runRefills(shop.context)]);
    expect(results.reduce((sum, r) => sum + r.placed, 0)).toBe(1);
    await runRefills(shop.context);

    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: "placed", orderOn: istDay() });
    const placed = await db().select().from(orders).where(eq(orders.id, runs[0]!.orderId!));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ userId: owner.id, paymentMethod: "cod", status: "Processing" });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, placed[0]!.id));
    expect(lines.map((l) => [l.productId, l.quantity, l.unitPricePaise])).toEqual([[item.id, 2, 32000]]);
    const row = await refillRow(id);
    expect(row).toMatchObject({ nextOrderOn: addIstDays(istDay(), 30), lastOrderId: placed[0]!.id, status: "active" });
    expect((await db().select().from(products).where(eq(products.id, item.id)))[0]!.stock).toBe(18);
    // A date acted on is never acted on again, even if the refill were set back to it: only the date moves on.
    await db().update(refills).set({ nextOrderOn: istDay() }).where(eq(refills.id, id));
    await Promise.all([runRefills(shop.context), runRefills(shop.context)]);
    expect(await runsOf(id)).toHaveLength(1);
    expect(await db().select().from(orders).where(eq(orders.userId, owner.id)).then((rows) => rows.filter((o) => o.status !== "Cancelled"))).toHaveLength(1);
    expect((await refillRow(id)).nextOrderOn).toBe(addIstDays(istDay(), 30));
    // The shopper's cart was not touched.
    expect((await api().get("/api/cart").set(owner.headers).expect(200)).body.products ?? []).toEqual([]);
  });

  it("places nothing when an item is out of stock: the shopper is told why (message and email), the refill stays with its next date", async () => {
    const item = await makeProduct(shop.context, { stock: 1 });
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: item.id, quantity: 3 }]);
    const messagesBefore = (await db().select().from(outboundMessages).where(eq(outboundMessages.template, "refill_not_placed"))).length;
    await runRefills(shop.context);
    await runRefills(shop.context);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: "not-placed", orderId: null });
    expect(runs[0]!.message).toContain(`${item.name} is out of stock`);
    const row = await refillRow(id);
    expect(row.status).toBe("active");
    expect(row.nextOrderOn).toBe(addIstDays(istDay(), 30));
    expect(row.notice).toContain("out of stock");
    const messages = await db().select().from(outboundMessages).where(eq(outboundMessages.template, "refill_not_placed"));
    expect(messages.length - messagesBefore).toBe(1);
    expect(messages.at(-1)).toMatchObject({ channel: "sms", to: "9876543210" });
    const emails = await db().select().from(outboundEmails).where(and(eq(outboundEmails.to, owner.email), eq(outboundEmails.subject, "Your refill order could not be placed")));
    expect(emails.length).toBeGreaterThanOrEqual(1);
    expect((await db().select().from(products).where(eq(products.id, item.id)))[0]!.stock).toBe(1);
  });

  it("places nothing when the PIN is no longer served", async () => {
    const item = await makeProduct(shop.context);
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: item.id, quantity: 1 }]);
    // The refill's delivery PIN stops being served after it was set up.
    const row = await refillRow(id);
    await db().update(refills).set({ address: { ...row.address, postalCode: "194101" } }).where(eq(refills.id, id));
    await db().delete(serviceabilityRanges).where(and(lte(serviceabilityRanges.pinFrom, 194101), gte(serviceabilityRanges.pinTo, 194101)));
    await runRefills(shop.context);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.outcome).toBe("not-placed");
    expect(runs[0]!.message).toContain(REFILL_MESSAGES.notServiceable);
    expect((await refillRow(id)).status).toBe("active");
  });

  it("reminds three days ahead, once per date (several runs), by message and email", async () => {
    const item = await makeProduct(shop.context);
    const date = addIstDays(istDay(), 3);
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: item.id, quantity: 1 }], { startOn: date });
    const before = (await db().select().from(outboundMessages).where(eq(outboundMessages.template, "refill_reminder"))).length;
    const counts = await Promise.all([remindRefills(shop.context), remindRefills(shop.context)]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await remindRefills(shop.context)).toBe(0);
    const reminders = await db().select().from(outboundMessages).where(eq(outboundMessages.template, "refill_reminder"));
    expect(reminders.length - before).toBe(1);
    expect(reminders.at(-1)!.params[2]).toMatch(/\/profile\/refills$/);
    expect((await refillRow(id)).remindedFor).toBe(date);
    // Skipped: the new date gets its own reminder when it comes near, not now.
    await api().post(`/api/refills/${id}/skip`).set(owner.headers).expect(200);
    expect(await remindRefills(shop.context)).toBe(0);
    // Nothing is ordered before the date.
    await runRefills(shop.context);
    expect(await runsOf(id)).toEqual([]);
  });
});

describe("never beyond the prescription", () => {
  async function approvedPrescription(user: TestUser, cover: { productId: string; quantity: number; until: string }[]) {
    const [prescription] = await db()
      .insert(prescriptions)
      .values({ userId: user.id, status: "approved", storageKey: `rx-${crypto.randomUUID()}.png`, fileName: "rx.png", contentType: "image/png", sizeBytes: 100 })
      .returning();
    if (cover.length > 0) await db().insert(prescriptionCovers).values(cover.map((entry) => ({ prescriptionId: prescription!.id, ...entry })));
    return prescription!.id;
  }

  it("needs the shopper's own approved prescription covering the item to set up a refill", async () => {
    const rx = await makeProduct(shop.context, { schedule: "H", prescriptionRequired: true });
    const items = [{ productId: rx.id, quantity: 2 }];
    const base = { items, everyDays: 30, addressId: ownerAddress, paymentMethod: "cod" };
    const none = await subscribe(owner, base);
    expect(none.status).toBe(400);
    expect(none.body.errors.prescriptionId).toBe(REFILL_MESSAGES.prescriptionRequired(rx.name));
    const others = await approvedPrescription(stranger, [{ productId: rx.id, quantity: 10, until: addIstDays(istDay(), 90) }]);
    expect((await subscribe(owner, { ...base, prescriptionId: others })).status).toBe(400);
    const uncovered = await approvedPrescription(owner, []);
    const notCovered = await subscribe(owner, { ...base, prescriptionId: uncovered });
    expect(notCovered.status).toBe(409);
    expect(notCovered.body.message).toBe(REFILL_MESSAGES.notCovered(rx.name));
    const covered = await approvedPrescription(owner, [{ productId: rx.id, quantity: 4, until: addIstDays(istDay(), 90) }]);
    expect((await subscribe(owner, { ...base, prescriptionId: covered })).status).toBe(201);
  });

  it("orders within the cover, then pauses the refill and asks for a new prescription when the cover is used up", async () => {
    const rx = await makeProduct(shop.context, { schedule: "H", prescriptionRequired: true, stock: 50 });
    const prescriptionId = await approvedPrescription(owner, [{ productId: rx.id, quantity: 5, until: addIstDays(istDay(), 200) }]);
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: rx.id, quantity: 3 }], { prescriptionId });
    await runRefills(shop.context);
    const [first] = await runsOf(id);
    expect(first!.outcome).toBe("placed");
    const links = await db().select().from(orderPrescriptions).where(eq(orderPrescriptions.orderId, first!.orderId!));
    expect(links.map((l) => l.prescriptionId)).toEqual([prescriptionId]);
    // The next date: 3 more would make 6 of the 5 covered.
    const later = new Date(Date.now() + 31 * 86_400_000);
    await runRefills(shop.context, later);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(2);
    expect(runs.find((r) => r.orderOn !== first!.orderOn)).toMatchObject({ outcome: "paused", orderId: null });
    const row = await refillRow(id);
    expect(row.status).toBe("paused");
    expect(row.notice).toBe(REFILL_MESSAGES.notCovered(rx.name));
    const rxOrders = await db().select().from(orderLines).where(eq(orderLines.productId, rx.id));
    expect(rxOrders.reduce((sum, line) => sum + line.quantity, 0)).toBe(3);
    // Resuming is refused while the prescription still does not cover it.
    const resumed = await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "active" });
    expect(resumed.status).toBe(409);
    expect(resumed.body.message).toBe(REFILL_MESSAGES.notCovered(rx.name));
  });

  it("orders nothing after the cover's last date", async () => {
    const rx = await makeProduct(shop.context, { schedule: "H", prescriptionRequired: true, stock: 50 });
    const until = addIstDays(istDay(), 10);
    const prescriptionId = await approvedPrescription(owner, [{ productId: rx.id, quantity: 100, until }]);
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: rx.id, quantity: 1 }], { prescriptionId, startOn: addIstDays(istDay(), 1) });
    await runRefills(shop.context, new Date(Date.now() + 2 * 86_400_000));
    expect((await runsOf(id))[0]!.outcome).toBe("placed");
    await runRefills(shop.context, new Date(Date.now() + 32 * 86_400_000));
    const runs = await runsOf(id);
    expect(runs.map((r) => r.outcome).sort()).toEqual(["paused", "placed"]);
    expect((await refillRow(id)).status).toBe("paused");
  });

  it("the pharmacist records the cover when approving; a cover for a product not in the order is refused", async () => {
    const pharmacist = await createPharmacist(shop.context);
    const rx = await makeProduct(shop.context, { schedule: "H", prescriptionRequired: true, stock: 50 });
    const other = await makeProduct(shop.context);
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: rx.id, quantity: 1 }], {
      prescriptionId: await approvedPrescription(owner, [{ productId: rx.id, quantity: 10, until: addIstDays(istDay(), 90) }]),
    });
    await runRefills(shop.context);
    const [run] = await runsOf(id);
    const orderId = run!.orderId!;
    // A pending prescription on the order for the pharmacist to approve.
    const [fresh] = await db()
      .insert(prescriptions)
      .values({ userId: owner.id, storageKey: `rx-${crypto.randomUUID()}.png`, fileName: "rx.png", contentType: "image/png", sizeBytes: 100 })
      .returning();
    await db().insert(orderPrescriptions).values({ orderId, prescriptionId: fresh!.id });
    const approve = { decision: "approve", prescriberName: "Dr Meera Iyer", prescriberRegistration: "KMC 56789" };
    const until = addIstDays(istDay(), 120);
    const wrong = await api().post(`/api/admin/orders/${orderId}/prescription-review`).set(pharmacist.headers).send({ ...approve, cover: [{ productId: other.id, quantity: 5, until }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.cover).toBeTruthy();
    const malformed = await api().post(`/api/admin/orders/${orderId}/prescription-review`).set(pharmacist.headers).send({ ...approve, cover: [{ productId: rx.id, quantity: -1, until }] });
    expect(malformed.status).toBe(400);
    const ok = await api().post(`/api/admin/orders/${orderId}/prescription-review`).set(pharmacist.headers).send({ ...approve, cover: [{ productId: rx.id, quantity: 6, until }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const covers = await db().select().from(prescriptionCovers).where(eq(prescriptionCovers.prescriptionId, fresh!.id));
    expect(covers).toMatchObject([{ productId: rx.id, quantity: 6, until, orderId }]);
  });
});

describe("GET /api/admin/refills", () => {
  it("lists every refill, next date first, with whose it is; admins only", async () => {
    const item = await makeProduct(shop.context);
    const late = await codRefill(owner, ownerAddress, [{ productId: item.id, quantity: 1 }], { startOn: addIstDays(istDay(), 20) });
    const soon = await codRefill(stranger, strangerAddress, [{ productId: item.id, quantity: 1 }], { startOn: addIstDays(istDay(), 4) });
    const res = await api().get("/api/admin/refills").set(admin.headers).expect(200);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.body.map((r: { _id: string }) => r._id)).toEqual([soon._id, late._id]);
    expect(res.body[0].customer).toMatchObject({ _id: stranger.id, email: stranger.email });
    expect((await api().get("/api/admin/refills").set(owner.headers)).status).toBe(403);
    const bad = await api().get("/api/admin/refills?status=gone").set(admin.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Status must be one of active, paused, cancelled");
  });
});

describe("resuming", () => {
  it("moves a date that passed while paused to three days on (the reminder goes out first); a future date stays", async () => {
    const item = await makeProduct(shop.context);
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: item.id, quantity: 1 }], { startOn: addIstDays(istDay(), 10) });
    await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "paused" }).expect(200);
    expect((await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "active" }).expect(200)).body.nextOrderOn).toBe(addIstDays(istDay(), 10));
    await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "paused" }).expect(200);
    await db().update(refills).set({ nextOrderOn: addIstDays(istDay(), -5) }).where(eq(refills.id, id));
    // A paused refill is never ordered.
    await runRefills(shop.context);
    expect(await runsOf(id)).toEqual([]);
    const resumed = await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "active" }).expect(200);
    expect(resumed.body.nextOrderOn).toBe(addIstDays(istDay(), 3));
  });
});

describe("a newer prescription", () => {
  it("resumes a refill paused for want of cover once the shopper names a newer approved prescription that covers it", async () => {
    const rx = await makeProduct(shop.context, { schedule: "H", prescriptionRequired: true, stock: 50 });
    const insertApproved = async (quantity: number) => {
      const [row] = await db()
        .insert(prescriptions)
        .values({ userId: owner.id, status: "approved", storageKey: `rx-${crypto.randomUUID()}.png`, fileName: "rx.png", contentType: "image/png", sizeBytes: 100 })
        .returning();
      await db().insert(prescriptionCovers).values({ prescriptionId: row!.id, productId: rx.id, quantity, until: addIstDays(istDay(), 100) });
      return row!.id;
    };
    const first = await insertApproved(1);
    const { _id: id } = await codRefill(owner, ownerAddress, [{ productId: rx.id, quantity: 1 }], { prescriptionId: first });
    await runRefills(shop.context);
    await runRefills(shop.context, new Date(Date.now() + 31 * 86_400_000));
    expect((await refillRow(id)).status).toBe("paused");
    const strangers = await db()
      .insert(prescriptions)
      .values({ userId: stranger.id, status: "approved", storageKey: `rx-${crypto.randomUUID()}.png`, fileName: "rx.png", contentType: "image/png", sizeBytes: 100 })
      .returning();
    expect((await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "active", prescriptionId: strangers[0]!.id })).status).toBe(400);
    const second = await insertApproved(6);
    const resumed = await api().put(`/api/refills/${id}`).set(owner.headers).send({ status: "active", prescriptionId: second });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body).toMatchObject({ status: "active", prescriptionId: second });
    expect(resumed.body.notice).toBeUndefined();
  });
});
