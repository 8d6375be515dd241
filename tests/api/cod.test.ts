// Cash on delivery (issue 14, decisions/022): offered where the PIN code allows it and within the
// cap, its fee on its own line, placed without the gateway as Processing, paid once when Delivered,
// invoiced at dispatch, and a refusal at the door (RTO) puts the stock back. The quote agrees with
// the order placed next.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, orderStatusHistory, orders, outboundEmails, payments, prescriptions } from "#server/db/schema.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

let shop: TestShop;
let admin: TestUser;
beforeAll(async () => {
  // A ₹40 fee and the default ₹5,000 cap.
  shop = await createTestShop({ COD_FEE_RUPEES: "40" });
  admin = await createAdmin(shop.context);
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const db = () => shop.context.db;
const LEH = { ...address, city: "Leh", postalCode: "194101" };
const cod = (shippingAddress: object = address) => ({ shippingAddress, paymentMethod: "cod" });

async function buyerOf(pricePaise: number, quantity = 1, values: Parameters<typeof makeProduct>[1] = {}) {
  const item = await makeProduct(shop.context, { pricePaise, stock: 10, ...values });
  const user = await buyerWithCart(shop, [{ productId: item.id, quantity }]);
  return { user, productId: item.id };
}

/** Shipped goes with its courier and AWB (decisions/032). */
const setStatus = (orderId: string, status: string) =>
  api().put(`/api/admin/orders/${orderId}`).set(admin.headers).send(status === "Shipped" ? { status, courier: "delhivery", awb: "1234567890123" } : { status });
const invoiceOf = async (orderId: string) => (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0];

describe("when cash on delivery is offered", () => {
  it("is refused for a PIN code without COD, saying why, and nothing is reserved", async () => {
    const { user, productId } = await buyerOf(20000);
    const res = await checkout(shop, user, cod(LEH)).expect(400);
    expect(res.body.message).toBe("Cash on delivery is not available for this PIN code");
    expect(await stockOf(shop.context, productId)).toBe(10);
    // The same address paid online is fine.
    const quote = await api().post("/api/checkout/quote").set(user.headers).send({ shippingAddress: LEH }).expect(200);
    expect(quote.body.cod).toEqual({ allowed: false, reason: "Cash on delivery is not available for this PIN code" });
  });

  it("is refused above the cap (order value before the fee), up to it allowed", async () => {
    const above = await buyerOf(500_100);
    const refused = await checkout(shop, above.user, cod()).expect(400);
    expect(refused.body).toMatchObject({
      message: "Cash on delivery is available for orders up to ₹5,000",
      errors: { paymentMethod: "Cash on delivery is available for orders up to ₹5,000" },
    });
    const quote = await api().post("/api/checkout/quote").set(above.user.headers).send({ shippingAddress: address }).expect(200);
    expect(quote.body.cod).toEqual({ allowed: false, reason: "Cash on delivery is available for orders up to ₹5,000" });
    const within = await buyerOf(500_000);
    const placed = await checkout(shop, within.user, cod()).expect(201);
    // ₹5,000 of goods plus the ₹40 fee: the cap is on the order's value, the fee is on top.
    expect(placed.body.order).toMatchObject({ itemsPrice: 5000, codFee: 40, totalPrice: 5040 });
  });

  it("is never chosen unless asked for: no fee on an online order", async () => {
    const { user } = await buyerOf(20000);
    const res = await checkout(shop, user, { shippingAddress: address }).expect(201);
    expect(res.body.order).toMatchObject({ paymentMethod: "razorpay", codFee: 0, totalPrice: 200 });
    expect(res.body.payment).not.toBeNull();
  });

  it("refuses an unknown payment method with a sentence", async () => {
    const { user } = await buyerOf(20000);
    await checkout(shop, user, { shippingAddress: address, paymentMethod: "upi" }).expect(400, /Choose to pay online or by cash on delivery/);
  });
});

describe("POST /api/checkout/quote", () => {
  it("needs a signed-in shopper and answers as checkout does for a bad body", async () => {
    await api().post("/api/checkout/quote").send(cod()).expect(401);
    const { user } = await buyerOf(20000);
    await api().post("/api/checkout/quote").set(user.headers).send({ shippingAddress: { ...address, postalCode: "999999" } }).expect(400, /We do not deliver to this PIN code yet/);
    await api().post("/api/checkout/quote").set(user.headers).send(cod(LEH)).expect(400, /Cash on delivery is not available for this PIN code/);
    await api().post("/api/checkout/quote").set(user.headers).send([1, 2]).expect(400);
  });

  it("shows every fee before confirming and matches the order placed next, creating nothing", async () => {
    const { user, productId } = await buyerOf(33_333, 3, { gstRateBps: 1200 });
    const before = (await db().select().from(orders)).length;
    const quoted = await api().post("/api/checkout/quote").set(user.headers).send(cod()).expect(200);
    expect(quoted.body).toEqual({
      itemsPrice: 999.99,
      discountPrice: 0,
      shippingPrice: 0,
      codFee: 40,
      taxPrice: expect.any(Number),
      totalPrice: 1039.99,
      cod: { allowed: true },
      estimatedDelivery: { from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    expect((await db().select().from(orders)).length).toBe(before);
    expect(await stockOf(shop.context, productId)).toBe(10);

    const placed = await checkout(shop, user, cod()).expect(201);
    const { itemsPrice, discountPrice, shippingPrice, codFee, taxPrice, totalPrice } = placed.body.order;
    expect({ itemsPrice, discountPrice, shippingPrice, codFee, taxPrice, totalPrice }).toEqual({
      itemsPrice: quoted.body.itemsPrice,
      discountPrice: quoted.body.discountPrice,
      shippingPrice: quoted.body.shippingPrice,
      codFee: quoted.body.codFee,
      taxPrice: quoted.body.taxPrice,
      totalPrice: quoted.body.totalPrice,
    });
  });

  it("quotes an online payment without the fee", async () => {
    const { user } = await buyerOf(20000);
    const quoted = await api().post("/api/checkout/quote").set(user.headers).send({ shippingAddress: address, paymentMethod: "razorpay" }).expect(200);
    expect(quoted.body).toMatchObject({ codFee: 0, totalPrice: 200, cod: { allowed: true } });
  });
});

describe("a cash-on-delivery order's life", () => {
  it("placed → Processing (unpaid, no gateway) → Shipped (invoice issued) → Delivered (paid once)", async () => {
    const { user, productId } = await buyerOf(45_000, 2);
    const placed = await checkout(shop, user, cod()).expect(201);
    expect(placed.body.payment).toBeNull();
    const order = placed.body.order;
    expect(order).toMatchObject({ status: "Processing", isPaid: false, paymentMethod: "cod", itemsPrice: 900, codFee: 40, totalPrice: 940 });
    const orderId = order._id as string;
    // Stock held for good (no reservation expiry), the bought lines left the cart, no payments row.
    expect(await stockOf(shop.context, productId)).toBe(8);
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ reservationExpiresAt: null, providerOrderId: null, codFeePaise: 4000, totalPaise: 94000 });
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(0);
    const cart = await api().get("/api/cart").set(user.headers).expect(200);
    expect(cart.body.products ?? []).toHaveLength(0);
    // Confirmed by email, with the amount to keep ready; no invoice yet.
    const emails = await db().select().from(outboundEmails).where(eq(outboundEmails.to, user.email));
    expect(emails.map((email) => email.subject)).toEqual([`Order ${order.orderNumber} confirmed`]);
    expect(emails[0]!.text).toContain("cash on delivery");
    expect(emails[0]!.text).toContain("Payment: Cash on delivery");
    expect(await invoiceOf(orderId)).toBeUndefined();
    // The test gateway cannot be used to pay it.
    const paid = await api().post(`/api/payments/test/${orderId}/pay`).set(user.headers);
    expect(paid.status).toBeGreaterThanOrEqual(400);

    await setStatus(orderId, "Shipped").expect(200);
    const invoice = await invoiceOf(orderId);
    expect(invoice).toBeDefined();
    const shippedRow = (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
    expect(shippedRow.isPaid).toBe(false);

    const delivered = await setStatus(orderId, "Delivered").expect(200);
    expect(delivered.body).toMatchObject({ status: "Delivered", isPaid: true, isDelivered: true });
    expect(delivered.body.paidAt).toEqual(expect.any(String));
    const cash = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(cash).toEqual([expect.objectContaining({ provider: "cod", method: "cash", status: "captured", amountPaise: 94000 })]);
    // Asking again changes nothing: paid once.
    await setStatus(orderId, "Delivered").expect(200);
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect((await invoiceOf(orderId))!.serial).toBe(invoice!.serial);

    const page = await api().get(`/api/orders/${orderId}`).set(user.headers).expect(200);
    expect(page.body).toMatchObject({ paymentMethod: "cod", isPaid: true, status: "Delivered" });
  });

  it("Shipped → Cancelled when refused at the door: returned to sender, stock released, nothing refunded", async () => {
    const { user, productId } = await buyerOf(30_000, 3);
    const placed = await checkout(shop, user, cod()).expect(201);
    const orderId = placed.body.order._id as string;
    expect(await stockOf(shop.context, productId)).toBe(7);
    await setStatus(orderId, "Shipped").expect(200);
    const returned = await setStatus(orderId, "Cancelled").expect(200);
    expect(returned.body).toMatchObject({ status: "Cancelled", isPaid: false });
    expect(await stockOf(shop.context, productId)).toBe(10);
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((entry) => [entry.status, entry.note])).toContainEqual(["Cancelled", "Returned to sender"]);
    // Cancelled is final: released once.
    await setStatus(orderId, "Cancelled").expect(409);
    expect(await stockOf(shop.context, productId)).toBe(10);
  });

  it("a prepaid order cannot go back from Shipped, and a delivered COD order cannot be cancelled", async () => {
    const { user } = await buyerOf(20000);
    const started = await checkout(shop, user, { shippingAddress: address }).expect(201);
    const orderId = started.body.order._id as string;
    const signed = await api().post(`/api/payments/test/${orderId}/pay`).set(user.headers).expect(200);
    await api().post(`/api/checkout/${orderId}/verify`).set(user.headers).send(signed.body).expect(200);
    await setStatus(orderId, "Shipped").expect(200);
    await setStatus(orderId, "Cancelled").expect(409, /Only an unpaid cash-on-delivery order can be cancelled after it was shipped/);

    const other = await buyerOf(20000);
    const placed = await checkout(shop, other.user, cod()).expect(201);
    await setStatus(placed.body.order._id, "Shipped").expect(200);
    await setStatus(placed.body.order._id, "Delivered").expect(200);
    await setStatus(placed.body.order._id, "Cancelled").expect(409);
  });

  it("the customer may cancel a COD order while it is Processing, releasing its stock", async () => {
    const { user, productId } = await buyerOf(20000, 2);
    const placed = await checkout(shop, user, cod()).expect(201);
    await api().post(`/api/orders/${placed.body.order._id}/cancel`).set(user.headers).expect(200);
    expect(await stockOf(shop.context, productId)).toBe(10);
  });

  it("a customer may have 3 COD orders on the way at once (they hold stock until delivered); a delivered one frees a place", async () => {
    const { user, productId } = await buyerOf(20000);
    const addAgain = () => api().post("/api/cart").set(user.headers).send({ productId, quantity: 1 }).expect(200);
    const placed: string[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) await addAgain();
      placed.push((await checkout(shop, user, cod()).expect(201)).body.order._id);
      // One waits for its confirmation at a time (decisions/044).
      await api().post(`/api/orders/${placed.at(-1)}/confirm-cod`).set(user.headers).expect(200);
    }
    await addAgain();
    const refused = await checkout(shop, user, cod()).expect(400);
    expect(refused.body.message).toBe("You already have 3 cash-on-delivery orders on the way; pay online, or order again once they arrive");
    expect(await stockOf(shop.context, productId)).toBe(7);
    // Paying online is still open, and a delivered COD order no longer counts.
    await setStatus(placed[0]!, "Shipped").expect(200);
    await setStatus(placed[0]!, "Delivered").expect(200);
    await checkout(shop, user, cod()).expect(201);
  });

  it("a COD order with prescription-only lines still waits for the pharmacist", async () => {
    const { user } = await buyerOf(20000, 1, { schedule: "H", prescriptionRequired: true });
    const [rx] = await db()
      .insert(prescriptions)
      .values({ userId: user.id, storageKey: `test-${randomUUID()}`, fileName: "rx.pdf", contentType: "application/pdf", sizeBytes: 10 })
      .returning();
    await checkout(shop, user, cod()).expect(400);
    const placed = await checkout(shop, user, { ...cod(), prescriptionIds: [rx!.id] }).expect(201);
    expect(placed.body.order).toMatchObject({ status: "Processing", isPaid: false, paymentMethod: "cod", prescription: { status: "pending" } });
    await setStatus(placed.body.order._id, "Shipped").expect(409);
  });
});
