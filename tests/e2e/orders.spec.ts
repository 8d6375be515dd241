import type { Page } from "@playwright/test";
import { expect, expectAxeClean, expectPath, findProduct, openPage, signUpShopper, test } from "./fixtures";

// A high-stock product no other spec counts the stock of; each order takes one unit.
const CHOLECALCIFEROL = "Cholecalciferol 60,000 IU Softgels"; // 300 in stock

const ADDRESS = {
  firstName: "Ravi",
  lastName: "Kumar",
  address: "4 Park Street",
  city: "Kolkata",
  postalCode: "700016",
  country: "India",
  phone: "9830012345",
};

const main = (page: Page) => page.getByRole("main");

/**
 * An order through the same calls the checkout page makes: the cart, POST /api/checkout, and,
 * when `pay`, the test gateway's signed fields posted to verify.
 */
async function placeOrder(page: Page, { pay }: { pay: boolean }) {
  const product = await findProduct(page, CHOLECALCIFEROL);
  expect((await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } })).ok()).toBe(true);
  const started = await page.request.post("/api/checkout", { data: { shippingAddress: ADDRESS, paymentMethod: "razorpay" } });
  expect(started.status(), await started.text()).toBe(201);
  const { order } = (await started.json()) as { order: { _id: string; orderNumber: string } };
  if (pay) {
    const signed = await page.request.post(`/api/payments/test/${order._id}/pay`);
    expect(signed.ok(), await signed.text()).toBe(true);
    const verified = await page.request.post(`/api/checkout/${order._id}/verify`, { data: await signed.json() });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  return { order, product };
}

test.describe("orders", () => {
  test("My Orders shows the empty state before the first order", async ({ page }) => {
    await signUpShopper(page, "orders-empty");
    await openPage(page, "/profile");
    await expect(main(page).getByText("You have no orders")).toBeVisible();
  });

  test("the order page shows lines, address, payment and history, and the owner cancels a paid order", async ({ page }) => {
    test.slow();
    await signUpShopper(page, "orders-cancel");
    const { order, product } = await placeOrder(page, { pay: true });

    const response = await openPage(page, `/order/${order._id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^Order ${order.orderNumber} \\|`));
    await expect(main(page).getByRole("heading", { name: `Order ${order.orderNumber}`, level: 1 })).toBeVisible();
    await expect(main(page).getByRole("list", { name: "Items ordered" })).toContainText(CHOLECALCIFEROL);
    await expect(main(page).getByRole("region", { name: "Shipping Information" })).toContainText("4 Park Street");
    await expect(main(page).getByRole("region", { name: "Payment Information" })).toContainText("StatusPaid");
    const history = main(page).getByRole("region", { name: "Status History" });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByRole("listitem").first()).toContainText("Pending");
    await expect(history.getByRole("listitem").nth(1)).toContainText("Processing");
    await expect(history.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expect(main(page).getByRole("link", { name: "View invoice" })).toHaveAttribute("href", `/order/${order._id}/invoice`);
    await expect(main(page).getByRole("link", { name: `Subscribe and refill ${CHOLECALCIFEROL}` })).toHaveAttribute("href", `/profile/refills?product=${product._id}#new`);
    await expectAxeClean(page);

    // Cancel: a confirmation first; "Keep order" changes nothing.
    const cancel = main(page).getByRole("button", { name: "Cancel order" });
    await cancel.click();
    const confirm = page.getByRole("dialog", { name: "Cancel this order?" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("refunded");
    await expectAxeClean(page);
    await confirm.getByRole("button", { name: "Keep order" }).click();
    await expect(confirm).toBeHidden();
    await expect(cancel).toBeFocused();

    await cancel.click();
    await confirm.getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(main(page).getByRole("status").filter({ hasText: "cancelled" })).toHaveText(
      "Your order has been cancelled and your payment will be refunded.",
    );
    await expect(main(page)).toContainText("Status Cancelled");
    await expect(main(page).getByRole("region", { name: "Order Status" })).toContainText("This order was cancelled");
    await expect(main(page).getByRole("region", { name: "Payment Information" })).toContainText("StatusRefunded");
    await expect(main(page).getByRole("region", { name: "Payment Information" })).toContainText("Refunded₹");
    await expect(history.getByRole("listitem").last()).toContainText("Cancelled");
    await expect(main(page).getByRole("button", { name: "Cancel order" })).toHaveCount(0);

    // My Orders still lists it, cancelled (no longer shown as paid after its refund).
    await openPage(page, "/profile");
    const row = main(page).getByRole("row").filter({ hasText: order.orderNumber });
    await expect(row).toContainText("Cancelled");

    // Buy again (issue 32): the lines go back into the cart, which opens with them.
    await row.getByRole("button", { name: `Buy again the items of order ${order.orderNumber}` }).click();
    await expect(row.getByRole("status")).toHaveText("Added to your cart at today's prices.");
    const drawer = page.getByRole("dialog", { name: /cart/i });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(CHOLECALCIFEROL);
  });

  test("an unpaid order can be cancelled and has no invoice", async ({ page }) => {
    await signUpShopper(page, "orders-unpaid");
    const { order } = await placeOrder(page, { pay: false });
    await openPage(page, `/order/${order._id}`);
    await expect(main(page).getByRole("region", { name: "Payment Information" })).toContainText("StatusPending");
    await expect(main(page).getByRole("link", { name: "View invoice" })).toHaveCount(0);
    await main(page).getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("dialog", { name: "Cancel this order?" }).getByRole("button", { name: "Yes, cancel order" }).click();
    await expect(main(page).getByRole("status").filter({ hasText: "cancelled" })).toHaveText("Your order has been cancelled.");
    await expect(main(page)).toContainText("Status Cancelled");

    // A checkout cancelled unpaid is an attempt, not an order (decisions/024): My Orders leaves it
    // out, and "Show expired attempts" lists it as cancelled rather than looking payable.
    await openPage(page, "/profile");
    await expect(main(page).getByRole("row").filter({ hasText: order.orderNumber })).toHaveCount(0);
    await main(page).getByRole("link", { name: "Show expired attempts" }).click();
    await expectPath(page, "/profile", "?include=expired");
    const row = main(page).getByRole("row").filter({ hasText: order.orderNumber });
    await expect(row).toContainText("Cancelled");

    // Buy again (issue 32): the lines go back into the cart, which opens with them.
    await row.getByRole("button", { name: `Buy again the items of order ${order.orderNumber}` }).click();
    await expect(row.getByRole("status")).toHaveText("Added to your cart at today's prices.");
    const drawer = page.getByRole("dialog", { name: /cart/i });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(CHOLECALCIFEROL);
  });

  test("another customer gets the 404 page for the order and no confirmation", async ({ page, browser }) => {
    await signUpShopper(page, "orders-owner");
    const { order } = await placeOrder(page, { pay: true });

    const other = await browser.newContext();
    try {
      const stranger = await other.newPage();
      await signUpShopper(stranger, "orders-stranger");
      const response = await stranger.goto(`/order/${order._id}`);
      expect(response?.status()).toBe(404);
      await expect(stranger.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
      await expect(stranger.getByRole("main")).not.toContainText(order.orderNumber);

      await stranger.goto(`/order-confirmation?orderId=${order._id}`);
      await expectPath(stranger, "/");
      expect((await stranger.request.get(`/api/orders/${order._id}`)).status()).toBe(404);
    } finally {
      await other.close();
    }

    // Signed out: the order page asks for a sign-in first; a confirmation without an order goes home.
    await page.context().clearCookies();
    await page.goto(`/order/${order._id}`);
    await expectPath(page, "/login", `?redirect=${encodeURIComponent(`/order/${order._id}`)}`);
    await page.goto("/order-confirmation");
    await expectPath(page, "/");
  });
});
