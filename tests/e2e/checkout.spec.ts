import type { Page } from "@playwright/test";
import { createHmac } from "node:crypto";
import { E2E_RAZORPAY } from "../../playwright.config";
import { expect, expectAxeClean, expectPath, findProduct, openPage, signUpShopper, test } from "./fixtures";

// High-stock products no other spec counts the stock of: each purchase takes one unit.
const ELECTROLYTES = "Electrolyte Hydration Mix Lemon"; // ₹35, 500 in stock
const ZINC = "Zinc 20 mg Dispersible Tablets"; // 350 in stock

const RAZORPAY_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Puts one unit in the signed-in shopper's cart through the API (the page shares the cookies). */
async function addToCart(page: Page, name: string, quantity = 1) {
  const product = await findProduct(page, name);
  const response = await page.request.post("/api/cart", { data: { productId: product._id, quantity } });
  expect(response.ok(), await response.text()).toBe(true);
  return product;
}

const main = (page: Page) => page.getByRole("main");
const cartButton = (page: Page) => page.locator("header button[aria-haspopup=dialog][aria-label^=Cart]");
const payButton = (page: Page) => main(page).getByRole("button", { name: /^(Pay Now|Processing\.\.\.)$/ });
const testDialog = (page: Page) => page.getByRole("dialog", { name: "Test payment" });

async function fillAddress(page: Page, overrides: Partial<Record<"address" | "city" | "postalCode" | "phone", string>> = {}) {
  const form = main(page);
  await form.getByRole("textbox", { name: "Address", exact: true }).fill(overrides.address ?? "12 MG Road, Indiranagar");
  await form.getByRole("textbox", { name: "City", exact: true }).fill(overrides.city ?? "Bengaluru");
  await form.getByRole("textbox", { name: "PIN code", exact: true }).fill(overrides.postalCode ?? "560038");
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill(overrides.phone ?? "9876543210");
}

/** Submits the form and waits for the test gateway's dialog. */
async function openTestPayment(page: Page) {
  await payButton(page).click();
  await expect(testDialog(page)).toBeVisible({ timeout: 15_000 });
}

async function orders(page: Page) {
  const response = await page.request.get("/api/orders/my-orders");
  expect(response.ok()).toBe(true);
  return (await response.json()) as { _id: string; orderNumber: string; isPaid: boolean; status: string; totalPrice: number }[];
}

test.describe("checkout", () => {
  test("a guest is sent to sign in and comes back to the checkout", async ({ page }) => {
    const product = await findProduct(page, ZINC);
    // Register, then sign out: the guest's cart is merged into the account at sign-in.
    const shopper = await signUpShopper(page, "checkout-guest");
    await page.context().clearCookies();
    const added = await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } });
    expect(added.ok()).toBe(true);

    await page.goto("/checkout");
    await expectPath(page, "/login", "?redirect=checkout");
    await page.waitForFunction(() => Object.keys(document.documentElement).some((key) => key.startsWith("__reactProps$")));
    await main(page).getByRole("textbox", { name: "Email", exact: true }).fill(shopper.email);
    await main(page).getByLabel("Password", { exact: true }).fill(shopper.password);
    await main(page).getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/checkout", { timeout: 20_000 });
    await expect(main(page).getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
    await expect(main(page).getByRole("list", { name: "Items in your order" })).toContainText(ZINC);
  });

  test("a signed-in shopper with an empty cart goes back to the shop", async ({ page }) => {
    await signUpShopper(page, "checkout-empty");
    await page.goto("/checkout");
    await expectPath(page, "/");
  });

  test("the form checks required fields, the phone and the PIN code, with the errors announced", async ({ page }) => {
    const shopper = await signUpShopper(page, "checkout-form");
    const product = await addToCart(page, ELECTROLYTES, 2);
    await openPage(page, "/checkout");
    await expect(page).toHaveTitle(/^Checkout \|/);

    // The summary: lines, subtotal, FREE shipping, GST included, total in rupees.
    const summary = main(page).getByRole("region", { name: "Order Summary" });
    await expect(summary.getByRole("listitem")).toHaveCount(1);
    await expect(summary.getByRole("listitem")).toContainText(`${ELECTROLYTES}Qty 2 × ${inr.format(product.price)}`);
    await expect(summary.getByText("Subtotal").locator("..")).toContainText(inr.format(product.price * 2));
    await expect(summary.getByText("Shipping").locator("..")).toContainText("FREE");
    await expect(summary.getByText("GST included")).toBeVisible();
    await expect(summary.getByText("Total", { exact: true }).locator("..")).toContainText(inr.format(product.price * 2));
    await expect(main(page).getByText("Total to pay").locator("..")).toContainText(inr.format(product.price * 2));

    // The email is the account's, fixed; the shop delivers within India only (no country choice); the name is prefilled.
    const email = main(page).getByRole("textbox", { name: "Email", exact: true });
    await expect(email).toBeDisabled();
    await expect(email).toHaveValue(shopper.email);
    await expect(main(page).getByRole("combobox", { name: "Country" })).toHaveCount(0);
    await expect(main(page).getByText("Country").locator("..")).toContainText("India");
    await expect(main(page).getByRole("textbox", { name: "First Name", exact: true })).toHaveValue("Asha");

    // Nothing filled in: one alert, every empty field marked invalid and described by it, focus on the first.
    await main(page).getByRole("textbox", { name: "First Name", exact: true }).fill("");
    await payButton(page).click();
    await expect(main(page).getByRole("alert")).toHaveText("Please fill all required fields");
    for (const label of ["First Name", "Address", "City", "PIN code", "Phone"]) {
      const field = main(page).getByRole("textbox", { name: label, exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription("Please fill all required fields");
    }
    await expect(main(page).getByRole("textbox", { name: "Last Name", exact: true })).not.toHaveAttribute("aria-invalid");
    await expect(main(page).getByRole("textbox", { name: "First Name", exact: true })).toBeFocused();
    await expectAxeClean(page);

    // A short phone number and a five-digit PIN code.
    await main(page).getByRole("textbox", { name: "First Name", exact: true }).fill("Asha");
    await fillAddress(page, { phone: "98765 4321", postalCode: "56003" });
    await payButton(page).click();
    const phone = main(page).getByRole("textbox", { name: "Phone", exact: true });
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription("Please enter a 10-digit phone number");
    await expect(main(page).getByRole("textbox", { name: "PIN code", exact: true })).toHaveAccessibleDescription("Enter a valid PIN code");
    await expect(main(page).getByRole("alert")).toHaveCount(0);
    // The PIN code comes before Phone in the form: focus goes to it.
    await expect(main(page).getByRole("textbox", { name: "PIN code", exact: true })).toBeFocused();
    // Correcting a field clears its error.
    await phone.fill("98765 43210");
    await expect(phone).not.toHaveAttribute("aria-invalid");
    await expectAxeClean(page);
    expect(await orders(page)).toEqual([]);
  });

  test("paying with the test gateway: confirmation, refresh, My Orders, the order page, an empty cart", async ({ page }) => {
    test.slow();
    await signUpShopper(page, "checkout-pay");
    const product = await addToCart(page, ELECTROLYTES);
    await openPage(page, "/checkout");
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");
    await fillAddress(page);
    await openTestPayment(page);
    await expect(testDialog(page)).toContainText("No money is charged");
    await expect(testDialog(page)).toContainText(inr.format(product.price));
    await expectAxeClean(page);
    await testDialog(page).getByRole("button", { name: `Pay ${inr.format(product.price)}` }).click();

    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    expect(orderId).toBeTruthy();
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
    const [order] = await orders(page);
    expect(order).toMatchObject({ _id: orderId, isPaid: true, status: "Processing", totalPrice: product.price });

    const confirmation = async () => {
      await expect(main(page).getByRole("heading", { name: "Thank you for your order!", level: 1 })).toBeVisible();
      await expect(main(page)).toContainText(`Order ID ${order!.orderNumber}`);
      await expect(main(page).getByRole("list", { name: "Items ordered" })).toContainText(ELECTROLYTES);
      await expect(main(page).getByRole("region", { name: "Shipping Information" })).toContainText("12 MG Road, Indiranagar");
      const payment = main(page).getByRole("region", { name: "Payment Information" });
      await expect(payment).toContainText(/Payment IDpay_test_\w+/);
      await expect(payment).toContainText(/Order IDorder_test_\w+/);
      await expect(payment).toContainText(/Signature[0-9a-f]{10}\.\.\.Status/);
      await expect(payment).toContainText("StatusPaid");
      await expect(payment).toContainText(`Amount${inr.format(product.price)}`);
      await expect(payment).toContainText("MethodTest payment");
      const timeline = main(page).getByRole("region", { name: "Order Status" });
      await expect(timeline.getByRole("listitem")).toHaveText([
        /Order Placed \(done\)$/,
        /Processing \(current step\)$/,
        /Shipped \(not yet\)$/,
        /Delivered \(not yet\)$/,
      ]);
      await expect(timeline.locator("[aria-current=step]")).toContainText("Processing");
      await expect(main(page).getByRole("link", { name: "Continue Shopping" })).toBeVisible();
      await expect(main(page).getByRole("button", { name: "Print Receipt" })).toBeVisible();
    };
    await confirmation();
    await expectAxeClean(page);

    // Print Receipt prints; the print stylesheet keeps the receipt and drops the shop around it.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await main(page).getByRole("button", { name: "Print Receipt" }).click();
    await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print Receipt" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toBeHidden();
    await expect(page.getByRole("region", { name: "Payment Information" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Items ordered" })).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // Refresh-safe: the page comes from the server.
    await page.reload();
    await confirmation();

    // My Orders lists it, paid; its row opens the order page.
    await openPage(page, "/profile");
    const row = main(page).getByRole("row").filter({ hasText: order!.orderNumber });
    await expect(row).toContainText("Paid");
    await expect(row).toContainText("Bengaluru, India");
    await expectAxeClean(page);
    await row.getByRole("cell").nth(2).click();
    await expectPath(page, `/order/${orderId}`);
    await expect(main(page).getByRole("heading", { name: `Order ${order!.orderNumber}`, level: 1 })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
    await main(page).getByRole("link", { name: "View invoice" }).click();
    await expectPath(page, `/order/${orderId}/invoice`);
  });

  test("a failed test payment says so and leaves the order unpaid; paying again succeeds", async ({ page }) => {
    test.slow();
    await signUpShopper(page, "checkout-fail");
    await addToCart(page, ZINC);
    await openPage(page, "/checkout");
    await fillAddress(page);
    await openTestPayment(page);
    await testDialog(page).getByRole("button", { name: "Fail" }).click();
    await expect(testDialog(page)).toBeHidden();
    await expect(main(page).getByRole("alert")).toHaveText("Payment failed: Payment declined in the test gateway");
    await expect(payButton(page)).toHaveText("Pay Now");
    const [order] = await orders(page);
    expect(order).toMatchObject({ isPaid: false, status: "Pending" });
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");

    // Paying again reuses the same order (its stock is already held).
    await openTestPayment(page);
    await testDialog(page).getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    const after = await orders(page);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ _id: order!._id, isPaid: true });
  });

  test("closing the test payment keeps the cart and the form", async ({ page }) => {
    await signUpShopper(page, "checkout-close");
    await addToCart(page, ZINC);
    await openPage(page, "/checkout");
    await fillAddress(page);
    await openTestPayment(page);
    await page.keyboard.press("Escape");
    await expect(testDialog(page)).toBeHidden();
    await expect(payButton(page)).toHaveText("Pay Now");
    await expect(main(page).getByRole("textbox", { name: "City", exact: true })).toHaveValue("Bengaluru");
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");
    await openTestPayment(page);
    await testDialog(page).getByRole("button", { name: "Close" }).click();
    await expect(testDialog(page)).toBeHidden();
    await expectPath(page, "/checkout");
    const [order] = await orders(page);
    expect(order).toMatchObject({ isPaid: false, status: "Pending" });
  });

  test("stock sold in the meantime: the server's message names the product", async ({ page, consoleErrors }) => {
    await signUpShopper(page, "checkout-stock");
    const product = await addToCart(page, ZINC);
    await openPage(page, "/checkout");
    await fillAddress(page);
    // Another buyer takes the stock between the cart and the payment.
    consoleErrors.allow(/status of 409/);
    await page.route("**/api/checkout", (route) =>
      route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ message: `Only 0 of ${product.name} left in stock` }) }),
    );
    await payButton(page).click();
    await expect(main(page).getByRole("alert")).toHaveText(`Only 0 of ${product.name} left in stock`);
    await expect(payButton(page)).toHaveText("Pay Now");
  });

  test("keyboard only: fill the form, pay in the dialog, land on the confirmation", async ({ page }) => {
    test.slow();
    await signUpShopper(page, "checkout-keys");
    await addToCart(page, ELECTROLYTES);
    await openPage(page, "/checkout");
    await main(page).getByRole("textbox", { name: "First Name", exact: true }).focus();
    const type = async (text: string) => {
      await page.keyboard.press("Tab");
      if (text) await page.keyboard.type(text);
    };
    // First Name is prefilled; Tab through Last Name (prefilled) to the address fields.
    await type(""); // Last Name
    await type("12 MG Road, Indiranagar");
    await type(""); // Address line 2 (optional)
    await type(""); // Landmark (optional)
    await type("Bengaluru");
    await type("560038");
    await type(""); // State/UT: filled from the PIN code
    await type("9876543210");
    await type(""); // Save this address to my address book (left unticked)
    await type(""); // Get this order's updates on WhatsApp (left unticked)
    await type(""); // Payment: Pay online is chosen
    await page.keyboard.press("Tab");
    await expect(payButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(testDialog(page)).toBeVisible({ timeout: 15_000 });
    await expect(testDialog(page).getByRole("button", { name: /^Pay / })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    await expect(main(page).getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  });
});

/**
 * Razorpay's checkout.js stand-in, served in place of the real script: it records the options
 * the page opens it with and lets the test play the shopper (pay, fail, close the window).
 */
const FAKE_CHECKOUT_JS = `(() => {
  class Razorpay {
    constructor(options) { this.options = options; this.listeners = {}; }
    on(event, listener) { (this.listeners[event] = this.listeners[event] || []).push(listener); }
    open() { window.__fakeRazorpay = this; }
  }
  window.Razorpay = Razorpay;
})();`;

interface OpenedCheckout {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  hasHandler: boolean;
  hasDismiss: boolean;
  listens: string[];
}

declare global {
  interface Window {
    __fakeRazorpay?: {
      options: Record<string, unknown> & { handler: (result: unknown) => void; modal: { ondismiss: () => void } };
      listeners: Record<string, ((event: unknown) => void)[]>;
    };
  }
}

/** Waits for the page to open the (fake) Razorpay window and returns the options it was given. */
async function openedCheckout(page: Page): Promise<OpenedCheckout> {
  await page.waitForFunction(() => Boolean(window.__fakeRazorpay), undefined, { timeout: 15_000 });
  return page.evaluate(() => {
    const { options, listeners } = window.__fakeRazorpay!;
    const { handler, modal, ...rest } = options;
    return { ...(rest as unknown as OpenedCheckout), hasHandler: typeof handler === "function", hasDismiss: typeof modal?.ondismiss === "function", listens: Object.keys(listeners) };
  });
}

test.describe("checkout with Razorpay", () => {
  test.skip(!E2E_RAZORPAY.enabled, "E2E_RAZORPAY=0: the Razorpay shop is not running");
  test.use({ baseURL: E2E_RAZORPAY.baseURL });

  async function startRazorpayCheckout(page: Page, label: string) {
    const shopper = await signUpShopper(page, label);
    const product = await addToCart(page, ELECTROLYTES);
    await page.route(RAZORPAY_SCRIPT, (route) => route.fulfill({ contentType: "application/javascript", body: FAKE_CHECKOUT_JS }));
    await openPage(page, "/checkout");
    await fillAddress(page);
    await payButton(page).click();
    const options = await openedCheckout(page);
    return { shopper, product, options };
  }

  test("pays through checkout.js: the options, the signed result verified, the confirmation", async ({ page }) => {
    test.slow();
    const { shopper, product, options } = await startRazorpayCheckout(page, "rzp-pay");
    expect(options).toMatchObject({
      key: E2E_RAZORPAY.keyId,
      amount: Math.round(product.price * 100),
      currency: "INR",
      name: "Healthcare Pharma",
      prefill: { name: "Asha rzp-pay", email: shopper.email, contact: "9876543210" },
      theme: { color: expect.stringMatching(/^#[0-9a-f]{6}$/i) },
      hasHandler: true,
      hasDismiss: true,
      listens: ["payment.failed"],
    });
    expect(options.order_id).toMatch(/^order_(?!test_)\w+$/);
    expect(options.description).toMatch(/^Order /);
    expect(Object.keys(options.notes).length).toBeGreaterThan(0);
    await expect(payButton(page)).toHaveText("Processing...");

    // What Razorpay hands to the handler: signed with the key secret over order_id|payment_id.
    const paymentId = `pay_e2e${Date.now()}`;
    const signature = createHmac("sha256", E2E_RAZORPAY.keySecret).update(`${options.order_id}|${paymentId}`).digest("hex");
    await page.evaluate((result) => window.__fakeRazorpay!.options.handler(result), {
      razorpay_payment_id: paymentId,
      razorpay_order_id: options.order_id,
      razorpay_signature: signature,
    });
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    const payment = main(page).getByRole("region", { name: "Payment Information" });
    await expect(payment).toContainText(`Payment ID${paymentId}`);
    await expect(payment).toContainText(`Order ID${options.order_id}`);
    await expect(payment).toContainText(`Signature${signature.slice(0, 10)}...`);
    await expect(payment).toContainText("StatusPaid");
    // The method as Razorpay reports it for the payment (the fake answers "card").
    await expect(payment).toContainText("MethodCard");
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
    await expectAxeClean(page);
  });

  test("a forged signature is refused and the order stays unpaid", async ({ page, consoleErrors }) => {
    const { options } = await startRazorpayCheckout(page, "rzp-forged");
    consoleErrors.allow(/status of 400/);
    await page.evaluate((result) => window.__fakeRazorpay!.options.handler(result), {
      razorpay_payment_id: "pay_forged123",
      razorpay_order_id: options.order_id,
      razorpay_signature: "0".repeat(64),
    });
    await expect(main(page).getByRole("alert")).toHaveText("Payment verification failed");
    await expectPath(page, "/checkout");
    const [order] = await orders(page);
    expect(order).toMatchObject({ isPaid: false, status: "Pending" });
  });

  test("payment.failed shows Razorpay's description; closing the window keeps the cart", async ({ page }) => {
    await startRazorpayCheckout(page, "rzp-failed");
    await page.evaluate(() =>
      window.__fakeRazorpay!.listeners["payment.failed"]!.forEach((listener) =>
        listener({ error: { code: "BAD_REQUEST_ERROR", description: "Your payment could not be completed", reason: "payment_failed" } }),
      ),
    );
    await expect(main(page).getByRole("alert")).toHaveText("Payment failed: Your payment could not be completed");
    // The shopper closes Razorpay's window: the page is ready to try again, the cart untouched.
    await page.evaluate(() => window.__fakeRazorpay!.options.modal.ondismiss());
    await expect(payButton(page)).toHaveText("Pay Now");
    await expect(main(page).getByRole("alert")).toHaveText("Payment failed: Your payment could not be completed");
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");
    const [order] = await orders(page);
    expect(order).toMatchObject({ isPaid: false, status: "Pending" });

    // Trying again reopens Razorpay for the same order.
    const first = order!;
    await page.evaluate(() => delete window.__fakeRazorpay);
    await payButton(page).click();
    await openedCheckout(page);
    expect(await orders(page)).toEqual([expect.objectContaining({ _id: first._id })]);
  });

  test("a state the PIN code fills in after Pay does not make trying again a new order", async ({ page }) => {
    await signUpShopper(page, "rzp-late-pin");
    await addToCart(page, ELECTROLYTES);
    await page.route(RAZORPAY_SCRIPT, (route) => route.fulfill({ contentType: "application/javascript", body: FAKE_CHECKOUT_JS }));
    // The PIN code's answer arrives only after the shopper has pressed "Pay Now" (a slow phone network).
    let answerPin!: () => void;
    const pinHeld = new Promise<void>((resolve) => (answerPin = resolve));
    await page.route("**/api/serviceability/**", async (route) => {
      await pinHeld;
      await route.continue();
    });
    await openPage(page, "/checkout");
    await fillAddress(page);
    await payButton(page).click();
    await openedCheckout(page);
    const [first] = await orders(page);
    answerPin();
    await expect(main(page).getByRole("combobox", { name: /^State\/UT/ })).toHaveValue("Karnataka");

    await page.evaluate(() => window.__fakeRazorpay!.options.modal.ondismiss());
    await expect(payButton(page)).toHaveText("Pay Now");
    await page.evaluate(() => delete window.__fakeRazorpay);
    await payButton(page).click();
    await openedCheckout(page);
    expect(await orders(page)).toEqual([expect.objectContaining({ _id: first!._id, status: "Pending" })]);
  });

  test("when checkout.js cannot load, the shopper is told and no order is made", async ({ page, consoleErrors }) => {
    await signUpShopper(page, "rzp-blocked");
    await addToCart(page, ELECTROLYTES);
    consoleErrors.allow("checkout.razorpay.com");
    consoleErrors.allow(/ERR_FAILED|net::/);
    await page.route(RAZORPAY_SCRIPT, (route) => route.abort("failed"));
    await openPage(page, "/checkout");
    await fillAddress(page);
    await payButton(page).click();
    await expect(main(page).getByRole("alert")).toHaveText("Payment failed: Razorpay SDK failed to load");
    await expect(payButton(page)).toHaveText("Pay Now");
    expect(await orders(page)).toEqual([]);
    await expectAxeClean(page);
  });
});
