// Checkout for India (issue 14, decisions/022): every address message, India only, the PIN code's
// serviceability, saved addresses by id (only the caller's own), the state filled from the PIN,
// and the invoice's place of supply following the chosen state. The address is read once.
import { and, eq, gte, lte } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, serviceabilityRanges } from "#server/db/schema.ts";
import { createAddress } from "#server/modules/addresses/addresses.ts";
import { loadInvoice } from "#server/modules/invoices/invoices.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const api = () => request(shop.app);

async function buyer(): Promise<{ user: TestUser; productId: string }> {
  const item = await makeProduct(shop.context, { pricePaise: 20000, stock: 10 });
  const user = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
  return { user, productId: item.id };
}

async function saveAddress(user: TestUser, values: Record<string, unknown> = {}) {
  const saved = await createAddress(shop.context.db, user.id, {
    fullName: "Meera Krishnan Iyer",
    phone: "+91 98450 12345",
    line1: "4 Church Street",
    line2: "Flat 2B",
    landmark: "Opposite the post office",
    city: "Bengaluru",
    state: "Karnataka",
    postalCode: "560001",
    ...values,
  });
  if (!saved.ok) throw new Error(`address not saved: ${JSON.stringify(saved)}`);
  return saved.address;
}

describe("POST /api/checkout: the address, India only", () => {
  it("answers each address message, reserving nothing", async () => {
    const { user, productId } = await buyer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...address, address: "" }, "Please fill all required fields", "address"],
      [{ ...address, phone: "0000000000" }, "Enter a mobile number starting with 6, 7, 8 or 9", "phone"],
      [{ ...address, phone: "+1 415 555 0100" }, "Please enter a 10-digit phone number", "phone"],
      [{ ...address, phone: "5876543210" }, "Enter a mobile number starting with 6, 7, 8 or 9", "phone"],
      [{ ...address, postalCode: "056001" }, "Enter a valid PIN code", "postalCode"],
      [{ ...address, postalCode: "5600011" }, "Enter a valid PIN code", "postalCode"],
      [{ ...address, postalCode: "ABCDEF" }, "Enter a valid PIN code", "postalCode"],
      [{ ...address, state: "Atlantis" }, "Choose a state", "state"],
      [{ ...address, country: "USA", city: "Boston", postalCode: "02108" }, "Enter a valid PIN code", "postalCode"],
      [{ ...address, country: "USA" }, "We deliver only within India", "country"],
      [{ ...address, line2: "x".repeat(301) }, "This field is too long", "line2"],
      [{ ...address, landmark: 42 }, "This field is too long", "landmark"],
    ];
    for (const [shippingAddress, message, field] of cases) {
      const res = await checkout(shop, user, { shippingAddress }).expect(400);
      expect([res.body.message, field]).toEqual([message, field]);
      expect(res.body.errors[field]).toBe(message);
    }
    expect(await stockOf(shop.context, productId)).toBe(10);
  });

  it("refuses a PIN code the shop does not deliver to", async () => {
    const { user, productId } = await buyer();
    const res = await checkout(shop, user, { shippingAddress: { ...address, postalCode: "999999" } }).expect(400);
    expect(res.body).toMatchObject({ message: "We do not deliver to this PIN code yet", errors: { postalCode: "We do not deliver to this PIN code yet" } });
    expect(await stockOf(shop.context, productId)).toBe(10);
  });

  it("keeps a mobile number as its ten digits, the optional lines, and fills the state from the PIN", async () => {
    const { user } = await buyer();
    const res = await checkout(shop, user, {
      shippingAddress: { ...address, phone: "+91 98450 12345", line2: "  Second floor ", landmark: "", postalCode: "560 001" },
    }).expect(201);
    expect(res.body.order.shippingAddress).toEqual({
      firstName: "Asha",
      lastName: "Rao",
      address: "12 MG Road",
      line2: "Second floor",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
      phone: "9845012345",
      email: "asha@example.com",
    });
    const other = await buyer();
    const typed = await checkout(shop, other.user, { shippingAddress: { ...address, phone: "098450-12345" } }).expect(201);
    expect(typed.body.order.shippingAddress.phone).toBe("9845012345");
  });

  it("keeps the state the shopper chose over the PIN's", async () => {
    const { user } = await buyer();
    const res = await checkout(shop, user, { shippingAddress: { ...address, state: "Tamil Nadu" } }).expect(201);
    expect(res.body.order.shippingAddress.state).toBe("Tamil Nadu");
  });
});

describe("POST /api/checkout: a saved address", () => {
  it("delivers to one of the caller's saved addresses by id", async () => {
    const { user } = await buyer();
    const saved = await saveAddress(user);
    const res = await checkout(shop, user, { addressId: saved._id }).expect(201);
    expect(res.body.order.shippingAddress).toEqual({
      firstName: "Meera",
      lastName: "Krishnan Iyer",
      address: "4 Church Street",
      line2: "Flat 2B",
      landmark: "Opposite the post office",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
      phone: "9845012345",
      email: user.email,
    });
  });

  it("answers someone else's address exactly like an unknown one, reserving nothing", async () => {
    const { user, productId } = await buyer();
    const stranger = await createCustomer(shop.context);
    const theirs = await saveAddress(stranger);
    const someoneElses = await checkout(shop, user, { addressId: theirs._id }).expect(400);
    const unknown = await checkout(shop, user, { addressId: "00000000-0000-4000-8000-000000000000" }).expect(400);
    const malformed = await checkout(shop, user, { addressId: "../../etc" }).expect(400);
    const answer = (res: { body: Record<string, unknown> }) => ({ ...res.body, requestId: undefined });
    expect(answer(someoneElses)).toEqual(answer(unknown));
    expect(answer(malformed)).toEqual(answer(unknown));
    expect(unknown.body.message).toBe("Choose one of your saved addresses");
    await checkout(shop, user, { addressId: 12 }).expect(400, /Choose one of your saved addresses/);
    // The quote answers the same: nothing of the stranger's address leaks through it.
    const quoted = await api().post("/api/checkout/quote").set(user.headers).send({ addressId: theirs._id }).expect(400);
    expect(answer(quoted)).toEqual(answer(unknown));
    expect(await stockOf(shop.context, productId)).toBe(10);
  });

  it("refuses a saved address whose PIN code is no longer served", async () => {
    const { user, productId } = await buyer();
    const saved = await saveAddress(user, { city: "Leh", state: "Ladakh", postalCode: "194101" });
    // The admin took Ladakh off the list after the address was saved.
    await shop.context.db.delete(serviceabilityRanges).where(and(lte(serviceabilityRanges.pinFrom, 194101), gte(serviceabilityRanges.pinTo, 194101)));
    await checkout(shop, user, { addressId: saved._id }).expect(400, /We do not deliver to this PIN code yet/);
    expect(await stockOf(shop.context, productId)).toBe(10);
  });
});

describe("the invoice's place of supply follows the chosen state", () => {
  it("is the state on the address, not the PIN's guess", async () => {
    const { user } = await buyer();
    const res = await checkout(shop, user, { shippingAddress: { ...address, state: "Kerala" } }).expect(201);
    const orderId = res.body.order._id as string;
    await api().post(`/api/payments/test/${orderId}/pay`).set(user.headers).expect(200)
      .then((signed) => api().post(`/api/checkout/${orderId}/verify`).set(user.headers).send(signed.body).expect(200));
    const invoice = await loadInvoice(shop.context.db, orderId, shop.config.seller);
    expect(invoice?.placeOfSupply).toEqual({ code: "32", name: "Kerala" });
    expect(invoice?.interState).toBe(true);
  });

  it("falls back to the PIN code for an order without a state (placed before issue 14)", async () => {
    const { user } = await buyer();
    const res = await checkout(shop, user, { shippingAddress: address }).expect(201);
    const orderId = res.body.order._id as string;
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    const { state: _state, ...withoutState } = row!.shippingAddress;
    await shop.context.db.update(orders).set({ shippingAddress: withoutState }).where(eq(orders.id, orderId));
    const signed = await api().post(`/api/payments/test/${orderId}/pay`).set(user.headers).expect(200);
    await api().post(`/api/checkout/${orderId}/verify`).set(user.headers).send(signed.body).expect(200);
    const invoice = await loadInvoice(shop.context.db, orderId, shop.config.seller);
    expect(invoice?.placeOfSupply).toEqual({ code: "29", name: "Karnataka" });
  });
});
