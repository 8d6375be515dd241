import type { Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expect, expectAxeClean, findProduct, openPage, sentEmails, signInAsAdmin, signUpShopper, test } from "./fixtures";

// Issue 17's round trip (decisions/032): a customer pays for two units → the admin ships with a
// courier and AWB → the customer sees the tracking link (and the shipped email says it) → the
// admin marks it delivered → the customer asks to return one damaged unit → the admin approves →
// the refund and the credit note show on the order, the credit note PDF downloads and the invoice
// names it. One browser context; the session switches between the customer and the admin.

// A high-stock product (₹35, 18% GST) other specs do not count the stock of.
const ELECTROLYTES = "Electrolyte Hydration Mix Lemon";
const AWB = "40123456789";

const main = (page: Page) => page.getByRole("main");
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function signInAs(page: Page, shopper: { email: string; password: string }) {
  const response = await page.request.post("/api/users/login", { data: { email: shopper.email, password: shopper.password } });
  expect(response.status(), await response.text()).toBe(200);
}

test("order → ship with AWB → tracking → delivered → return → refund → credit note on the order and the invoice", async ({ page }) => {
  test.slow();
  // The customer buys two units through the test gateway.
  const shopper = await signUpShopper(page, "fulfilment");
  const product = await findProduct(page, ELECTROLYTES);
  const added = await page.request.post("/api/cart", { data: { productId: product._id, quantity: 2 } });
  expect(added.ok(), await added.text()).toBe(true);
  await openPage(page, "/checkout");
  const form = main(page);
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("12 MG Road, Indiranagar");
  await form.getByRole("textbox", { name: "City", exact: true }).fill("Bengaluru");
  await form.getByRole("textbox", { name: "PIN code", exact: true }).fill("560038");
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("9876543210");
  await form.getByRole("button", { name: "Pay Now" }).click();
  const payment = page.getByRole("dialog", { name: "Test payment" });
  await expect(payment).toBeVisible({ timeout: 15_000 });
  await payment.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
  const orderId = new URL(page.url()).searchParams.get("orderId")!;
  const orders = (await (await page.request.get("/api/orders/my-orders")).json()) as { _id: string; orderNumber: string }[];
  const orderNumber = orders.find((o) => o._id === orderId)!.orderNumber;

  // The admin ships it with Blue Dart and the AWB, from the order's page.
  await signInAsAdmin(page);
  await openPage(page, `/admin/orders/${orderId}`);
  const shipForm = page.getByRole("region", { name: "Ship this order" });
  await shipForm.getByRole("combobox", { name: "Courier" }).selectOption({ label: "Blue Dart" });
  await shipForm.getByRole("textbox", { name: "AWB / tracking number" }).fill(AWB);
  await shipForm.getByRole("button", { name: /^Mark as Shipped/ }).click();
  await expect(toast(page, "Order marked Shipped")).toBeVisible();
  const adminShipment = page.getByRole("region", { name: "Shipment" });
  await expect(adminShipment).toContainText("Blue Dart");
  await expect(adminShipment.getByTestId("tracking-awb")).toHaveText(AWB);
  await expect(shipForm).toHaveCount(0);

  // The customer sees the courier, the AWB and the tracking link; the shipped email carries them.
  await signInAs(page, shopper);
  await openPage(page, `/order/${orderId}`);
  const shipment = main(page).getByRole("region", { name: "Shipment" });
  await expect(shipment.getByTestId("tracking-awb")).toHaveText(AWB);
  const track = shipment.getByRole("link", { name: /Track your parcel on Blue Dart/ });
  await expect(track).toHaveAttribute("href", new RegExp(`bluedart\\.com/.*${AWB}$`));
  await expect(track).toHaveAttribute("target", "_blank");
  await expect
    .poll(async () => (await sentEmails()).some((email) => email.includes(`Subject: Order ${orderNumber}: Shipped`) && email.includes(`AWB / tracking number: ${AWB}`)), { timeout: 20_000 })
    .toBe(true);

  // Delivered (the admin's call), then the customer asks to return one damaged unit.
  await signInAsAdmin(page);
  const delivered = await page.request.put(`/api/admin/orders/${orderId}`, { data: { status: "Delivered" } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await signInAs(page, shopper);
  await openPage(page, `/order/${orderId}`);
  const returnSection = main(page).getByRole("region", { name: "Return items" });
  await returnSection.getByText("Return items").click();
  await returnSection.getByRole("spinbutton", { name: new RegExp(ELECTROLYTES) }).fill("1");
  await returnSection.getByRole("radio", { name: /^Damaged/ }).check();
  await returnSection.getByRole("textbox", { name: /What is wrong/ }).fill("The seal of one sachet box was broken.");
  await returnSection.getByRole("button", { name: "Request return" }).click();
  await expect(main(page).getByRole("status")).toHaveText("Your return request has been sent. We will email you once we have looked at it.");
  const returns = main(page).getByRole("region", { name: "Returns" });
  await expect(returns).toContainText("Return requested");
  await expect(returns).toContainText(`${ELECTROLYTES} × 1`);
  await expectAxeClean(page);

  // The admin approves it from the returns list: refund through the gateway and a credit note.
  await signInAsAdmin(page);
  await openPage(page, "/admin/returns");
  const card = main(page).getByRole("article", { name: `Return request for order ${orderNumber}` });
  await expect(card).toContainText("The seal of one sachet box was broken.");
  await expectAxeClean(page);
  await card.getByRole("button", { name: /^Approve and refund/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Approve and refund" }).click();
  await expect(toast(page, "Return approved: the refund and the credit note have been issued")).toBeVisible();
  await expect(card).toContainText(/₹35(\.00)? refunded to the original payment method/);
  await expect(card.getByRole("link", { name: /^Credit note CN\/\d{4}\/\d{6} \(PDF\)$/ })).toBeVisible();

  // The customer sees the refund and downloads the credit note; the invoice names it.
  await signInAs(page, shopper);
  await openPage(page, `/order/${orderId}`);
  await expect(returns).toContainText("Return approved");
  await expect(returns).toContainText(/Refund: ₹35(\.00)? refunded to the original payment method/);
  const notes = main(page).getByRole("region", { name: "Credit notes" });
  await expect(notes).toContainText(/CN\/\d{4}\/\d{6} · Return · .* · ₹35(\.00)?/);
  const serial = (await notes.locator("li .font-mono").first().textContent())!;
  const [download] = await Promise.all([page.waitForEvent("download"), notes.getByRole("link", { name: /Download credit note/ }).click()]);
  expect(download.suggestedFilename()).toBe(`credit-note-${serial.replaceAll("/", "-")}.pdf`);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
  // The unit not returned can still be asked for, within the window.
  await expect(main(page).getByRole("region", { name: "Return items" })).toContainText("(up to 1)");

  await openPage(page, `/order/${orderId}/invoice`);
  await expect(page.getByTestId("invoice-standing")).toContainText(`Partly refunded: see credit note ${serial}`);
  await expect(page.getByTestId("invoice-standing").getByRole("link", { name: serial })).toHaveAttribute("href", /\/credit-notes\/.+\.pdf$/);
  await expect
    .poll(async () => (await sentEmails()).some((email) => email.includes(`Subject: Order ${orderNumber}: return approved`) && email.includes(serial)), { timeout: 20_000 })
    .toBe(true);
});
