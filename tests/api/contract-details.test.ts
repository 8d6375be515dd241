// Contract details a third-party client written from api-contract.md relies on (issue 26 item 8):
// checkout's phone sentence, an address outside India refused by the address book, and a checkout
// whose prescription is missing or rejected naming the products that need one. Each failed before:
// "Enter a valid 10-digit mobile number", a stored "India" for country "USA", and a bare "Choose your
// own prescriptions that have not been rejected".
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, prescriptions } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());
const api = () => request(shop.app);

describe("POST /api/checkout: the phone", () => {
  it.each([
    ["98765", "Please enter a 10-digit phone number"],
    ["98765432101", "Please enter a 10-digit phone number"],
    ["98765abcde", "Please enter a 10-digit phone number"],
    ["+1 415 555 0100", "Please enter a 10-digit phone number"],
    ["5876543210", "Enter a mobile number starting with 6, 7, 8 or 9"],
    ["0000000000", "Enter a mobile number starting with 6, 7, 8 or 9"],
  ])("%j → 400 %j", async (phone, message) => {
    const item = await makeProduct(shop.context, { stock: 5 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const res = await checkout(shop, buyer, { shippingAddress: { ...address, phone }, paymentMethod: "razorpay" }).expect(400);
    expect(res.body).toMatchObject({ message, errors: { phone: message } });
  });
});

describe("POST /api/users/addresses: India only", () => {
  const HOME = { fullName: "Asha Rao", phone: "9845012345", line1: "12, 4th Cross, Indiranagar", city: "Bengaluru", postalCode: "560038" };

  it.each(["USA", "United States", "UK", 42])("country %j → 400, nothing stored", async (country) => {
    const customer = await createCustomer(shop.context);
    const res = await api().post("/api/users/addresses").set(customer.headers).send({ ...HOME, country }).expect(400);
    expect(res.body).toMatchObject({ message: "We deliver only within India", errors: { country: "We deliver only within India" } });
    expect(await shop.context.db.select().from(addresses).where(eq(addresses.userId, customer.id))).toEqual([]);
  });

  it("India, in any case, or no country at all, is saved", async () => {
    const customer = await createCustomer(shop.context);
    for (const extra of [{ country: "India" }, { country: "india" }, {}]) {
      const res = await api().post("/api/users/addresses").set(customer.headers).send({ ...HOME, ...extra }).expect(201);
      expect(res.body.country).toBe("India");
    }
  });

  it("a PIN code the shop does not deliver to is refused saying so (not only 'Choose a state'), with or without a state", async () => {
    const customer = await createCustomer(shop.context);
    for (const extra of [{}, { state: "Delhi" }]) {
      const res = await api().post("/api/users/addresses").set(customer.headers).send({ ...HOME, postalCode: "990001", ...extra }).expect(400);
      expect(res.body).toMatchObject({ message: "We do not deliver to this PIN code yet", errors: { postalCode: "We do not deliver to this PIN code yet" } });
    }
  });
});

describe("POST /api/checkout: a prescription missing or rejected names the products", () => {
  const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1");
  const upload = async (user: TestUser) => (await api().post("/api/prescriptions").set(user.headers).attach("file", PDF, "rx.pdf").expect(201)).body._id as string;

  it("rejected, deleted (unknown) or someone else's: 400 naming the Rx products, nothing reserved", async () => {
    const rx = await makeProduct(shop.context, { name: "Letrozole 2.5 mg", schedule: "H", prescriptionRequired: true });
    const otc = await makeProduct(shop.context, { name: "Whey Protein" });
    const buyer = await buyerWithCart(shop, [
      { productId: rx.id, quantity: 1 },
      { productId: otc.id, quantity: 1 },
    ]);
    const rejected = await upload(buyer);
    await shop.context.db.update(prescriptions).set({ status: "rejected", rejectReason: "Unreadable" }).where(eq(prescriptions.id, rejected));
    const someoneElses = await upload(await createCustomer(shop.context));
    const message =
      "The prescription you chose cannot be used (it was rejected or is no longer in your account). Upload a prescription for Letrozole 2.5 mg to continue";
    for (const ids of [[rejected], ["00000000000000000000000000"], [someoneElses]]) {
      const res = await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "razorpay", prescriptionIds: ids }).expect(400);
      expect(res.body).toMatchObject({ message, errors: { prescriptionIds: message } });
    }
    expect(await stockOf(shop.context, rx.id)).toBe(10);
  });
});
