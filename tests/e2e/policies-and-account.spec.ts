// Issue 27 items 6, 7 and parts of 9 (decisions/047): deleting an account while an order still
// needs it; the policy pages agree with the code (cancellation and return windows, refunds, no
// photos the return form cannot take, the payment window, cash on delivery, the welcome offer);
// no word broken across lines on phones; the search suggestions' whole names and "No matches";
// the register page's "User already exists" says what to do.
import type { Locator, Page } from "@playwright/test";
import { WELCOME_OFFER } from "#common/content.ts";
import { DEFAULT_DELIVERY_POLICY, deliveryTexts } from "#common/delivery-policy.ts";
import { ORDER_STATUSES, RESERVATION_MINUTES } from "#common/orders.ts";
import { RETURN_WINDOW_DAYS } from "#common/returns.ts";
import { ORDER_TRANSITIONS, canTransition } from "#server/modules/orders/transitions.ts";
import { expect, expectAxeClean, findProduct, openPage, signUpShopper, test } from "./fixtures";

const SHOTS = "/tmp/account-shots";
const shot = (page: Page, name: string, project: string, fullPage = false) => page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage });

const ADDRESS = {
  firstName: "Asha",
  lastName: "Rao",
  address: "12 MG Road",
  city: "Bengaluru",
  postalCode: "560001",
  country: "India",
  phone: "9876543210",
  email: "asha@example.com",
};

/** A paid order of one unit, placed and paid the way the checkout page does it (the test gateway). */
async function placePaidOrder(page: Page): Promise<{ _id: string; orderNumber: string }> {
  const product = await findProduct(page, "Cholecalciferol 60,000 IU Softgels");
  expect((await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } })).ok()).toBe(true);
  const started = await page.request.post("/api/checkout", { data: { shippingAddress: ADDRESS, paymentMethod: "razorpay" } });
  expect(started.status(), await started.text()).toBe(201);
  const { order } = (await started.json()) as { order: { _id: string; orderNumber: string } };
  const signed = await page.request.post(`/api/payments/test/${order._id}/pay`);
  expect(signed.ok(), await signed.text()).toBe(true);
  const verified = await page.request.post(`/api/checkout/${order._id}/verify`, { data: await signed.json() });
  expect(verified.ok(), await verified.text()).toBe(true);
  return order;
}

/**
 * Words (split at spaces and after hyphens and slashes) whose letters sit on more than one line
 * inside `root`, leaving out a word wider than its own block (a long email must break somewhere).
 */
async function wordsBrokenAcrossLines(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || parent.closest("[hidden], .sr-only, script, style")) continue;
      const block = parent.closest("p, li, h1, h2, h3, h4, td, th, dd, dt, span, a, strong, label, div") ?? parent;
      for (const match of text.matchAll(/[^\s\-/]+[-/]?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const lines = new Set(rects.map((rect) => Math.round(rect.bottom)));
        const width = rects.reduce((sum, rect) => sum + rect.width, 0);
        if (lines.size > 1 && width <= (block as HTMLElement).clientWidth) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test.describe("deleting an account with an open order (decisions/047)", () => {
  test("a paid order not yet shipped: the profile names it and offers to wait; once it is cancelled the account can go", async ({ page }, testInfo) => {
    test.slow();
    await signUpShopper(page, "delete-open");
    const order = await placePaidOrder(page);

    await openPage(page, "/profile");
    const yourData = page.getByRole("region", { name: "Your data" });
    const wait = yourData.getByTestId("delete-wait");
    await expect(wait).toBeVisible();
    await expect(wait.getByRole("heading", { name: "Your account cannot be deleted yet" })).toBeVisible();
    await expect(wait).toContainText("follow, cancel or return it and to download the invoice");
    const link = wait.getByRole("link", { name: order.orderNumber });
    await expect(link).toHaveAttribute("href", `/order/${order._id}`);
    await expect(yourData.getByRole("button", { name: "Delete my account" })).toHaveCount(0);
    await wait.scrollIntoViewIfNeeded();
    expect(await wordsBrokenAcrossLines(page.getByRole("main"))).toEqual([]);
    await expectAxeClean(page);
    await shot(page, "profile-delete-wait", testInfo.project.name);

    // The API says the same (409), for clients without the page.
    const refused = await page.request.delete("/api/users/me", { data: { password: "e2e-Passw0rd!" } });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain(order.orderNumber);

    // Waiting is the way: the order is cancelled (refunded), then the account can be deleted.
    expect((await page.request.post(`/api/orders/${order._id}/cancel`)).ok()).toBe(true);
    await openPage(page, "/profile");
    await expect(yourData.getByTestId("delete-wait")).toHaveCount(0);
    await yourData.getByLabel("Your password").fill("e2e-Passw0rd!");
    await yourData.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete account" }).click();
    await expect(page.getByText("Your account has been deleted")).toBeVisible();
  });
});

/** The visible text of a policy page's main content, as one string of sentences. */
async function pageText(page: Page, path: string): Promise<string> {
  await openPage(page, path);
  return (await page.getByRole("main").innerText()).replace(/\s+/g, " ");
}

const sentences = (text: string) => text.split(/(?<=[.!?:;])\s+/);

test.describe("policies agree with the code", () => {
  const POLICY_PAGES = ["/terms", "/shipping", "/how-to-order", "/privacy", "/quality", "/about"];

  test("cancellation window, return window, payment window, cash on delivery, no promised photos, the welcome offer", async ({ page }, testInfo) => {
    test.slow();
    // The customer may cancel from these statuses (orders/transitions.ts); the first later, unfinished one ends the window.
    const cancellable = ORDER_STATUSES.filter((status) => canTransition(status, "Cancelled", "customer"));
    const windowEnd = ORDER_STATUSES.find((status) => !cancellable.includes(status) && Object.keys(ORDER_TRANSITIONS[status]).length > 0)!;
    expect(windowEnd).toBe("Shipped");

    for (const path of POLICY_PAGES) {
      const text = await pageText(page, path);
      for (const sentence of sentences(text)) {
        if (/\bcancel\b/i.test(sentence) && /\buntil\b/i.test(sentence)) {
          expect(sentence, `${path}: "${sentence}"`).toMatch(new RegExp(`\\b(${windowEnd.toLowerCase()}|ships)\\b`, "i"));
        }
        expect(sentence, `${path}: "${sentence}"`).not.toMatch(/out for delivery/i);
        for (const days of sentence.matchAll(/(\d+) days of delivery/g)) expect(Number(days[1]), `${path}: "${sentence}"`).toBe(RETURN_WINDOW_DAYS);
      }
    }

    const shipping = await pageText(page, "/shipping");
    expect(shipping).toContain(`within ${RESERVATION_MINUTES} minutes of placing it`);
    expect(shipping).toContain(deliveryTexts(DEFAULT_DELIVERY_POLICY).cod);
    // Returns are asked for on the order page, whose form takes text only: no photos promised there.
    const returns = (await page.locator("section#returns-and-refunds").innerText()).replace(/\s+/g, " ");
    expect(returns).toContain(`Ask within ${RETURN_WINDOW_DAYS} days of delivery`);
    expect(returns).toContain("the form takes text only");
    expect(returns).not.toMatch(/photo/i);
    expect(returns).not.toMatch(/within two business days of approving/i);
    await shot(page, "shipping", testInfo.project.name, true);

    await openPage(page, "/terms");
    const terms = (await page.locator("section#cancellations-returns-refunds").innerText()).replace(/\s+/g, " ");
    expect(terms).toContain(`within ${RETURN_WINDOW_DAYS} days of delivery`);
    expect(terms).not.toMatch(/photo|replacement/i);
    await shot(page, "terms", testInfo.project.name, true);

    // Quality concerns go through the contact form, which takes text: photos come by email.
    const quality = await pageText(page, "/quality");
    expect(quality).toContain("We answer by email; reply to it with the photos.");

    // The footer's offer is what the welcome code does (tests/api/welcome-coupon.test.ts ties it to the coupon).
    await expect(page.getByRole("contentinfo")).toContainText(`offers: ${WELCOME_OFFER}.`);
  });

  test("no word of the policy pages is broken across lines", async ({ page }) => {
    for (const path of POLICY_PAGES) {
      await openPage(page, path);
      expect(await wordsBrokenAcrossLines(page.getByRole("main")), path).toEqual([]);
    }
  });
});

test.describe("words stay whole on phones", () => {
  test("the profile's email line and the order page's heading break between words only", async ({ page }, testInfo) => {
    test.slow();
    await signUpShopper(page, "a-rather-long-address-for-wrapping");
    const order = await placePaidOrder(page);

    await openPage(page, "/profile");
    const email = page.getByRole("region", { name: "Email address" });
    await expect(email).toContainText("(not verified yet)");
    expect(await wordsBrokenAcrossLines(email)).toEqual([]);

    await openPage(page, `/order/${order._id}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(`Order ${order.orderNumber}`);
    expect(await wordsBrokenAcrossLines(heading)).toEqual([]);
    expect(await wordsBrokenAcrossLines(page.getByRole("main"))).toEqual([]);
    const box = (await heading.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, "order-heading", testInfo.project.name);

    await openPage(page, `/order-confirmation?orderId=${order._id}`);
    expect(await wordsBrokenAcrossLines(page.getByRole("main"))).toEqual([]);
  });
});

test.describe("search suggestions", () => {
  const combobox = (page: Page) => page.getByRole("combobox", { name: "Search products" });

  test("show a long medicine's whole name and composition, and say when nothing matches", async ({ page }, testInfo) => {
    test.slow();
    await openPage(page, "/");
    await combobox(page).click();
    await combobox(page).pressSequentially("tranexamic");
    const option = page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option").first();
    await expect(option).toContainText("Tranexamic Acid 500 mg + Mefenamic Acid 250 mg Tablets");
    // Nothing cut: neither the name nor the composition is clamped or clipped.
    const clipped = await option.locator("span.block").evaluateAll((spans) =>
      spans.filter((span) => span.scrollWidth > span.clientWidth + 1 || span.scrollHeight > span.clientHeight + 1).map((span) => span.textContent),
    );
    expect(clipped).toEqual([]);
    await shot(page, "suggestions", testInfo.project.name);

    await combobox(page).fill("");
    await combobox(page).pressSequentially("qqzzxv");
    const none = page.getByTestId("search-no-matches");
    await expect(none).toHaveText("No matches for “qqzzxv”. Check the spelling, or search by the salt or the brand.");
    await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeHidden();
    await expectAxeClean(page);
    await shot(page, "suggestions-none", testInfo.project.name);
    // Leaving the field hides it.
    await page.keyboard.press("Tab");
    await expect(none).toBeHidden();
  });
});

test.describe("register with an email that has an account", () => {
  test("says what to do: sign in or reset the password, with links", async ({ page, context, consoleErrors }, testInfo) => {
    consoleErrors.allow(/status of 409/);
    const shopper = await signUpShopper(page, "exists");
    await context.clearCookies();
    await openPage(page, "/register");
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "Name" }).fill("Asha Again");
    await main.getByRole("textbox", { name: "Email" }).fill(shopper.email);
    await main.getByLabel("Password", { exact: true }).fill("another-Passw0rd!");
    await main.getByLabel("Confirm Password").fill("another-Passw0rd!");
    await main.getByRole("button", { name: "Register" }).click();
    const help = main.getByTestId("register-exists-help");
    await expect(help).toHaveText("This email already has an account. Sign in instead, or reset your password if you have forgotten it.");
    await expect(help.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    await expect(help.getByRole("link", { name: "reset your password" })).toHaveAttribute("href", "/forgot-password");
    expect(await wordsBrokenAcrossLines(main)).toEqual([]);
    // The refusal's toast mounts after the help text: axe reads its colours once it has faded in.
    await expect(page.locator("[data-sonner-toast]")).toBeVisible();
    await expectAxeClean(page);
    await shot(page, "register-exists", testInfo.project.name);
  });
});
