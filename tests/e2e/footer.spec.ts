import { WELCOME_OFFER } from "#common/content.ts";
import type { Page } from "@playwright/test";
import { expect, expectPath, openPage, sentEmails, test } from "./fixtures";

const CHECK_INBOX = "Almost there! Please check your inbox and open the link we sent to confirm your subscription.";

/** The confirmation link emailed to `email` (without SMTP_URL, emails land in DATA_DIR/outbox as .eml files). */
async function confirmationLink(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        for (const text of await sentEmails()) {
          const match = /(\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(text);
          if (text.includes(email) && match) link = match[1]!;
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return link;
}

const SHOP_LINKS = [
  { label: "Women Care", href: "/collections/women-care" },
  { label: "Sports Nutrition", href: "/collections/sports-nutrition" },
  { label: "Kids Nutrition", href: "/collections/kids-nutrition" },
];

const HELP_PAGES = [
  { label: "Terms and Conditions", path: "/terms", topic: /terms/i },
  { label: "Shipping and Delivery", path: "/shipping", topic: /shipping|delivery/i },
  { label: "Privacy Policy", path: "/privacy", topic: /privacy/i },
  { label: "How to Order", path: "/how-to-order", topic: /order/i },
  { label: "Contact Us", path: "/contact", topic: /contact/i },
];

function footerOf(page: Page) {
  return page.getByRole("contentinfo");
}

/** The seller's legal details as the footer prints them (they come from the server's configuration). */
async function sellerDetails(page: Page) {
  const text = await footerOf(page).innerText();
  const gstin = /GSTIN\s+([0-9A-Z]{15})/.exec(text)?.[1];
  const officer = /Grievance officer:\s*([^,\n]+),\s*(\S+@\S+)/.exec(text);
  expect(gstin, "the footer shows the GSTIN").toBeTruthy();
  expect(officer, "the footer names the grievance officer and their email").toBeTruthy();
  return { gstin: gstin!, officerName: officer![1]!.trim(), officerEmail: officer![2]! };
}

test("the shop links point to their collections", async ({ page }) => {
  await openPage(page, "/");
  const footer = footerOf(page);
  for (const { label, href } of SHOP_LINKS) {
    await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
});

for (const { label, path, topic } of HELP_PAGES) {
  test(`"${label}" opens a real page`, async ({ page }) => {
    await openPage(page, "/");
    await footerOf(page).getByRole("link", { name: label, exact: true }).click();
    await expectPath(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(topic);
    await expect(page).toHaveTitle(topic);

    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
  });
}

test("the legal pages name the seller's GSTIN and the grievance officer", async ({ page }) => {
  await openPage(page, "/terms");
  const seller = await sellerDetails(page);
  const main = page.getByRole("main");
  await expect(main).toContainText(seller.gstin);
  await expect(main).toContainText(seller.officerName);
  await expect(main).toContainText(seller.officerEmail);

  await openPage(page, "/privacy");
  await expect(main).toContainText(seller.officerName);
  await expect(main).toContainText(seller.officerEmail);
});

test("the phone number is a tel: link and the copyright carries the current year", async ({ page }) => {
  await openPage(page, "/");
  const footer = footerOf(page);
  const phone = footer.locator('a[href^="tel:"]');
  await expect(phone).toHaveCount(1);
  const href = (await phone.getAttribute("href"))!;
  expect(href).toMatch(/^tel:\+?\d{10,13}$/);
  expect((await phone.innerText()).replace(/\D/g, "")).toBe(href.replace(/\D/g, ""));

  const year = new Date().getFullYear();
  await expect(footer).toContainText(new RegExp(`©\\s*${year}\\b`));
  await sellerDetails(page);
});

test.describe("newsletter", () => {
  test("rejects a bad address, asks to confirm a new one by email, and recognises it once confirmed", async ({ page, consoleErrors }, testInfo) => {
    // Subscribing the same address twice answers 409 Conflict, which the browser reports (the
    // form posts to the /newsletter route action through a fetcher: /newsletter.data).
    consoleErrors.allow("/newsletter.data");
    const email = `e2e-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

    await openPage(page, "/");
    const footer = footerOf(page);
    const input = footer.getByRole("textbox", { name: "Email address" });
    const subscribe = footer.getByRole("button", { name: "Subscribe" });
    const status = footer.locator("#newsletter-status");
    // What the welcome code does (common/content.ts WELCOME_OFFER; tests/api/welcome-coupon.test.ts ties it to the code).
    await expect(footer).toContainText(`offers: ${WELCOME_OFFER}.`);
    await expect(footer).toContainText("prescription medicines excluded");

    await subscribe.click();
    await expect(status).toHaveText("Email is required");
    await expect(input).toHaveAttribute("aria-invalid", "true");

    await input.fill("not-an-email");
    await subscribe.click();
    await expect(status).toHaveText("Please enter a valid email address");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription("Please enter a valid email address");

    await input.fill(email);
    await subscribe.click();
    await expect(status).toHaveText(CHECK_INBOX);
    await expect(input).not.toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveValue("");

    // Double opt-in: the link in the email confirms the subscription.
    await openPage(page, await confirmationLink(email));
    await expect(page.getByRole("main")).toContainText("Successfully subscribed to the newsletter!");

    await openPage(page, "/");
    await input.fill(email);
    await subscribe.click();
    await expect(status).toHaveText("Email is already subscribed");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form still subscribes", async ({ page }, testInfo) => {
      const email = `e2e-nojs-${testInfo.project.name}-${Date.now()}@example.com`;
      await page.goto("/");
      const footer = footerOf(page);
      await footer.getByRole("textbox", { name: "Email address" }).fill(email);
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await expectPath(page, "/newsletter");
      await expect(page.getByRole("main")).toContainText(CHECK_INBOX);
    });
  });
});
