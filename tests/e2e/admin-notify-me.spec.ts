import { expect, expectAxeClean, newShopper, openPage, sentEmails, signInAsAdmin, test } from "./fixtures";

// "Notify me when back in stock" and medicine information (issue 19, decisions/027). Creates and
// restocks a published product of its own, so it runs with the catalogue-changing specs.

const MEDICINE = {
  composition: "Ethamsylate 500 mg",
  uses: "Heavy menstrual bleeding.",
  directions: "Take as prescribed, with food.",
  sideEffects: "Nausea, headache.",
  safetyAdvice: "Pregnancy: Ask your doctor.\nAlcohol: Avoid.",
  storage: "Store below 30°C.",
  manufacturer: "Demo Formulations Pvt. Ltd., Plot 1, MIDC, Satara, Maharashtra 415004",
  countryOfOrigin: "India",
};

test("a guest asks to be told, the admin restocks, and exactly one email arrives", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const name = `Menoblock ${testInfo.project.name} ${Date.now()}`;
  const created = await page.request.post("/api/admin/products", {
    data: { name, description: "Tablets for heavy periods.", category: "Women Care", price: 120, countInStock: 0, hsnCode: "3004", ...MEDICINE },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { _id: string };
  // The rest of the visit is a guest's.
  await page.context().clearCookies();

  try {
    await openPage(page, `/product/${product._id}`);
    const info = page.getByRole("region", { name: "Medicine information" });
    await expect(info.getByText("Ethamsylate 500 mg")).toBeVisible();
    await expect(info.getByText("Avoid.")).toBeVisible();

    const notify = page.getByRole("region", { name: "Notify me when back in stock" });
    await notify.getByRole("button", { name: "Notify me" }).click();
    await expect(notify.getByText("Please enter your email address so we can tell you when it is back.")).toBeVisible();
    const { email } = newShopper("notify");
    await notify.getByLabel("Email address").fill(email);
    await notify.getByRole("button", { name: "Notify me" }).click();
    await expect(notify.getByRole("status")).toHaveText(`Thank you. We will email ${email} once, when this product is back in stock.`);
    await expectAxeClean(page);

    await signInAsAdmin(page);
    const restocked = await page.request.put(`/api/admin/products/${product._id}`, { data: { countInStock: 4 } });
    expect(restocked.status(), await restocked.text()).toBe(200);
    const mine = async () => (await sentEmails()).filter((text) => text.includes(email) && text.includes("is back in stock"));
    await expect.poll(async () => (await mine()).length, { timeout: 60_000, intervals: [1000] }).toBe(1);
    expect((await mine())[0]).toContain(`/product/${product._id}`);

  } finally {
    await signInAsAdmin(page);
    await page.request.delete(`/api/admin/products/${product._id}`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts as a plain form and answers on its own page", async ({ page, consoleErrors }, testInfo) => {
    // The refused address is answered 400 on purpose (the browser reports the status).
    consoleErrors.allow("the server responded with a status of 400");
    await signInAsAdmin(page);
    const created = await page.request.post("/api/admin/products", {
      data: { name: `Sold Out ${testInfo.project.name} ${Date.now()}`, description: "Out of stock.", category: "Kids Nutrition", price: 50, countInStock: 0 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { _id: string };
    await page.context().clearCookies();
    try {
      await page.goto(`/product/${product._id}`);
      const notify = page.getByRole("region", { name: "Notify me when back in stock" });
      await notify.getByLabel("Email address").fill("not-an-address");
      await notify.getByRole("button", { name: "Notify me" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Notify me when back in stock" })).toBeVisible();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      const { email } = newShopper("nojs");
      const main = page.getByRole("main");
      await main.getByLabel("Email address").fill(email);
      await main.getByRole("button", { name: "Notify me" }).click();
      await expect(page.getByText(`Thank you. We will email ${email} once, when this product is back in stock.`)).toBeVisible();
      await page.getByRole("link", { name: "Back to the product" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Sold Out");
    } finally {
      await signInAsAdmin(page);
      await page.request.delete(`/api/admin/products/${product._id}`);
    }
  });
});
