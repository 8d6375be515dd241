import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAxeClean, openPage, sentEmails, signUpShopper, test } from "./fixtures";

// List-Unsubscribe (decisions/041): the newsletter's email leaves the real shop with its
// unsubscribe link as a List-Unsubscribe header; the page at the link asks before it
// unsubscribes, and a mail provider's one-click POST to the link (no Origin, no cookies, no token
// in the body) unsubscribes through the running server. The shop under test is at http, so its
// emails carry no List-Unsubscribe-Post (RFC 8058 asks for https; the API test covers that).

/** The raw email to `email` with its header lines unfolded, once the dispatcher has written it. */
async function emailTo(email: string): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        found = (await sentEmails()).find((text) => text.includes(`To: ${email}`)) ?? "";
        return found;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return found.replace(/\r?\n[ \t]+/g, " ");
}

/** A full-page screenshot at 390 px on the phone project, 1280 px on the desktop one. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name === "mobile") await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
}

async function subscribeAndGetLink(request: import("@playwright/test").APIRequestContext, label: string): Promise<string> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
  const res = await request.post("/api/subscribe", { data: { email } });
  expect(res.status(), await res.text()).toBe(201);
  const raw = await emailTo(email);
  const header = /^List-Unsubscribe: <(http:\/\/[^>]+\/unsubscribe\?token=[A-Za-z0-9_-]{43})>\r?$/m.exec(raw);
  expect(header, "List-Unsubscribe header").not.toBeNull();
  expect(raw).toContain(`To stop receiving our emails: ${header![1]}`);
  return header![1]!;
}

test.describe("unsubscribing from the newsletter", () => {
  test("the email's List-Unsubscribe link asks first, then unsubscribes", async ({ page }, testInfo) => {
    const link = await subscribeAndGetLink(page.request, "list-unsub");
    await openPage(page, new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByText("Stop receiving our newsletter at this address?")).toBeVisible();
    await expectAxeClean(page);
    await screenshot(page, testInfo, "unsubscribe-ask.png");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText("You have been unsubscribed. We will send you no more newsletter emails.")).toBeVisible();
    await screenshot(page, testInfo, "unsubscribe-done.png");
  });

  test("a one-click POST to the link unsubscribes without a sign-in; a wrong link is refused", async ({ playwright, baseURL }) => {
    // A mail provider's request: no cookies, no Origin, the RFC 8058 body only.
    const provider = await playwright.request.newContext({ baseURL });
    try {
      const link = await subscribeAndGetLink(provider, "one-click");
      const done = await provider.post(link, { form: { "List-Unsubscribe": "One-Click" } });
      expect(done.status()).toBe(200);
      expect(await done.text()).toContain("You have been unsubscribed. We will send you no more newsletter emails.");
      const wrong = await provider.post(link.replace(/token=.*/, `token=${"x".repeat(43)}`), { form: { "List-Unsubscribe": "One-Click" } });
      expect(wrong.status()).toBe(400);
      expect(await wrong.text()).toContain("This unsubscribe link is invalid. Please use the link from one of our emails.");
    } finally {
      await provider.dispose();
    }
  });
});

test("My Prescriptions says how long a prescription no order used is kept", async ({ page }, testInfo) => {
  await signUpShopper(page, "rx-retention");
  await openPage(page, "/profile/prescriptions");
  await expect(
    page.getByText("A prescription no order used is deleted six months after you upload it; one you ordered with is kept with that order's records."),
  ).toBeVisible();
  await screenshot(page, testInfo, "prescriptions-retention.png");
});
