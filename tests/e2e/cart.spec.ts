import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, expectPath, openPage, test, waitForHydration } from "./fixtures";

// Products of the seeded demo catalogue (SEED_DEMO is on in the e2e server). Every test runs in
// its own browser context, so each has its own guest cookie and cart; adding to a cart does not
// touch stock, so tests running side by side cannot disturb each other.
const LOW_STOCK = "Spearmint Extract Capsules"; // 4 in stock, expiry 2027-08-31
const PLENTY = "Kids Omega-3 DHA Syrup";
const OUT_OF_STOCK = "Letrozole 2.5 mg Tablets";
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

interface ProductInfo {
  _id: string;
  name: string;
  price: number;
  countInStock: number;
  expiryDate: string | null;
}

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });

async function product(page: Page, name: string): Promise<ProductInfo> {
  const response = await page.request.get(`/api/products?limit=20&search=${encodeURIComponent(name.split(" ")[0])}`);
  expect(response.ok()).toBe(true);
  const found = ((await response.json()) as ProductInfo[]).find((item) => item.name === name);
  expect(found, `${name} is in the catalogue`).toBeTruthy();
  return found!;
}

/** Puts a line in this browser's cart through the API (the request shares the page's cookies). */
async function addThroughApi(page: Page, productId: string, quantity = 1) {
  const response = await page.request.post("/api/cart", { data: { productId, quantity } });
  expect(response.ok()).toBe(true);
}

const cartButton = (page: Page) => page.locator("header button[aria-haspopup=dialog][aria-label^=Cart]");
const drawer = (page: Page) => page.getByRole("dialog", { name: /^Your Cart/ });
const line = (page: Page, name: string) => drawer(page).getByRole("listitem").filter({ hasText: name });
const quantityOf = (item: Locator) => item.getByText(/^Quantity \d+$/);

async function openDrawer(page: Page) {
  await cartButton(page).click();
  await expect(drawer(page)).toBeVisible();
  await expect(drawer(page).getByText("Loading your cart...")).toHaveCount(0);
}

async function addFromProductPage(page: Page, item: ProductInfo, quantity: number, unitsAfter: number) {
  await openPage(page, `/product/${item._id}`);
  if (quantity > 1) await page.getByLabel("Quantity", { exact: true }).selectOption(String(quantity));
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${unitsAfter} ${unitsAfter === 1 ? "item" : "items"}`);
  // The toast library arrives with the first toast: allow for a slow machine.
  await expect(page.getByText(`${item.name} added to cart!`)).toBeVisible({ timeout: 15_000 });
}

test.describe("cart", () => {
  test("a guest adds two products, changes quantities, removes one and sees the subtotal", async ({ page, consoleErrors }) => {
    test.slow(); // two product pages and a dozen cart calls
    const lowStock = await product(page, LOW_STOCK);
    const plenty = await product(page, PLENTY);
    expect(lowStock.countInStock).toBeGreaterThanOrEqual(3);

    await openPage(page, "/");
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
    await addFromProductPage(page, lowStock, 2, 2);
    await addFromProductPage(page, plenty, 1, 3);

    await openDrawer(page);
    await expect(drawer(page).getByRole("heading", { name: "Your Cart (3)" })).toBeVisible();
    await expect(drawer(page).getByRole("listitem")).toHaveCount(2);

    // The low-stock line: name links to the product, price in rupees, expiry, quantity up to the stock.
    const low = line(page, LOW_STOCK);
    await expect(low.getByRole("link", { name: LOW_STOCK })).toHaveAttribute("href", `/product/${lowStock._id}`);
    await expect(low.getByText(inr.format(lowStock.price * 2), { exact: true })).toBeVisible();
    await expect(low.getByText(`${inr.format(lowStock.price)} each`, { exact: true })).toBeVisible();
    if (lowStock.expiryDate) await expect(low.getByText(/^Expiry: [A-Z][a-z]{2,3} \d{4}$/)).toBeVisible();
    await expect(low.locator("img")).toHaveAttribute("width", "80");
    await expect(quantityOf(low)).toHaveText("Quantity 2");
    const increaseLow = low.getByRole("button", { name: `Increase quantity of ${LOW_STOCK}` });
    for (let quantity = 3; quantity <= lowStock.countInStock; quantity++) {
      await increaseLow.click();
      await expect(quantityOf(low)).toHaveText(`Quantity ${quantity}`);
    }
    await expect(increaseLow).toBeDisabled();
    await expect(low.getByText(`Only ${lowStock.countInStock} items available`)).toBeVisible();
    await expect(drawer(page).getByRole("heading", { name: `Your Cart (${lowStock.countInStock + 1})` })).toBeVisible();

    // The other line: decrease is disabled at 1; up and down again.
    const other = line(page, PLENTY);
    const decrease = other.getByRole("button", { name: `Decrease quantity of ${PLENTY}` });
    const increase = other.getByRole("button", { name: `Increase quantity of ${PLENTY}` });
    await expect(quantityOf(other)).toHaveText("Quantity 1");
    await expect(decrease).toBeDisabled();
    await increase.click();
    await expect(quantityOf(other)).toHaveText("Quantity 2");
    await expect(decrease).toBeEnabled();
    await decrease.click();
    await expect(quantityOf(other)).toHaveText("Quantity 1");
    await expect(decrease).toBeDisabled();

    // Stock sold elsewhere in the meantime: the server refuses and its message shows by the line.
    consoleErrors.allow(/status of 409/);
    await page.route("**/api/cart", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ message: "Only 1 items available" }) })
        : route.fallback(),
    );
    await increase.click();
    await expect(other.getByRole("alert")).toHaveText("Only 1 items available");
    await expect(quantityOf(other)).toHaveText("Quantity 1");
    await page.unroute("**/api/cart");

    // Remove the low-stock line; the subtotal is the remaining line's price, in rupees.
    await low.getByRole("button", { name: `Remove ${LOW_STOCK}` }).click();
    await expect(drawer(page).getByRole("listitem")).toHaveCount(1);
    await expect(drawer(page).getByRole("heading", { name: "Your Cart (1)" })).toBeVisible();
    await expect(drawer(page).getByText("Subtotal")).toBeVisible();
    await expect(drawer(page).getByText("Subtotal").locator("..")).toContainText(inr.format(plenty.price));
    await expect(drawer(page).getByText("Shipping, taxes & discounts calculated at checkout.")).toBeVisible();
    await expect(drawer(page).getByRole("button", { name: "Proceed to Checkout" })).toBeEnabled();

    // The close button closes it and focus goes back to the cart button.
    await drawer(page).getByRole("button", { name: "Close cart" }).click();
    await expect(drawer(page)).toBeHidden();
    await expect(cartButton(page)).toBeFocused();
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");
  });

  test("New Launch on the home page adds Macnurish", async ({ page }) => {
    await openPage(page, "/");
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 0 items");
    const section = page.getByRole("region", { name: "New Launch" });
    await section.getByRole("button", { name: "Add to Cart" }).click();
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 1 item");
    await expect(page.getByText("Macnurish added to cart!")).toBeVisible({ timeout: 15_000 });
    await openDrawer(page);
    await expect(line(page, "Macnurish")).toBeVisible();
  });

  test("the product page refuses more than the stock and cannot add what is out of stock", async ({ page, consoleErrors }) => {
    const lowStock = await product(page, LOW_STOCK);
    const outOfStock = await product(page, OUT_OF_STOCK);
    await addThroughApi(page, lowStock._id, lowStock.countInStock);

    consoleErrors.allow(/status of 409/);
    await openPage(page, `/product/${lowStock._id}`);
    await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${lowStock.countInStock} items`);
    const add = page.getByRole("button", { name: "Add to Cart", exact: true });
    await add.click();
    await expect(page.getByRole("alert").filter({ hasText: `Only ${lowStock.countInStock} items available` })).toBeVisible();
    await expect(add).toHaveAccessibleDescription(`Only ${lowStock.countInStock} items available`);
    await expect(cartButton(page)).toHaveAccessibleName(`Cart, ${lowStock.countInStock} items`);

    await openPage(page, `/product/${outOfStock._id}`);
    await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toBeDisabled();
  });

  test("an empty cart says so and Continue Shopping goes to the shop", async ({ page }) => {
    await openPage(page, "/about");
    await openDrawer(page);
    await expect(drawer(page).getByRole("heading", { name: "Your Cart (0)" })).toBeVisible();
    await expect(drawer(page).getByText("Your cart is empty")).toBeVisible();
    await expect(drawer(page).getByRole("button", { name: "Proceed to Checkout" })).toBeDisabled();
    await drawer(page).getByRole("button", { name: "Continue Shopping" }).click();
    await expectPath(page, "/collections/all");
    await expect(drawer(page)).toBeHidden();
  });

  test("Proceed to Checkout sends a guest to sign in first", async ({ page, consoleErrors }) => {
    // The login page may not be built yet; its 404 is not this test's concern.
    consoleErrors.allow(/status of 404/);
    const item = await product(page, PLENTY);
    await addThroughApi(page, item._id);
    await openPage(page, "/");
    await openDrawer(page);
    await drawer(page).getByRole("button", { name: "Proceed to Checkout" }).click();
    await expectPath(page, "/login", "?redirect=checkout");
    await expect(drawer(page)).toBeHidden();
  });

  test("the drawer works with the keyboard alone: Enter opens, Tab stays inside, Escape closes", async ({ page }) => {
    const item = await product(page, PLENTY);
    await addThroughApi(page, item._id, 2);
    await openPage(page, "/");

    const button = cartButton(page);
    for (let presses = 0; presses < 40 && !(await button.evaluate((node) => node === document.activeElement)); presses++) {
      await page.keyboard.press("Tab");
    }
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(drawer(page)).toBeVisible();
    await expect(line(page, PLENTY)).toBeVisible();

    const insideDrawer = () => drawer(page).evaluate((node) => node.contains(document.activeElement));
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await insideDrawer()).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await insideDrawer()).toBe(true);
    }

    // Change a quantity from the keyboard, then close with Escape.
    const increase = line(page, PLENTY).getByRole("button", { name: `Increase quantity of ${PLENTY}` });
    await increase.focus();
    await page.keyboard.press("Enter");
    await expect(quantityOf(line(page, PLENTY))).toHaveText("Quantity 3");
    await expect(increase).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(drawer(page)).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAccessibleName("Cart, 3 items");
  });

  test("the count is server-rendered and survives navigation without moving the header", async ({ page, isMobile }) => {
    const item = await product(page, PLENTY);
    await openPage(page, "/about");
    const search = page.getByRole("link", { name: "Search products" });
    const before = await search.boundingBox();

    await addThroughApi(page, item._id, 2);
    // Right in the HTML, before any JavaScript runs.
    const html = await (await page.request.get("/about")).text();
    expect(html).toContain('aria-label="Cart, 2 items"');

    await openPage(page, "/about");
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
    await expect(cartButton(page)).toContainText("2");
    expect(await search.boundingBox()).toEqual(before);

    // A client-side navigation keeps it.
    await page.getByRole("banner").getByRole("link", { name: /^.+ home$/i }).click();
    await expectPath(page, "/");
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
    if (!isMobile) {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click();
      await expectPath(page, "/collections/all");
      await expect(cartButton(page)).toHaveAccessibleName("Cart, 2 items");
    }
  });

  test("a broken line image falls back to the cart placeholder", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/ERR_FAILED|status of 4\d\d/);
    const item = await product(page, PLENTY);
    await addThroughApi(page, item._id);
    await openPage(page, "/about");
    await page.route("**/images/products/**", (route) => route.abort());
    await openDrawer(page);
    await expect(line(page, PLENTY).locator("img")).toHaveAttribute("src", "/images/placeholder-cart.svg");
  });

  test("axe finds no violations with the drawer open", async ({ page }) => {
    const item = await product(page, PLENTY);
    const lowStock = await product(page, LOW_STOCK);
    await addThroughApi(page, item._id);
    await addThroughApi(page, lowStock._id, lowStock.countInStock);
    await openPage(page, "/");
    await openDrawer(page);
    await expect(drawer(page).getByRole("listitem")).toHaveCount(2);
    // Let the slide-in finish so colours are measured as shown.
    await page.waitForTimeout(400);
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`)).toEqual([]);
  });

  test("the cart comes along when a guest registers", async ({ page }) => {
    const lowStock = await product(page, LOW_STOCK);
    const plenty = await product(page, PLENTY);
    await addThroughApi(page, lowStock._id);
    await addThroughApi(page, plenty._id, 2);

    await openPage(page, "/register");
    const email = `cart-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
    await page.getByLabel("Name", { exact: true }).fill("Cart Tester");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("cart-Passw0rd!");
    await page.getByLabel("Confirm password", { exact: false }).fill("cart-Passw0rd!");
    await page.getByRole("button", { name: /^(Register|Create account|Sign up)$/i }).click();
    // Registration may sign in at once or send the shopper to the login page.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).not.toBe("/register");
    if (new URL(page.url()).pathname === "/login") {
      await waitForHydration(page);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("cart-Passw0rd!");
      await page.getByRole("button", { name: /^(Login|Log in|Sign in)$/i }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).not.toBe("/login");
    }
    await waitForHydration(page);
    await expect(cartButton(page)).toHaveAccessibleName("Cart, 3 items");
    await openDrawer(page);
    await expect(line(page, LOW_STOCK)).toBeVisible();
    await expect(quantityOf(line(page, PLENTY))).toHaveText("Quantity 2");
  });
});
