// Two-factor sign-in in the browser (issue 29, decisions/051): a shopper sets it up from the
// profile reading the key off the page, signs out, signs in with the password and a code computed
// here (tests/support/totp.ts, RFC 6238), and a backup code works once. At 390 px (mobile) and
// 1280 px (desktop); axe on each new state.
import type { Page } from "@playwright/test";
import { base32Decode, freshCode } from "../support/totp";
import { expect, expectAxeClean, openPage, signUpShopper, test } from "./fixtures";

async function passwordStep(page: Page, email: string, password: string) {
  await openPage(page, "/login?redirect=/profile");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email" }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible({ timeout: 20_000 });
}

/** A sign-in's redirect (a password hash and the profile's loader: slower than expect's 5 s on a loaded machine). */
async function landsOnProfile(page: Page) {
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
}

async function signOut(page: Page) {
  await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
}

test.describe("two-factor sign-in", () => {
  test.beforeEach(async ({ page }, testInfo) => {
    // The mobile project's phone, at the 390 px the quality bars ask of every page.
    if (testInfo.project.name.startsWith("mobile")) await page.setViewportSize({ width: 390, height: 844 });
  });

  test("set up from the profile, sign out, sign in with password and code; a backup code works once", async ({ page, consoleErrors }) => {
    // Six sign-ins (each a password hash), four axe runs: well past the default 30 s on a loaded machine.
    test.setTimeout(180_000);
    consoleErrors.allow(/status of 40[01]/);
    const shopper = await signUpShopper(page, "twofactor");
    await openPage(page, "/profile#two-factor");
    const section = page.getByRole("region", { name: "Two-factor sign-in" });
    await expect(section).toContainText("Off.");

    await section.getByLabel("Your password").fill(shopper.password);
    await section.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await section.getByTestId("two-factor-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7 ]{20,}$/);
    const key = base32Decode(secret);
    const backupCodes = (await section.getByTestId("backup-codes").getByRole("listitem").allTextContents()).map((code) => code.trim());
    expect(backupCodes).toHaveLength(10);
    await expectAxeClean(page);
    await section.screenshot({ path: test.info().outputPath("setup.png") });

    // A wrong code first: refused, announced, and the set-up stays on the page.
    const first = freshCode(key);
    const wrong = String((Number(first) + 500_001) % 1_000_000).padStart(6, "0");
    const codeField = section.getByRole("textbox", { name: "6-digit code" });
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    await codeField.fill(wrong);
    await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(section.getByRole("alert")).toHaveText("That code is not right. Check the time on your phone and try again.");
    await expect(section.getByTestId("two-factor-secret")).toHaveText(secret);

    await section.getByRole("textbox", { name: "6-digit code" }).fill(first);
    await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(section.getByRole("status")).toHaveText("Two-factor sign-in is on");
    await expect(section.getByRole("button", { name: "Turn off two-factor sign-in" })).toBeVisible();
    await expectAxeClean(page);
    await section.screenshot({ path: test.info().outputPath("on.png") });

    // The session survived turning it on (Better Auth replaced it; the page got the new cookie).
    await openPage(page, "/profile");
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
    await signOut(page);

    // Password, then the authenticator's code.
    await passwordStep(page, shopper.email, shopper.password);
    const code = page.getByRole("textbox", { name: "Authentication code" });
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await expectAxeClean(page);
    await page.screenshot({ path: test.info().outputPath("code-step.png") });
    await code.fill(freshCode(key, [first]));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await landsOnProfile(page);
    await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText("On.");
    await signOut(page);

    // A backup code works once.
    const backup = backupCodes[0]!;
    await passwordStep(page, shopper.email, shopper.password);
    await page.getByText("Lost your phone? Use a backup code").click();
    await page.getByRole("textbox", { name: "Backup code" }).fill(backup);
    await page.getByRole("button", { name: "Sign in with backup code" }).click();
    await landsOnProfile(page);
    await signOut(page);

    await passwordStep(page, shopper.email, shopper.password);
    await page.getByText("Lost your phone? Use a backup code").click();
    await page.getByRole("textbox", { name: "Backup code" }).fill(backup);
    await page.getByRole("button", { name: "Sign in with backup code" }).click();
    await expect(page.getByRole("main").getByRole("alert").first()).toHaveText("That code is not right. Check the time on your phone and try again.");
    await expect(page.getByRole("textbox", { name: "Backup code" })).toBeVisible();
    await expectAxeClean(page);
    await page.screenshot({ path: test.info().outputPath("backup-refused.png") });
    // The page is signed out still.
    expect((await page.request.get("/api/users/profile")).status()).toBe(401);
  });
});
