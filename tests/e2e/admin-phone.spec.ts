// The admin on a phone (issue 17 item 3, decisions/031): at 390 × 844 every admin page (each
// link of the admin menu, found on the page, plus the detail and form pages) and My Orders, with
// data present, keep every action button and link inside the screen, have no sideways scroll and
// show thumbnails unsqueezed; My Orders and the detail and form pages pass axe (the list pages do
// in admin.spec.ts, at 412 and 1280). At 1280 the detail pages pass axe too and the sidebar's
// background runs the full height of a long page.
import type { Locator, Page } from "@playwright/test";
import { expect, expectAxeClean, openPage, signInAsAdmin, signUpShopper, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const ADDRESS = {
  firstName: "Meera",
  lastName: "Iyer",
  address: "21 Residency Road",
  city: "Bengaluru",
  postalCode: "560025",
  country: "India",
  phone: "9845012345",
};

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Seeded {
  productId: string;
  orderId: string;
  orderNumber: string;
  couponId: string;
  productName: string;
}

/**
 * Data on every page: a low-stock product of our own, a shopper's paid order of it (My Orders,
 * the orders list, the dashboard), a coupon and a contact message. Leaves the page signed in as the shopper.
 */
async function seed(page: Page, project: string): Promise<Seeded> {
  await signInAsAdmin(page);
  const productName = unique(`Phone Layout Syrup ${project}`);
  const created = await page.request.post("/api/admin/products", {
    data: { name: productName, description: "A syrup for the phone layout test.", category: "Kids Nutrition", price: 95, countInStock: 3 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { _id: string })._id;
  const coupon = await page.request.post("/api/admin/coupons", {
    data: { code: `PHONE${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`, type: "percent", value: 5 },
  });
  expect(coupon.status(), await coupon.text()).toBe(201);
  const couponId = ((await coupon.json()) as { _id: string })._id;

  await page.context().clearCookies();
  await signUpShopper(page, "phone-layout");
  expect((await page.request.post("/api/cart", { data: { productId, quantity: 1 } })).ok()).toBe(true);
  const started = await page.request.post("/api/checkout", { data: { shippingAddress: ADDRESS, paymentMethod: "razorpay" } });
  expect(started.status(), await started.text()).toBe(201);
  const { order } = (await started.json()) as { order: { _id: string; orderNumber: string } };
  const signed = await page.request.post(`/api/payments/test/${order._id}/pay`);
  expect(signed.ok(), await signed.text()).toBe(true);
  const verified = await page.request.post(`/api/checkout/${order._id}/verify`, { data: await signed.json() });
  expect(verified.ok(), await verified.text()).toBe(true);
  const contact = await page.request.post("/api/contact", {
    data: { name: "Meera Iyer", email: "meera.phone@e2e.test", message: "Is the syrup sugar free? Asking for my son." },
  });
  expect(contact.ok(), await contact.text()).toBe(true);
  return { productId, orderId: order._id, orderNumber: order.orderNumber, couponId, productName };
}

/** Every interactive element in the main area that is drawn (not visually hidden), with where it lies. */
async function actionsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) return ["no main element"];
    const outside: string[] = [];
    for (const element of main.querySelectorAll<HTMLElement>("a[href], button, select, input:not([type=hidden]), textarea, summary")) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden") continue;
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        const name = element.getAttribute("aria-label") || element.textContent?.trim().slice(0, 40) || element.tagName;
        outside.push(`${element.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    }
    return outside;
  });
}

/** Table thumbnails keep their square: none squeezed narrower than it is tall. */
async function squeezedThumbnails(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>("main table img")]
      .map((image) => image.getBoundingClientRect())
      .filter((box) => box.height > 0 && Math.abs(box.width - box.height) > 1)
      .map((box) => `${Math.round(box.width)}×${Math.round(box.height)}`),
  );
}

/** Shown, and once scrolled to, within the screen's width (left edge at 0 or more, right edge at 390 or less). */
async function expectOnScreen(locator: Locator, label: string) {
  await expect(locator, label).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  await expect(locator, label).toBeInViewport();
  const box = (await locator.boundingBox())!;
  expect(box.x, label).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, label).toBeLessThanOrEqual(PHONE.width);
}

async function expectFitsPhone(page: Page, label: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: no sideways scroll`).toBeLessThanOrEqual(PHONE.width);
  expect(await actionsOutside(page), `${label}: actions inside the screen`).toEqual([]);
  expect(await squeezedThumbnails(page), `${label}: thumbnails not squeezed`).toEqual([]);
}

/** The admin menu's pages, read from the menu itself (so pages added later are covered too). */
async function adminMenuPages(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('nav[aria-label="Admin"] a[href^="/admin"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs).toContain("/admin/settings");
  return [...new Set(hrefs)];
}

test.describe("the admin on a phone", () => {
  // At 390 px once (the mobile-admin project; the desktop one checks 1280 below). The list pages'
  // axe runs are admin.spec.ts's, at both widths; the detail and form pages are a test of their own.
  test("every admin menu page and My Orders fit 390 px: actions, status and amounts on screen", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile-admin", "the phone width is checked once");
    test.slow();
    await page.setViewportSize(PHONE);
    const seeded = await seed(page, testInfo.project.name);

    // My Orders: the order is a card with its status, price and number on screen.
    await openPage(page, "/profile");
    const myOrder = page.getByRole("row").filter({ hasText: seeded.orderNumber });
    await expect(myOrder).toBeVisible();
    for (const caption of ["Price", "Status"]) await expectOnScreen(myOrder.locator(`td[data-label="${caption}"]`), `My Orders ${caption}`);
    await expect(myOrder.locator('td[data-label="Price"]')).toContainText("₹95");
    await expectFitsPhone(page, "My Orders");
    await expectAxeClean(page);

    await page.context().clearCookies();
    await signInAsAdmin(page);
    await openPage(page, "/admin");
    await page.getByRole("button", { name: "Open admin menu" }).click();
    for (const adminPath of await adminMenuPages(page)) {
      await openPage(page, adminPath);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectFitsPhone(page, adminPath);
    }

    // The order's card in the list: status, total and its actions on screen.
    await openPage(page, `/admin/orders?search=${seeded.orderNumber}`);
    const row = page.getByRole("main").getByRole("row").filter({ hasText: seeded.orderNumber });
    for (const caption of ["Total", "Status"]) await expectOnScreen(row.locator(`td[data-label="${caption}"]`), `order ${caption}`);
    await expect(row.locator('td[data-label="Total"]')).toContainText("₹95");
    await expect(row.locator('td[data-label="Status"]')).toContainText("Processing");
    await expectOnScreen(row.getByRole("button").first(), "the order's first action");

    // The dashboard's low-stock card for our product (3 in stock, 1 sold: 2 left, at or below the default 10).
    await openPage(page, "/admin");
    const low = page.getByRole("region", { name: "Low stock" }).getByRole("row").filter({ hasText: seeded.productName });
    await expect(low.locator('td[data-label="Stock"]')).toContainText("2 · Low");
    await expectOnScreen(low.getByRole("link", { name: `Edit ${seeded.productName}` }), "the low-stock Edit link");
  });

  test("the detail and form pages fit 390 px and pass axe", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile-admin", "the phone width is checked once");
    test.slow();
    await page.setViewportSize(PHONE);
    const seeded = await seed(page, testInfo.project.name);
    await page.context().clearCookies();
    await signInAsAdmin(page);
    for (const adminPath of [
      "/admin/products/new",
      `/admin/products/${seeded.productId}/edit`,
      `/admin/orders/${seeded.orderId}`,
      "/admin/coupons/new",
      `/admin/coupons/${seeded.couponId}/edit`,
    ]) {
      await openPage(page, adminPath);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectFitsPhone(page, adminPath);
      await expectAxeClean(page);
    }
  });

  test("at 1280 px the detail pages pass axe", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-admin", "the desktop width is checked once");
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    const seeded = await seed(page, testInfo.project.name);
    await page.context().clearCookies();
    await signInAsAdmin(page);
    for (const adminPath of [`/admin/products/${seeded.productId}/edit`, `/admin/orders/${seeded.orderId}`, `/admin/coupons/${seeded.couponId}/edit`]) {
      await openPage(page, adminPath);
      await expectAxeClean(page);
    }
  });

  test("at 1280 px the settings save, and the sidebar runs the full height of a long page", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop-admin", "the desktop width is checked once");
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    // The settings page saves the default threshold (checked in the browser first), then it is put back.
    await openPage(page, "/admin/settings");
    const threshold = page.getByRole("textbox", { name: "Low-stock threshold (units)" });
    await threshold.fill("-4");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("The low-stock threshold must be a whole number from 0 to 100000")).toBeVisible();
    await threshold.fill("9");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Settings saved" })).toBeVisible();
    expect(((await (await page.request.get("/api/admin/settings")).json()) as { lowStockThreshold: number }).lowStockThreshold).toBe(9);
    expect((await page.request.put("/api/admin/settings", { data: { lowStockThreshold: 10 } })).ok()).toBe(true);

    // The products list is longer than the window: the sidebar's box (its background) reaches the bottom.
    await openPage(page, "/admin/products");
    const heights = await page.evaluate(() => ({
      page: document.documentElement.scrollHeight,
      sidebar: document.getElementById("admin-sidebar")!.getBoundingClientRect().height,
    }));
    expect(heights.page).toBeGreaterThan(800);
    expect(heights.sidebar).toBeGreaterThanOrEqual(heights.page - 1);
    // Scrolled to the end, the menu is still in view.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" })).toBeInViewport();
  });
});
