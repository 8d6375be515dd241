// Issue 26 (item 4) and 27 (item 9) in the browser, at phone and desktop widths (both projects run
// this spec): the users page refuses a pharmacist registration number without a State Pharmacy
// Council's form and takes one with it; the Schedule H1 register downloads any period within its
// three years of retention, with the patient's address.
import { readFile } from "node:fs/promises";
import { ADMIN_MESSAGES } from "#common/admin.ts";
import { expect, expectAxeClean, openPage, signInAsAdmin, test } from "./fixtures";

const SHOTS = "/tmp/pharmacy-shots";

/** Today in India, "YYYY-MM-DD", and the same day `years` earlier. */
function istDays(years: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  return { today, before: `${Number(today.slice(0, 4)) - years}${today.slice(4)}` };
}

test("an admin cannot make a pharmacist with registration number 1; a council number is taken", async ({ page, consoleErrors }, testInfo) => {
  // The refused form's answer is a 400, which the browser logs.
  consoleErrors.allow("/admin/users.data");
  await signInAsAdmin(page);
  await openPage(page, "/admin/users");
  const form = page.getByRole("region", { name: "Add User" });
  await form.getByLabel("Name").fill("Kiran Pharmacist");
  await form.getByLabel("Email").fill(`kiran-${testInfo.project.name}-${Date.now()}@example.com`);
  await form.getByLabel("Password").fill("a-long-password-1");
  await form.getByLabel("Role").selectOption("pharmacist");
  const registration = form.getByLabel("Pharmacist registration number");
  await registration.fill("1");
  await form.getByRole("button", { name: "Add User" }).click();
  await expect(form.getByText(ADMIN_MESSAGES.pharmacistRegistrationInvalid)).toBeVisible();
  await expect(registration).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: `${SHOTS}/users-refused-${testInfo.project.name}.png`, fullPage: true });
  await expectAxeClean(page);

  await registration.fill("KA/45821");
  await form.getByRole("button", { name: "Add User" }).click();
  await expect(page.getByText("User created")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Pharmacist registration number of Kiran Pharmacist" }).first()).toHaveValue("KA/45821");
  await page.screenshot({ path: `${SHOTS}/users-created-${testInfo.project.name}.png`, fullPage: true });
});

test("the H1 register downloads three years at once, with the patient's address", async ({ page }, testInfo) => {
  await signInAsAdmin(page);
  await openPage(page, "/admin/prescriptions");
  const section = page.getByRole("region", { name: "Schedule H1 register" });
  const { today, before } = istDays(3);
  await section.getByLabel("From").fill(before);
  await section.getByLabel("To").fill(today);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/h1-register-${testInfo.project.name}.png`, fullPage: true });
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download H1 register" }).click()]);
  expect(download.suggestedFilename()).toBe(`h1-register-${before}-to-${today}.csv`);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.split("\r\n")[0]).toBe(
    "Date,Order number,Patient,Patient address,Prescriber,Prescriber registration,Drug,Quantity,Batch,Expiry,Pharmacist,Pharmacist registration",
  );
  await expectAxeClean(page);
});
