// Admin coupons (issue 15): the list with usage figures, create, edit, deactivate; the sidebar
// link; axe clean (list, form, dialog) at both widths.
import { expect, expectAxeClean, expectPath, openPage, signInAsAdmin, test } from "./fixtures";

test.describe("admin coupons", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("create, list, edit and delete a coupon; every page axe clean", async ({ page, isMobile }) => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}${isMobile ? "M" : "D"}`;
    await openPage(page, "/admin");
    if (isMobile) await page.getByRole("button", { name: "Open admin menu" }).click();
    await page.getByRole("link", { name: "Coupons" }).click();
    await expectPath(page, "/admin/coupons");
    await expect(page).toHaveTitle(/Coupons \| Admin/);
    await expectAxeClean(page);

    await page.getByRole("link", { name: "New Coupon" }).click();
    await expectPath(page, "/admin/coupons/new");
    await expectAxeClean(page);
    // The browser's check, with the API's message.
    await page.getByLabel("Code").fill("x");
    await page.getByRole("button", { name: "Create Coupon" }).click();
    await expect(page.getByText("A code is 3 to 32 letters, digits, dashes or underscores")).toBeVisible();
    await expectAxeClean(page);

    await page.getByLabel("Code").fill(code.toLowerCase());
    await page.getByLabel("Value (% or ₹)").fill("12");
    await page.getByLabel("Maximum discount (₹, optional)").fill("150");
    await page.getByLabel("Minimum order (₹, items before discount)").fill("299");
    await page.getByLabel("Total uses (optional)").fill("50");
    await page.getByLabel("Sports Nutrition").check();
    await page.getByRole("button", { name: "Create Coupon" }).click();
    await expectPath(page, "/admin/coupons");
    const row = page.getByRole("row", { name: new RegExp(code) });
    await expect(row).toContainText("12% off (up to ₹150)");
    await expect(row).toContainText("Orders from ₹299");
    await expect(row).toContainText("0 of 50");
    await expect(row).toContainText("Active");

    await row.getByRole("link", { name: `Edit coupon ${code}` }).click();
    await expect(page.getByRole("heading", { name: `Edit ${code}` })).toBeVisible();
    await expectAxeClean(page);
    await page.getByLabel("Active").uncheck();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Coupon saved").first()).toBeVisible();
    await page.getByRole("link", { name: "Back to coupons" }).click();
    await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("Inactive");

    await page.getByRole("button", { name: `Delete coupon ${code}` }).click();
    await expectAxeClean(page);
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Coupon deleted").first()).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(code) })).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
});
