import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAxeClean, openPage, signUpVerifiedShopper, test, waitForHydration } from "./fixtures";
import { expectNoEnglishLeft } from "./hindi-helpers";

// Shopping in Hindi (issue 34, item 1): the listing's filters, sort and pages, the product page's
// tabs, reviews and delivery check, Add to Cart, the cart drawer (quantity, the server's "Only N
// items available", the coupon box with a refused code) and the search suggestions, under /hi at
// 390 and 1280 px (the mobile and desktop projects): axe at 0 and no English UI text of the cart,
// search, catalog and product catalogues left on the page.

const LOW_STOCK = "Spearmint Extract Capsules"; // 4 in stock
const ZINC = "Zinc 20 mg Dispersible Tablets";
const NAMESPACES = ["frame", "cart", "search", "catalog", "product"];
const SHOTS = process.env.HINDI_SHOTS;

const main = (page: Page) => page.getByRole("main");
const isMobile = (info: TestInfo) => info.project.name.startsWith("mobile");
const shot = (page: Page, info: TestInfo, name: string, fullPage = true) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage }) : Promise.resolve();

async function productId(page: Page, name: string): Promise<string> {
  const response = await page.request.get(`/api/products?limit=20&search=${encodeURIComponent(name.split(" ")[0])}`);
  expect(response.ok()).toBe(true);
  const found = ((await response.json()) as { _id: string; name: string }[]).find((item) => item.name === name);
  expect(found, `${name} is in the catalogue`).toBeTruthy();
  return found!._id;
}

test.describe("shopping in Hindi", () => {
  test("the listing: a filter, a sort and page 2, all in Hindi", async ({ page }, testInfo) => {
    test.slow();
    await openPage(page, "/hi/collections/all");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("सभी प्रोडक्ट");
    await expect(main(page).getByRole("status").filter({ hasText: /\d+ प्रोडक्ट मिले/ })).toBeVisible();
    await waitForHydration(page);

    // On phones the filters are in a dialog behind "फ़िल्टर".
    const mobile = isMobile(testInfo);
    if (mobile) await main(page).getByRole("button", { name: /^फ़िल्टर/ }).click();
    const filters = mobile ? page.getByRole("dialog", { name: "फ़िल्टर" }) : main(page).getByRole("search", { name: "प्रोडक्ट फ़िल्टर" });
    await filters.getByLabel("क्रम").selectOption({ label: "कीमत: कम से ज़्यादा" });
    await expect(page).toHaveURL(/sortBy=priceAsc/);
    await filters.getByRole("radio", { name: /ज़रूरी नहीं/ }).check();
    await expect(page).toHaveURL(/prescription=not-required/);
    if (mobile) {
      await expectAxeClean(page);
      await page.getByRole("button", { name: "नतीजे देखें" }).click();
    }
    const chips = main(page).getByRole("group", { name: "लागू फ़िल्टर" });
    await expect(chips.getByRole("link", { name: "फ़िल्टर हटाएँ: प्रिस्क्रिप्शन: ज़रूरी नहीं" })).toBeVisible();
    await expect(chips.getByRole("link", { name: "सब हटाएँ" })).toBeVisible();

    const pages = main(page).getByRole("navigation", { name: "पेज" });
    await pages.getByRole("link", { name: /अगला/ }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/^[^?]*\/hi\/collections\/all\?/);
    await expect(pages.getByRole("link", { name: "पेज 2" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: /पिछला/ })).toBeVisible();
    await expect(page).toHaveTitle(/पेज 2/);
    await expectNoEnglishLeft(page, NAMESPACES);
    await expectAxeClean(page);
    await shot(page, testInfo, "hi-listing");

    // A search finding nothing says so in Hindi, with "Did you mean" leading to a Hindi page.
    await openPage(page, "/hi/collections/all?search=kreatin%20monohidrate");
    await expect(main(page).getByText("आपके फ़िल्टर से कोई प्रोडक्ट मेल नहीं खाता।")).toBeVisible();
    const suggestion = main(page).getByText(/क्या आपका मतलब/).getByRole("link");
    await expect(suggestion).toHaveAttribute("href", /^\/hi\/collections\/all\?search=/);
    await expectNoEnglishLeft(page, NAMESPACES);
    await expectAxeClean(page);
  });

  test("the product page: tabs, reviews, delivery check, Add to Cart, and the cart drawer", async ({ page, consoleErrors }, testInfo) => {
    test.slow();
    // The refused coupon (400) and the unserved PIN are answers the page shows, not failures.
    consoleErrors.allow(/status of 40[049]/);
    await signUpVerifiedShopper(page, "hindi-shopping");
    const zinc = await productId(page, ZINC);
    const spearmint = await productId(page, LOW_STOCK);

    await openPage(page, `/hi/product/${zinc}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await waitForHydration(page);
    const tabs = main(page).getByRole("tablist", { name: "प्रोडक्ट की जानकारी" });
    await expect(tabs.getByRole("tab", { name: "विवरण" })).toHaveAttribute("aria-selected", "true");
    await tabs.getByRole("tab", { name: "प्रोडक्ट डिटेल्स" }).click();
    await expect(main(page).getByRole("tabpanel")).toContainText("स्थिति");
    await expect(main(page).getByRole("tabpanel")).toContainText("स्टॉक में है");
    await expectNoEnglishLeft(page, NAMESPACES);

    // Reviews: the form's own check and the action's answer in Hindi.
    await tabs.getByRole("tab", { name: /^रिव्यू \(\d+\)$/ }).click();
    const panel = main(page).getByRole("tabpanel");
    await expect(panel.getByRole("heading", { name: "ग्राहकों के रिव्यू" })).toBeVisible();
    await panel.getByRole("button", { name: "रिव्यू भेजें" }).click();
    await expect(panel.getByText("रिव्यू लिखना ज़रूरी है")).toBeVisible();
    await panel.getByRole("textbox", { name: /आपका रिव्यू/ }).fill("बहुत अच्छी दवा, समय पर डिलीवरी हुई।");
    await panel.getByRole("button", { name: "रिव्यू भेजें" }).click();
    await expect(panel.getByText("धन्यवाद! आपका रिव्यू पोस्ट हो गया है।")).toBeVisible({ timeout: 10_000 });
    await expectNoEnglishLeft(page, NAMESPACES);
    await expectAxeClean(page);

    // The delivery check: a date the Hindi way, COD, an unserved and a malformed PIN.
    const box = main(page).getByRole("region", { name: "डिलीवरी जाँचें" });
    const pin = box.getByLabel("पिन कोड");
    await pin.fill("560102");
    await box.getByRole("button", { name: "जाँचें" }).click();
    await expect(box.getByTestId("delivery-result")).toContainText(/तक डिलीवरी/);
    await expect(box.getByText("कैश ऑन डिलीवरी उपलब्ध है")).toBeVisible();
    await pin.fill("990001");
    await box.getByRole("button", { name: "जाँचें" }).click();
    await expect(box.getByText("हम अभी इस पिन कोड पर डिलीवरी नहीं करते")).toBeVisible();
    await pin.fill("012345");
    await box.getByRole("button", { name: "जाँचें" }).click();
    await expect(box.getByText("सही पिन कोड डालें")).toBeVisible();
    await expectNoEnglishLeft(page, NAMESPACES);
    await shot(page, testInfo, "hi-product-reviews");

    // Add to Cart: the toast in Hindi.
    await main(page).getByRole("button", { name: "कार्ट में डालें", exact: true }).click();
    await expect(page.getByText(/कार्ट में डाल दिया गया!/)).toBeVisible({ timeout: 15_000 });
    await shot(page, testInfo, "hi-toast", false);

    // The low-stock product, up to its stock, then the drawer.
    await openPage(page, `/hi/product/${spearmint}`);
    await waitForHydration(page);
    await page.getByLabel("मात्रा", { exact: true }).selectOption("3");
    await main(page).getByRole("button", { name: "कार्ट में डालें", exact: true }).click();
    await expect(page.getByRole("button", { name: /^कार्ट, 4 आइटम/ })).toBeVisible({ timeout: 10_000 });

    await page.getByRole("button", { name: /^कार्ट, 4 आइटम/ }).click();
    const drawer = page.getByRole("dialog", { name: /^आपका कार्ट/ });
    await expect(drawer).toHaveAccessibleName(/^आपका कार्ट \(4\)/);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText("आपका कार्ट लोड हो रहा है...")).toHaveCount(0);
    await expect(drawer.getByText("कुल राशि")).toBeVisible();
    await expect(drawer.getByRole("button", { name: "चेकआउट करें" })).toBeVisible();
    const line = drawer.getByRole("listitem").filter({ has: page.getByRole("link", { name: LOW_STOCK }) });
    await expect(line.getByText(/^मात्रा 3$/)).toBeVisible();
    await line.getByRole("button", { name: `${LOW_STOCK} की मात्रा बढ़ाएँ` }).click();
    await expect(line.getByText(/^मात्रा 4$/)).toBeVisible();
    await expect(line.getByText("सिर्फ़ 4 यूनिट उपलब्ध हैं")).toBeVisible();
    await expect(line.getByText(/प्रति यूनिट$/)).toBeVisible();
    await expect(drawer).toHaveAccessibleName(/^आपका कार्ट \(5\)/);

    // The coupon box: a code that does not exist is refused in Hindi (the API says it in English).
    await drawer.getByLabel("कूपन कोड").fill("NOPE2026");
    await drawer.getByRole("button", { name: "लागू करें" }).click();
    await expect(drawer.getByText("यह कूपन मान्य नहीं है")).toBeVisible();
    await expect(drawer.getByRole("region", { name: "डिलीवरी जाँचें" })).toBeVisible();
    await expectNoEnglishLeft(page, NAMESPACES);
    await expectAxeClean(page);
    await shot(page, testInfo, "hi-cart-drawer", false);

    // Continue shopping from an emptied cart leads to the Hindi listing.
    for (const name of [LOW_STOCK, ZINC]) {
      await drawer.getByRole("button", { name: new RegExp(`^${name.split(" ")[0]}.* हटाएँ$`) }).click();
    }
    await expect(drawer.getByText("आपका कार्ट खाली है")).toBeVisible();
    await drawer.getByRole("button", { name: "खरीदारी जारी रखें" }).click();
    await expect(page).toHaveURL(/\/hi\/collections\/all$/);
  });

  test("the search suggestions lead to Hindi pages", async ({ page }) => {
    await openPage(page, "/hi/collections/all");
    await waitForHydration(page);
    await page.getByRole("link", { name: "प्रोडक्ट खोजें" }).click();
    const combobox = page.getByRole("combobox", { name: "प्रोडक्ट खोजें" });
    await combobox.fill("whey");
    const listbox = page.getByRole("listbox", { name: "खोज के सुझाव" });
    const section = listbox.getByRole("option", { name: /स्पोर्ट्स न्यूट्रिशन/ });
    await expect(section).toContainText(/\d+ मिलते-जुलते प्रोडक्ट|1 मिलता-जुलता प्रोडक्ट/);
    await expectNoEnglishLeft(page, NAMESPACES);
    await expectAxeClean(page);
    await section.click();
    await expect(page).toHaveURL(/\/hi\/collections\/all\?search=whey&category=sports-nutrition$/);

    await openPage(page, "/hi/collections/all");
    await waitForHydration(page);
    await page.getByRole("link", { name: "प्रोडक्ट खोजें" }).click();
    await combobox.fill("zinc");
    await listbox.getByRole("group", { name: "प्रोडक्ट" }).getByRole("option").first().click();
    await expect(page).toHaveURL(/\/hi\/product\/[^/?#]+$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  });

  test("the English pages keep their English", async ({ page }) => {
    await openPage(page, "/collections/all?page=2");
    await expect(main(page).getByText(/\d+ Product\(s\) Found/)).toBeVisible();
    await expect(main(page).getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: /Previous/ })).toBeVisible();
    await expect(main(page).locator("#filters").getByLabel("Sort by")).toBeAttached();
  });
});
