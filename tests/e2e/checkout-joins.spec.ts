import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAxeClean, findProduct, openPage, sentEmails, signUpShopper, signUpVerifiedShopper, test } from "./fixtures";

// Where checkout meets prescriptions, cash on delivery and the address book (issue 27 items 4 and
// 9; decisions/044), at 390 px on the phone project and 1280 px on the desktop one: a cart with a
// prescription item and no prescription yet still shows the delivery date and offers cash on
// delivery; an old prescription is not ticked unasked; an empty-cart /checkout says why it went
// home; the confirmation page and email give the delivery date and ask to confirm a COD order; the
// address book says when a PIN code is not served.

const RX = "Tranexamic Acid 500 mg + Mefenamic Acid 250 mg Tablets";
const ZINC = "Zinc 20 mg Dispersible Tablets";
const SHOTS = "/tmp/checkout-shots";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1");

const main = (page: Page) => page.getByRole("main");

/** The phone project at 390 px (the width); the desktop one stays at 1280. */
async function atWidth(page: Page, info: TestInfo) {
  if (info.project.name.startsWith("mobile")) await page.setViewportSize({ width: 390, height: 844 });
}
const shot = (page: Page, info: TestInfo, name: string, fullPage = true) => page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage });

async function addToCart(page: Page, name: string) {
  const product = await findProduct(page, name);
  const response = await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function saveAddress(page: Page) {
  const saved = await page.request.post("/api/users/addresses", {
    data: { fullName: "Asha Joins", phone: "+91 98450 12345", line1: "4 Church Street", city: "Bengaluru", postalCode: "560001" },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

test.describe("checkout joins", () => {
  test("a prescription item without a prescription yet: the delivery date shows, COD is offered, nothing is ticked unasked", async ({ page }, info) => {
    test.slow();
    await atWidth(page, info);
    await signUpVerifiedShopper(page, "rx-cod");
    // An old prescription, for something else: it is listed, not ticked.
    const old = await page.request.post("/api/prescriptions", { multipart: { file: { name: "old-rx.pdf", mimeType: "application/pdf", buffer: PDF } } });
    expect(old.status(), await old.text()).toBe(201);
    await saveAddress(page);
    await addToCart(page, RX);
    await openPage(page, "/checkout");

    const form = main(page).getByRole("form", { name: "Contact and delivery" });
    const step = main(page).getByRole("group", { name: "Prescription" });
    await expect(step.getByRole("checkbox", { name: "old-rx.pdf" })).not.toBeChecked();
    await expect(step).toContainText(`Upload a prescription for ${RX} to continue`);
    // Before: no "Delivery by" and "Enter your delivery address…" as the reason for no COD.
    await expect(form.getByTestId("checkout-delivery")).toContainText(/Delivery by \w{3}, \d{1,2} \w{3}/, { timeout: 10_000 });
    const cod = form.getByRole("radio", { name: /^Cash on delivery/ });
    await expect(cod).toBeEnabled({ timeout: 10_000 });
    await expect(form).not.toContainText("Enter your delivery address to see whether cash on delivery is available");
    await expectAxeClean(page);
    await shot(page, info, "rx-no-prescription");

    // Paying still waits for a prescription, and says so.
    await cod.check();
    await form.getByRole("button", { name: "Place order" }).click();
    await expect(form.getByRole("alert")).toHaveText(`Upload a prescription for ${RX} to continue`);
  });

  test("an unverified account is told why cash on delivery is not offered", async ({ page }, info) => {
    await atWidth(page, info);
    await signUpShopper(page, "rx-unverified");
    await saveAddress(page);
    await addToCart(page, RX);
    await openPage(page, "/checkout");
    const form = main(page).getByRole("form", { name: "Contact and delivery" });
    await expect(form.getByTestId("checkout-delivery")).toContainText(/Delivery by/, { timeout: 10_000 });
    const cod = form.getByRole("radio", { name: /^Cash on delivery/ });
    await expect(cod).toHaveAccessibleDescription(/^Cash on delivery needs a verified email address/, { timeout: 10_000 });
    await expect(cod).toBeDisabled();
  });

  test("/checkout with an empty cart goes home and says why", async ({ page }, info) => {
    await atWidth(page, info);
    await signUpShopper(page, "empty-cart");
    await openPage(page, "/checkout");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByText("Your cart is empty: add a product before checking out.")).toBeVisible();
    // The screenshot once the toast has finished sliding in.
    await page.waitForTimeout(600);
    await shot(page, info, "empty-cart-toast", false);
  });

  test("a COD order: the confirmation page and email give the delivery date and ask to confirm; confirming once is enough", async ({ page }, info) => {
    test.slow();
    await atWidth(page, info);
    const shopper = await signUpVerifiedShopper(page, "cod-confirm");
    await saveAddress(page);
    await addToCart(page, ZINC);
    await openPage(page, "/checkout");
    const form = main(page).getByRole("form", { name: "Contact and delivery" });
    const cod = form.getByRole("radio", { name: /^Cash on delivery/ });
    await expect(cod).toBeEnabled({ timeout: 10_000 });
    await cod.check();
    await form.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });

    await expect(main(page).getByTestId("order-delivery")).toContainText(/Expected: Delivery by \w{3}, \d{1,2} \w{3}/);
    const ask = main(page).getByRole("region", { name: "Please confirm your order" });
    await expect(ask).toContainText(/We hold the items for this cash-on-delivery order until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)/);
    await expectAxeClean(page);
    await shot(page, info, "confirmation-cod-unconfirmed");
    await ask.getByRole("button", { name: "Confirm order" }).click();
    await expect(main(page).getByRole("status").filter({ hasText: "Thank you: your cash-on-delivery order is confirmed" })).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Please confirm your order" })).toHaveCount(0);
    await shot(page, info, "confirmation-cod-confirmed");

    // The order page says it too; the email carries the date and the deadline.
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    await openPage(page, `/order/${orderId}`);
    await expect(main(page).getByTestId("order-delivery")).toContainText("Expected: Delivery by");
    await expect(main(page)).toContainText("Your cash-on-delivery order is confirmed.");
    await expect
      .poll(async () => (await sentEmails()).find((text) => text.includes(`To: ${shopper.email}`) && /Subject: Order \S+ confirmed/.test(text)) ?? "", { timeout: 20_000 })
      .toMatch(/Expected delivery by \w{3}, \d{1,2} \w{3}\.[\s\S]*Please confirm this cash-on-delivery order by/);
  });

  test("the address book says at once when a PIN code is not served (not only 'Choose a state')", async ({ page, consoleErrors }, info) => {
    // Saving anyway is refused by the action (400), which the browser logs.
    consoleErrors.allow(/status of 400/);
    await atWidth(page, info);
    await signUpShopper(page, "pin-unserved");
    await openPage(page, "/profile/addresses");
    const form = main(page).getByRole("region", { name: "Add a new address" });
    await form.getByRole("textbox", { name: "Full name" }).fill("Asha Far");
    await form.getByRole("textbox", { name: "Mobile number" }).fill("9845012345");
    await form.getByRole("textbox", { name: "Address line 1" }).fill("1 Nowhere Road");
    await form.getByRole("textbox", { name: "Town/City" }).fill("Faraway");
    const pin = form.getByRole("textbox", { name: "PIN code" });
    await pin.fill("990001");
    await expect(pin).toHaveAccessibleDescription("We do not deliver to this PIN code yet");
    await form.getByRole("button", { name: "Save address" }).click();
    await expect(pin).toHaveAccessibleDescription("We do not deliver to this PIN code yet");
    await expect(main(page)).not.toContainText("Choose a state");
    await expectAxeClean(page);
    await shot(page, info, "address-unserved-pin");
  });
});
