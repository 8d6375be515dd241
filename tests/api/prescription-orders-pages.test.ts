// The order-by-prescription pages, called the way React Router calls them (decisions/058): My
// Prescriptions' request form without JavaScript, the pharmacists' queue (who may load it, who may
// answer, the proposal's repeated fields), the sidebar's count, and CONSULT_URL's link at
// checkout (none when unset).
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESCRIPTION_ORDER_MESSAGES } from "#common/prescription-orders.ts";
import { prescriptionOrders } from "#server/db/schema.ts";
import { loader as layoutLoader } from "~/routes/admin/layout.tsx";
import { action as queueAction, loader as queueLoader } from "~/routes/admin/prescription-orders.tsx";
import { loader as checkoutLoader } from "~/routes/checkout.tsx";
import { action as profileAction, loader as profileLoader } from "~/routes/profile-prescriptions.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, createPharmacist, pageContext, type TestUser } from "../support/users.ts";
import { makeProduct } from "./checkout-helpers.ts";
import { PRESCRIBER, uploadFor } from "./prescription-order-helpers.ts";

const ORIGIN = "http://localhost:3000";
let shop: TestShop;
let admin: TestUser;
let pharmacist: TestUser;

type RouteFunction = (args: never) => unknown;

/** A loader (GET) or an action (POST with form fields, repeated names allowed); redirects come back as values. */
async function call(target: TestShop, fn: RouteFunction, path: string, user: TestUser | null, form?: [string, string][], params: Record<string, string> = {}) {
  const init: RequestInit = form ? { method: "POST", body: new URLSearchParams(form) } : {};
  try {
    const result = await fn({ request: new Request(`${ORIGIN}${path}`, init), context: pageContext(target.context, user), params } as never);
    const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (wrapped?.type === "DataWithResponseInit") return { status: wrapped.init?.status ?? 200, data: wrapped.data as Record<string, unknown> };
    return { status: 200, data: result as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get("Location")! };
    throw thrown;
  }
}

beforeAll(async () => {
  shop = await createTestShop({ CONSULT_URL: "https://consult.example.in/start" });
  [admin, pharmacist] = await Promise.all([createAdmin(shop.context), createPharmacist(shop.context, { name: "Ravi Kumar" })]);
});
afterAll(() => shop?.close());

describe("My Prescriptions: asking without JavaScript", () => {
  it("the form asks as the API does, and the page lists the request", async () => {
    const shopper = await createCustomer(shop.context);
    const prescriptionId = await uploadFor(shop, shopper);
    const asked = await call(shop, profileAction, "/profile/prescriptions", shopper, [
      ["intent", "ask"],
      ["prescriptionId", prescriptionId],
      ["addressId", ""],
      ["note", "For my mother"],
    ]);
    expect(asked).toMatchObject({ status: 201, data: { ok: true, intent: "ask", message: PRESCRIPTION_ORDER_MESSAGES.asked } });
    const again = await call(shop, profileAction, "/profile/prescriptions", shopper, [
      ["intent", "ask"],
      ["prescriptionId", prescriptionId],
    ]);
    expect(again).toMatchObject({ status: 409, data: { ok: false, errors: { prescriptionId: PRESCRIPTION_ORDER_MESSAGES.alreadyWaiting } } });
    const stranger = await createCustomer(shop.context);
    const theirs = await call(shop, profileAction, "/profile/prescriptions", stranger, [
      ["intent", "ask"],
      ["prescriptionId", prescriptionId],
    ]);
    expect(theirs).toMatchObject({ status: 404, data: { errors: { prescriptionId: PRESCRIPTION_ORDER_MESSAGES.prescriptionNotFound } } });
    const page = await call(shop, profileLoader, "/profile/prescriptions", shopper);
    expect((page.data as { requests: { note: string; status: string }[] }).requests).toMatchObject([{ note: "For my mother", status: "waiting" }]);
    expect(await call(shop, profileAction, "/profile/prescriptions", null, [["intent", "ask"]])).toEqual({ redirect: "/login?redirect=%2Fprofile%2Fprescriptions" });
  });
});

describe("the pharmacists' queue page", () => {
  it("sends guests to sign in and customers home; counts waiting requests in the sidebar", async () => {
    const customer = await createCustomer(shop.context);
    expect(await call(shop, queueLoader, "/admin/prescription-orders", null)).toEqual({ redirect: "/login?redirect=%2Fadmin%2Fprescription-orders" });
    expect(await call(shop, queueLoader, "/admin/prescription-orders", customer)).toEqual({ redirect: "/" });
    expect(await call(shop, queueAction, "/admin/prescription-orders", customer, [["id", "x"]])).toEqual({ redirect: "/" });
    const count = (await shop.context.db.select().from(prescriptionOrders).where(eq(prescriptionOrders.status, "waiting"))).length;
    const layout = await call(shop, layoutLoader, "/admin", pharmacist);
    expect(layout.data).toMatchObject({ waitingPrescriptionOrders: count });
  });

  it("a pharmacist proposes with the form's repeated fields; an admin reads the queue but cannot answer", async () => {
    const shopper = await createCustomer(shop.context);
    const prescriptionId = await uploadFor(shop, shopper);
    const asked = await request(shop.app).post("/api/prescription-orders").set(shopper.headers).send({ prescriptionId }).expect(201);
    const rx = await makeProduct(shop.context, { name: "Levothyroxine 50", schedule: "H", prescriptionRequired: true });
    const otc = await makeProduct(shop.context, { name: "Calcium 500" });

    const asAdmin = await call(shop, queueLoader, "/admin/prescription-orders", admin);
    expect(asAdmin.data).toMatchObject({ status: "waiting", canAnswer: false });
    const refused = await call(shop, queueAction, "/admin/prescription-orders", admin, [
      ["intent", "propose"],
      ["id", asked.body._id],
      ["productId", otc.id],
      ["quantity", "1"],
    ]);
    expect(refused).toMatchObject({ status: 403, data: { ok: false, message: PRESCRIPTION_ORDER_MESSAGES.pharmacistOnly } });

    const queue = await call(shop, queueLoader, "/admin/prescription-orders?status=nonsense", pharmacist);
    expect(queue.data).toMatchObject({ status: "all", canAnswer: true, maxQuantity: 10 });
    expect((queue.data as { requests: { _id: string }[] }).requests.map((row) => row._id)).toContain(asked.body._id);

    const proposed = await call(shop, queueAction, "/admin/prescription-orders", pharmacist, [
      ["intent", "propose"],
      ["id", asked.body._id],
      ["productId", rx.id],
      ["quantity", "2"],
      ["productId", otc.id],
      ["quantity", "1"],
      ["prescriberName", PRESCRIBER.prescriberName],
      ["prescriberRegistration", PRESCRIBER.prescriberRegistration],
      ["message", ""],
    ]);
    expect(proposed).toMatchObject({ status: 200, data: { ok: true, message: PRESCRIPTION_ORDER_MESSAGES.proposed } });
    const cart = await request(shop.app).get("/api/cart").set(shopper.headers).expect(200);
    expect(cart.body.products.map((line: { name: string; quantity: number }) => [line.name, line.quantity]).sort()).toEqual([
      ["Calcium 500", 1],
      ["Levothyroxine 50", 2],
    ]);
    const declined = await call(shop, queueAction, "/admin/prescription-orders", pharmacist, [
      ["intent", "decline"],
      ["id", asked.body._id],
      ["reason", "Too late"],
    ]);
    expect(declined).toMatchObject({ status: 409, data: { message: PRESCRIPTION_ORDER_MESSAGES.alreadyProposed } });

    // Checkout ticks the prescription the cart was built from, and links the consultation.
    const checkout = await call(shop, checkoutLoader, "/checkout", shopper);
    expect(checkout.data).toMatchObject({ proposedPrescriptionIds: [prescriptionId], consultUrl: "https://consult.example.in/start" });
  });
});

describe("CONSULT_URL", () => {
  // The checkout's prescription step links it (above, with the setting); the product page does not (the contract's "may";
  // the product page's JavaScript budget, decisions/058).
  it("is null on the checkout page when unset", async () => {
    const plain = await createTestShop();
    try {
      const shopper = await createCustomer(plain.context);
      const rx = await makeProduct(plain.context, { schedule: "H", prescriptionRequired: true });
      await request(plain.app).post("/api/cart").set(shopper.headers).send({ productId: rx.id, quantity: 1 }).expect(201);
      const checkout = await call(plain, checkoutLoader, "/checkout", shopper);
      expect(checkout.data).toMatchObject({ consultUrl: null });
    } finally {
      await plain.close();
    }
  });
});
