// Phone sign-in (issue 29, decisions/050) at 390 and 1280 px: sign up with a number and a code
// read from the offline outbox (the e2e shop has no MSG91 settings, so codes are written to
// DATA_DIR/outbox/ as files), sign out, sign in again by code, and see the number on the profile.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAxeClean, expectPath, openPage, test, waitForHydration } from "./fixtures";

let counter = 0;
/** A fresh mobile number per test run and test: 7, then nine digits. */
function newNumber(): string {
  counter += 1;
  const base = (Date.now() % 10_000_000).toString().padStart(7, "0");
  return `7${base}${(process.pid % 10).toString()}${counter % 10}`;
}

/** The newest code written for the number to DATA_DIR/outbox/ (waits for it to appear). */
async function sentCode(phone: string, after = 0): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(".txt") && file.includes(`-91${phone}-`)).sort();
        if (files.length <= after) return false;
        const text = await readFile(path.join(outbox, files[files.length - 1]!), "utf8");
        code = /^Code: (\d{6})$/m.exec(text)?.[1];
        return code !== undefined;
      },
      { timeout: 10_000, intervals: [200] },
    )
    .toBe(true);
  return code!;
}

async function codeFiles(phone: string): Promise<number> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  return (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.includes(`-91${phone}-`)).length;
}

/** On phones the mobile number comes first; on wide screens email does, one tap away. */
async function choosePhone(page: Page) {
  const phoneField = page.getByRole("main").getByRole("textbox", { name: "Mobile number" });
  if (!(await phoneField.isVisible())) await page.getByRole("main").getByRole("link", { name: "Mobile number" }).click();
  await expect(phoneField).toBeVisible();
  return phoneField;
}

async function signOut(page: Page) {
  await openPage(page, "/profile");
  await page.getByRole("button", { name: "Logout" }).click();
  await expectPath(page, "/login");
}

test.describe("phone sign-in", () => {
  test("the mobile number is the first choice on phones (email below it), email on wide screens", async ({ page }, testInfo) => {
    await openPage(page, "/login");
    await waitForHydration(page);
    const phoneField = page.getByRole("main").getByRole("textbox", { name: "Mobile number" });
    const emailField = page.getByRole("main").getByRole("textbox", { name: "Email", exact: true });
    if (testInfo.project.name === "mobile") {
      await expect(phoneField).toBeVisible();
      await expect(emailField).toBeVisible();
      expect((await phoneField.boundingBox())!.y).toBeLessThan((await emailField.boundingBox())!.y);
      await page.screenshot({ path: testInfo.outputPath("login-mobile.png"), fullPage: true });
    } else {
      await expect(emailField).toBeVisible();
      await expect(phoneField).toBeHidden();
    }
    await expectAxeClean(page);
  });

  test("sign up with a number and a code, then sign in again by code", async ({ page, consoleErrors }, testInfo) => {
    test.setTimeout(120_000);
    // The wrong code below is answered 400 on purpose.
    consoleErrors.allow(/register\.data/);
    const phone = newNumber();
    await openPage(page, "/register");
    await waitForHydration(page);
    const phoneField = await choosePhone(page);

    // A wrong number is refused with the shop's sentence, before anything is sent.
    await phoneField.fill("12345");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText("Please enter a 10-digit phone number")).toBeVisible();

    await phoneField.fill(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We have sent a 6-digit code" })).toBeVisible();
    const resend = page.getByRole("button", { name: /Resend code in \d+ s/ });
    await expect(resend).toBeDisabled();
    const codeField = page.getByRole("textbox", { name: "6-digit code" });
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    await expectAxeClean(page);
    await page.screenshot({ path: testInfo.outputPath(`phone-code-${testInfo.project.name}.png`), fullPage: true });

    const code = await sentCode(phone);
    // A wrong code first: the contract's sentence.
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await expect(page.getByTestId("phone-alert")).toHaveText("The code is wrong or has expired");

    await page.getByRole("textbox", { name: "6-digit code" }).fill(code);
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await expect(page.getByText("is verified. Tell us your name to create your account.")).toBeVisible();
    await page.getByRole("textbox", { name: "Name" }).fill("Lakshmi Phone");
    await expectAxeClean(page);
    await page.screenshot({ path: testInfo.outputPath(`phone-name-${testInfo.project.name}.png`), fullPage: true });
    await page.getByRole("button", { name: "Create account" }).click();
    await expectPath(page, "/");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Registration successful!" })).toBeVisible();

    // The profile shows the number, verified, and no email.
    await openPage(page, "/profile");
    await expect(page.getByText("No email yet")).toBeVisible();
    await expect(page.getByTestId("phone-status")).toContainText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
    await expect(page.getByTestId("phone-status")).toContainText("(verified: you can sign in with it)");
    await page.screenshot({ path: testInfo.outputPath(`phone-profile-${testInfo.project.name}.png`), fullPage: true });

    // Signed out, the same number signs in with a new code.
    await signOut(page);
    await page.goto("/login?method=phone");
    await waitForHydration(page);
    const before = await codeFiles(phone);
    await page.getByRole("main").getByRole("textbox", { name: "Mobile number" }).fill(phone);
    await page.getByRole("button", { name: "Send code" }).click();
    const again = await sentCode(phone, before);
    await page.getByRole("textbox", { name: "6-digit code" }).fill(again);
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await expectPath(page, "/");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Login successful" })).toBeVisible();
    await openPage(page, "/profile");
    await expect(page.getByRole("main").getByText("Lakshmi Phone").first()).toBeVisible();
  });

  test("a signed-in customer verifies a number on the profile with a code", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const id = `${Date.now().toString(36)}-${testInfo.project.name}-${Math.random().toString(36).slice(2, 6)}`;
    const email = `phone-profile-${id}@e2e.test`;
    const created = await page.request.post("/api/users/register", { data: { name: "Profile Phone", email, password: "e2e-Passw0rd!", confirmPassword: "e2e-Passw0rd!" } });
    expect(created.status()).toBe(201);
    const phone = newNumber();
    await openPage(page, "/profile");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Mobile number" });
    await section.getByRole("textbox", { name: "Mobile number" }).fill(phone);
    await section.getByRole("button", { name: "Verify with a code" }).click();
    const code = await sentCode(phone);
    await section.getByRole("textbox", { name: "6-digit code" }).fill(code);
    await section.getByRole("button", { name: "Verify number" }).click();
    await expect(section.getByRole("status")).toHaveText("Your mobile number has been verified");
    await expect(page.getByTestId("phone-status")).toContainText("(verified: you can sign in with it)");
    await expectAxeClean(page);
  });

  test("an account made by phone has no password form and is deleted with a code to its number", async ({ page, consoleErrors }, testInfo) => {
    test.setTimeout(90_000);
    // The wrong code below is answered 400 on purpose.
    consoleErrors.allow(/profile\.data/);
    const phone = newNumber();
    expect((await page.request.post("/api/users/otp", { data: { phone } })).status()).toBe(200);
    const signUp = await page.request.post("/api/users/otp/verify", { data: { phone, code: await sentCode(phone), name: "Delete By Code" } });
    expect(signUp.status()).toBe(201);

    await openPage(page, "/profile");
    await waitForHydration(page);
    // No password to change: the section says how this account signs in instead.
    const password = page.getByRole("region", { name: "Password" });
    await expect(password).toHaveText(/Your account has no password: you sign in with a code sent to your mobile number\./);
    await expect(password.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByLabel("Current password")).toHaveCount(0);
    const yourData = page.getByRole("region", { name: "Your data" });
    await expect(yourData.getByLabel("Your password")).toHaveCount(0);
    // Nor a two-factor set-up asking for one.
    const twoFactor = page.getByRole("region", { name: "Two-factor sign-in" });
    await expect(twoFactor).toContainText("your account has no password: you sign in with a code sent to your mobile number.");
    await expect(twoFactor.getByLabel("Your password")).toHaveCount(0);
    await page.setViewportSize({ width: testInfo.project.name === "mobile" ? 390 : 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`phone-profile-no-password-${testInfo.project.name}.png`), fullPage: true });

    const before = await codeFiles(phone);
    await yourData.getByRole("button", { name: "Send a code" }).click();
    await expect(yourData.getByRole("status")).toHaveText(/We have sent a 6-digit code/);
    const code = await sentCode(phone, before);
    const codeField = yourData.getByRole("textbox", { name: "6-digit code" });
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await expectAxeClean(page);
    await yourData.screenshot({ path: testInfo.outputPath(`phone-delete-code-${testInfo.project.name}.png`) });

    // A wrong code: refused, the account stays.
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await yourData.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await expect(yourData.getByRole("alert").first()).toHaveText("The code is wrong or has expired");

    await yourData.getByRole("textbox", { name: "6-digit code" }).fill(code);
    await yourData.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await expectPath(page, "/");
    await expect(page.getByText("Your account has been deleted")).toBeVisible();

    // The number has no account any more: a code for it offers a new one.
    await page.context().clearCookies();
    const again = await codeFiles(phone);
    expect((await page.request.post("/api/users/otp", { data: { phone } })).status()).toBe(200);
    const verify = await page.request.post("/api/users/otp/verify", { data: { phone, code: await sentCode(phone, again) } });
    expect(await verify.json()).toEqual({ newAccount: true });
  });
});
