import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAxeClean, findProduct, openPage, signUpShopper, test } from "./fixtures";

// Prescriptions, the customer's side (issue 13; decisions/019): upload on the profile and see it
// pending review; a cart with a prescription-only medicine explains the requirement at checkout.
const RX = "Tranexamic Acid 500 mg + Mefenamic Acid 250 mg Tablets";

const main = (page: Page) => page.getByRole("main");

async function prescriptionPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: "#fafafa" } }).jpeg().toBuffer();
}

test.describe("prescriptions: customer", () => {
  test("uploads a prescription on /profile/prescriptions and sees it pending review", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 415/);
    await signUpShopper(page, "rx-profile");
    await openPage(page, "/profile");
    await main(page).getByRole("link", { name: "My Prescriptions" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "My Prescriptions" })).toBeVisible();
    await expect(main(page).getByText("You have not uploaded any prescriptions yet.")).toBeVisible();
    await expectAxeClean(page);

    // A file that is not a prescription: a clear refusal, nothing listed.
    await main(page).getByLabel("Prescription file").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>hi</html>") });
    await main(page).getByRole("button", { name: "Upload prescription" }).click();
    await expect(main(page).getByRole("alert")).toHaveText("Upload the prescription as a JPEG, PNG or WebP photo or a PDF");
    await expect(main(page).getByText("You have not uploaded any prescriptions yet.")).toBeVisible();

    await main(page).getByLabel("Prescription file").setInputFiles({ name: "rx-photo.jpg", mimeType: "image/jpeg", buffer: await prescriptionPhoto() });
    await main(page).getByLabel("Patient's name (optional)").fill("Asha Rao");
    await main(page).getByLabel("Doctor's name (optional)").fill("Dr. Meera Iyer");
    await main(page).getByRole("button", { name: "Upload prescription" }).click();
    await expect(main(page).getByRole("status").filter({ hasText: "Prescription uploaded" })).toBeVisible();
    const item = main(page).getByRole("listitem").filter({ hasText: "rx-photo.jpg" });
    await expect(item).toContainText("Pending review");
    await expect(item).toContainText("Patient: Asha Rao");
    await expectAxeClean(page);

    // The View link opens the private file for its owner.
    const href = await item.getByRole("link", { name: /View/ }).getAttribute("href");
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/jpeg");
    expect(file.headers()["cache-control"]).toBe("private, no-store");
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await signUpShopper(page, "rx-nojs");
      await page.goto("/profile/prescriptions");
      await page.getByLabel("Prescription file").setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: await sharp({ create: { width: 50, height: 50, channels: 3, background: "#fff" } }).png().toBuffer() });
      await page.getByRole("button", { name: "Upload prescription" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Prescription uploaded" })).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: "scan.png" })).toContainText("Pending review");
    } finally {
      await context.close();
    }
  });

  test("checkout with a prescription-only item explains the requirement before paying", async ({ page }) => {
    await signUpShopper(page, "rx-checkout");
    const rx = await findProduct(page, RX);
    const added = await page.request.post("/api/cart", { data: { productId: rx._id, quantity: 1 } });
    expect(added.ok(), await added.text()).toBe(true);

    // The cart line says so too.
    await openPage(page, "/");
    await page.locator("header button[aria-haspopup=dialog][aria-label^=Cart]").click();
    await expect(page.getByRole("dialog").getByRole("listitem").filter({ hasText: RX })).toContainText("Prescription required");

    await openPage(page, "/checkout");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByRole("listitem").filter({ hasText: RX })).toContainText("Prescription required");
    const step = main(page).getByRole("group", { name: "Prescription" });
    await expect(step).toContainText("Your cart has prescription medicines.");
    await expect(step).toContainText(`Upload a prescription for ${RX} to continue`);
    await expect(step.getByRole("link", { name: "My Prescriptions" })).toHaveAttribute("href", "/profile/prescriptions");
    await expectAxeClean(page);

    // Uploaded right here, it is attached (ticked) and the requirement is met.
    await step.getByLabel("Upload your prescription").setInputFiles({ name: "rx.jpg", mimeType: "image/jpeg", buffer: await prescriptionPhoto() });
    await step.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(step.getByRole("status")).toContainText("It is attached to this order.");
    await expect(step.getByRole("checkbox", { name: "rx.jpg" })).toBeChecked();
    await expect(step).not.toContainText("to continue");
    await expectAxeClean(page);
  });
});
