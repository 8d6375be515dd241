import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { prescriptionRequiredFor } from "#common/prescriptions.ts";
import { DEMO_PRODUCTS, type DemoProduct } from "#server/db/seed/products.ts";
import { expect as baseExpect, expectPath, openPage, test } from "./fixtures";

// Every filter change is a server round trip; on a busy shared test machine one can take longer
// than the suite's default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });

// Counts come from the seeded demo catalogue (SEED_DEMO is on in the e2e server): 45 products;
// Women Care 17 (6 need a prescription), Sports Nutrition 15, Kids Nutrition 13. The counts a new
// demo product changes are computed from the seed list (server/db/seed/products.ts).
const seeded = (keep: (product: DemoProduct) => boolean) => DEMO_PRODUCTS.filter(keep).length;
const isWomenCare = (product: DemoProduct) => product.category === "Women Care";
const ALL = DEMO_PRODUCTS.length;
const WOMEN_CARE = seeded(isWomenCare);
const WOMEN_CARE_RX = seeded((product) => isWomenCare(product) && prescriptionRequiredFor(product.schedule ?? "OTC"));
const PER_PAGE = 12;
const LAST_PAGE = Math.ceil(ALL / PER_PAGE);
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const found = (page: Page, count: number) => page.getByText(`${count} Product(s) Found`, { exact: true });
// CSS rather than roles: behind the open mobile drawer the page is aria-hidden, yet still checked.
const cards = (page: Page) => page.locator('ul[aria-label="Products"] > li');
const cardNames = (page: Page) => cards(page).locator("h3").allTextContents();

async function cardPrices(page: Page): Promise<number[]> {
  // The page streams: the count can show while the last cards are still arriving.
  await page.waitForLoadState("load");
  const texts = await cards(page).allTextContents();
  return texts.map((text) => Number(/Price:\s*₹([\d,.]+)/.exec(text)![1].replace(/,/g, "")));
}

/** The filter controls: the sidebar on wide screens, the "Filters" drawer (opened here) on phones. */
async function filterPanel(page: Page, isMobile: boolean): Promise<Locator> {
  if (!isMobile) return page.getByRole("region", { name: "Filters" });
  const dialog = page.getByRole("dialog", { name: "Filters" });
  if (!(await dialog.isVisible())) await page.getByRole("button", { name: /^Filters/ }).click();
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeDrawer(page: Page, isMobile: boolean) {
  if (!isMobile) return;
  await page.getByRole("dialog", { name: "Filters" }).getByRole("button", { name: "Show results" }).click();
  await expect(page.getByRole("dialog", { name: "Filters" })).toBeHidden();
}

/** Requests for the listing's loader data (one per client-side navigation of the listing). */
function countListingDataRequests(page: Page) {
  const counter = { count: 0 };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/collections/") && url.pathname.endsWith(".data")) counter.count++;
  });
  return counter;
}

/**
 * Presses keys one by one and returns how many gaps between them were long enough (over 200 ms)
 * for a 300 ms debounce to have fired in between.
 */
async function pressTimed(page: Page, keys: string[]): Promise<number> {
  let pauses = 0;
  let last = Date.now();
  for (const key of keys) {
    await page.keyboard.press(key);
    const now = Date.now();
    if (now - last > 200) pauses++;
    last = now;
  }
  return pauses;
}

async function apiTotal(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/products?limit=1&${query}`);
  expect(response.ok()).toBe(true);
  return Number(response.headers()["x-total-count"]);
}

test.describe("collection listing", () => {
  test("lists the catalogue, 12 per page, server-rendered with the collection in the title", async ({ page }) => {
    const response = await openPage(page, "/collections/all");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^All Products \|/);
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
    await expect(found(page, ALL)).toBeVisible();
    await expect(cards(page)).toHaveCount(12);

    const first = cards(page).first();
    await expect(first.getByRole("img")).toHaveAttribute("width", /\d+/);
    await expect(first.getByRole("img")).toHaveAttribute("height", /\d+/);
    await expect(first.getByRole("link", { name: /^View Details/ })).toHaveAttribute("href", /^\/product\/[\w-]+$/);
    await expect(page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: `Page ${LAST_PAGE}` })).toBeVisible();
  });

  test("section collections list their section only", async ({ page, isMobile }) => {
    await openPage(page, "/collections/women-care");
    await expect(page).toHaveTitle(/^Women Care \|/);
    await expect(found(page, WOMEN_CARE)).toBeVisible();
    // The other sections would find nothing here: offered disabled, counted 0 (decisions/026).
    const panel = await filterPanel(page, isMobile);
    await expect(panel.getByRole("radio", { name: /^Sports Nutrition\s*\(0\)$/ })).toBeDisabled();
    await expect(panel.getByRole("radio", { name: new RegExp(`^Women Healthcare\\s*\\(${WOMEN_CARE}\\)$`) })).toBeEnabled();
    await openPage(page, "/collections/sports-nutrition");
    await expect(found(page, 15)).toBeVisible();
  });

  test("an unknown collection is a 404 page", async ({ page, consoleErrors }) => {
    consoleErrors.allow("404");
    const response = await page.goto("/collections/no-such-collection");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("invalid filter values are ignored, never an error", async ({ page }) => {
    const response = await openPage(page, "/collections/all?minPrice=abc&maxPrice=-5&sortBy=bogus&page=0&prescription=maybe&category=nope");
    expect(response?.status()).toBe(200);
    await expect(found(page, ALL)).toBeVisible();
  });

  test("category, subcategory and prescription filters, chips and Clear All", async ({ page, isMobile }) => {
    test.slow();
    await openPage(page, "/collections/all");
    let panel = await filterPanel(page, isMobile);
    // Subcategories appear only once a category with subcategories is chosen.
    await expect(panel.getByRole("group", { name: "Subcategory" })).toHaveCount(0);

    await panel.getByRole("radio", { name: /Sports Nutrition/ }).check();
    await expectPath(page, "/collections/all", "?category=sports-nutrition");
    await expect(found(page, 15)).toBeVisible();
    const subcategories = panel.getByRole("group", { name: "Subcategory" });
    await expect(subcategories.getByRole("checkbox")).toHaveCount(4);

    await subcategories.getByRole("checkbox", { name: /Protein/ }).check();
    await expectPath(page, "/collections/all", "?category=sports-nutrition&subcategory=Protein");
    await expect(found(page, 4)).toBeVisible();

    // No protein needs a prescription: the option would find nothing, so it is disabled (decisions/026).
    await expect(panel.getByRole("radio", { name: /^Required\s*\(0\)$/ })).toBeDisabled();
    await expect(panel.getByRole("radio", { name: /^Not Required\s*\(4\)$/ })).toBeEnabled();

    await closeDrawer(page, isMobile);
    await page.getByRole("link", { name: "Remove filter: Subcategory: Protein" }).click();
    await expectPath(page, "/collections/all", "?category=sports-nutrition");
    await expect(found(page, 15)).toBeVisible();

    panel = await filterPanel(page, isMobile);
    await panel.getByRole("radio", { name: /Women Healthcare/ }).check();
    await panel.getByRole("radio", { name: /^Required/ }).check();
    await expectPath(page, "/collections/all", "?category=women-care&prescription=required");
    await expect(found(page, WOMEN_CARE_RX)).toBeVisible();
    for (const card of await cards(page).all()) await expect(card.getByText("Rx Only")).toBeVisible();

    await panel.getByRole("radio", { name: /Not Required/ }).check();
    await expect(found(page, 11)).toBeVisible();

    await panel.getByRole("link", { name: "Clear All Filters" }).click();
    await expectPath(page, "/collections/all");
    await expect(found(page, ALL)).toBeVisible();
    await expect(panel.getByRole("radio", { name: /All Products/ })).toBeChecked();
    await expect(panel.getByRole("group", { name: "Prescription" }).getByRole("radio", { name: "All" })).toBeChecked();
  });

  test("sorting orders the products", async ({ page, isMobile }) => {
    test.slow();
    await openPage(page, "/collections/all");
    const sort = (await filterPanel(page, isMobile)).getByRole("combobox", { name: "Sort by" });
    await expect(sort).toHaveValue("newest");

    await sort.selectOption({ label: "Price: Low to High" });
    await expectPath(page, "/collections/all", "?sortBy=priceAsc");
    await expect(cards(page).first()).toContainText("Oral Rehydration Salts");
    const ascending = await cardPrices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await sort.selectOption({ label: "Price: High to Low" });
    await expectPath(page, "/collections/all", "?sortBy=priceDesc");
    await expect(cards(page).first()).toContainText("₹999");
    const descending = await cardPrices(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    await sort.selectOption({ label: "Highest Rated" });
    await expectPath(page, "/collections/all", "?sortBy=rating");
    const byRating = (await (await page.request.get("/api/products?sortBy=rating&limit=12")).json()) as { name: string }[];
    await expect.poll(() => cardNames(page)).toEqual(byRating.map((product) => product.name));

    await sort.selectOption({ label: "Newest First" });
    await expectPath(page, "/collections/all");
  });

  test("the price slider works from the keyboard", async ({ page, isMobile }) => {
    test.slow();
    await openPage(page, "/collections/all");
    const panel = await filterPanel(page, isMobile);
    const max = panel.getByRole("slider", { name: "Maximum price" });
    const min = panel.getByRole("slider", { name: "Minimum price" });
    await expect(max).toHaveValue("1000");

    const requests = countListingDataRequests(page);
    await max.focus();
    const pauses = await pressTimed(page, Array(50).fill("ArrowLeft"));
    await expect(max).toHaveValue("500");
    await expectPath(page, "/collections/all", "?maxPrice=500");
    await expect(found(page, seeded((product) => product.pricePaise <= 500_00))).toBeVisible();
    // Presses in quick succession are one change of the URL (on a busy machine, one more per
    // pause long enough for the 300 ms debounce to end).
    expect(requests.count).toBeLessThanOrEqual(1 + pauses);

    await min.focus();
    for (let i = 0; i < 10; i++) await min.press("ArrowRight");
    await expect(min).toHaveAttribute("aria-valuetext", "₹100");
    await expectPath(page, "/collections/all", "?minPrice=100&maxPrice=500");
    await expect(found(page, await apiTotal(page, "minPrice=100&maxPrice=500"))).toBeVisible();
    for (const price of await cardPrices(page)) expect(price >= 100 && price <= 500).toBe(true);
    await expect(panel.getByRole("spinbutton", { name: "Max price (₹)" })).toHaveValue("500");

    await closeDrawer(page, isMobile);
    await page.getByRole("link", { name: "Remove filter: Price: ₹100 – ₹500" }).click();
    await expectPath(page, "/collections/all");
    await expect(found(page, ALL)).toBeVisible();
  });

  test("the price boxes set the range too", async ({ page, isMobile }) => {
    await openPage(page, "/collections/all");
    const panel = await filterPanel(page, isMobile);
    await panel.getByRole("spinbutton", { name: "Max price (₹)" }).fill("150");
    await panel.getByRole("spinbutton", { name: "Max price (₹)" }).press("Enter");
    await expectPath(page, "/collections/all", "?maxPrice=150");
    await expect(found(page, seeded((product) => product.pricePaise <= 150_00))).toBeVisible();
    await expect(panel.getByRole("slider", { name: "Maximum price" })).toHaveValue("150");
  });

  test("search is debounced: typing changes the URL once, without a history entry per key", async ({ page, isMobile }) => {
    test.slow();
    await openPage(page, "/collections/all");
    const panel = await filterPanel(page, isMobile);
    const historyLength = await page.evaluate(() => history.length);
    const requests = countListingDataRequests(page);

    await panel.getByRole("searchbox", { name: "Search products" }).focus();
    const pauses = await pressTimed(page, [..."whey"]);
    await expectPath(page, "/collections/all", "?search=whey");
    await expect(found(page, 2)).toBeVisible();
    await page.waitForTimeout(500);
    expect(requests.count).toBeLessThanOrEqual(1 + pauses);
    if (pauses === 0) expect(requests.count).toBe(1);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    await expect(panel.getByRole("combobox", { name: "Sort by" })).toHaveValue("");

    await panel.getByRole("searchbox", { name: "Search products" }).fill("zzqxv no such thing");
    await expect(page.getByText("No products match your filters.")).toBeVisible({ timeout: 15_000 });
    await expect(found(page, 0)).toBeVisible();

    await closeDrawer(page, isMobile);
    await page.getByRole("link", { name: /^Remove filter: Search/ }).click();
    await expectPath(page, "/collections/all");
    await expect((await filterPanel(page, isMobile)).getByRole("searchbox", { name: "Search products" })).toHaveValue("");
  });

  test("the header search lands on the listing with the search filled in", async ({ page, isMobile }) => {
    await openPage(page, "/collections/all?search=creatine");
    await expect(found(page, await apiTotal(page, "search=creatine"))).toBeVisible();
    const panel = await filterPanel(page, isMobile);
    await expect(panel.getByRole("searchbox", { name: "Search products" })).toHaveValue("creatine");
  });

  test("the back button restores the previous filters", async ({ page, isMobile }) => {
    test.slow();
    await openPage(page, "/collections/all");
    const panel = await filterPanel(page, isMobile);
    await panel.getByRole("radio", { name: /Kids Nutrition/ }).check();
    await expect(found(page, 13)).toBeVisible();
    await panel.getByRole("checkbox", { name: /Immunity/ }).check();
    await expect(found(page, 4)).toBeVisible();

    await page.goBack();
    await expectPath(page, "/collections/all", "?category=kids-nutrition");
    await expect(found(page, 13)).toBeVisible();
    await expect(panel.getByRole("radio", { name: /Kids Nutrition/ })).toBeChecked();
    await expect(panel.getByRole("checkbox", { name: /Immunity/ })).not.toBeChecked();

    await page.goBack();
    await expectPath(page, "/collections/all");
    await expect(found(page, ALL)).toBeVisible();
    await expect(panel.getByRole("radio", { name: /All Products/ })).toBeChecked();

    await page.goForward();
    await expect(found(page, 13)).toBeVisible();
  });

  test("pages keep the other filters", async ({ page, isMobile }) => {
    await openPage(page, "/collections/all");
    const firstOnPageOne = (await cardNames(page))[0];
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Next" }).click();
    await expectPath(page, "/collections/all", "?page=2");
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(12);
    expect((await cardNames(page))[0]).not.toBe(firstOnPageOne);
    await pagination.getByRole("link", { name: `Page ${LAST_PAGE}` }).click();
    await expect(cards(page)).toHaveCount(ALL - (LAST_PAGE - 1) * PER_PAGE);

    await openPage(page, "/collections/all?category=women-care&sortBy=priceAsc");
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/collections/all?category=women-care&sortBy=priceAsc&page=2");
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(cards(page)).toHaveCount(WOMEN_CARE - PER_PAGE);
    // A filter change starts again from the first page.
    const panel = await filterPanel(page, isMobile);
    await panel.getByRole("radio", { name: /Kids Nutrition/ }).check();
    await expectPath(page, "/collections/all", "?category=kids-nutrition&sortBy=priceAsc");
  });

  test("a card links to its product page", async ({ page }) => {
    await openPage(page, "/collections/all?search=Macnurish");
    await cards(page).first().getByRole("link", { name: /^View Details/ }).click();
    await expect(page).toHaveURL(/\/product\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Macnurish" })).toBeVisible();
  });

  test("no axe violations on the listing (sidebar or open drawer)", async ({ page, isMobile }) => {
    await openPage(page, "/collections/all?category=women-care");
    if (isMobile) await filterPanel(page, true);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

test.describe("collection listing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  /** Without JavaScript the "Filters" link shows the in-page panel on phones (CSS :target). */
  async function noScriptPanel(page: Page, isMobile: boolean) {
    if (isMobile) await page.getByRole("link", { name: /^Filters/ }).click();
    const panel = page.getByRole("region", { name: "Filters" });
    await expect(panel).toBeVisible();
    return panel;
  }

  test("page links work", async ({ page }) => {
    await page.goto("/collections/all?category=women-care");
    await expect(found(page, WOMEN_CARE)).toBeVisible();
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expectPath(page, "/collections/all", "?category=women-care&page=2");
    await expect(cards(page)).toHaveCount(WOMEN_CARE - PER_PAGE);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Previous" }).click();
    await expectPath(page, "/collections/all", "?category=women-care");
    await expect(cards(page)).toHaveCount(12);
  });

  test("the filter form applies with its submit button", async ({ page, isMobile }) => {
    await page.goto("/collections/all");
    let panel = await noScriptPanel(page, isMobile);
    await panel.getByRole("radio", { name: /Kids Nutrition/ }).check();
    await panel.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/category=kids-nutrition/);
    await expect(found(page, 13)).toBeVisible();

    panel = await noScriptPanel(page, isMobile);
    await panel.getByRole("checkbox", { name: /Immunity/ }).check();
    await panel.getByRole("checkbox", { name: /Brain Health/ }).check();
    await panel.getByRole("spinbutton", { name: "Max price (₹)" }).fill("400");
    await panel.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price: Low to High" });
    await panel.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/subcategory=Brain\+Health&subcategory=Immunity/);
    await expect(found(page, 6)).toBeVisible();
    // Cheapest first, out-of-stock products last (decisions/026).
    const prices = await cardPrices(page);
    const inStock = prices.slice(0, prices.length - (await cards(page).filter({ hasText: "Out of Stock" }).count()));
    expect(inStock).toEqual([...inStock].sort((a, b) => a - b));
    expect(Math.max(...prices)).toBeLessThanOrEqual(400);

    await page.getByRole("link", { name: "Remove filter: Subcategory: Immunity" }).click();
    await expect(found(page, 2)).toBeVisible();
    panel = await noScriptPanel(page, isMobile);
    await panel.getByRole("link", { name: "Clear All Filters" }).click();
    await expect(found(page, ALL)).toBeVisible();
  });
});
