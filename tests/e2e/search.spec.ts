import type { Page } from "@playwright/test";
import { expect, expectAxeClean, expectPath, openPage, test } from "./fixtures";

// The header's search (decisions/028): an ARIA 1.2 combobox of suggestions with JavaScript, a
// plain GET form to the listing without it; "Did you mean …" when a search finds nothing.

const TRANEXAMIC = "Tranexamic Acid 500 mg + Mefenamic Acid 250 mg Tablets";

const combobox = (page: Page) => page.getByRole("combobox", { name: "Search products" });
const listbox = (page: Page) => page.getByRole("listbox", { name: "Search suggestions" });

/** Presses Tab until the search field has the focus. */
async function tabToSearch(page: Page) {
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    if (await combobox(page).evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("the search field never received the focus");
}

test.describe("search suggestions", () => {
  test("keyboard only: type a salt, move through the suggestions, Escape, Enter opens the product", async ({ page }) => {
    // Tabbing through the header and an axe run: 25-30 s on a loaded machine.
    test.slow();
    await openPage(page, "/");
    await tabToSearch(page);
    await page.keyboard.type("tranex");

    const box = listbox(page);
    await expect(box).toBeVisible();
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "true");
    const options = box.getByRole("option");
    await expect(options.first()).toContainText(TRANEXAMIC);
    await expect(box.getByRole("group", { name: "Categories" }).getByRole("option")).toHaveText([/^Women Care\s*\d+ matching products?$/]);
    await expectAxeClean(page);

    // Down moves to the first option, Up from there wraps to the last, Down wraps back.
    await page.keyboard.press("ArrowDown");
    const first = options.first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(combobox(page)).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await page.keyboard.press("ArrowUp");
    await expect(options.last()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");

    // Escape closes the list and keeps the text; a second Escape clears it.
    await page.keyboard.press("Escape");
    await expect(box).toBeHidden();
    await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
    await expect(combobox(page)).toHaveValue("tranex");
    await page.keyboard.press("ArrowDown");
    await expect(box).toBeVisible();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(combobox(page)).toHaveValue("");

    await page.keyboard.type("tranexamic");
    await expect(options.first()).toContainText(TRANEXAMIC);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TRANEXAMIC);
    await expect(page).toHaveURL(/\/product\/[^/?#]+$/);
  });

  test("mouse: the toggle opens the search, a section suggestion lists its matches, a product suggestion opens it", async ({ page }) => {
    await openPage(page, "/about");
    await page.getByRole("link", { name: "Search products" }).click();
    await expect(combobox(page)).toBeFocused();
    await combobox(page).fill("whey");
    const section = listbox(page).getByRole("option", { name: /Sports Nutrition/ });
    await expect(section).toBeVisible();
    const count = Number((await section.textContent())!.match(/(\d+) matching product/)![1]);
    // The list shows what was typed last, not an earlier answer.
    await expect(listbox(page).getByRole("group", { name: "Products" }).getByRole("option").first()).toContainText(/whey/i);
    await section.click();
    await expectPath(page, "/collections/all", "?search=whey&category=sports-nutrition");
    await expect(page.getByText(`${count} Product(s) Found`)).toBeVisible();

    await page.getByRole("link", { name: "Search products" }).click();
    await combobox(page).fill("creatine");
    const product = listbox(page).getByRole("option", { name: /Creatine Monohydrate Micronised/ });
    await product.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Creatine Monohydrate Micronised");
  });

  test("Enter with no suggestion chosen searches; a search finding nothing offers 'Did you mean'", async ({ page }) => {
    await openPage(page, "/");
    await combobox(page).fill("kreatin monohidrate");
    await expect(listbox(page).getByRole("group", { name: "Did you mean" }).getByRole("option")).toHaveText(
      "Creatine Monohydrate Micronised?",
    );
    await combobox(page).press("Enter");
    await expectPath(page, "/collections/all", "?search=kreatin+monohidrate");
    await expect(page.getByText("0 Product(s) Found")).toBeVisible();
    await page.getByRole("link", { name: "Creatine Monohydrate Micronised" }).click();
    await expectPath(page, "/collections/all", "?search=Creatine+Monohydrate+Micronised");
    await expect(page.getByRole("list", { name: "Products" }).getByRole("heading", { name: "Creatine Monohydrate Micronised" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search is a plain form: on the home page at once, elsewhere behind the link", async ({ page }) => {
    await page.goto("/");
    const field = page.getByRole("searchbox", { name: "Search products" });
    await expect(field).toBeVisible();
    await field.fill("creatine");
    await field.press("Enter");
    await expectPath(page, "/collections/all", "?search=creatine");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");

    await page.goto("/about");
    const other = page.getByRole("banner").getByRole("searchbox", { name: "Search products" });
    await expect(other).toBeHidden();
    await page.getByRole("link", { name: "Search products" }).click();
    await expect(other).toBeVisible();
    await other.fill("kreatin monohidrate");
    await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
    await expectPath(page, "/collections/all", "?search=kreatin+monohidrate");
    await expect(page.getByRole("link", { name: "Creatine Monohydrate Micronised" })).toBeVisible();
  });
});
