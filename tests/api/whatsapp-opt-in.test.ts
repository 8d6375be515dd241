// WhatsApp order updates (issue 30, decisions/055): the opt-in stored with its time on the account
// (PUT /api/users/profile { whatsappUpdates }) and on each order (POST /api/checkout
// { whatsappUpdates }); opting in again undoes a STOP from the account's verified number only.
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHATSAPP_MESSAGES } from "#common/whatsapp.ts";
import { orders, products, user as users, whatsappOptOuts } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createCustomer, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const db = () => shop.context.db;
const putProfile = (who: TestUser, body: unknown) => api().put("/api/users/profile").set(who.headers).send(body as object);

async function accountOf(who: { id: string }) {
  const [row] = await db().select({ at: users.whatsappUpdatesAt, phone: users.phone, name: users.name }).from(users).where(eq(users.id, who.id));
  return row!;
}

async function withPhone(who: { id: string }, phone: string, verified: boolean) {
  await db().update(users).set({ phone, phoneVerified: verified }).where(eq(users.id, who.id));
}

async function optedOut(phone: string) {
  return (await db().select().from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, phone))).length > 0;
}

/** A moment just before the call, to check the stored time is the call's own. */
const justBefore = () => new Date(Date.now() - 1000);

describe("PUT /api/users/profile { whatsappUpdates }", () => {
  it("starts off; true stores the time (profile JSON included), false clears it", async () => {
    const shopper = await createCustomer(shop.context);
    const fresh = await api().get("/api/users/profile").set(shopper.headers).expect(200);
    expect(fresh.body).toMatchObject({ whatsappUpdates: false, whatsappUpdatesAt: null });

    const since = justBefore();
    const on = await putProfile(shopper, { phone: "98450 12345", whatsappUpdates: true }).expect(200);
    expect(on.body).toMatchObject({ phone: "9845012345", whatsappUpdates: true });
    const stored = (await accountOf(shopper)).at!;
    expect(stored.getTime()).toBeGreaterThanOrEqual(since.getTime());
    expect(stored.getTime()).toBeLessThanOrEqual(Date.now());
    expect(on.body.whatsappUpdatesAt).toBe(stored.toISOString());
    // GET answers the same.
    expect((await api().get("/api/users/profile").set(shopper.headers).expect(200)).body).toMatchObject({ whatsappUpdates: true, whatsappUpdatesAt: stored.toISOString() });

    const off = await putProfile(shopper, { whatsappUpdates: false }).expect(200);
    expect(off.body).toMatchObject({ whatsappUpdates: false, whatsappUpdatesAt: null, phone: "9845012345" });
    expect((await accountOf(shopper)).at).toBeNull();
  });

  it("refuses to opt in without a number on the account (400, said plainly), and with one removed in the same body", async () => {
    const shopper = await createCustomer(shop.context);
    const refused = await putProfile(shopper, { whatsappUpdates: true }).expect(400);
    expect(refused.body).toMatchObject({ message: WHATSAPP_MESSAGES.phoneNeeded, errors: { whatsappUpdates: WHATSAPP_MESSAGES.phoneNeeded } });
    await withPhone(shopper, "9845012346", false);
    const removing = await putProfile(shopper, { phone: "", whatsappUpdates: true, name: "Changed Name" }).expect(400);
    expect(removing.body.message).toBe(WHATSAPP_MESSAGES.phoneNeeded);
    // Nothing of a refused body is saved.
    expect(await accountOf(shopper)).toMatchObject({ at: null, phone: "9845012346" });
    expect((await accountOf(shopper)).name).not.toBe("Changed Name");
  });

  it("turns WhatsApp updates off when the number is removed", async () => {
    const shopper = await createCustomer(shop.context);
    await putProfile(shopper, { phone: "9845012347", whatsappUpdates: true }).expect(200);
    const removed = await putProfile(shopper, { phone: null }).expect(200);
    expect(removed.body).toMatchObject({ phone: null, whatsappUpdates: false, whatsappUpdatesAt: null });
  });

  it("refuses anything but true or false with the field's own sentence, changing nothing", async () => {
    const shopper = await createCustomer(shop.context);
    await withPhone(shopper, "9845012348", true);
    for (const value of ["true", 1, 0, null, "yes", {}, [true]]) {
      const res = await putProfile(shopper, { whatsappUpdates: value }).expect(400);
      expect(res.body).toMatchObject({ message: WHATSAPP_MESSAGES.choice, errors: { whatsappUpdates: WHATSAPP_MESSAGES.choice } });
    }
    expect((await accountOf(shopper)).at).toBeNull();
    await api().put("/api/users/profile").send({ whatsappUpdates: true }).expect(401);
  });

  it("changes only the caller's account, whatever ids the body names", async () => {
    const [caller, other] = [await createCustomer(shop.context), await createCustomer(shop.context)];
    await withPhone(caller, "9845012349", true);
    await withPhone(other, "9845012350", true);
    await putProfile(other, { whatsappUpdates: true }).expect(200);
    const otherAt = (await accountOf(other)).at;
    await putProfile(caller, { whatsappUpdates: true, _id: other.id, id: other.id, userId: other.id }).expect(200);
    await putProfile(caller, { whatsappUpdates: false, _id: other.id, userId: other.id }).expect(200);
    expect((await accountOf(other)).at).toEqual(otherAt);
    expect((await accountOf(caller)).at).toBeNull();
  });

  it("opting in again undoes a STOP from the account's verified number, never another number's", async () => {
    const verified = await createCustomer(shop.context);
    await withPhone(verified, "9845012351", true);
    const typed = await createCustomer(shop.context);
    await withPhone(typed, "9845012352", false);
    await db().insert(whatsappOptOuts).values([{ phone: "9845012351" }, { phone: "9845012352" }, { phone: "9845012353" }]);

    await putProfile(verified, { whatsappUpdates: true }).expect(200);
    await putProfile(typed, { whatsappUpdates: true }).expect(200);
    expect(await optedOut("9845012351")).toBe(false);
    // A number the account has not proved is someone else's until it is: their STOP stands.
    expect(await optedOut("9845012352")).toBe(true);
    expect(await optedOut("9845012353")).toBe(true);
    // Turning updates off does not write a STOP (that is the number's owner's to send).
    await putProfile(verified, { whatsappUpdates: false }).expect(200);
    expect(await optedOut("9845012351")).toBe(false);
  });
});

describe("POST /api/checkout { whatsappUpdates }", () => {
  const cod = (extra: Record<string, unknown> = {}) => ({ shippingAddress: address, paymentMethod: "cod", ...extra });

  async function buyer(options: { phone?: string; verified?: boolean } = {}) {
    const item = await makeProduct(shop.context, { pricePaise: 20000, stock: 10 });
    const who = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    if (options.phone) await withPhone(who, options.phone, options.verified ?? false);
    return { who, productId: item.id };
  }

  async function orderRow(id: string) {
    const [row] = await db().select({ at: orders.whatsappUpdatesAt, userId: orders.userId }).from(orders).where(eq(orders.id, id));
    return row!;
  }

  it("true stores the time on the order, in its transaction, and turns the account's updates on", async () => {
    const { who } = await buyer({ phone: "9845012360" });
    const since = justBefore();
    const placed = await checkout(shop, who, cod({ whatsappUpdates: true })).expect(201);
    const order = await orderRow(placed.body.order._id);
    expect(order.at!.getTime()).toBeGreaterThanOrEqual(since.getTime());
    expect((await accountOf(who)).at).toEqual(order.at);
    expect((await api().get("/api/users/profile").set(who.headers).expect(200)).body.whatsappUpdates).toBe(true);
  });

  it("an account without a number opts in for this order only (as a guest would)", async () => {
    const { who } = await buyer();
    const placed = await checkout(shop, who, cod({ whatsappUpdates: true })).expect(201);
    expect((await orderRow(placed.body.order._id)).at).not.toBeNull();
    expect((await accountOf(who)).at).toBeNull();
  });

  it("false or absent: the order has none, and an account already opted in stays so", async () => {
    const { who } = await buyer({ phone: "9845012361" });
    await putProfile(who, { whatsappUpdates: true }).expect(200);
    const before = (await accountOf(who)).at;
    const placed = await checkout(shop, who, cod({ whatsappUpdates: false })).expect(201);
    expect((await orderRow(placed.body.order._id)).at).toBeNull();
    expect((await accountOf(who)).at).toEqual(before);

    const again = await buyer();
    const plain = await checkout(shop, again.who, cod()).expect(201);
    expect((await orderRow(plain.body.order._id)).at).toBeNull();
  });

  it("refuses a value that is not true or false (400, said plainly): no order, no stock held, no opt-in", async () => {
    const { who, productId } = await buyer({ phone: "9845012362" });
    for (const value of ["true", 1, null, "on"]) {
      const res = await checkout(shop, who, cod({ whatsappUpdates: value })).expect(400);
      expect(res.body.message).toBe(WHATSAPP_MESSAGES.choice);
      expect(res.body.errors).toMatchObject({ whatsappUpdates: WHATSAPP_MESSAGES.choice });
    }
    expect(await db().select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(0);
    expect(await stockOf(shop.context, productId)).toBe(10);
    expect((await accountOf(who)).at).toBeNull();
    // The quote reads the same body the same way.
    await api().post("/api/checkout/quote").set(who.headers).send(cod({ whatsappUpdates: "yes" })).expect(400);
  });

  it("a refused checkout stores no opt-in (the account's is written in the order's transaction)", async () => {
    const { who, productId } = await buyer({ phone: "9845012363" });
    await db().update(products).set({ stock: 0 }).where(eq(products.id, productId));
    await checkout(shop, who, cod({ whatsappUpdates: true })).expect(409);
    expect((await accountOf(who)).at).toBeNull();
  });

  it("undoes a STOP only when the delivery phone is the account's verified number", async () => {
    const own = await buyer({ phone: address.phone, verified: true });
    await db().insert(whatsappOptOuts).values({ phone: address.phone }).onConflictDoNothing();
    await checkout(shop, own.who, cod({ whatsappUpdates: true })).expect(201);
    expect(await optedOut(address.phone)).toBe(false);

    // Someone typing another person's number as the delivery phone does not undo that person's STOP.
    const stranger = await buyer({ phone: "9845012364", verified: true });
    await db().insert(whatsappOptOuts).values({ phone: address.phone });
    const placed = await checkout(shop, stranger.who, cod({ whatsappUpdates: true })).expect(201);
    expect(await optedOut(address.phone)).toBe(true);
    expect((await orderRow(placed.body.order._id)).at).not.toBeNull();
  });
});
