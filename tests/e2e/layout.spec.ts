import type { Locator, Page } from "@playwright/test";
import { expect, expectPath, openPage, test } from "./fixtures";

// The header's targets in the spec's order, for a signed-out visitor.
const HEADER_TARGETS = ["/", "/about", "/collections/all", "/certifications", "/career", "/contact", "/login"];
// Targets that already have a page; /collections/all and /login are built by later work.
const CONTENT_TARGETS = ["/about", "/certifications", "/career", "/contact", "/"];

async function hrefsOf(links: Locator) {
  return links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
}

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

test.describe("header", () => {
  test("the logo links home", async ({ page }) => {
    await openPage(page, "/about");
    await expect(page.getByRole("banner").getByRole("link", { name: /^.+ home$/i })).toHaveAttribute("href", "/");
  });

  test("desktop: the navigation shows every link and they lead to their pages", async ({ page, isMobile }) => {
    test.skip(isMobile, "the header navigation collapses into the menu on narrow screens");
    await openPage(page, "/");
    const nav = mainNav(page);
    await expect(nav).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    expect(await hrefsOf(nav.getByRole("link"))).toEqual(HEADER_TARGETS);
    await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");

    for (const target of CONTENT_TARGETS) {
      await nav.locator(`a[href="${target}"]`).click();
      await expectPath(page, target);
      await expect(nav.locator(`a[href="${target}"]`)).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
  });

  test("mobile: the menu is a dialog with the same links that closes on Escape and on navigation", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, "the menu button only shows on narrow screens");
    await openPage(page, "/");
    await expect(mainNav(page)).toBeHidden();

    // While the dialog is open the rest of the page is hidden from assistive technology, so the
    // button is found by its label rather than by role.
    const menuButton = page.locator('header button[aria-label="Open menu"]');
    await expect(menuButton).toHaveAccessibleName("Open menu");
    await menuButton.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    // The header's links, then the language switch (this page in Hindi).
    expect(await hrefsOf(dialog.getByRole("link"))).toEqual([...HEADER_TARGETS, "/hi"]);
    await expect(dialog.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");

    // Focus stays inside the dialog while it is open.
    for (let i = 0; i < HEADER_TARGETS.length + 3; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");

    await menuButton.click();
    await dialog.locator('a[href="/about"]').click();
    await expectPath(page, "/about");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await menuButton.click();
    await dialog.getByRole("button", { name: "Close menu" }).click();
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe("search", () => {
  test("the search control toggles, closes on Escape, and searches the whole collection", async ({
    page,
    consoleErrors,
  }) => {
    // /collections/all is built later; until then it answers the 404 page.
    consoleErrors.allow("/collections/all");
    // The home page shows the field at once (search.spec.ts); elsewhere a toggle opens it.
    await openPage(page, "/about");
    const toggle = page.locator('a[aria-controls="site-search"]');
    const panel = page.locator("#site-search");
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });

    await expect(toggle).toHaveAccessibleName("Search products");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await expect(box).toBeFocused();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();

    await toggle.click();
    await box.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await box.fill("whey");
    await box.press("Enter");
    await expectPath(page, "/collections/all", "?search=whey");
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("keyboard", () => {
  test("the first Tab reaches the skip link, which moves focus to the main content", async ({ page }) => {
    await openPage(page, "/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    // Visible while focused, not just present for screen readers.
    const box = await skip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(20);

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press("Tab");
    const focusInMain = await page.evaluate(() => {
      const active = document.activeElement;
      return Boolean(active && active !== document.body && active.closest("main"));
    });
    expect(focusInMain, "the next Tab after the skip link lands inside <main>").toBe(true);
  });
});
