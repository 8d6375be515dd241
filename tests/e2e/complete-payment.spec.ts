import type { Page } from "@playwright/test";
import { expect, expectAxeClean, expectPath, findProduct, openPage, signUpShopper, test } from "./fixtures";

// Unfinished payments (issue 14, decisions/024): a shopper who closed the payment window finds the
// order under My Orders with "Complete payment" and when it expires, and pays it there.

// A high-stock product no other spec counts the stock of; each order takes one unit.
const CALCIUM = "Calcium Citrate, Vitamin D3, Magnesium & Zinc Tablets"; // 210 in stock

const ADDRESS = {
  firstName: "Meera",
  lastName: "Iyer",
  address: "21 Residency Road",
  city: "Bengaluru",
  postalCode: "560025",
  country: "India",
  phone: "9845012345",
};

const main = (page: Page) => page.getByRole("main");
const testDialog = (page: Page) => page.getByRole("dialog", { name: "Test payment" });

/** "3:45 pm" in India, as the pages write a time. */
const istTime = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" }).format(new Date(iso));

/**
 * A checkout through the calls the checkout page makes (cart, POST /api/checkout), whose payment
 * window the shopper then closed: the order waits, Pending, its stock reserved.
 */
async function abandonedCheckout(page: Page) {
  const product = await findProduct(page, CALCIUM);
  expect((await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } })).ok()).toBe(true);
  const started = await page.request.post("/api/checkout", { data: { shippingAddress: ADDRESS, paymentMethod: "razorpay" } });
  expect(started.status(), await started.text()).toBe(201);
  const { order } = (await started.json()) as { order: { _id: string; orderNumber: string } };
  const listed = (await (await page.request.get("/api/orders/my-orders")).json()) as { _id: string; reservationExpiresAt: string | null }[];
  const payBy = listed.find((row) => row._id === order._id)?.reservationExpiresAt;
  expect(payBy).toBeTruthy();
  return { order, payBy: payBy! };
}

test.describe("complete payment", () => {
  test("an abandoned payment is completed from My Orders with the test gateway and shows Paid", async ({ page }) => {
    test.slow();
    await signUpShopper(page, "complete-payment");
    const { order, payBy } = await abandonedCheckout(page);

    await openPage(page, "/profile");
    const row = main(page).getByRole("row").filter({ hasText: order.orderNumber });
    await expect(row).toContainText("Pending");
    const complete = row.getByRole("button", { name: `Complete payment for order ${order.orderNumber}` });
    await expect(complete).toBeVisible();
    await expect(row).toContainText(`by ${istTime(payBy)}`);
    await expectAxeClean(page);

    await complete.click();
    await expect(testDialog(page)).toBeVisible({ timeout: 15_000 });
    // The page stays where it was: the dialog opened over My Orders.
    await expectPath(page, "/profile");
    await expectAxeClean(page);
    await testDialog(page).getByRole("button", { name: /^Pay ₹/ }).click();

    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Thank you for your order!");
    await expect(main(page).getByRole("region", { name: "Payment Information" })).toContainText("StatusPaid");

    await openPage(page, "/profile");
    const paidRow = main(page).getByRole("row").filter({ hasText: order.orderNumber });
    await expect(paidRow).toContainText("Paid");
    await expect(paidRow.getByRole("button", { name: /Complete payment/ })).toHaveCount(0);
    // One order: the payment went to the same order, no second one was made.
    const mine = (await (await page.request.get("/api/orders/my-orders?include=expired")).json()) as { _id: string; isPaid: boolean }[];
    expect(mine.map((o) => [o._id, o.isPaid])).toEqual([[order._id, true]]);
  });

  test("the order page says until when to pay; a declined attempt can be tried again", async ({ page }) => {
    test.slow();
    await signUpShopper(page, "complete-payment-page");
    const { order, payBy } = await abandonedCheckout(page);

    await openPage(page, `/order/${order._id}`);
    const box = main(page).getByRole("region", { name: "Payment not received yet" });
    await expect(box).toContainText(`Complete payment by ${istTime(payBy)}.`);
    await expectAxeClean(page);

    await box.getByRole("button", { name: "Complete payment" }).click();
    await expect(testDialog(page)).toBeVisible({ timeout: 15_000 });
    await testDialog(page).getByRole("button", { name: "Fail" }).click();
    await expect(box.getByRole("alert")).toHaveText("Payment failed: Payment declined in the test gateway");
    await expect(testDialog(page)).toBeHidden();
    await expectAxeClean(page);

    await box.getByRole("button", { name: "Complete payment" }).click();
    await expect(testDialog(page)).toBeVisible({ timeout: 15_000 });
    await testDialog(page).getByRole("button", { name: /^Pay ₹/ }).click();
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    await expect(main(page).getByRole("region", { name: "Payment Information" })).toContainText("StatusPaid");

    await openPage(page, `/order/${order._id}`);
    await expect(main(page).getByRole("region", { name: "Payment not received yet" })).toHaveCount(0);
    await expect(main(page)).toContainText("Status Processing");
  });
});
