// The old address's undo link (issue 26 item 1, decisions/042): a stranger who knows the password
// moves the account to their address; the notice to the old address carries an undo link whose
// page changes nothing until its button is pressed, then gives the address back and lets the
// owner in by a reset link. Run at both widths (the desktop and mobile projects).
import { emailedLink, expect, expectAxeClean, expectPath, openPage, signUpShopper, test } from "./fixtures";

test("the old address undoes an email change it did not make, then gets in by a reset link", async ({ page, context, consoleErrors }) => {
  // Three emails through the 5-second dispatcher, four pages and axe runs.
  test.slow();
  consoleErrors.allow(/status of 40[01]/);
  const owner = await signUpShopper(page, "undo");
  const thief = `thief-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.net`;
  // The stranger, signed in with the owner's password (this browser's session), moves the account.
  const asked = await page.request.put("/api/users/email", { data: { email: thief, password: owner.password } });
  expect(asked.status()).toBe(200);
  const confirm = new URL(await emailedLink(thief, "/verify-email"), "http://shop").searchParams.get("token");
  expect((await page.request.post("/api/users/email/verify", { data: { token: confirm } })).status()).toBe(200);

  // The owner opens the notice's link: the page explains and changes nothing yet.
  const undoLink = await emailedLink(owner.email, "/undo-email-change");
  await context.clearCookies();
  await openPage(page, undoLink);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Undo the email change" })).toBeVisible();
  await expect(main.getByText("The current password stops working: we email you a link to choose a new one.")).toBeVisible();
  await expectAxeClean(page);
  const button = main.getByRole("button", { name: "Undo the email change" });
  await expect(button).toBeInViewport();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);

  await button.click();
  await expect(main.getByRole("heading", { name: "Email change undone" })).toBeVisible();
  await expect(main.getByText(/Your account has its old email address back\./)).toBeVisible();
  await expectAxeClean(page);

  // The link works once.
  await openPage(page, undoLink);
  await main.getByRole("button", { name: "Undo the email change" }).click();
  await expect(main.getByRole("alert")).toContainText("An undo link works once.");
  await expect(main.getByText("This link is invalid or has expired")).toBeVisible();

  // The reset link reaches the old address; the owner chooses a new password and signs in.
  await openPage(page, await emailedLink(owner.email, "/reset-password"));
  await page.getByLabel("New password", { exact: true }).fill("owner-back-Passw0rd");
  await page.getByLabel("Confirm new password").fill("owner-back-Passw0rd");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been changed. Please sign in with your new password.")).toBeVisible();
  await openPage(page, "/login");
  await main.getByRole("textbox", { name: "Email" }).fill(owner.email);
  await main.getByLabel("Password", { exact: true }).fill("owner-back-Passw0rd");
  await main.getByRole("button", { name: "Login" }).click();
  await expectPath(page, "/");
});
