import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orderStatusHistory, orders, payments, products } from "#server/db/schema.ts";
import { RESERVATION_MINUTES } from "#common/orders.ts";
import { every } from "#server/jobs/scheduler.ts";
import { expireReservations, reservationExpiryJob } from "#server/modules/orders/expiry.ts";
import { reserveStock } from "#server/modules/orders/stock.ts";
import { usingPostgres } from "../support/database.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const api = () => request(shop.app);
const product = (values: Parameters<typeof makeProduct>[1] = {}) => makeProduct(shop.context, values);

async function pay(buyer: TestUser, orderId: string) {
  const signed = await api().post(`/api/payments/test/${orderId}/pay`).set(buyer.headers).expect(200);
  return signed.body as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

describe("POST /api/checkout: validation", () => {
  it("needs a signed-in user", async () => {
    await api().post("/api/checkout").send({ shippingAddress: address }).expect(401, /Please sign in/);
  });

  it("answers the spec's messages for missing fields, phone, PIN code and country", async () => {
    const item = await product();
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...address, city: "  " }, "Please fill all required fields", "city"],
      [{ ...address, firstName: undefined }, "Please fill all required fields", "firstName"],
      [{ ...address, phone: "98765" }, "Please enter a 10-digit phone number", "phone"],
      [{ ...address, phone: "98765432101" }, "Please enter a 10-digit phone number", "phone"],
      [{ ...address, phone: "98765abcde" }, "Please enter a 10-digit phone number", "phone"],
      [{ ...address, postalCode: "56001" }, "Enter a valid PIN code", "postalCode"],
      [{ ...address, country: "Mars" }, "We deliver only within India", "country"],
      [{ ...address, email: "not-an-email" }, "Please enter a valid email", "email"],
      [{ ...address, phone: "123", city: "" }, "Please fill all required fields", "city"],
    ];
    for (const [shippingAddress, message, field] of cases) {
      const res = await checkout(shop, buyer, { shippingAddress, paymentMethod: "razorpay" }).expect(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[field]).toBeDefined();
    }
    await checkout(shop, buyer, { shippingAddress: "nope" }).expect(400, /Please fill all required fields/);
    await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "cheque" }).expect(400);
    // Nothing was reserved by the refused attempts.
    expect(await stockOf(shop.context, item.id)).toBe(10);
  });

  it("delivers only within India and fills the account email when the form sends none", async () => {
    const item = await product();
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const { email: _email, ...withoutEmail } = address;
    await checkout(shop, buyer, {
      shippingAddress: { ...withoutEmail, country: "UK", postalCode: "SW1A 1AA", phone: "98765 43210" },
    }).expect(400, /We deliver only within India/);
    const res = await checkout(shop, buyer, { shippingAddress: { ...withoutEmail, phone: "+91 98765 43210" } }).expect(201);
    expect(res.body.order.shippingAddress).toMatchObject({ country: "India", postalCode: "560001", phone: "9876543210", email: buyer.email });
  });

  it("is 400 for an empty cart", async () => {
    const buyer = await createCustomer(shop.context);
    await checkout(shop, buyer).expect(400, /Your cart is empty/);
  });
});

describe("POST /api/checkout: the order", () => {
  it("builds the order from the server-side cart at current prices, splits the GST and reserves stock", async () => {
    const a = await product({ pricePaise: 10500, gstRateBps: 500, stock: 5, hsnCode: "3004" });
    const b = await product({ pricePaise: 33333, gstRateBps: 1200, stock: 4 });
    const buyer = await buyerWithCart(shop, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
    // The price changes after the item went into the cart: the order takes the current one.
    await shop.context.db.update(products).set({ pricePaise: 11000, mrpPaise: 12000 }).where(eq(products.id, a.id));

    const before = Date.now();
    const res = await checkout(shop, buyer, { shippingAddress: address, paymentMethod: "razorpay", totalPrice: 1 }).expect(201);
    const { order, payment } = res.body;
    // 22000 → tax 22000 − 22000/1.05 = 1047.62 → 1048; 33333 → 33333 − 33333/1.12 = 3571.39 → 3571
    expect(order).toMatchObject({
      _id: expect.any(String),
      orderNumber: expect.stringMatching(/^HP-\d{6}-[0-9A-Z]{8}$/),
      user: { _id: buyer.id, name: buyer.name, email: buyer.email },
      shippingAddress: address,
      paymentMethod: "razorpay",
      itemsPrice: 553.33,
      shippingPrice: 0,
      taxPrice: 46.19,
      totalPrice: 553.33,
      isPaid: false,
      status: "Pending",
      isDelivered: false,
    });
    expect(order.paymentResult).toBeUndefined();
    expect(order.orderItems).toHaveLength(2);
    expect(order.orderItems).toContainEqual({ productId: a.id, name: a.name, image: a.images[0]!.url, price: 110, quantity: 2 });
    expect(payment).toEqual({
      provider: "test",
      keyId: expect.any(String),
      orderId: expect.stringMatching(/^order_test_/),
      amount: 55333,
      currency: "INR",
    });
    expect(await stockOf(shop.context, a.id)).toBe(3);
    expect(await stockOf(shop.context, b.id)).toBe(3);

    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.providerOrderId).toBe(payment.orderId);
    const expiresIn = row!.reservationExpiresAt!.getTime() - before;
    expect(expiresIn).toBeGreaterThan((RESERVATION_MINUTES - 1) * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(RESERVATION_MINUTES * 60_000 + 5_000);
    const [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(paymentRow).toMatchObject({ provider: "test", status: "created", amountPaise: 55333 });
    // The cart stays until the payment is confirmed.
    const cart = await api().get("/api/cart").set(buyer.headers).expect(200);
    expect(cart.body.products).toHaveLength(2);
  });

  it("is 409 naming the product when a line exceeds the stock, and reserves nothing", async () => {
    const plenty = await product({ stock: 10 });
    const scarce = await product({ stock: 3 });
    const buyer = await buyerWithCart(shop, [
      { productId: plenty.id, quantity: 2 },
      { productId: scarce.id, quantity: 3 },
    ]);
    await shop.context.db.update(products).set({ stock: 1 }).where(eq(products.id, scarce.id));
    const res = await checkout(shop, buyer).expect(409);
    expect(res.body.message).toBe(`Only 1 of ${scarce.name} left in stock`);
    expect(await stockOf(shop.context, plenty.id)).toBe(10);
    expect(await stockOf(shop.context, scarce.id)).toBe(1);
    const mine = await shop.context.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(mine).toHaveLength(0);

    await shop.context.db.update(products).set({ stock: 0 }).where(eq(products.id, scarce.id));
    await checkout(shop, buyer).expect(409, new RegExp(`${scarce.name} is out of stock`));
  });

  // PGlite runs one transaction at a time, so only PostgreSQL can hold the lock beside a checkout.
  it.runIf(usingPostgres())("refuses a line already out of stock at once, without waiting for the product's lock (a flash sale's late buyer)", async () => {
    const sold = await product({ stock: 1 });
    const buyer = await buyerWithCart(shop, [{ productId: sold.id, quantity: 1 }]);
    await shop.context.db.update(products).set({ stock: 0 }).where(eq(products.id, sold.id));
    // Another checkout of the product holds its row lock meanwhile.
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const locker = shop.context.db.transaction(async (tx) => {
      await tx.select({ id: products.id }).from(products).where(eq(products.id, sold.id)).for("update");
      locked();
      await held;
    });
    await isLocked;
    try {
      const res = await checkout(shop, buyer).timeout(5_000).expect(409);
      expect(res.body.message).toBe(`${sold.name} is out of stock`);
    } finally {
      release();
      await locker;
    }
    expect(await shop.context.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(0);
  });

  // The stock's locks are FOR NO KEY UPDATE: a cart line's foreign key (KEY SHARE) does not wait for them.
  it.runIf(usingPostgres())("lets a shopper add a product to the cart while a checkout of it holds its stock (a flash sale's adds do not queue)", async () => {
    const hot = await product({ stock: 10 });
    const other = await product({ stock: 10 });
    // A checkout of the product alone (its UPDATE's own lock), then of it with another (the rows locked first, in id order).
    for (const lines of [[hot], [hot, other].toSorted((a, b) => a.id.localeCompare(b.id))]) {
      let locked!: () => void;
      let release!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const locker = shop.context.db.transaction(async (tx) => {
        const taken = await reserveStock(tx, lines.map((line) => ({ productId: line.id, quantity: 1 })));
        expect(taken.ok).toBe(true);
        locked();
        await held;
      });
      await isLocked;
      try {
        const shopper = await createCustomer(shop.context);
        for (const line of lines) {
          const res = await request(shop.app).post("/api/cart").set(shopper.headers).send({ productId: line.id, quantity: 1 }).timeout(5_000);
          expect(res.body.cart.products.map((added: { productId: string }) => added.productId)).toContain(line.id);
        }
      } finally {
        release();
        await locker;
      }
    }
    expect(await stockOf(shop.context, hot.id)).toBe(8);
    expect(await stockOf(shop.context, other.id)).toBe(9);
  });

  it("leaves out a product unpublished since it went into the cart, as the cart itself does", async () => {
    const kept = await product();
    const withdrawn = await product();
    const buyer = await buyerWithCart(shop, [
      { productId: kept.id, quantity: 1 },
      { productId: withdrawn.id, quantity: 1 },
    ]);
    await shop.context.db.update(products).set({ published: false }).where(eq(products.id, withdrawn.id));
    const cart = await api().get("/api/cart").set(buyer.headers).expect(200);
    expect(cart.body.products.map((line: { productId: string }) => line.productId)).toEqual([kept.id]);
    const res = await checkout(shop, buyer).expect(201);
    expect(res.body.order.orderItems.map((item: { productId: string }) => item.productId)).toEqual([kept.id]);
    expect(await stockOf(shop.context, withdrawn.id)).toBe(10);

    const lone = await product();
    const only = await buyerWithCart(shop, [{ productId: lone.id, quantity: 1 }]);
    await shop.context.db.update(products).set({ published: false }).where(eq(products.id, lone.id));
    await checkout(shop, only).expect(400, /Your cart is empty/);
  });

  // Twenty sign-ups hash twenty passwords: generous time on a shared 2-core machine.
  it("never oversells: 20 buyers race for the last 3 units and exactly 3 win", { timeout: 120_000 }, async () => {
    const item = await product({ stock: 3 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyerWithCart(shop, [{ productId: item.id, quantity: 1 }])));
    const results = await Promise.all(buyers.map((buyer) => checkout(shop, buyer)));
    const statuses = results.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    for (const res of results.filter((r) => r.status === 409)) expect(res.body.message).toBe(`${item.name} is out of stock`);
    expect(await stockOf(shop.context, item.id)).toBe(0);
  });

  // A flash sale (issue 33): every buyer's whole path at once — add to cart, then check out — for
  // fewer units than buyers. Exactly the units sell; every other buyer is refused with the shop's
  // stock message, at add to cart when the units were already reserved, else at checkout.
  it("a flash sale: 16 buyers at once for the last 6 units sell exactly 6 and refuse the rest with the stock message", { timeout: 180_000 }, async () => {
    const item = await product({ stock: 6 });
    const buyers = await Promise.all(Array.from({ length: 16 }, () => buyerWithCart(shop, [])));
    const outcomes = await Promise.all(
      buyers.map(async (buyer) => {
        const added = await api().post("/api/cart").set(buyer.headers).send({ productId: item.id, quantity: 1 });
        if (added.status !== 200 && added.status !== 201) return { step: "add", status: added.status, message: added.body.message as string };
        const res = await checkout(shop, buyer);
        return { step: "checkout", status: res.status, message: res.body.message as string | undefined };
      }),
    );
    expect(outcomes.filter((o) => o.step === "checkout" && o.status === 201)).toHaveLength(6);
    const refused = outcomes.filter((o) => o.status !== 201);
    expect(refused).toHaveLength(10);
    for (const o of refused) {
      expect(o.status).toBe(409);
      if (o.step === "add") expect(o.message).toBe("Only 0 items available");
      else expect(o.message).toBe(`${item.name} is out of stock`);
    }
    expect(await stockOf(shop.context, item.id)).toBe(0);
    // The refused checkouts wrote their orders before the stock was taken (decisions/068): none is left.
    const placed = await shop.context.db.select({ id: orders.id, status: orders.status }).from(orders).innerJoin(orderLines, eq(orderLines.orderId, orders.id)).where(eq(orderLines.productId, item.id));
    expect(placed.map((order) => order.status)).toEqual(Array(6).fill("Pending"));
  });

  // All of an order's lines are taken by one statement (stock.ts), the rows locked in id order: many
  // buyers of the same products at once never deadlock, and a buyer refused for one line takes
  // nothing of the others.
  it("buyers of the same three products at once: no deadlock, and a line out of stock takes nothing of the others", { timeout: 180_000 }, async () => {
    const [plenty, scarce, more] = [await product({ stock: 100 }), await product({ stock: 5 }), await product({ stock: 100 })];
    const lines = [more!, scarce!, plenty!].map((item) => ({ productId: item.id, quantity: 1 }));
    const buyers = await Promise.all(Array.from({ length: 8 }, () => buyerWithCart(shop, lines)));
    const results = await Promise.all(buyers.map((buyer) => checkout(shop, buyer)));
    expect(results.map((res) => res.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    for (const res of results.filter((r) => r.status === 409)) expect(res.body.message).toBe(`${scarce!.name} is out of stock`);
    for (const res of results.filter((r) => r.status === 201)) {
      expect(res.body.order.orderItems.map((line: { name: string }) => line.name)).toEqual([plenty!, scarce!, more!].map((item) => item.name).sort());
    }
    expect([await stockOf(shop.context, plenty!.id), await stockOf(shop.context, scarce!.id), await stockOf(shop.context, more!.id)]).toEqual([95, 0, 95]);
  });

  it("refuses totals below ₹1 or above ₹5,00,000 without reserving anything", async () => {
    const cheap = await product({ pricePaise: 99, mrpPaise: 99 });
    const dear = await product({ pricePaise: 200_000_000, mrpPaise: 200_000_000, stock: 1000 });
    const small = await buyerWithCart(shop, [{ productId: cheap.id, quantity: 1 }]);
    await checkout(shop, small).expect(400, /at least ₹1/);
    const big = await buyerWithCart(shop, [{ productId: dear.id, quantity: 3 }]);
    await checkout(shop, big).expect(400, /at most ₹5,00,000/);
    expect(await stockOf(shop.context, cheap.id)).toBe(10);
    expect(await stockOf(shop.context, dear.id)).toBe(1000);
  });

  it("the last unit: two concurrent checkouts, one wins", async () => {
    const item = await product({ stock: 1 });
    const [first, second] = await Promise.all([1, 2].map(() => buyerWithCart(shop, [{ productId: item.id, quantity: 1 }])));
    const results = await Promise.all([checkout(shop, first!), checkout(shop, second!)]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await stockOf(shop.context, item.id)).toBe(0);
  });
});

describe("POST /api/checkout/:orderId/verify with the test gateway", () => {
  it("marks the order paid once, empties the bought lines from the cart, and repeats harmlessly", async () => {
    const item = await product({ pricePaise: 24900 });
    const other = await product();
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 2 }]);
    const { body } = await checkout(shop, buyer).expect(201);
    await api().post("/api/cart").set(buyer.headers).send({ productId: other.id, quantity: 1 }).expect(200);
    const fields = await pay(buyer, body.order._id);
    expect(fields.razorpay_order_id).toBe(body.payment.orderId);

    const first = await api().post(`/api/checkout/${body.order._id}/verify`).set(buyer.headers).send(fields).expect(200);
    expect(first.body.order).toMatchObject({
      isPaid: true,
      status: "Processing",
      paidAt: expect.any(String),
      paymentResult: fields,
    });
    const second = await api().post(`/api/checkout/${body.order._id}/verify`).set(buyer.headers).send(fields).expect(200);
    expect(second.body.order).toEqual(first.body.order);

    const history = await shop.context.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, body.order._id));
    expect(history.map((h) => h.status)).toEqual(["Pending", "Processing"]);
    const [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, body.order._id));
    expect(paymentRow).toMatchObject({ status: "captured", providerPaymentId: fields.razorpay_payment_id, method: "test" });
    const cart = await api().get("/api/cart").set(buyer.headers).expect(200);
    expect(cart.body.products.map((line: { productId: string }) => line.productId)).toEqual([other.id]);
    expect(await stockOf(shop.context, item.id)).toBe(8);
  });

  it("refuses tampered fields with 400 'Payment verification failed' and changes nothing", async () => {
    const item = await product();
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const { body } = await checkout(shop, buyer).expect(201);
    const fields = await pay(buyer, body.order._id);
    const flip = (text: string) => text.slice(0, -1) + (text.endsWith("a") ? "b" : "a");
    const forged = [
      { ...fields, razorpay_signature: flip(fields.razorpay_signature) },
      { ...fields, razorpay_payment_id: flip(fields.razorpay_payment_id) },
      { ...fields, razorpay_order_id: flip(fields.razorpay_order_id) },
      { ...fields, razorpay_signature: fields.razorpay_signature.slice(0, 20) },
      { ...fields, razorpay_signature: undefined },
      {},
    ];
    for (const fake of forged) {
      const res = await api().post(`/api/checkout/${body.order._id}/verify`).set(buyer.headers).send(fake).expect(400);
      expect(res.body.message).toBe("Payment verification failed");
    }
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, body.order._id));
    expect(row).toMatchObject({ isPaid: false, status: "Pending", paidAt: null });
  });

  it("is 404 for another customer's order, a malformed id, and signed out is 401", async () => {
    const item = await product();
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const stranger = await createCustomer(shop.context);
    const { body } = await checkout(shop, buyer).expect(201);
    const fields = await pay(buyer, body.order._id);
    await api().post(`/api/checkout/${body.order._id}/verify`).set(stranger.headers).send(fields).expect(404);
    await api().post(`/api/checkout/not a valid id/verify`).set(buyer.headers).send(fields).expect(404);
    await api().post(`/api/checkout/${body.order._id}/verify`).send(fields).expect(401);
    await api().post(`/api/payments/test/${body.order._id}/pay`).set(stranger.headers).expect(404);
  });

  it("records a failed test payment, which a later successful one still completes", async () => {
    const item = await product();
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const { body } = await checkout(shop, buyer).expect(201);
    const failed = await api()
      .post(`/api/payments/test/${body.order._id}/fail`)
      .set(buyer.headers)
      .send({ description: "Card declined" })
      .expect(200);
    expect(failed.body).toEqual({ error: { description: "Card declined" } });
    let [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, body.order._id));
    expect(paymentRow).toMatchObject({ status: "failed", failureReason: "Card declined" });

    const fields = await pay(buyer, body.order._id);
    await api().post(`/api/checkout/${body.order._id}/verify`).set(buyer.headers).send(fields).expect(200);
    [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, body.order._id));
    expect(paymentRow).toMatchObject({ status: "captured", failureReason: null });
    // A paid order is no longer payable in the test dialog.
    await api().post(`/api/payments/test/${body.order._id}/pay`).set(buyer.headers).expect(409);
  });
});

describe("orders: reading, cancelling, expiring", () => {
  it("lists my orders newest first and shows an order only to its owner or an admin", async () => {
    const item = await product();
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const first = (await checkout(shop, buyer).expect(201)).body.order;
    await api().post("/api/cart").set(buyer.headers).send({ productId: item.id, quantity: 1 }).expect(200);
    const second = (await checkout(shop, buyer).expect(201)).body.order;

    // The second checkout replaced the unpaid first one (decisions/014); that attempt is listed only when asked for (decisions/024).
    const live = await api().get("/api/orders/my-orders").set(buyer.headers).expect(200);
    expect(live.body.map((o: { _id: string }) => o._id)).toEqual([second._id]);
    const mine = await api().get("/api/orders/my-orders?include=expired").set(buyer.headers).expect(200);
    expect(mine.body.map((o: { _id: string }) => o._id)).toEqual([second._id, first._id]);
    expect(mine.body.map((o: { status: string }) => o.status)).toEqual(["Pending", "Cancelled"]);
    const stranger = await createCustomer(shop.context);
    expect((await api().get("/api/orders/my-orders").set(stranger.headers).expect(200)).body).toEqual([]);
    await api().get("/api/orders/my-orders").expect(401);

    const own = await api().get(`/api/orders/${second._id}`).set(buyer.headers).expect(200);
    expect(own.body).toMatchObject({ ...second, updatedAt: expect.any(String) });
    expect(own.body.statusHistory).toEqual([{ status: "Pending", note: "Order placed", at: expect.any(String) }]);
    expect(own.body.payment).toMatchObject({ provider: "test", status: "created", amount: second.totalPrice });
    expect(own.body.cancellable).toBe(true);
    await api().get(`/api/orders/${first._id}`).set(stranger.headers).expect(404, /Order not found/);
    await api().get(`/api/orders/%27%20or%201=1`).set(buyer.headers).expect(404);
    await api().get(`/api/orders/${first._id}`).expect(401);
    const admin = await createAdmin(shop.context);
    await api().get(`/api/orders/${first._id}`).set(admin.headers).expect(200);
  });

  it("cancels a Pending order for its owner, releasing the stock; others get 404", async () => {
    const item = await product({ stock: 4 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 3 }]);
    const { body } = await checkout(shop, buyer).expect(201);
    expect(await stockOf(shop.context, item.id)).toBe(1);
    const stranger = await createCustomer(shop.context);
    await api().post(`/api/orders/${body.order._id}/cancel`).set(stranger.headers).expect(404);

    const res = await api().post(`/api/orders/${body.order._id}/cancel`).set(buyer.headers).expect(200);
    expect(res.body.order.status).toBe("Cancelled");
    expect(await stockOf(shop.context, item.id)).toBe(4);
    await api().post(`/api/orders/${body.order._id}/cancel`).set(buyer.headers).expect(409, /already cancelled/);
    expect(await stockOf(shop.context, item.id)).toBe(4);
    // A cancelled order cannot be paid any more.
    await api().post(`/api/payments/test/${body.order._id}/pay`).set(buyer.headers).expect(409);
  });

  it("cancels a paid order with a refund through the test gateway, but not once shipped", async () => {
    const { changeOrderStatus } = await import("#server/modules/orders/status.ts");
    const item = await product({ stock: 5 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const a = (await checkout(shop, buyer).expect(201)).body.order;
    await api().post(`/api/checkout/${a._id}/verify`).set(buyer.headers).send(await pay(buyer, a._id)).expect(200);
    const cancelled = await api().post(`/api/orders/${a._id}/cancel`).set(buyer.headers).expect(200);
    expect(cancelled.body.order).toMatchObject({ status: "Cancelled", isPaid: true });
    const [paymentRow] = await shop.context.db.select().from(payments).where(eq(payments.orderId, a._id));
    expect(paymentRow).toMatchObject({ status: "refunded", refundedPaise: paymentRow!.amountPaise, refundId: expect.stringMatching(/^rfnd_test_/) });
    expect(await stockOf(shop.context, item.id)).toBe(5);

    await api().post("/api/cart").set(buyer.headers).send({ productId: item.id, quantity: 1 }).expect(200);
    const b = (await checkout(shop, buyer).expect(201)).body.order;
    await api().post(`/api/checkout/${b._id}/verify`).set(buyer.headers).send(await pay(buyer, b._id)).expect(200);
    expect(await changeOrderStatus(shop.context, b._id, "Processing", { actor: "admin" })).toMatchObject({ ok: true, changed: false });
    expect(await changeOrderStatus(shop.context, b._id, "Shipped", { actor: "admin" })).toMatchObject({ ok: false, reason: "incomplete", needs: "shipment" });
    const shipment = { courier: "dtdc", awb: "D12345678" };
    expect(await changeOrderStatus(shop.context, b._id, "Shipped", { actor: "admin", shipment })).toMatchObject({ ok: true, from: "Processing", to: "Shipped", changed: true });
    await api().post(`/api/orders/${b._id}/cancel`).set(buyer.headers).expect(409, /can no longer be cancelled/);
    expect(await changeOrderStatus(shop.context, b._id, "Processing", { actor: "admin" })).toMatchObject({ ok: false, reason: "not-allowed" });
    const delivered = await changeOrderStatus(shop.context, b._id, "Delivered", { actor: "admin", note: "Left with the neighbour" });
    expect(delivered).toMatchObject({ ok: true, order: { status: "Delivered", isDelivered: true, deliveredAt: expect.any(String) } });
    const detail = await api().get(`/api/orders/${b._id}`).set(buyer.headers).expect(200);
    expect(detail.body.statusHistory.map((h: { status: string }) => h.status)).toEqual(["Pending", "Processing", "Shipped", "Delivered"]);
    expect(detail.body.statusHistory[3].note).toBe("Left with the neighbour");
    expect(detail.body.cancellable).toBe(false);
  });

  it("never ships an unpaid order", async () => {
    const { changeOrderStatus } = await import("#server/modules/orders/status.ts");
    const item = await product();
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const order = (await checkout(shop, buyer).expect(201)).body.order;
    for (const to of ["Processing", "Shipped", "Delivered"] as const) {
      expect(await changeOrderStatus(shop.context, order._id, to, { actor: "admin" })).toMatchObject({ ok: false, reason: "not-allowed" });
    }
    expect(await changeOrderStatus(shop.context, "no-such-order", "Cancelled", { actor: "admin" })).toEqual({ ok: false, reason: "not-found" });
  });

  it("the expiry sweep cancels unpaid orders past their reservation and releases their stock", async () => {
    const item = await product({ stock: 6 });
    const late = await buyerWithCart(shop, [{ productId: item.id, quantity: 2 }]);
    const fresh = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const paid = await buyerWithCart(shop, [{ productId: item.id, quantity: 1 }]);
    const lateOrder = (await checkout(shop, late).expect(201)).body.order;
    const freshOrder = (await checkout(shop, fresh).expect(201)).body.order;
    const paidOrder = (await checkout(shop, paid).expect(201)).body.order;
    await api().post(`/api/checkout/${paidOrder._id}/verify`).set(paid.headers).send(await pay(paid, paidOrder._id)).expect(200);
    expect(await stockOf(shop.context, item.id)).toBe(2);

    const past = new Date(Date.now() - 60_000);
    await shop.context.db.update(orders).set({ reservationExpiresAt: past }).where(eq(orders.id, lateOrder._id));
    expect(await expireReservations(shop.context)).toBe(1);
    expect(await expireReservations(shop.context)).toBe(0);
    expect(await stockOf(shop.context, item.id)).toBe(4);

    const [lateRow] = await shop.context.db.select().from(orders).where(eq(orders.id, lateOrder._id));
    expect(lateRow).toMatchObject({ status: "Cancelled", reservationExpiresAt: null });
    const [freshRow] = await shop.context.db.select().from(orders).where(eq(orders.id, freshOrder._id));
    expect(freshRow!.status).toBe("Pending");
    // Much later, the paid order is untouched by the sweep.
    expect(await expireReservations(shop.context, new Date(Date.now() + 24 * 3600_000))).toBeGreaterThanOrEqual(1);
    const [freshLater] = await shop.context.db.select().from(orders).where(eq(orders.id, freshOrder._id));
    expect(freshLater!.status).toBe("Cancelled");
    const [paidRow] = await shop.context.db.select().from(orders).where(eq(orders.id, paidOrder._id));
    expect(paidRow!.status).toBe("Processing");
    expect(await stockOf(shop.context, item.id)).toBe(5);

    // A payment arriving after the expiry is refunded, not lost, and the order stays cancelled.
    const fields = await (async () => {
      const { signTestPayment } = await import("#server/modules/payments/test-gateway.ts");
      const { testGatewaySecret } = await import("#server/modules/payments/configured-gateway.ts");
      return signTestPayment(testGatewaySecret(shop.config), lateOrder ? (await shop.context.db.select().from(orders).where(eq(orders.id, lateOrder._id)))[0]!.providerOrderId! : "");
    })();
    await api().post(`/api/checkout/${lateOrder._id}/verify`).set(late.headers).send(fields).expect(409, /will be refunded/);
    const [latePayment] = await shop.context.db.select().from(payments).where(and(eq(payments.orderId, lateOrder._id)));
    expect(latePayment).toMatchObject({ status: "refunded" });
    expect(await stockOf(shop.context, item.id)).toBe(5);
  });
});

describe("payments not configured", () => {
  it("answers 503 'Payments are not configured' in production without keys, and reserves nothing", async () => {
    const prod = await createTestShop({
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "a".repeat(20) + "production-secret-xyz",
      PUBLIC_URL: "http://localhost:3000",
    });
    try {
      const item = await makeProduct(prod.context, { stock: 2 });
      const buyer = await buyerWithCart(prod, [{ productId: item.id, quantity: 1 }]);
      await checkout(prod, buyer).expect(503, /Payments are not configured/);
      expect(await stockOf(prod.context, item.id)).toBe(2);
      await request(prod.app).post(`/api/payments/test/anything/pay`).set(buyer.headers).expect(404);
    } finally {
      await prod.close();
    }
    const testMode = await createTestShop({
      NODE_ENV: "production",
      PAYMENTS_TEST_MODE: "1",
      BETTER_AUTH_SECRET: "b".repeat(20) + "production-secret-xyz",
      PUBLIC_URL: "http://localhost:3000",
    });
    try {
      const item = await makeProduct(testMode.context, { stock: 2 });
      const buyer = await buyerWithCart(testMode, [{ productId: item.id, quantity: 1 }]);
      const res = await checkout(testMode, buyer).expect(201);
      expect(res.body.payment.provider).toBe("test");
    } finally {
      await testMode.close();
    }
  });
});

describe("Content-Security-Policy", () => {
  it("admits Razorpay's checkout script and frames on /checkout only", async () => {
    // A stand-in for the pages (the test shop has no React Router build), so the shop's own CSP is sent.
    const { createApp } = await import("#server/app.ts");
    const app = createApp(shop.context, { webHandler: (_req, res) => void res.send("page") });
    const policy = async (path: string) => (await request(app).get(path)).headers["content-security-policy"] as string;
    const directive = (csp: string, name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";

    const onCheckout = await policy("/checkout");
    expect(directive(onCheckout, "script-src")).toContain("https://checkout.razorpay.com");
    expect(directive(onCheckout, "script-src")).toMatch(/'nonce-[^']+'/);
    expect(directive(onCheckout, "script-src")).not.toContain("unsafe-inline");
    expect(directive(onCheckout, "frame-src")).toContain("https://api.razorpay.com");
    expect(directive(onCheckout, "frame-src")).toContain("https://checkout.razorpay.com");
    expect(directive(onCheckout, "frame-ancestors")).toBe("frame-ancestors 'none'");

    for (const path of ["/", "/cart", "/checkout/other", "/order-confirmation", "/product/checkout"]) {
      const csp = await policy(path);
      expect(csp).not.toContain("razorpay");
      expect(directive(csp, "frame-src")).toBe("frame-src 'self'");
    }
  });
});

describe("the reservation sweeper", () => {
  it("runs on its interval and stops cleanly", async () => {
    const item = await product({ stock: 2 });
    const buyer = await buyerWithCart(shop, [{ productId: item.id, quantity: 2 }]);
    const { body } = await checkout(shop, buyer).expect(201);
    await shop.context.db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, body.order._id));
    const stop = every(reservationExpiryJob(shop.context, 20), shop.context.logger);
    try {
      await expect.poll(() => stockOf(shop.context, item.id), { timeout: 10_000, interval: 50 }).toBe(2);
    } finally {
      await stop();
    }
    const [row] = await shop.context.db.select().from(orders).where(eq(orders.id, body.order._id));
    expect(row!.status).toBe("Cancelled");
  });
});
