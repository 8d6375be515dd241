// The checkout, order confirmation and order pages' loaders, called the way React Router calls
// them (a Fetch request plus the shop's load context), and the checkout form's browser checks.
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { gatewayFor } from "#server/modules/payments/configured-gateway.ts";
import { checkShippingAddress, toShippingAddress, type ShippingAddress } from "~/components/checkout/shipping-address.ts";
import { paymentSetup } from "~/routes/checkout.server.ts";
import { loader as checkoutLoader } from "~/routes/checkout.tsx";
import { loader as confirmationLoader } from "~/routes/order-confirmation.tsx";
import { action as orderAction, loader as orderLoader } from "~/routes/order.tsx";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createUser, pageContext, type TestUser } from "../support/users.ts";
import { address, buyerWithCart, checkout, makeProduct, stockOf } from "./checkout-helpers.ts";

const ORIGIN = "http://localhost:3000";
let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const context = (user: TestUser | null) => pageContext(shop.context, user);

type Loader = (args: never) => unknown;
type Outcome = { redirect: string } | { status: number } | { data: unknown };

/** Runs a loader; a redirect or a thrown status (the 404 page) comes back as a value. */
async function load(loader: Loader, path: string, user: TestUser | null, params: Record<string, string> = {}): Promise<Outcome> {
  try {
    return { data: await loader({ request: new Request(`${ORIGIN}${path}`), context: context(user), params } as never) };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get("Location")! };
    const init = (thrown as { init?: ResponseInit | null } | null)?.init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

/** A customer with a paid order (through the same calls the checkout page makes) and one unpaid. */
async function customerWithOrders() {
  const product = await makeProduct(shop.context, { pricePaise: 10_500, gstRateBps: 500, stock: 20 });
  const buyer = await buyerWithCart(shop, [{ productId: product.id, quantity: 2 }]);
  const paid = await checkout(shop, buyer).expect(201);
  const orderId = paid.body.order._id as string;
  const signed = await request(shop.app).post(`/api/payments/test/${orderId}/pay`).set(buyer.headers).expect(200);
  await request(shop.app).post(`/api/checkout/${orderId}/verify`).set(buyer.headers).send(signed.body).expect(200);
  expect((await request(shop.app).post("/api/cart").set(buyer.headers).send({ productId: product.id, quantity: 1 })).status).toBeLessThan(300);
  const unpaid = await checkout(shop, buyer).expect(201);
  return { buyer, product, paidId: orderId, unpaidId: unpaid.body.order._id as string };
}

describe("checkout page loader", () => {
  it("sends a signed-out visitor to sign in and back", async () => {
    expect(await load(checkoutLoader, "/checkout", null)).toEqual({ redirect: "/login?redirect=checkout" });
  });

  it("sends a customer with no cart, or an empty one, back to the shop", async () => {
    const customer = await createUser(shop.context);
    expect(await load(checkoutLoader, "/checkout", customer)).toEqual({ redirect: "/" });
    const product = await makeProduct(shop.context);
    await request(shop.app).post("/api/cart").set(customer.headers).send({ productId: product.id, quantity: 1 }).expect(201);
    await request(shop.app).delete("/api/cart").set(customer.headers).send({ productId: product.id }).expect(200);
    expect(await load(checkoutLoader, "/checkout", customer)).toEqual({ redirect: "/" });
  });

  it("summarises the cart at today's prices with the GST they include, and names the test gateway", async () => {
    const fivePercent = await makeProduct(shop.context, { pricePaise: 10_500, gstRateBps: 500 });
    const eighteenPercent = await makeProduct(shop.context, { pricePaise: 11_800, gstRateBps: 1_800 });
    const buyer = await buyerWithCart(shop, [
      { productId: fivePercent.id, quantity: 3 },
      { productId: eighteenPercent.id, quantity: 1 },
    ]);
    const outcome = await load(checkoutLoader, "/checkout", buyer);
    expect(outcome).toMatchObject({
      data: {
        customer: { name: buyer.name, email: buyer.email },
        payments: { provider: "test" },
        summary: {
          subtotalPaise: 3 * 10_500 + 11_800,
          shippingPaise: 0,
          // 31,500 at 5% holds 1,500; 11,800 at 18% holds 1,800.
          gstPaise: 1_500 + 1_800,
          totalPaise: 3 * 10_500 + 11_800,
        },
      },
    });
    const { summary } = (outcome as { data: { summary: { lines: { productId: string; quantity: number; unitPaise: number; linePaise: number }[] } } }).data;
    expect(summary.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: fivePercent.id, quantity: 3, unitPaise: 10_500, linePaise: 31_500 }),
        expect.objectContaining({ productId: eighteenPercent.id, quantity: 1, unitPaise: 11_800, linePaise: 11_800 }),
      ]),
    );
  });
});

describe("checkout payment setup", () => {
  const setupFor = (env: Record<string, string>) =>
    paymentSetup({
      shop: { gateway: gatewayFor(loadConfig({ DATA_DIR: shop.config.dataDir, BETTER_AUTH_SECRET: "a".repeat(32) + "b".repeat(32), PUBLIC_URL: "http://localhost:3000", ...env })) },
    } as never);

  it("uses Razorpay when its keys are set, the test gateway in development", async () => {
    expect(await setupFor({ NODE_ENV: "test", RAZORPAY_KEY_ID: "rzp_test_x", RAZORPAY_KEY_SECRET: "s" })).toEqual({ provider: "razorpay" });
    expect(await setupFor({ NODE_ENV: "development" })).toEqual({ provider: "test" });
  });

  it("says payments are not configured in production without keys, unless PAYMENTS_TEST_MODE=1", async () => {
    expect(await setupFor({ NODE_ENV: "production" })).toEqual({ provider: "unavailable", message: "Payments are not configured" });
    expect(await setupFor({ NODE_ENV: "production", PAYMENTS_TEST_MODE: "1" })).toEqual({ provider: "test" });
  });
});

describe("order confirmation loader", () => {
  it("shows the owner's order from the database (refresh-safe), paid", async () => {
    const { buyer, paidId } = await customerWithOrders();
    const outcome = await load(confirmationLoader, `/order-confirmation?orderId=${paidId}`, buyer);
    expect(outcome).toMatchObject({
      data: { order: { _id: paidId, isPaid: true, status: "Processing", shippingAddress: { city: address.city }, payment: { provider: "test" } } },
    });
    const order = (outcome as { data: { order: { paymentResult?: { razorpay_signature: string } } } }).data.order;
    expect(order.paymentResult?.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it("goes home without an order, for an unknown one or another customer's, and asks a signed-out visitor to sign in", async () => {
    const { paidId } = await customerWithOrders();
    const stranger = await createUser(shop.context);
    const admin = await createUser(shop.context, { role: "admin" });
    expect(await load(confirmationLoader, "/order-confirmation", stranger)).toEqual({ redirect: "/" });
    expect(await load(confirmationLoader, "/order-confirmation?orderId=nope", stranger)).toEqual({ redirect: "/" });
    expect(await load(confirmationLoader, "/order-confirmation?orderId=../../etc", stranger)).toEqual({ redirect: "/" });
    expect(await load(confirmationLoader, `/order-confirmation?orderId=${paidId}`, stranger)).toEqual({ redirect: "/" });
    // The confirmation is the buyer's receipt; staff use the order page.
    expect(await load(confirmationLoader, `/order-confirmation?orderId=${paidId}`, admin)).toEqual({ redirect: "/" });
    expect(await load(confirmationLoader, `/order-confirmation?orderId=${paidId}`, null)).toEqual({
      redirect: `/login?${new URLSearchParams({ redirect: `/order-confirmation?orderId=${paidId}` })}`,
    });
  });
});

describe("order page loader", () => {
  it("shows the owner their order with its history and whether it can be cancelled", async () => {
    const { buyer, paidId, unpaidId } = await customerWithOrders();
    const paid = await load(orderLoader, `/order/${paidId}`, buyer, { orderId: paidId });
    expect(paid).toMatchObject({ data: { isOwner: true, order: { _id: paidId, isPaid: true, cancellable: true } } });
    const history = (paid as { data: { order: { statusHistory: { status: string }[] } } }).data.order.statusHistory;
    expect(history.map((entry) => entry.status)).toEqual(["Pending", "Processing"]);
    expect(await load(orderLoader, `/order/${unpaidId}`, buyer, { orderId: unpaidId })).toMatchObject({
      data: { order: { _id: unpaidId, isPaid: false, status: "Pending", cancellable: true } },
    });
  });

  it("lets an admin see it without the owner's cancel button", async () => {
    const { paidId } = await customerWithOrders();
    const admin = await createUser(shop.context, { role: "admin" });
    expect(await load(orderLoader, `/order/${paidId}`, admin, { orderId: paidId })).toMatchObject({
      data: { isOwner: false, order: { _id: paidId } },
    });
  });

  it("gives anyone else the 404 page, and a signed-out visitor the sign-in", async () => {
    const { paidId } = await customerWithOrders();
    const stranger = await createUser(shop.context);
    expect(await load(orderLoader, `/order/${paidId}`, stranger, { orderId: paidId })).toEqual({ status: 404 });
    expect(await load(orderLoader, "/order/unknown", stranger, { orderId: "unknown" })).toEqual({ status: 404 });
    expect(await load(orderLoader, "/order/%27%3B--", stranger, { orderId: "';--" })).toEqual({ status: 404 });
    expect(await load(orderLoader, `/order/${paidId}`, null, { orderId: paidId })).toEqual({
      redirect: `/login?${new URLSearchParams({ redirect: `/order/${paidId}` })}`,
    });
  });
});

describe("order page action (Cancel order)", () => {
  /** Posts the dialog's form to the order page's action; the answer's body and status, or the redirect. */
  async function cancelFromPage(orderId: string, user: TestUser | null) {
    const body = new URLSearchParams({ intent: "cancel" });
    const post = new Request(`${ORIGIN}/order/${orderId}`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    try {
      const answer = (await orderAction({ request: post, context: context(user), params: { orderId } } as never)) as { data: unknown; init: ResponseInit | null };
      return { status: answer.init?.status ?? 200, data: answer.data };
    } catch (thrown) {
      if (thrown instanceof Response) return { redirect: thrown.headers.get("Location")! };
      throw thrown;
    }
  }
  const statusOf = async (orderId: string, user: TestUser) =>
    ((await load(orderLoader, `/order/${orderId}`, user, { orderId })) as { data: { order: { status: string } } }).data.order.status;

  it("cancels the owner's paid order through the same use case as the API: refunded, stock back, said in a sentence", async () => {
    const { buyer, product, paidId, unpaidId } = await customerWithOrders();
    const before = await stockOf(shop.context, product.id);
    expect(await cancelFromPage(paidId, buyer)).toEqual({
      status: 200,
      data: { ok: true, message: "Your order has been cancelled and your payment will be refunded." },
    });
    expect(await statusOf(paidId, buyer)).toBe("Cancelled");
    expect(await stockOf(shop.context, product.id)).toBe(before + 2);
    expect(await cancelFromPage(unpaidId, buyer)).toEqual({ status: 200, data: { ok: true, message: "Your order has been cancelled." } });
    // Asking again is refused with the transition table's sentence, and changes nothing.
    expect(await cancelFromPage(paidId, buyer)).toEqual({ status: 409, data: { ok: false, message: "This order is already cancelled" } });
    expect(await stockOf(shop.context, product.id)).toBe(before + 3);
  });

  it("refuses anyone but the owner with 404 and a signed-out visitor with the sign-in, changing nothing", async () => {
    const { buyer, product, paidId } = await customerWithOrders();
    const before = await stockOf(shop.context, product.id);
    const stranger = await createUser(shop.context);
    const admin = await createUser(shop.context, { role: "admin" });
    for (const someone of [stranger, admin]) {
      expect(await cancelFromPage(paidId, someone)).toEqual({ status: 404, data: { ok: false, message: "Order not found" } });
    }
    expect(await cancelFromPage(paidId, null)).toEqual({ redirect: `/login?${new URLSearchParams({ redirect: `/order/${paidId}` })}` });
    expect(await statusOf(paidId, buyer)).toBe("Processing");
    expect(await stockOf(shop.context, product.id)).toBe(before);
  });
});

describe("checkout form checks (browser)", () => {
  const valid: ShippingAddress = { ...address, line2: "", landmark: "", state: "" };

  it("accepts a complete Indian address (the state is filled from the PIN code later)", () => {
    expect(checkShippingAddress(valid)).toEqual({ message: null, errors: {} });
  });

  it("asks for every missing field with one message", () => {
    const check = checkShippingAddress({ ...valid, firstName: " ", city: "", phone: "" });
    expect(check.message).toBe("Please fill all required fields");
    expect(Object.keys(check.errors).sort()).toEqual(["city", "firstName", "phone"]);
  });

  it.each([
    ["98765", "Please enter a 10-digit phone number"],
    ["98765432101", "Please enter a 10-digit phone number"],
    ["98765abcde", "Please enter a 10-digit phone number"],
    ["0000000000", "Enter a mobile number starting with 6, 7, 8 or 9"],
    ["98765 43210", undefined],
    ["+91 98765 43210", undefined],
    ["098765-43210", undefined],
    ["(98765) 43210", undefined],
  ])("phone %s", (phone, message) => {
    expect(checkShippingAddress({ ...valid, phone }).errors.phone).toBe(message);
  });

  it.each([
    ["56001", "Enter a valid PIN code"],
    ["056001", "Enter a valid PIN code"],
    ["5600011", "Enter a valid PIN code"],
    ["560001", undefined],
    ["560 001", undefined],
  ])("PIN code %s", (postalCode, message) => {
    expect(checkShippingAddress({ ...valid, postalCode }).errors.postalCode).toBe(message);
  });

  it("sends trimmed values, the phone's ten digits, India, and leaves out empty optional lines", () => {
    const sent = toShippingAddress({ ...valid, city: "  Bengaluru ", phone: " +91 98765 43210 " });
    expect(sent).toMatchObject({ city: "Bengaluru", phone: "9876543210", country: "India" });
    expect(sent).not.toHaveProperty("line2");
    expect(sent).not.toHaveProperty("state");
  });
});
