// Checkout with prescription-only lines (api-contract.md, "Checkout additions"; decisions/019):
// at least one of the caller's own prescriptions that is not rejected, or 400 naming the Rx
// products; the order keeps its prescriptions and awaits review. Schedule X is never sold.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLines, carts, orderLines, orderPrescriptions, orders, prescriptions } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

let shop: TestShop;
let admin: TestUser;
const api = () => request(shop.app);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1");

async function uploadFor(user: TestUser): Promise<string> {
  const res = await api().post("/api/prescriptions").set(user.headers).attach("file", PDF, "rx.pdf").expect(201);
  return res.body._id;
}
const rxProduct = (name: string) => makeProduct(shop.context, { name, schedule: "H", prescriptionRequired: true });
const withRx = (ids: unknown) => ({ shippingAddress: address, paymentMethod: "razorpay", prescriptionIds: ids });

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

describe("POST /api/checkout with prescription-only lines", () => {
  it("without a prescription: 400 naming the Rx products, nothing reserved", async () => {
    const rx = await rxProduct("Tranexamic Acid + Mefenamic Acid Tablets");
    const otc = await makeProduct(shop.context, { name: "Whey Protein" });
    const buyer = await buyerWithCart(shop, [
      { productId: rx.id, quantity: 1 },
      { productId: otc.id, quantity: 1 },
    ]);
    const res = await checkout(shop, buyer).expect(400);
    expect(res.body.message).toBe("Upload a prescription for Tranexamic Acid + Mefenamic Acid Tablets to continue");
    await checkout(shop, buyer, withRx([])).expect(400, /Upload a prescription for Tranexamic Acid/);
    expect(await stockOf(shop.context, rx.id)).toBe(10);
    expect(await shop.context.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
  });

  it("names every Rx product", async () => {
    const [one, two] = [await rxProduct("Letrozole 2.5 mg"), await rxProduct("Progesterone SR 200")];
    const buyer = await buyerWithCart(shop, [
      { productId: one.id, quantity: 1 },
      { productId: two.id, quantity: 1 },
    ]);
    const res = await checkout(shop, buyer).expect(400);
    expect(res.body.message).toMatch(/^Upload a prescription for (Letrozole 2\.5 mg and Progesterone SR 200|Progesterone SR 200 and Letrozole 2\.5 mg) to continue$/);
  });

  it("someone else's, a rejected, an unknown or a malformed id: refused alike, nothing reserved", async () => {
    const rx = await rxProduct("Rx refused ids");
    const buyer = await buyerWithCart(shop, [{ productId: rx.id, quantity: 1 }]);
    const other = await createCustomer(shop.context);
    const othersId = await uploadFor(other);
    const rejectedId = await uploadFor(buyer);
    await shop.context.db.update(prescriptions).set({ status: "rejected", rejectReason: "Unreadable" }).where(eq(prescriptions.id, rejectedId));
    for (const ids of [[othersId], [rejectedId], ["00000000000000000000000000"], [rejectedId, othersId]]) {
      const res = await checkout(shop, buyer, withRx(ids)).expect(400);
      expect(res.body.message).toBe("The prescription you chose cannot be used (it was rejected or is no longer in your account). Upload a prescription for Rx refused ids to continue");
    }
    for (const ids of ["abc", [42], Array.from({ length: 6 }, () => othersId)]) {
      const res = await checkout(shop, buyer, withRx(ids)).expect(400);
      expect(res.body.message).not.toMatch(/Invalid|expected/);
    }
    expect(await stockOf(shop.context, rx.id)).toBe(10);
  });

  it("with one of the caller's own: 201, the order keeps it and awaits review; lines remember the schedule", async () => {
    const rx = await rxProduct("Rx accepted");
    const otc = await makeProduct(shop.context, { name: "OTC beside Rx" });
    const buyer = await buyerWithCart(shop, [
      { productId: rx.id, quantity: 2 },
      { productId: otc.id, quantity: 1 },
    ]);
    const id = await uploadFor(buyer);
    const res = await checkout(shop, buyer, withRx([id, id])).expect(201);
    expect(res.body.order.prescription).toEqual({ status: "pending", prescriptionIds: [id] });
    const orderId = res.body.order._id as string;
    expect(await shop.context.db.select().from(orderPrescriptions).where(eq(orderPrescriptions.orderId, orderId))).toEqual([
      { orderId, prescriptionId: id },
    ]);
    const lines = await shop.context.db.select({ productId: orderLines.productId, schedule: orderLines.schedule }).from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(Object.fromEntries(lines.map((line) => [line.productId, line.schedule]))).toEqual({ [rx.id]: "H", [otc.id]: "OTC" });

    // The owner reads it back the same way.
    const mine = await api().get(`/api/orders/${orderId}`).set(buyer.headers).expect(200);
    expect(mine.body.prescription).toEqual({ status: "pending", prescriptionIds: [id] });
  });

  it("a cart without Rx lines: prescription null, no link", async () => {
    const otc = await makeProduct(shop.context, { name: "Only OTC" });
    const buyer = await buyerWithCart(shop, [{ productId: otc.id, quantity: 1 }]);
    const res = await checkout(shop, buyer).expect(201);
    expect(res.body.order.prescription).toBeNull();
  });
});

describe("Schedule X is never sold online", () => {
  const productBody = { name: "Schedule X test", description: "d", category: "Women Care", price: 100 };

  it("admin: refused when created published, allowed unpublished, refused when published later", async () => {
    const refused = await api().post("/api/admin/products").set(admin.headers).send({ ...productBody, schedule: "X" }).expect(400);
    expect(refused.body).toMatchObject({ message: "Schedule X medicines cannot be sold online", errors: { schedule: "Schedule X medicines cannot be sold online" } });
    const kept = await api().post("/api/admin/products").set(admin.headers).send({ ...productBody, schedule: "X", published: false }).expect(201);
    expect(kept.body).toMatchObject({ schedule: "X", prescriptionRequired: true, published: false });
    const publish = await api().put(`/api/admin/products/${kept.body._id}`).set(admin.headers).send({ published: true }).expect(400);
    expect(publish.body.message).toBe("Schedule X medicines cannot be sold online");
    // A published product turned into Schedule X: refused too.
    const otc = await api().post("/api/admin/products").set(admin.headers).send(productBody).expect(201);
    await api().put(`/api/admin/products/${otc.body._id}`).set(admin.headers).send({ schedule: "X" }).expect(400, /Schedule X medicines cannot be sold online/);
  });

  it("admin: the schedule decides prescriptionRequired; the old flag alone means Schedule H", async () => {
    const h1 = await api().post("/api/admin/products").set(admin.headers).send({ ...productBody, schedule: "h1" }).expect(201);
    expect(h1.body).toMatchObject({ schedule: "H1", prescriptionRequired: true });
    const flagged = await api().post("/api/admin/products").set(admin.headers).send({ ...productBody, prescriptionRequired: true }).expect(201);
    expect(flagged.body).toMatchObject({ schedule: "H", prescriptionRequired: true });
    // The flag again on an H1 product keeps H1; false makes it OTC.
    expect((await api().put(`/api/admin/products/${h1.body._id}`).set(admin.headers).send({ prescriptionRequired: true }).expect(200)).body.schedule).toBe("H1");
    const otc = await api().put(`/api/admin/products/${h1.body._id}`).set(admin.headers).send({ prescriptionRequired: false }).expect(200);
    expect(otc.body).toMatchObject({ schedule: "OTC", prescriptionRequired: false });
    await api().post("/api/admin/products").set(admin.headers).send({ ...productBody, schedule: "Z" }).expect(400, /Drug schedule must be one of OTC, H, H1, X/);
    // The public JSON carries it.
    expect((await api().get(`/api/products/${flagged.body._id}`).expect(200)).body.schedule).toBe("H");
  });

  it("cart and checkout refuse a Schedule X product even if it is published", async () => {
    const x = await makeProduct(shop.context, { name: "Codeine X", schedule: "X", prescriptionRequired: true });
    const buyer = await createCustomer(shop.context);
    const added = await api().post("/api/cart").set(buyer.headers).send({ productId: x.id, quantity: 1 }).expect(400);
    expect(added.body.message).toBe("Codeine X is a Schedule X medicine and cannot be sold online");
    // Already in a cart (put there before it was rescheduled): checkout refuses it.
    const otc = await makeProduct(shop.context, { name: "OTC with X" });
    await api().post("/api/cart").set(buyer.headers).send({ productId: otc.id, quantity: 1 }).expect(201);
    const [cart] = await shop.context.db.select().from(carts).where(eq(carts.userId, buyer.id));
    await shop.context.db.insert(cartLines).values({ cartId: cart!.id, productId: x.id, quantity: 1 });
    const id = await uploadFor(buyer);
    const res = await checkout(shop, buyer, withRx([id])).expect(400);
    expect(res.body.message).toBe("Codeine X is a Schedule X medicine and cannot be sold online");
  });
});
