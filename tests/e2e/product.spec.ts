import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect as baseExpect, expectPath, openPage, test } from "./fixtures";

// Every filter change is a server round trip; on a busy shared test machine one can take longer
// than the suite's default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

interface ApiProduct {
  _id: string;
  name: string;
  countInStock: number;
}

/** A seeded product's id, by its exact name. */
async function productId(page: Page, name: string): Promise<string> {
  const response = await page.request.get("/api/products?limit=100");
  const product = ((await response.json()) as ApiProduct[]).find((item) => item.name === name);
  expect(product, `seeded product ${name}`).toBeTruthy();
  return product!._id;
}

/** Signs a new customer up; the session cookie lands in the page's browser context. */
async function signUp(page: Page) {
  const name = `Asha Reviewer ${Math.random().toString(36).slice(2, 7)}`;
  const email = `reviewer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const response = await page.request.post("/api/users/register", {
    data: { name, email, password: "review-Passw0rd!", confirmPassword: "review-Passw0rd!" },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { name, email };
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const detailRow = (page: Page, term: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) })
    .locator("dd");

test.describe("product page", () => {
  test("shows the product: badge, rating, price, chips, stock, quantity and pack text", async ({ page }) => {
    const id = await productId(page, "Macnurish");
    const response = await openPage(page, `/product/${id}`);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1, name: "Macnurish" })).toBeVisible();
    await expect(page.getByText("Bestseller", { exact: true })).toBeVisible();
    // The demo catalogue invents no rating: no reviews stored, no stars (decisions/026).
    await expect(page.getByRole("link", { name: "No reviews yet" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Rated / })).toHaveCount(0);
    await expect(page.getByText("₹69", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Inclusive of all taxes")).toBeVisible();
    await expect(page.getByText(/^In Stock \(\d+\)$/)).toBeVisible();

    const chips = page.getByRole("list", { name: "Categories and tags" });
    await expect(chips.getByRole("link", { name: "Women Care" })).toHaveAttribute("href", "/collections/all?category=women-care");
    await expect(chips.getByRole("link", { name: "PCOS Care" })).toHaveAttribute("href", "/collections/all?category=women-care&subcategory=PCOS+Care");
    await expect(chips.getByText("L-Arginine")).toBeVisible();

    const quantity = page.getByRole("combobox", { name: "Quantity" });
    await expect(quantity.locator("option")).toHaveCount(10);
    await quantity.selectOption("3");
    await expect(quantity).toHaveValue("3");
    await expect(page.getByText("/Sachet", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();

    // A prescription notice only for Rx products.
    await expect(page.getByText("A valid prescription is required")).toHaveCount(0);
  });

  test("quantity runs to the stock when it is under 10; out of stock disables buying", async ({ page }) => {
    await openPage(page, `/product/${await productId(page, "Spearmint Extract Capsules")}`);
    const stock = Number((await page.getByText(/^In Stock \(\d+\)$/).textContent())!.match(/\d+/)![0]);
    expect(stock).toBeLessThan(10);
    await expect(page.getByRole("combobox", { name: "Quantity" }).locator("option")).toHaveCount(stock);

    await openPage(page, `/product/${await productId(page, "Letrozole 2.5 mg Tablets")}`);
    await expect(page.getByText("Out of Stock", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
    await expect(page.getByRole("combobox", { name: "Quantity" })).toBeDisabled();
    await expect(page.getByText("Rx Only").first()).toBeVisible();
    await expect(page.getByText(/A valid prescription is required/)).toBeVisible();
  });

  test("gallery: thumbnails, arrow keys and the full-screen view", async ({ page }) => {
    await openPage(page, `/product/${await productId(page, "Macnurish")}`);
    const thumbs = page.getByRole("group", { name: "Product images" }).getByRole("button");
    await expect(thumbs).toHaveCount(2);
    await expect(thumbs.first()).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("img", { name: /^Pack of Macnurish/ })).toBeVisible();

    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("img", { name: /^Macnurish pack beside its key highlights/ })).toBeVisible();

    await page.keyboard.press("ArrowLeft");
    await expect(thumbs.first()).toBeFocused();
    await expect(thumbs.first()).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("End");
    await expect(thumbs.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(thumbs.first()).toBeFocused();

    const open = page.getByRole("button", { name: "View full screen" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: /Macnurish/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("img", { name: /^Pack of Macnurish/ })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dialog).toContainText("image 2 of 2");
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(dialog).toContainText("image 1 of 2");
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("tabs: description, product details, reviews", async ({ page }) => {
    await openPage(page, `/product/${await productId(page, "Macnurish")}`);
    const tabs = page.getByRole("tablist", { name: "Product information" });
    await expect(tabs.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText("once-daily nutrition sachet");

    await tabs.getByRole("tab", { name: "Product Details" }).click();
    await expect(detailRow(page, "SKU")).toHaveText("HP-WC-001");
    await expect(detailRow(page, "Category")).toHaveText("Women Care");
    await expect(detailRow(page, "Subcategory")).toHaveText("PCOS Care");
    await expect(detailRow(page, "Brand")).toHaveText("Healthcare Pharma");
    await expect(detailRow(page, "Status")).toHaveText("In stock");
    await expect(detailRow(page, "Date added")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(detailRow(page, "Collections")).toContainText("Women Care");
    expect(await axeViolations(page)).toEqual([]);

    // Arrow keys move between tabs.
    await tabs.getByRole("tab", { name: "Product Details" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: /^Reviews/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText("Customer reviews");

    // The rating line's link ("No reviews yet" here) opens the Reviews tab.
    await tabs.getByRole("tab", { name: "Description" }).click();
    await page.getByRole("link", { name: "No reviews yet" }).click();
    await expect(tabs.getByRole("tab", { name: /^Reviews/ })).toHaveAttribute("aria-selected", "true");
  });

  test("signed out, the reviews tab invites signing in", async ({ page }) => {
    const id = await productId(page, "Kids Multivitamin Chewable Tablets");
    await openPage(page, `/product/${id}`);
    await page.getByRole("tab", { name: /^Reviews/ }).click();
    await expect(page.getByText("No reviews yet. Be the first to review!")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to write a review" })).toHaveAttribute("href", `/login?redirect=/product/${id}`);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a signed-in customer writes one review; a second is refused", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of (400|409)/);
    const id = await productId(page, "Vitamin C Chewable Tablets Orange");
    const { name } = await signUp(page);
    await openPage(page, `/product/${id}?tab=reviews`);
    const panel = page.getByRole("tabpanel");
    const comment = `Tasty and my son takes it happily (${Math.random().toString(36).slice(2, 8)})`;

    await panel.getByRole("button", { name: "Submit Review" }).click();
    await expect(panel.getByText("Comment is required")).toBeVisible();
    await expect(panel.getByRole("textbox", { name: "Your review" })).toBeFocused();
    await expect(panel.getByRole("textbox", { name: "Your review" })).toHaveAttribute("aria-invalid", "true");
    // Five stars unless changed.
    await expect(panel.getByRole("radio", { name: /^5 stars/ })).toBeChecked();

    await panel.getByRole("radio", { name: /^4 stars/ }).check();
    await panel.getByRole("textbox", { name: "Your review" }).fill(comment);
    await panel.getByRole("button", { name: "Submit Review" }).click();
    await expect(panel.getByText("Thank you! Your review has been posted.")).toBeVisible();
    const review = panel.getByRole("article", { name: `Review by ${name}` });
    await expect(review).toContainText(comment);
    await expect(review.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    await expect(panel.getByRole("textbox", { name: "Your review" })).toHaveValue("");
    // The stored review is counted at once beside the name (another project's run may add one more).
    await expect(page.getByRole("link", { name: /^[12] reviews?$/ })).toBeVisible();

    await panel.getByRole("textbox", { name: "Your review" }).fill("Trying a second time");
    await panel.getByRole("button", { name: "Submit Review" }).click();
    await expect(panel.getByText("You have already reviewed this product")).toBeVisible();
    await expect(panel.getByRole("article", { name: `Review by ${name}` })).toHaveCount(1);
  });

  test("an unknown product is a 404 'Product not found' page", async ({ page, consoleErrors }) => {
    consoleErrors.allow("404");
    const response = await page.goto("/product/unknown");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
    await expect(page).toHaveTitle(/^Product not found \|/);
    await page.getByRole("link", { name: "Browse all products" }).click();
    await expectPath(page, "/collections/all");
  });

  test("'You May Also Like' links to other products, with a loading notice on the way", async ({ page }) => {
    const id = await productId(page, "Macnurish");
    await openPage(page, `/product/${id}`);
    const similar = page.getByRole("region", { name: "You May Also Like" });
    await expect(similar).toBeVisible();
    const links = similar.getByRole("link", { name: /^View Details/ });
    expect(await links.count()).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/product\/[\w-]+$/);
      expect(href).not.toBe(`/product/${id}`);
    }

    const target = (await similar.locator("h3").first().textContent())!;
    // Hold the next product's data back a moment so the loading notice can be seen.
    await page.route(/\/product\/[\w-]+\.data/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    // The section streams in after the page: wait until React owns its link, or the click is a plain page load.
    await expect.poll(() => links.first().evaluate((anchor) => Object.keys(anchor).some((key) => key.startsWith("__reactProps$")))).toBe(true);
    await links.first().click();
    await expect(page.getByText("Loading product details...")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: target })).toBeVisible();
    await expect(page.getByText("Loading product details...")).toBeHidden();
  });

  test("Back returns to the filtered listing, or to the shop on a direct visit", async ({ page }) => {
    await openPage(page, "/collections/all?category=kids-nutrition&sortBy=priceAsc");
    await page.locator('ul[aria-label="Products"] > li').first().getByRole("link", { name: /^View Details/ }).click();
    await expect(page).toHaveURL(/\/product\//);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expectPath(page, "/collections/all", "?category=kids-nutrition&sortBy=priceAsc");
    await expect(page.getByText("13 Product(s) Found", { exact: true })).toBeVisible();

    await openPage(page, `/product/${await productId(page, "Macnurish")}`);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expectPath(page, "/collections/all");
  });

  test("title, description, Open Graph image and Product JSON-LD", async ({ page, baseURL }) => {
    const id = await productId(page, "Macnurish");
    await openPage(page, `/product/${id}`);
    await expect(page).toHaveTitle(/^Macnurish \|/);
    const description = (await page.locator('meta[name="description"]').getAttribute("content"))!;
    expect(description.startsWith("Macnurish is a once-daily")).toBe(true);
    expect(description.length).toBeLessThanOrEqual(155);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/images/products/hp-wc-001.webp?w=800`);

    // The product's own JSON-LD (the breadcrumbs carry theirs too).
    // (Text filters skip a script's content, so the scripts are told apart by their parsed type.)
    const productJsonLd = async (p: Page) => {
      const all = (await p.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
      const products = all.filter((item) => [item["@type"]].flat().includes("Product"));
      expect(products).toHaveLength(1);
      return products[0];
    };
    const json = await productJsonLd(page);
    expect(json).toMatchObject({
      "@type": "Product",
      name: "Macnurish",
      sku: "HP-WC-001",
      brand: { name: "Healthcare Pharma" },
      offers: { priceCurrency: "INR", price: "69.00", url: `${baseURL}/product/${id}` },
    });
    expect(json.offers.availability).toMatch(/InStock$/);
    // No reviews stored: no aggregateRating (an invented one would be fake social proof).
    expect(json).not.toHaveProperty("aggregateRating");

    await openPage(page, `/product/${await productId(page, "Letrozole 2.5 mg Tablets")}`);
    const outOfStock = await productJsonLd(page);
    expect(outOfStock.offers.availability).toBe("https://schema.org/OutOfStock");
  });

  test("no axe violations on a product page", async ({ page }) => {
    await openPage(page, `/product/${await productId(page, "Natural Micronised Progesterone 200 mg SR Tablets")}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole("region", { name: "You May Also Like" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("product page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tabs are links the server renders", async ({ page }) => {
    await page.goto(`/product/${await productId(page, "Macnurish")}`);
    await page.getByRole("tab", { name: "Product Details" }).click();
    await expect(page).toHaveURL(/\?tab=details/);
    await expect(detailRow(page, "SKU")).toHaveText("HP-WC-001");
  });

  test("the review form posts and shows the result", async ({ page }) => {
    const id = await productId(page, "Brahmi Syrup for Kids");
    const { name } = await signUp(page);
    await page.goto(`/product/${id}?tab=reviews`);
    const comment = `Works without scripts (${Math.random().toString(36).slice(2, 8)})`;
    await page.getByRole("radio", { name: /^3 stars/ }).check();
    await page.getByRole("textbox", { name: "Your review" }).fill(comment);
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Thank you! Your review has been posted.")).toBeVisible();
    await expect(page.getByRole("article", { name: `Review by ${name}` })).toContainText(comment);
  });
});
