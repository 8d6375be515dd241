// The newsletter's welcome discount (issue 15): POST /api/subscribe answers 201 with a single-use,
// first-order 10% code — one per address however often it subscribes — shown at once and carried
// by the confirmation email, which also carries an unsubscribe link; /unsubscribe (token, no
// sign-in) takes the address off the list, and subscribing again needs a new confirmation.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "#common/coupons.ts";
import { WELCOME_OFFER, WELCOME_PERCENT } from "#common/content.ts";
import { coupons, newsletterSubscribers, outboundEmails } from "#server/db/schema.ts";
import { listSubscribers } from "#server/modules/admin/inbox.ts";
import { action as unsubscribeAction } from "~/routes/unsubscribe.tsx";
import { action as newsletterAction } from "~/routes/newsletter.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { pageContext } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct } from "./checkout-helpers.ts";

let shop: TestShop;
const api = () => request(shop.app);
beforeAll(async () => {
  shop = await createTestShop({ PUBLIC_URL: "https://shop.example.in" });
});
afterAll(() => shop?.close());

const emailsTo = (to: string) => shop.context.db.select().from(outboundEmails).where(eq(outboundEmails.to, to)).orderBy(outboundEmails.createdAt);

describe("the welcome code", () => {
  it("is answered with the 201, emailed with the confirmation link, and the same for the same address", async () => {
    const email = `welcome-${Date.now()}@example.in`;
    const first = await api().post("/api/subscribe").send({ email }).expect(201);
    expect(first.body.coupon.code).toMatch(/^WELCOME-[A-Z2-9]{8}$/);
    const [coupon] = await shop.context.db.select().from(coupons).where(eq(coupons.code, first.body.coupon.code));
    expect(coupon).toMatchObject({ type: "percent", percentBps: 1000, usageLimit: 1, perCustomerLimit: 1, firstOrderOnly: true, includeRx: false, issuedToEmail: email });
    const [mail] = await emailsTo(email);
    expect(mail!.text).toContain(first.body.coupon.code);
    expect(mail!.text).toMatch(/https:\/\/shop\.example\.in\/unsubscribe\?token=[A-Za-z0-9_-]{43}/);
    expect(mail!.html).toContain("Unsubscribe");

    const again = await api().post("/api/subscribe").send({ email: email.toUpperCase() }).expect(201);
    expect(again.body.coupon.code).toBe(first.body.coupon.code);
    expect(await shop.context.db.select().from(coupons).where(eq(coupons.issuedToEmail, email))).toHaveLength(1);
  });

  it("gives one code to an address however many subscribe at once", async () => {
    const email = `race-${Date.now()}@example.in`;
    const answers = await Promise.all(Array.from({ length: 3 }, () => api().post("/api/subscribe").send({ email })));
    const codes = new Set(answers.filter((res) => res.status === 201).map((res) => res.body.coupon.code));
    expect(codes.size).toBe(1);
  });

  it("is shown by the footer form's action too", async () => {
    const form = new FormData();
    form.set("email", `footer-${Date.now()}@example.in`);
    const result = (await newsletterAction({ request: new Request("http://localhost/newsletter", { method: "POST", body: form }), context: pageContext(shop.context, null), params: {} } as never)) as {
      data: { ok: boolean; coupon: { code: string } };
    };
    expect(result.data.ok).toBe(true);
    expect(result.data.coupon.code).toMatch(/^WELCOME-/);
  });

  it("takes 10% off a first order once", async () => {
    const email = `buyer-${Date.now()}@example.in`;
    const { body } = await api().post("/api/subscribe").send({ email }).expect(201);
    const product = await makeProduct(shop.context, { pricePaise: 100_000, stock: 10 });
    const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    await api().post("/api/cart/coupon").set(buyer.headers).send({ code: body.coupon.code }).expect(200);
    const res = await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "cod" }).expect(201);
    expect(res.body.order).toMatchObject({ discountPrice: 100, totalPrice: 900, coupon: { code: body.coupon.code } });
    const other = await buyerWithCart(shop, [{ productId: product.id, quantity: 1 }]);
    const used = await api().post("/api/cart/coupon").set(other.headers).send({ code: body.coupon.code }).expect(400);
    expect(used.body.message).toBe("This coupon has been fully used");
  });
});

describe("what the pages say about it", () => {
  it("says what the code does: the percent, and prescription medicines excluded (a cart of prescription medicines only is refused)", async () => {
    expect(WELCOME_OFFER).toBe(`${WELCOME_PERCENT}% off your first order (prescription medicines excluded)`);
    const email = `offer-${Date.now()}@example.in`;
    const { body } = await api().post("/api/subscribe").send({ email }).expect(201);
    const [coupon] = await shop.context.db.select().from(coupons).where(eq(coupons.code, body.coupon.code));
    expect(coupon).toMatchObject({ percentBps: WELCOME_PERCENT * 100, includeRx: false });
    const [mail] = await emailsTo(email);
    expect(mail!.text).toContain(WELCOME_OFFER);

    const rx = await makeProduct(shop.context, { pricePaise: 50_000, stock: 10, schedule: "H", prescriptionRequired: true });
    const rxOnly = await buyerWithCart(shop, [{ productId: rx.id, quantity: 1 }]);
    const refused = await api().post("/api/cart/coupon").set(rxOnly.headers).send({ code: body.coupon.code }).expect(400);
    expect(refused.body.message).toBe(COUPON_MESSAGES.notApplicable);
  });
});

describe("unsubscribing", () => {
  it("takes the address off the list by the emailed token, without signing in; a bad token is refused", async () => {
    const email = `leaver-${Date.now()}@example.in`;
    await api().post("/api/subscribe").send({ email }).expect(201);
    await shop.context.db.update(newsletterSubscribers).set({ confirmedAt: new Date() }).where(eq(newsletterSubscribers.email, email));
    const listed = async () => (await listSubscribers(shop.context.db, { limit: 100 })).items.some((row) => row.email === email);
    expect(await listed()).toBe(true);
    const token = /unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec((await emailsTo(email))[0]!.text)![1]!;
    const post = async (value: string) => {
      const form = new FormData();
      form.set("token", value);
      return (await unsubscribeAction({ request: new Request("http://localhost/unsubscribe", { method: "POST", body: form }), context: pageContext(shop.context, null), params: {} } as never)) as {
        data: { ok: boolean; message: string };
        init: { status: number } | null;
      };
    };
    const bad = await post("x".repeat(43));
    expect(bad.data).toEqual({ ok: false, message: "This unsubscribe link is invalid. Please use the link from one of our emails." });
    const done = await post(token);
    expect(done.data).toEqual({ ok: true, message: "You have been unsubscribed. We will send you no more newsletter emails." });
    expect(await listed()).toBe(false);
    // Subscribing again asks for a new confirmation; the welcome code stays the same one.
    const again = await api().post("/api/subscribe").send({ email }).expect(201);
    const [row] = await shop.context.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row).toMatchObject({ confirmedAt: null, unsubscribedAt: null, unsubscribeToken: token });
    expect(await shop.context.db.select().from(coupons).where(eq(coupons.issuedToEmail, email))).toHaveLength(1);
    expect(again.body.coupon.code).toMatch(/^WELCOME-/);
  });
});
