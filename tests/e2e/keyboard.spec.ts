import type { Locator, Page } from "@playwright/test";
import { expect, newShopper, openPage, test } from "./fixtures";

// Quality bar: the whole shop — browse, filter, add to cart, sign in, check out, pay with the
// test gateway — is completed with the keyboard alone. No clicks, no fills: Tab, Enter, Space,
// Escape and typed characters only.

// Plenty in stock, and no other spec counts its units.
const PRODUCT = "Oral Rehydration Salts WHO Formula";

/** Presses Tab (Shift+Tab when `back`) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} never received the focus after ${max} presses of ${back ? "Shift+Tab" : "Tab"}`);
}

/** Focuses a text field with the keyboard and replaces its content by typing. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

test.describe("keyboard only", () => {
  test.skip(({ isMobile }) => isMobile, "a phone has no keyboard focus order to walk");

  test("browse, filter, add to cart, sign in, check out and pay with the keyboard alone", async ({ page, request }) => {
    test.setTimeout(120_000);
    const shopper = newShopper("keyboard");
    const registered = await request.post("/api/users/register", { data: { ...shopper, confirmPassword: shopper.password } });
    expect(registered.status()).toBe(201);
    // A saved delivery address (the address book, issue 14): the checkout offers it as a one-tap choice.
    const { token } = (await registered.json()) as { token: string };
    const saved = await request.post("/api/users/addresses", {
      headers: { Authorization: `Bearer ${token}` },
      data: { fullName: "Asha Keyboard", phone: "9876543210", line1: "7 Residency Road", city: "Bengaluru", postalCode: "560025" },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    // Browse: from the home page to the shop through the header.
    await openPage(page, "/");
    await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop", exact: true }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/collections/all");

    // Filter: type into the listing's search box; the list follows.
    const filters = page.getByRole("search", { name: "Product filters" });
    await typeInto(page, filters.getByRole("searchbox"), PRODUCT);
    await page.waitForURL((url) => url.searchParams.get("search") === PRODUCT);
    const details = page.getByRole("link", { name: new RegExp(`^View Details\\s*: ${PRODUCT}$`) });
    await tabTo(page, details);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/product/"));
    await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();

    // Add to cart, then open the cart from the header (back up the focus order); Proceed to
    // Checkout as a guest asks to sign in.
    await tabTo(page, page.getByRole("button", { name: "Add to Cart" }));
    await page.keyboard.press("Enter");
    const cartButton = page.getByRole("banner").getByRole("button", { name: "Cart, 1 item" });
    await expect(cartButton).toBeVisible();
    await tabTo(page, cartButton, { back: true });
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: /cart/i });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("list", { name: "Cart items" })).toContainText(PRODUCT);
    await tabTo(page, drawer.getByRole("button", { name: "Proceed to Checkout" }));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/login");

    // Sign in: the guest's cart comes along, and the shopper lands on the checkout.
    const main = page.getByRole("main");
    await typeInto(page, main.getByRole("textbox", { name: "Email", exact: true }), shopper.email);
    await typeInto(page, main.getByLabel("Password", { exact: true }), shopper.password);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/checkout", { timeout: 20_000 });
    await expect(main.getByRole("list", { name: "Items in your order" })).toContainText(PRODUCT);

    // Check out: choose the delivery address with the arrow keys (a new one shows the fields,
    // the saved one hides them again), then pay online.
    const form = main.getByRole("form", { name: "Contact and delivery" });
    const savedChoice = form.getByRole("radio", { name: /Asha Keyboard, 7 Residency Road/ });
    await expect(savedChoice).toBeChecked();
    await tabTo(page, savedChoice);
    await page.keyboard.press("ArrowDown");
    await expect(form.getByRole("radio", { name: "Use a new address" })).toBeChecked();
    await expect(form.getByRole("textbox", { name: "Address", exact: true })).toBeVisible();
    await page.keyboard.press("ArrowUp");
    await expect(savedChoice).toBeChecked();
    await expect(form.getByRole("textbox", { name: "Address", exact: true })).toHaveCount(0);
    await expect(form.getByTestId("checkout-delivery")).toContainText("Delivery by");
    await tabTo(page, main.getByRole("button", { name: "Pay Now" }));
    await page.keyboard.press("Enter");

    // Pay with the test gateway: its dialog takes the focus; Pay is the first button.
    const payment = page.getByRole("dialog", { name: "Test payment" });
    await expect(payment).toBeVisible({ timeout: 15_000 });
    const pay = payment.getByRole("button", { name: /^Pay ₹/ });
    await tabTo(page, pay);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(PRODUCT);
    await expect(page.getByRole("main")).toContainText("Paid");
  });
});
