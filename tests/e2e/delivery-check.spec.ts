// The delivery promise on the product page and the address book (issue 14, decisions/021).
import type { Page } from "@playwright/test";
import { expect as baseExpect, expectAxeClean, openPage, signInAsAdmin, signUpShopper, test } from "./fixtures";

const expect = baseExpect.configure({ timeout: 10_000 });

/** "Delivery by Thu, 27 Nov": a weekday, a day of the month and a month. */
const DELIVERY_BY = /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)$/;

async function someProductPath(page: Page): Promise<string> {
  const response = await page.request.get("/api/products?limit=1");
  const [product] = (await response.json()) as { _id: string }[];
  expect(product).toBeTruthy();
  return `/product/${product!._id}`;
}

const deliveryBox = (page: Page) => page.getByRole("region", { name: "Check delivery" });

test.describe("Check delivery on the product page", () => {
  test("a serviceable PIN shows the date and cash on delivery; an unserved one says so; a malformed one is refused", async ({ page }) => {
    await openPage(page, await someProductPath(page));
    const box = deliveryBox(page);
    const pin = box.getByLabel("PIN code");
    await pin.fill("560102");
    await box.getByRole("button", { name: "Check" }).click();
    await expect(box.getByText(DELIVERY_BY)).toBeVisible();
    await expect(box.getByText("Cash on delivery available")).toBeVisible();
    await expect(box.getByText("Bengaluru, Karnataka 560102")).toBeVisible();

    await pin.fill("990001");
    await box.getByRole("button", { name: "Check" }).click();
    await expect(box.getByText("We do not deliver to this PIN code yet")).toBeVisible();

    await pin.fill("012345");
    await box.getByRole("button", { name: "Check" }).click();
    await expect(box.getByText("Enter a valid PIN code")).toBeVisible();
    await expect(pin).toHaveAttribute("aria-invalid", "true");
    await expectAxeClean(page);
  });

  test("works without JavaScript: the form asks the page again with ?pin=", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(await someProductPath(page));
    const box = deliveryBox(page);
    await box.getByLabel("PIN code").fill("744101");
    await box.getByRole("button", { name: "Check" }).click();
    await expect(page).toHaveURL(/\?pin=744101$/);
    await expect(box.getByText(DELIVERY_BY)).toBeVisible();
    await expect(box.getByText("Cash on delivery is not available for this PIN code")).toBeVisible();
    await context.close();
  });
});

test.describe("address book", () => {
  test("add, edit, make default and delete an address", async ({ page }) => {
    await signUpShopper(page, "addresses");
    await openPage(page, "/profile");
    await page.getByRole("link", { name: "My Addresses" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Addresses" })).toBeVisible();
    await expect(page.getByText("You have no saved addresses yet.")).toBeVisible();

    // The browser's checks: each field's message.
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Please enter a 10-digit phone number")).toBeVisible();
    await expect(page.getByText("Enter a valid PIN code")).toBeVisible();

    await page.getByLabel("Full name").fill("Asha Rao");
    await page.getByLabel("Mobile number").fill("+91 98450 12345");
    await page.getByLabel("Address line 1").fill("Flat 4B, Lake View Apartments");
    await page.getByLabel("Landmark (optional)").fill("Near Agara Lake");
    await page.getByLabel("PIN code").fill("560102");
    await expect(page.getByLabel("State/UT")).toHaveValue("Karnataka"); // filled from the PIN
    await page.getByLabel("Town/City").fill("Bengaluru");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("Address saved")).toBeVisible();
    const list = page.getByRole("list", { name: "Saved addresses" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText("Mobile: 98450 12345");
    await expect(list).toContainText("Default");

    // A second address, without JavaScript's state fill: the server fills it from the PIN.
    await page.getByLabel("Full name").fill("Asha at work");
    await page.getByLabel("Mobile number").fill("098450-12345");
    await page.getByLabel("Address line 1").fill("12 Connaught Place");
    await page.getByLabel("Town/City").fill("New Delhi");
    await page.getByLabel("PIN code").fill("110001");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByText("Address saved")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list).toContainText("New Delhi, Delhi 110001");
    await expectAxeClean(page);

    // Edit the second one.
    await page.getByRole("link", { name: "Edit address of Asha at work, 12 Connaught Place" }).click();
    await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
    await page.getByLabel("Address line 2 (optional)").fill("Block A, Inner Circle");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Address updated")).toBeVisible();
    await expect(list).toContainText("Block A, Inner Circle");

    // Make it the default: it moves to the top with the badge.
    await page.getByRole("button", { name: "Make default: Asha at work, 12 Connaught Place" }).click();
    await expect(page.getByText("Default address changed")).toBeVisible();
    await expect(list.getByRole("listitem").first()).toContainText("Asha at work");
    await expect(list.getByRole("listitem").first()).toContainText("Default");

    // Delete, with a confirmation.
    await page.getByRole("link", { name: "Delete address of Asha Rao, Flat 4B, Lake View Apartments" }).click();
    await expect(page.getByRole("heading", { name: "Delete this address?" })).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole("region", { name: "Delete this address?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Address deleted")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
  });

  test("signed out, the page sends you to sign in", async ({ page }) => {
    await page.goto("/profile/addresses");
    await expect(page).toHaveURL(/\/login\?redirect=\/profile\/addresses$/);
  });
});

test.describe("admin serviceability", () => {
  test("lists the ranges with an export link; axe clean", async ({ page }) => {
    await signInAsAdmin(page);
    await openPage(page, "/admin/serviceability");
    await expect(page.getByRole("heading", { level: 1, name: "Serviceability" })).toBeVisible();
    await expect(page.getByText(/in 36 states and union territories/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/admin/serviceability.csv");
    const csv = await page.request.get("/admin/serviceability.csv");
    expect((await csv.text()).split("\r\n")[0]).toBe("pinFrom,pinTo,state,city,minDays,maxDays,cod");
    await expectAxeClean(page);
  });

  test("a wrong file imports nothing and lists the rows to fix", async ({ page, consoleErrors }) => {
    // The refused file is answered 400, which the browser reports as a failed request.
    consoleErrors.allow(/status of 400/);
    await signInAsAdmin(page);
    const before = await (await page.request.get("/admin/serviceability.csv")).text();
    await openPage(page, "/admin/serviceability");
    const file = "pinFrom,pinTo,state,city,minDays,maxDays,cod\r\n110001,110099,Delhi,New Delhi,2,3,yes\r\n056000,560110,Karnataka,,1,2,yes\r\n";
    await page.getByLabel("CSV file").setInputFiles({ name: "ranges.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByRole("alert")).toHaveText("Nothing was imported: fix the rows listed and import the file again");
    const problem = page.getByRole("region", { name: "Rows to fix" }).getByRole("row").nth(1);
    await expect(problem).toContainText("3");
    await expect(problem).toContainText("pinFrom");
    await expect(problem).toContainText("Enter a 6-digit PIN code not starting with 0");
    expect(await (await page.request.get("/admin/serviceability.csv")).text()).toBe(before);
    await expectAxeClean(page);
  });
});
