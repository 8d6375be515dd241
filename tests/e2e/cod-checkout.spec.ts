import type { Page } from "@playwright/test";
import { expect, expectAxeClean, findProduct, openPage, signUpShopper, signUpVerifiedShopper, test } from "./fixtures";

// Cash on delivery end to end (issue 14, decisions/022): a saved address chosen with one tap, the
// delivery promise for its PIN code, the COD choice with its total, the order placed without the
// gateway, and the confirmation saying what to pay at the door. A new address can be saved from
// the checkout and is offered next time.

// High-stock product no other spec counts the stock of; ₹35, far below the ₹5,000 cap.
const ZINC = "Zinc 20 mg Dispersible Tablets";

const main = (page: Page) => page.getByRole("main");

async function addToCart(page: Page, name: string) {
  const product = await findProduct(page, name);
  const response = await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe("cash on delivery", () => {
  test("a saved address reused, cash on delivery chosen, the order placed and confirmed", async ({ page }) => {
    test.slow();
    await signUpVerifiedShopper(page, "cod");
    const saved = await page.request.post("/api/users/addresses", {
      data: { fullName: "Asha Cod", phone: "+91 98450 12345", line1: "4 Church Street", landmark: "Near the post office", city: "Bengaluru", postalCode: "560001" },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    await addToCart(page, ZINC);
    await openPage(page, "/checkout");

    // The saved address is a one-tap choice, chosen; no address fields to type.
    const form = main(page).getByRole("form", { name: "Contact and delivery" });
    const deliverTo = form.getByRole("group", { name: "Deliver to" });
    const savedChoice = deliverTo.getByRole("radio", { name: /Asha Cod, 4 Church Street/ });
    await expect(savedChoice).toBeChecked();
    await expect(deliverTo.getByRole("radio", { name: "Use a new address" })).not.toBeChecked();
    await expect(form.getByRole("textbox", { name: "Address", exact: true })).toHaveCount(0);
    // The delivery promise for its PIN code.
    await expect(form.getByTestId("checkout-delivery")).toContainText(/Delivery by \w{3}, \d{1,2} \w{3}/);

    // Pay online is chosen; cash on delivery becomes available once the quote answers, never pre-selected.
    const payment = form.getByRole("group", { name: "Payment" });
    await expect(payment.getByRole("radio", { name: "Pay online (UPI, cards, netbanking)" })).toBeChecked();
    const cod = payment.getByRole("radio", { name: /^Cash on delivery/ });
    await expect(cod).toBeEnabled({ timeout: 10_000 });
    await expect(cod).not.toBeChecked();
    await expectAxeClean(page);
    await cod.check();
    await expect(form.getByText("Total to pay on delivery")).toBeVisible();
    await form.getByRole("button", { name: "Place order" }).click();

    // Straight to the confirmation: no payment dialog.
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    await expect(main(page).getByRole("heading", { level: 1, name: "Thank you for your order!" })).toBeVisible();
    await expect(main(page)).toContainText("Cash on delivery: please pay ₹");
    const paymentInfo = main(page).getByRole("region", { name: "Payment Information" });
    await expect(paymentInfo).toContainText("Cash on delivery");
    await expect(paymentInfo).toContainText("To be paid on delivery");
    await expect(main(page).getByRole("region", { name: "Shipping Information" })).toContainText("Landmark: Near the post office");
    await expectAxeClean(page);

    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    const order = await (await page.request.get(`/api/orders/${orderId}`)).json();
    expect(order).toMatchObject({ paymentMethod: "cod", status: "Processing", isPaid: false });
    expect(order.shippingAddress).toMatchObject({ address: "4 Church Street", state: "Karnataka", postalCode: "560001", phone: "9845012345" });
    // The cart is empty and My Orders tells the order apart.
    const cart = await (await page.request.get("/api/cart")).json();
    expect(cart.products ?? []).toHaveLength(0);
    await openPage(page, "/profile");
    await expect(main(page).getByRole("row", { name: new RegExp(order.orderNumber) })).toContainText("Cash on delivery");
  });

  test("a new address: State filled from the PIN code, saved to the address book when asked, offered next time", async ({ page }) => {
    test.slow();
    await signUpVerifiedShopper(page, "cod-new");
    await addToCart(page, ZINC);
    await openPage(page, "/checkout");
    const form = main(page).getByRole("form", { name: "Contact and delivery" });
    await form.getByRole("textbox", { name: "Address", exact: true }).fill("7 Park Street");
    await form.getByRole("textbox", { name: "City", exact: true }).fill("Kolkata");
    await form.getByRole("textbox", { name: "PIN code", exact: true }).fill("700016");
    await expect(form.getByRole("combobox", { name: /State\/UT/ })).toHaveValue("West Bengal");
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("098450-12345");
    const save = form.getByRole("checkbox", { name: "Save this address to my address book" });
    await expect(save).not.toBeChecked();
    await save.check();
    await expect(form.getByTestId("checkout-delivery")).toContainText("Delivery by");
    const cod = form.getByRole("radio", { name: /^Cash on delivery/ });
    await expect(cod).toBeEnabled({ timeout: 10_000 });
    await cod.check();
    await form.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });

    const addresses = await (await page.request.get("/api/users/addresses")).json();
    expect(addresses).toEqual([expect.objectContaining({ line1: "7 Park Street", state: "West Bengal", postalCode: "700016", phone: "9845012345" })]);
    // Next time it is a one-tap choice.
    await addToCart(page, ZINC);
    await openPage(page, "/checkout");
    await expect(main(page).getByRole("radio", { name: /7 Park Street/ })).toBeChecked();
  });

  test("a PIN code without cash on delivery says why and keeps paying online", async ({ page }) => {
    await signUpShopper(page, "cod-leh");
    await addToCart(page, ZINC);
    await openPage(page, "/checkout");
    const form = main(page).getByRole("form", { name: "Contact and delivery" });
    await form.getByRole("textbox", { name: "Address", exact: true }).fill("Main Bazaar");
    await form.getByRole("textbox", { name: "City", exact: true }).fill("Leh");
    await form.getByRole("textbox", { name: "PIN code", exact: true }).fill("194101");
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("9876543210");
    const cod = form.getByRole("radio", { name: /^Cash on delivery/ });
    await expect(cod).toHaveAccessibleDescription("Cash on delivery is not available for this PIN code", { timeout: 10_000 });
    await expect(cod).toBeDisabled();
    await expect(form.getByRole("button", { name: "Pay Now" })).toBeVisible();
    await expectAxeClean(page);
  });
});
