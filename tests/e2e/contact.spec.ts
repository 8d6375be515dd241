import type { Page } from "@playwright/test";
import { expect, openPage, test } from "./fixtures";

const THANK_YOU = "Thank you for your message! We will respond shortly.";

function contactForm(page: Page) {
  const main = page.getByRole("main");
  return {
    name: main.getByRole("textbox", { name: "Name", exact: true }),
    email: main.getByRole("textbox", { name: "Email", exact: true }),
    message: main.getByRole("textbox", { name: "Message", exact: true }),
    send: main.getByRole("button", { name: "Send Message" }),
    result: main.locator("#contact-result"),
  };
}

test("an empty form names every missing field and marks it invalid", async ({ page }) => {
  await openPage(page, "/contact");
  const form = contactForm(page);
  await form.send.click();

  const expected = [
    [form.name, "Name is required"],
    [form.email, "Email is required"],
    [form.message, "Message is required"],
  ] as const;
  for (const [field, message] of expected) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
    await expect(page.getByRole("main")).toContainText(message);
  }
  await expect(form.name).toBeFocused();
  await expect(form.result).not.toContainText(THANK_YOU);
});

test("a malformed email is refused", async ({ page }) => {
  await openPage(page, "/contact");
  const form = contactForm(page);
  await form.name.fill("Asha");
  await form.email.fill("asha@");
  await form.message.fill("Do you ship to Pune?");
  await form.send.click();
  await expect(form.email).toHaveAttribute("aria-invalid", "true");
  await expect(form.email).toHaveAccessibleDescription("Please enter a valid email address");
  await expect(form.name).not.toHaveAttribute("aria-invalid", "true");
});

test("a valid message reaches the server, thanks the sender and clears the form", async ({ page }) => {
  await openPage(page, "/contact");
  const form = contactForm(page);
  await form.send.click(); // errors first, to check they clear on success
  await form.name.fill("Asha Verma");
  await form.email.fill("asha.verma@example.com");
  await form.message.fill("Is Macnurish safe to take with folic acid tablets?");

  const [response] = await Promise.all([
    // With JavaScript the form posts to its route action through a fetcher (/contact.data).
    page.waitForResponse((r) => new URL(r.url()).pathname === "/contact.data" && r.request().method() === "POST"),
    form.send.click(),
  ]);
  expect(response.status()).toBe(201);

  await expect(form.result).toHaveText(THANK_YOU);
  for (const field of [form.name, form.email, form.message]) {
    await expect(field).toHaveValue("");
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
  }
});

test("business hours, contact details and the map are shown", async ({ page }) => {
  await openPage(page, "/contact");
  const main = page.getByRole("main");
  const hours = main.getByRole("region", { name: "Business hours" });
  const row = (day: RegExp) => hours.locator("dl > div").filter({ has: page.locator("dt", { hasText: day }) });
  await expect(row(/Mon(day)?\s*[–-]\s*Fri(day)?/)).toContainText(/9(:00)?\s*AM\s*[–-]\s*6(:00)?\s*PM/);
  await expect(row(/Sat(urday)?/)).toContainText(/10(:00)?\s*AM\s*[–-]\s*2(:00)?\s*PM/);
  await expect(row(/Sun(day)?/)).toContainText("Closed");

  await expect(main.locator('a[href^="tel:"]')).toBeVisible();
  await expect(main.locator('a[href^="mailto:"]')).toBeVisible();

  const map = main.getByRole("img", { name: /map/i });
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test.describe("POST /api/contact", () => {
  test("stores a valid message and answers 400 with field errors otherwise", async ({ request }) => {
    const ok = await request.post("/api/contact", {
      data: { name: "API check", email: "api.check@example.com", message: "Hello from the e2e suite" },
    });
    expect(ok.status()).toBe(201);
    expect(await ok.json()).toMatchObject({ message: THANK_YOU });

    const empty = await request.post("/api/contact", { data: {} });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).errors).toMatchObject({
      name: "Name is required",
      email: "Email is required",
      message: "Message is required",
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still validates and sends", async ({ page, consoleErrors }) => {
    // The invalid submission is answered with status 400, which the browser reports.
    consoleErrors.allow(/\/contact$/);
    await page.goto("/contact");
    const form = contactForm(page);
    await form.send.click();
    await expect(form.name).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("main")).toContainText("Message is required");

    await form.name.fill("Ravi");
    await form.email.fill("ravi@example.com");
    await form.message.fill("Please call me back about my order.");
    await form.send.click();
    await expect(form.result).toHaveText(THANK_YOU);
  });
});
