import { addIstDays, formatLongDate, istDay } from "#common/dates.ts";
import { expect, expectAxeClean, findProduct, openPage, signUpShopper, test } from "./fixtures";

// Its first order is ten days on, so the refill job orders nothing while the suite runs.
const SOFTGELS = "Cholecalciferol 60,000 IU Softgels";

test("subscribe and refill from a product page, see it on My Refills and pause it (axe clean)", async ({ page }) => {
  await signUpShopper(page, "refills");
  const saved = await page.request.post("/api/users/addresses", {
    data: { fullName: "Asha Rao", phone: "9876543210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode: "560001" },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const product = await findProduct(page, SOFTGELS);

  await openPage(page, `/product/${product._id}`);
  await page.getByRole("main").getByRole("link", { name: "Subscribe and refill" }).click();
  const form = page.getByRole("region", { name: "Subscribe and refill" });
  await expect(form).toContainText(SOFTGELS);
  await form.getByLabel("Quantity each time").fill("2");
  await form.getByLabel("Every").selectOption("60");
  const start = addIstDays(istDay(), 10);
  await form.getByLabel("First order on").fill(start);
  await expectAxeClean(page);
  await form.getByRole("button", { name: "Set up refill" }).click();

  await expect(page.getByRole("main").getByRole("status")).toContainText("Refill set up");
  const refills = page.getByRole("list", { name: "Refills" });
  await expect(refills.getByRole("listitem")).toHaveCount(1);
  await expect(refills).toContainText(`2 × ${SOFTGELS}`);
  await expect(refills).toContainText("60 days");
  await expect(refills).toContainText(formatLongDate(start));
  await expect(refills).toContainText("Cash on delivery");
  await expectAxeClean(page);

  await refills.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Refill paused");
  await expect(refills.getByRole("button", { name: "Resume" })).toBeVisible();
  await expect(refills).toContainText("Paused");
});
