import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expect, expectAxeClean, expectPath, findProduct, openPage, sentEmails, signUpShopper, test } from "./fixtures";

// A high-stock product (₹35, HSN 2106 at 18% GST) other specs do not count the stock of; each purchase takes one unit.
const ELECTROLYTES = "Electrolyte Hydration Mix Lemon";

const main = (page: Page) => page.getByRole("main");
const testDialog = (page: Page) => page.getByRole("dialog", { name: "Test payment" });

/** A fresh shopper buys one unit with the test gateway, delivered to `postalCode`; returns the order. */
async function buyOne(page: Page, postalCode: string, city: string) {
  await signUpShopper(page, "invoice");
  const product = await findProduct(page, ELECTROLYTES);
  const added = await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  await openPage(page, "/checkout");
  const form = main(page);
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("12 MG Road, Indiranagar");
  await form.getByRole("textbox", { name: "City", exact: true }).fill(city);
  await form.getByRole("textbox", { name: "PIN code", exact: true }).fill(postalCode);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("9876543210");
  await form.getByRole("button", { name: "Pay Now" }).click();
  await expect(testDialog(page)).toBeVisible({ timeout: 15_000 });
  await testDialog(page).getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  const orders = (await (await page.request.get("/api/orders/my-orders")).json()) as { _id: string; orderNumber: string }[];
  const order = orders.find((o) => o._id === orderId)!;
  expect(order).toBeTruthy();
  return { orderId, orderNumber: order.orderNumber, product };
}

test.describe("tax invoice", () => {
  test("a paid order's invoice: GST split, print layout, PDF download, confirmation email in the outbox", async ({ page }) => {
    test.slow();
    const { orderId, orderNumber } = await buyOne(page, "560038", "Bengaluru");

    await openPage(page, `/order/${orderId}/invoice`);
    await expect(page).toHaveTitle(/^Tax invoice INV\/\d{4}\/\d{6} \| /);
    const invoice = page.getByRole("article", { name: "Tax Invoice" });
    await expect(invoice.getByRole("heading", { name: "Tax Invoice", level: 1 })).toBeVisible();
    await expect(invoice).toContainText("Healthcare Pharma Private Limited");
    await expect(invoice).toContainText("GSTIN29AABCH1234M1Z5");
    await expect(invoice).toContainText(/Drug licence\S+/);
    await expect(invoice).toContainText(`Order${orderNumber}`);
    await expect(invoice).toContainText("Place of supplyKarnataka (29)");
    await expect(invoice.locator("address")).toContainText("Bengaluru, Karnataka 560038India");
    const serial = (await invoice.locator("dt:text-is('Invoice no.') + dd").textContent())!;
    expect(serial).toMatch(/^INV\/\d{4}\/\d{6}$/);

    // Within Karnataka: CGST + SGST, half each of the 18% GST inside ₹35 (₹5.34 → 2.67 + 2.67).
    const table = invoice.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([
      "Description",
      "HSN",
      "Batch / Expiry",
      "Qty",
      "Unit price (incl. GST)",
      "Taxable value",
      "GST rate",
      "CGST",
      "SGST",
      "Total",
    ]);
    const line = table.getByRole("row").filter({ hasText: ELECTROLYTES });
    await expect(line.getByRole("cell")).toHaveText(["2106", /.*/, "1", "35.00", "29.66", "18%", "2.67", "2.67", "35.00"]);
    await expect(invoice).toContainText("Total paid₹35.00");
    await expectAxeClean(page);

    // The PDF, downloaded through the link.
    const [download] = await Promise.all([page.waitForEvent("download"), main(page).getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${serial.replaceAll("/", "-")}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // Printing shows the invoice alone.
    await page.emulateMedia({ media: "print" });
    await expect(invoice).toBeVisible();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(main(page).getByRole("button", { name: "Print" })).toBeHidden();
    await expect(main(page).getByRole("link", { name: "Download PDF" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    await expect(main(page).getByRole("button", { name: "Print" })).toBeVisible();

    // Without SMTP_URL the confirmation email lands in DATA_DIR/outbox as an .eml file.
    await expect
      .poll(
        async () => {
          for (const text of await sentEmails()) {
            if (text.includes(`Subject: Order ${orderNumber} confirmed`)) return text;
          }
          return "";
        },
        { timeout: 20_000 },
      )
      .toContain(`/order/${orderId}/invoice`);
  });

  test("another state is charged IGST; other shoppers get the 404 page; signed out goes to sign in", async ({ page, browser, consoleErrors }) => {
    test.slow();
    const { orderId } = await buyOne(page, "400001", "Mumbai");
    await openPage(page, `/order/${orderId}/invoice`);
    const invoice = page.getByRole("article", { name: "Tax Invoice" });
    await expect(invoice).toContainText("Place of supplyMaharashtra (27)");
    const line = invoice.getByRole("table").getByRole("row").filter({ hasText: ELECTROLYTES });
    await expect(line.getByRole("cell")).toHaveText(["2106", /.*/, "1", "35.00", "29.66", "18%", "5.34", "35.00"]);
    await expect(invoice.getByRole("table").getByRole("columnheader", { name: "IGST" })).toBeVisible();

    // Another shopper: the 404 page, for the page and for the PDF.
    consoleErrors.allow("404");
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const otherPage = await other.newPage();
      await signUpShopper(otherPage, "invoice-other");
      const response = await otherPage.goto(`/order/${orderId}/invoice`);
      expect(response?.status()).toBe(404);
      await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      expect((await otherPage.request.get(`/api/orders/${orderId}/invoice.pdf`)).status()).toBe(404);
    } finally {
      await other.close();
    }

    // Signed out: to the sign-in page, coming back here afterwards.
    await page.context().clearCookies();
    await page.goto(`/order/${orderId}/invoice`);
    await expectPath(page, "/login", `?redirect=${encodeURIComponent(`/order/${orderId}/invoice`)}`);
  });
});
