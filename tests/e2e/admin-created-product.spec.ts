import { expect, openPage, signInAsAdmin, test } from "./fixtures";

// Creates a published product, so it runs with the other catalogue-changing specs, after the
// specs that count the demo catalogue (see the projects in playwright.config.ts).

test("a product without brand or subcategory shows N/A in its details", async ({ page }) => {
  await signInAsAdmin(page);
  const created = await page.request.post("/api/admin/products", {
    data: { name: `Plain Product ${Date.now()}`, description: "A product without brand or subcategory.", category: "Kids Nutrition", price: 50, countInStock: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { _id: string };
  await openPage(page, `/product/${product._id}?tab=details`);
  const detail = (term: string) =>
    page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");
  await expect(detail("Subcategory")).toHaveText("N/A", { timeout: 10_000 });
  await expect(detail("Brand")).toHaveText("N/A");
  await expect(detail("Status")).toHaveText("Out of stock");
});
