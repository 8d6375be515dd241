// Only possible actions (issue 17, decisions/030): the admin's order list and order page offer
// exactly the moves the server's transition table accepts for that order, and Delete only where the
// server removes it; orders are known by the customer's order number. The API test
// (tests/api/admin-order-actions.test.ts) walks every transition; this checks two real orders in
// the browser. Named admin-*.spec.ts because it adds a published product.
import type { Page } from "@playwright/test";
import { expect, openPage, signInAsAdmin, signUpShopper, test } from "./fixtures";

const ADDRESS = {
  firstName: "Asha",
  lastName: "Rao",
  address: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560001",
  country: "India",
  phone: "9876543210",
  email: "asha@example.com",
};

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** A shopper's order of one unit, placed through the API; paid through the test gateway when asked. */
async function placeOrder(page: Page, productId: string, pay: boolean): Promise<{ _id: string; orderNumber: string }> {
  await page.context().clearCookies();
  await signUpShopper(page, "admin-actions");
  const added = await page.request.post("/api/cart", { data: { productId, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await page.request.post("/api/checkout", { data: { shippingAddress: ADDRESS, paymentMethod: "razorpay" } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: { _id: string; orderNumber: string } }).order;
  if (pay) {
    const signed = await page.request.post(`/api/payments/test/${order._id}/pay`);
    expect(signed.ok(), await signed.text()).toBe(true);
    const verified = await page.request.post(`/api/checkout/${order._id}/verify`, { data: await signed.json() });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  return order;
}

/**
 * The moves offered: Shipped as the Ship link to the order page's shipment form (it needs the
 * courier and AWB, decisions/032; the select never offers it bare), then the status select's choices.
 */
async function offered(page: Page, orderNumber: string): Promise<string[]> {
  const main = page.getByRole("main");
  const ship = (await main.getByRole("link", { name: `Ship order ${orderNumber} with courier and AWB` }).count()) > 0 ? ["Shipped"] : [];
  const select = main.getByRole("combobox", { name: `Status of order ${orderNumber}` });
  if ((await select.count()) === 0) return ship;
  const choices = await select.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(choices).not.toContain("Shipped");
  return [...ship, ...choices];
}

test.describe("admin order actions", () => {
  test("an unpaid and a paid order offer only what the server accepts, by their order numbers", async ({ page }, testInfo) => {
    test.slow();
    await signInAsAdmin(page);
    const created = await page.request.post("/api/admin/products", {
      data: {
        name: `Admin Actions Drops ${testInfo.project.name} ${Date.now().toString(36)}`,
        description: "Drops bought by the admin order actions test.",
        category: "Kids Nutrition",
        price: 90,
        countInStock: 5,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const productId = ((await created.json()) as { _id: string })._id;
    const unpaid = await placeOrder(page, productId, false);
    const paid = await placeOrder(page, productId, true);

    await page.context().clearCookies();
    await signInAsAdmin(page);
    const main = page.getByRole("main");

    // Unpaid: only Cancelled (payment alone moves it on); no Mark as Delivered, no Delete while it holds stock.
    await openPage(page, `/admin/orders?search=${unpaid.orderNumber}`);
    const unpaidRow = main.getByRole("row").filter({ hasText: unpaid.orderNumber });
    await expect(unpaidRow).toContainText("Pending");
    await expect.poll(() => offered(page, unpaid.orderNumber)).toEqual(["Cancelled"]);
    await expect(unpaidRow.getByRole("button", { name: /Mark as Delivered|^Delete|^Archive/ })).toHaveCount(0);

    // Paid: Shipped or Cancelled; still nothing to deliver or delete.
    await openPage(page, `/admin/orders?search=${paid.orderNumber}`);
    const paidRow = main.getByRole("row").filter({ hasText: paid.orderNumber });
    await expect(paidRow).toContainText("Processing");
    await expect.poll(() => offered(page, paid.orderNumber)).toEqual(["Shipped", "Cancelled"]);
    await expect(paidRow.getByRole("button", { name: /Mark as Delivered|^Delete|^Archive/ })).toHaveCount(0);

    // The unpaid order's own page: cancelled there, it offers no move any more, and Delete (nothing to keep).
    await openPage(page, `/admin/orders/${unpaid._id}`);
    await expect(main.getByRole("heading", { level: 1 })).toContainText(unpaid.orderNumber);
    await expect.poll(() => offered(page, unpaid.orderNumber)).toEqual(["Cancelled"]);
    await expect(main.getByRole("button", { name: `Delete order ${unpaid.orderNumber}` })).toHaveCount(0);
    await main.getByRole("button", { name: `Update status of order ${unpaid.orderNumber}` }).click();
    await expect(toast(page, "Order marked Cancelled")).toBeVisible();
    await expect(main).toContainText("No status change possible");
    await expect(main.getByRole("button", { name: `Delete order ${unpaid.orderNumber}` })).toBeVisible();
    await expect(main.getByRole("button", { name: /Mark as Delivered/ })).toHaveCount(0);
  });
});
