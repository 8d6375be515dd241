// Account self-service in the browser (issue 16): a forgotten password reset through the emailed
// link, email verification, profile edits, and account deletion; axe on every new page. The shop
// under test has no SMTP server, so its dispatcher writes each email as an .eml file under
// DATA_DIR/outbox; the links are read from there.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { emailedLink, expect, expectAxeClean, expectPath, openPage, signUpShopper, test } from "./fixtures";


async function logIn(page: Page, email: string, password: string) {
  await openPage(page, "/login");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email" }).fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Login" }).click();
}

test.describe("account self-service", () => {
  test("forgot password → emailed link → new password; the old one no longer works", async ({ page, context, consoleErrors }) => {
    // Five pages, four axe runs and four password hashes: longer than the default 30 s on a loaded machine.
    test.slow();
    consoleErrors.allow(/status of 40[01]/);
    const shopper = await signUpShopper(page, "reset");
    await context.clearCookies();

    await openPage(page, "/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expectPath(page, "/forgot-password");
    await expectAxeClean(page);
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "Email", exact: true }).fill(shopper.email);
    await main.getByRole("button", { name: "Send reset link" }).click();
    await expect(main.getByRole("status")).toHaveText("If an account exists for this email, we have sent a link to reset your password.");
    await expectAxeClean(page);

    const link = await emailedLink(shopper.email, "/reset-password");
    await openPage(page, link);
    await expectAxeClean(page);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-Passw0rd");
    await page.getByLabel("Confirm new password").fill("brand-new-Passw0rd");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Your password has been changed. Please sign in with your new password.")).toBeVisible();

    // The link works once.
    await openPage(page, link);
    await page.getByLabel("New password", { exact: true }).fill("third-Passw0rd");
    await page.getByLabel("Confirm new password").fill("third-Passw0rd");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toContainText("Reset links work once, for one hour.");
    await expect(page.getByRole("heading", { name: "Reset password" })).toBeVisible();
    await expect(page.getByText("This link is invalid or has expired")).toBeVisible();
    await expectAxeClean(page);

    await logIn(page, shopper.email, shopper.password);
    await expect(page.getByText("Invalid email or password").first()).toBeVisible();
    await logIn(page, shopper.email, "brand-new-Passw0rd");
    await expectPath(page, "/");
  });

  test("a new customer sees 'Verify your email', resends, and the emailed link verifies", async ({ page }) => {
    const shopper = await signUpShopper(page, "verify");
    await openPage(page, "/profile");
    const notice = page.getByRole("region", { name: "Verify your email" });
    await expect(notice).toBeVisible();
    await expectAxeClean(page);
    await emailedLink(shopper.email, "/verify-email");
    await notice.getByRole("button", { name: "Resend verification email" }).click();
    await expect(notice.getByRole("status")).toHaveText("We have sent a verification link to your email address.");
    const link = await emailedLink(shopper.email, "/verify-email", 1);

    await openPage(page, link);
    await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
    await expect(page.getByText("Your email address has been verified")).toBeVisible();
    await expectAxeClean(page);
    await openPage(page, "/profile");
    await expect(page.getByRole("region", { name: "Verify your email" })).toHaveCount(0);
    await expect(page.getByText("(verified)")).toBeVisible();
  });

  test("profile: name and phone are saved; a bad phone is refused beside the field", async ({ page }) => {
    await signUpShopper(page, "details");
    await openPage(page, "/profile");
    const details = page.getByRole("region", { name: "Your details" });
    await details.getByRole("textbox", { name: "Name" }).fill("Meera Iyer");
    await details.getByRole("textbox", { name: "Mobile number (optional)" }).fill("12345");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByText("Please enter a 10-digit phone number")).toBeVisible();
    await details.getByRole("textbox", { name: "Mobile number (optional)" }).fill("+91 98450 12345");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByRole("status")).toHaveText("Your profile has been saved");
    await expect(page.getByRole("region", { name: "Account" }).getByText("Meera Iyer")).toBeVisible();
    await page.reload();
    await expect(details.getByRole("textbox", { name: "Mobile number (optional)" })).toHaveValue("9845012345");
  });

  test("delete the account: password, a confirmation dialog, then it cannot sign in", async ({ page, context, consoleErrors }) => {
    consoleErrors.allow(/status of 40[01]/);
    const shopper = await signUpShopper(page, "delete");
    await openPage(page, "/profile");
    const yourData = page.getByRole("region", { name: "Your data" });
    await expect(yourData.getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/api/users/me/export");
    const download = page.waitForEvent("download");
    await yourData.getByRole("link", { name: "Download my data" }).click();
    const file = await (await download).path();
    const exported = JSON.parse(await readFile(file, "utf8"));
    expect(exported.profile.email).toBe(shopper.email);

    await yourData.getByLabel("Your password").fill("not-my-password");
    await yourData.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    await expectAxeClean(page);
    // Escape (or Cancel) keeps the account.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await yourData.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await expect(yourData.getByRole("alert")).toHaveText("Your password is incorrect");

    await yourData.getByLabel("Your password").fill(shopper.password);
    await yourData.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await expectPath(page, "/");
    await expect(page.getByText("Your account has been deleted")).toBeVisible();

    await context.clearCookies();
    await logIn(page, shopper.email, shopper.password);
    await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  });

  test("the privacy page says what is kept after deletion and why", async ({ page }) => {
    await openPage(page, "/privacy");
    const section = page.locator("#what-we-keep");
    await expect(section).toContainText("Former customer");
    await expect(section).toContainText("about eight years");
    await expect(section).toContainText("three years");
  });
});

test.describe("account self-service without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the profile's forms, forgot password and deletion work as plain form posts", async ({ page, context, consoleErrors }) => {
    consoleErrors.allow(/status of 400/);
    const shopper = await signUpShopper(page, "nojs");
    await page.goto("/profile");
    const details = page.getByRole("region", { name: "Your details" });
    await details.getByRole("textbox", { name: "Name" }).fill("Ravi Kumar");
    await details.getByRole("textbox", { name: "Mobile number (optional)" }).fill("98450 12345");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("region", { name: "Your details" }).getByRole("status")).toHaveText("Your profile has been saved");
    await expect(page.getByRole("region", { name: "Account" }).getByText("Ravi Kumar")).toBeVisible();

    const password = page.getByRole("region", { name: "Password" });
    await password.getByLabel("Current password").fill("not-my-password");
    await password.getByLabel("New password", { exact: true }).fill("another-Passw0rd");
    await password.getByLabel("Confirm new password").fill("another-Passw0rd");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("region", { name: "Password" }).getByText("Your current password is incorrect").first()).toBeVisible();

    // Without JavaScript the password is the confirmation.
    const yourData = page.getByRole("region", { name: "Your data" });
    await yourData.getByLabel("Your password").fill(shopper.password);
    await yourData.getByRole("button", { name: "Delete my account" }).click();
    await expectPath(page, "/");
    await page.goto("/profile");
    await expectPath(page, "/login", "?redirect=/profile");

    await context.clearCookies();
    await page.goto("/forgot-password");
    await page.getByRole("main").getByRole("textbox", { name: "Email", exact: true }).fill(shopper.email);
    await page.getByRole("main").getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "If an account exists for this email, we have sent a link to reset your password.",
    );
  });
});
