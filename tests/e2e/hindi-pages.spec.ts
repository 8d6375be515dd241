import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAxeClean, openPage, test } from "./fixtures";
import { expectNoEnglishLeft } from "./hindi-helpers";

// The content and policy pages in Hindi (issue 34 item 1): each under /hi at 390 and 1280 px
// (the mobile and desktop projects) answers 200 with lang="hi", Hindi headings, axe at 0 and no
// English UI text of their catalogues left; the contact form checks and answers in Hindi.

const SHOTS = process.env.HINDI_SHOTS;
const shot = (page: Page, info: TestInfo, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage: true }) : Promise.resolve();

const NAMESPACES = ["content", "pages", "careers", "policies"];

/** No English text of the frame's catalogue on the page, nor of these pages' catalogues in its main part. */
async function expectNoEnglishInMain(page: Page) {
  await expectNoEnglishLeft(page, ["frame"]);
  await expectNoEnglishLeft(page, NAMESPACES, "main");
}

/** Each page and its Hindi <h1>. */
const PAGES: [string, string][] = [
  ["/hi/about", "Healthcare Pharma के बारे में"],
  ["/hi/certifications", "हमारे प्रमाणन"],
  ["/hi/quality", "हमारा गुणवत्ता वचन"],
  ["/hi/career", "Healthcare Pharma के साथ एक स्वस्थ भारत बनाएँ"],
  ["/hi/apply", "आवेदन कैसे करें"],
  ["/hi/apply?role=registered-pharmacist", "आवेदन: रजिस्टर्ड फ़ार्मासिस्ट, ऑनलाइन डिस्पेंसिंग"],
  ["/hi/career-path", "करियर के रास्ते"],
  ["/hi/talent-network", "हमारे टैलेंट नेटवर्क से जुड़ें"],
  ["/hi/contact", "संपर्क करें"],
  ["/hi/terms", "नियम और शर्तें"],
  ["/hi/shipping", "शिपिंग और डिलीवरी"],
  ["/hi/privacy", "गोपनीयता नीति"],
  ["/hi/how-to-order", "ऑर्डर कैसे करें"],
  ["/hi/newsletter", "न्यूज़लेटर"],
  ["/hi/unsubscribe?token=not-a-token", "अनसब्सक्राइब करें"],
];

test.describe("content and policy pages in Hindi", () => {
  for (const [path, heading] of PAGES) {
    test(`${path}: Hindi, lang="hi", axe clean`, async ({ page }, testInfo) => {
      const response = await openPage(page, path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(/[\u0900-\u097F]/);
      await expectNoEnglishInMain(page);
      await expectAxeClean(page);
      // Links stay in Hindi.
      const englishLinks = await page
        .getByRole("main")
        .locator('a[href^="/"]:not([href^="/hi"])')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(englishLinks).toEqual([]);
      await shot(page, testInfo, `hi${path.replace(/[/?=]+/g, "-")}`);
    });
  }

  test("the policy pages write the last update the Hindi way", async ({ page }) => {
    await openPage(page, "/hi/shipping");
    await expect(page.getByRole("main").locator("time").first()).toHaveText("28 नवंबर 2026");
    await expect(page.getByRole("main")).toContainText("डिलीवरी के 7 दिनों के भीतर");
  });

  test("the contact form checks in Hindi and thanks the sender in Hindi", async ({ page }) => {
    await openPage(page, "/hi/contact");
    const main = page.getByRole("main");
    const name = main.getByRole("textbox", { name: "नाम", exact: true });
    const email = main.getByRole("textbox", { name: "ईमेल", exact: true });
    const message = main.getByRole("textbox", { name: "संदेश", exact: true });
    const send = main.getByRole("button", { name: "संदेश भेजें" });

    await send.click();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("नाम ज़रूरी है");
    await expect(email).toHaveAccessibleDescription("ईमेल ज़रूरी है");
    await expect(message).toHaveAccessibleDescription("संदेश ज़रूरी है");
    await expect(name).toBeFocused();
    await expectAxeClean(page);

    await name.fill("आशा वर्मा");
    await email.fill("asha@");
    await message.fill("क्या आप पुणे में डिलीवरी करते हैं?");
    await send.click();
    await expect(email).toHaveAccessibleDescription("कृपया सही ईमेल पता डालें");

    await email.fill("asha.hindi@example.com");
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/hi/contact.data" && r.request().method() === "POST"),
      send.click(),
    ]);
    expect(response.status()).toBe(201);
    await expect(main.locator("#contact-result")).toHaveText("आपके संदेश के लिए धन्यवाद! हम जल्द ही जवाब देंगे।");
    await expect(name).toHaveValue("");
    await expectNoEnglishInMain(page);
  });

  test("a bad newsletter confirmation link answers in Hindi", async ({ page }) => {
    // 400 by design: fetched, not opened (the browser would log the status as an error).
    const response = await page.request.get("/hi/newsletter/confirm?token=not-a-token");
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain('lang="hi"');
    expect(html).toContain("यह पुष्टि लिंक अमान्य है या इसकी समय-सीमा खत्म हो चुकी है।");
    expect(html).toContain("<title>अपना सब्सक्रिप्शन कन्फ़र्म करें | Healthcare Pharma</title>");
  });

  test("without JavaScript the server answers the contact form in Hindi", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/hi/contact");
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "नाम", exact: true }).fill("आशा");
    await main.getByRole("textbox", { name: "ईमेल", exact: true }).fill("not-an-email");
    await main.getByRole("button", { name: "संदेश भेजें" }).click();
    await expect(main.getByRole("textbox", { name: "ईमेल", exact: true })).toHaveAccessibleDescription("कृपया सही ईमेल पता डालें");
    await expect(main.getByRole("textbox", { name: "संदेश", exact: true })).toHaveAccessibleDescription("संदेश ज़रूरी है");
    await context.close();
  });

  test("the English pages keep their English", async ({ page }) => {
    await openPage(page, "/shipping");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shipping and Delivery");
    await expect(page.getByRole("main")).toContainText("Last updated: 28 November 2026");
    await openPage(page, "/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  });
});
