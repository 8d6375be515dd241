import type { Page } from "@playwright/test";
import { expect, expectPath, test, waitForHydration } from "./fixtures";

/**
 * Parts of a page with nothing to do in the browser are rendered on the server and never
 * hydrated (`<Static>`, decisions/060): React is handed their server HTML, so their elements are
 * the ones the browser parsed, untouched, while the rest of the page hydrates around them. After
 * a client-side navigation they render as usual. Any hydration mismatch would be logged as an
 * error, which fails the test (fixtures.ts).
 */

/** Marks every element of the page's `<Static>` parts before any module runs; counts the marked ones after hydration. */
async function markStaticElements(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      for (const element of document.querySelectorAll("[data-static] *")) (element as { __parsed?: true }).__parsed = true;
    });
  });
}

async function staticCounts(page: Page) {
  return page.evaluate(() => {
    const elements = [...document.querySelectorAll("[data-static] *")];
    return { all: elements.length, parsed: elements.filter((element) => (element as { __parsed?: true }).__parsed).length };
  });
}

test("the about page's text and the footer keep the server's elements through hydration", async ({ page }) => {
  await markStaticElements(page);
  await page.goto("/about");
  await waitForHydration(page);
  // The header's controls are hydrated: the menu button answers.
  await expect(page.getByRole("heading", { level: 1, name: /About/ })).toBeVisible();
  const counts = await staticCounts(page);
  expect(counts.all).toBeGreaterThan(50);
  expect(counts.parsed).toBe(counts.all);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
});

test("the home page's static sections keep the server's elements; its sliders and cards still work", async ({ page }) => {
  await markStaticElements(page);
  await page.goto("/");
  await waitForHydration(page);
  const counts = await staticCounts(page);
  expect(counts.all).toBeGreaterThan(50);
  expect(counts.parsed).toBe(counts.all);
  // A hydrated part beside them: the hero's slide controls change the slide.
  const next = page.getByRole("button", { name: /next slide/i });
  if (await next.count()) {
    await next.first().click();
    await expect(page.getByRole("button", { name: /next slide/i }).first()).toBeVisible();
  }
});

test("after a client-side navigation a static part renders its own content", async ({ page, isMobile }) => {
  await page.goto("/");
  await waitForHydration(page);
  // The footer is static: its links are plain links there. The header's are client-side links.
  await page.evaluate(() => {
    (window as { __samePage?: true }).__samePage = true;
  });
  if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "About", exact: true }).first().click();
  await expectPath(page, "/about");
  await expect(page.getByRole("heading", { level: 1, name: /About/ })).toBeVisible();
  await expect(page.getByText("Women Care", { exact: true }).first()).toBeVisible();
  // It was a client-side navigation (the window survived), and the section rendered its own children.
  expect(await page.evaluate(() => (window as { __samePage?: true }).__samePage)).toBe(true);
  const counts = await staticCounts(page);
  expect(counts.all).toBeGreaterThan(50);
});
