// Offers a shopper can see (issue 27 item 10, decisions/043): an admin marks a coupon public or
// private (private by default; a welcome code never public); GET /api/cart/offers lists the public
// coupons that apply to this cart now (active, within dates, uses left for this customer) with
// what they take off, and those that would with "add ₹X more", the best first; one POST
// /api/cart/coupon of the best applies it.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartOffersJson } from "#common/coupons.ts";
import { coupons } from "#server/db/schema.ts";
import { welcomeCouponFor } from "#server/modules/coupons/welcome.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

let shop: TestShop;
let admin: TestUser;
const api = () => request(shop.app);
let n = 0;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

async function coupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await shop.context.db
    .insert(coupons)
    .values({ code: `OFFER${++n}${crypto.randomUUID().slice(0, 4).toUpperCase()}`, type: "percent", percentBps: 1000, public: true, ...values })
    .returning();
  return row!;
}

const offersOf = async (headers: Record<string, string>, codes: string[]) => {
  const res = await api().get("/api/cart/offers").set(headers).expect(200);
  const body = res.body as CartOffersJson;
  return { ...body, offers: body.offers.filter((offer) => codes.includes(offer.code)) };
};

describe("public or private coupons (admin)", () => {
  it("are private unless ticked; the flag is answered, changed and refused on a welcome code", async () => {
    const plain = await api().post("/api/admin/coupons").set(admin.headers).send({ code: `HAND${Date.now()}`, type: "fixed", value: 50 }).expect(201);
    expect(plain.body.public).toBe(false);
    const shown = await api().post("/api/admin/coupons").set(admin.headers).send({ code: `SHOW${Date.now()}`, type: "percent", value: 5, public: true }).expect(201);
    expect(shown.body.public).toBe(true);
    const hidden = await api().put(`/api/admin/coupons/${shown.body._id}`).set(admin.headers).send({ public: false }).expect(200);
    expect(hidden.body.public).toBe(false);
    await api().post("/api/admin/coupons").set(admin.headers).send({ code: `BAD${Date.now()}`, type: "percent", value: 5, public: "yes please" }).expect(400);

    const welcome = await shop.context.db.transaction((tx) => welcomeCouponFor(tx, `offers-${Date.now()}@example.in`));
    const [row] = await shop.context.db.select().from(coupons).where(eq(coupons.code, welcome.code));
    const refused = await api().put(`/api/admin/coupons/${row!.id}`).set(admin.headers).send({ public: true }).expect(400);
    expect(refused.body.errors.public).toBe("A newsletter welcome code belongs to one address: it cannot be listed to shoppers");
    const [after] = await shop.context.db.select().from(coupons).where(eq(coupons.id, row!.id));
    expect(after!.public).toBe(false);
  });
});

describe("GET /api/cart/offers", () => {
  it("lists the public coupons for this cart: applying now (best first) and 'add ₹X more'; never private, welcome, expired, future, inactive or elsewhere", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 30_000, stock: 50 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const tenPercent = await coupon({ endsAt: new Date("2099-12-31T12:00:00Z") });
    const flat = await coupon({ type: "fixed", percentBps: null, amountPaise: 10_000, minOrderPaise: 50_000 });
    const capped = await coupon({ percentBps: 2000, maxDiscountPaise: 2_000, firstOrderOnly: true });
    const others = await Promise.all([
      coupon({ public: false }),
      coupon({ active: false }),
      coupon({ endsAt: new Date(Date.now() - 1000) }),
      coupon({ startsAt: new Date(Date.now() + 86_400_000) }),
      coupon({ categories: ["Women Care"] }),
      coupon({ productIds: ["another-product"] }),
    ]);
    const welcome = await shop.context.db.transaction((tx) => welcomeCouponFor(tx, buyer.email));
    const codes = [tenPercent, flat, capped, ...others].map((row) => row.code).concat(welcome.code);

    const first = await offersOf(buyer.headers, codes);
    expect(first.offers).toEqual([
      { code: tenPercent.code, title: "10% off", terms: "Prescription medicines excluded · Until 31 Dec 2099", discount: 30, addMore: 0 },
      { code: capped.code, title: "20% off, up to ₹20", terms: "First order only · Prescription medicines excluded", discount: 20, addMore: 0 },
      { code: flat.code, title: "₹100 off", terms: "On orders from ₹500 · Prescription medicines excluded", discount: 0, addMore: 200 },
    ]);
    expect(first.best).toBe(tenPercent.code);

    // Two more in the cart: the flat ₹100 now applies and is the best; one tap (one call) applies it.
    await api().put("/api/cart").set(buyer.headers).send({ productId: product.id, quantity: 2 }).expect(200);
    const second = await offersOf(buyer.headers, codes);
    expect(second.offers.map((offer) => [offer.code, offer.discount, offer.addMore])).toEqual([
      [flat.code, 100, 0],
      [tenPercent.code, 60, 0],
      [capped.code, 20, 0],
    ]);
    expect(second.best).toBe(flat.code);
    const applied = await api().post("/api/cart/coupon").set(buyer.headers).send({ code: second.best }).expect(200);
    expect(applied.body).toMatchObject({ coupon: { code: flat.code, discount: 100 }, totalPrice: 500 });

    // After a first order, the first-order coupon is no longer offered to this customer.
    await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "cod" }).expect(201);
    await api().post("/api/cart").set(buyer.headers).send({ productId: product.id, quantity: 1 }).expect(200);
    const third = await offersOf(buyer.headers, codes);
    expect(third.offers.map((offer) => offer.code)).toEqual([tenPercent.code, flat.code]);
  });

  it("follows the cart's owner rules: a guest's cart by cookie or id, no cart 404, an empty cart none", async () => {
    const product = await makeProduct(shop.context, { pricePaise: 20_000 });
    const offer = await coupon();
    const guestId = `guest_${crypto.randomUUID()}`;
    await api().post("/api/cart").send({ guestId, productId: product.id, quantity: 1 }).expect(201);
    const guest = await api().get(`/api/cart/offers?guestId=${guestId}`).expect(200);
    expect((guest.body as CartOffersJson).offers.find((row) => row.code === offer.code)).toMatchObject({ discount: 20, addMore: 0 });
    await api().get("/api/cart/offers").expect(404);
    await api().get("/api/cart/offers?guestId=bad").expect(400);
    const stranger = await createCustomer(shop.context);
    await api().get("/api/cart/offers").set(stranger.headers).expect(404);
    await api().get(`/api/cart/offers?userId=${stranger.id}`).expect(401);
    await api().post("/api/cart").set(stranger.headers).send({ productId: product.id, quantity: 1 }).expect(201);
    await api().delete("/api/cart").set(stranger.headers).send({ productId: product.id }).expect(200);
    expect((await api().get("/api/cart/offers").set(stranger.headers).expect(200)).body).toEqual({ offers: [], best: null });
  });
});
