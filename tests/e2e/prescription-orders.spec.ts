// Order by prescription in the browser (issue 32 item 4, decisions/058): a shopper asks the pharmacy
// to build the order from My Prescriptions, a pharmacist finds the product and proposes it from the
// queue, and the shopper's cart holds it. Both widths (desktop and mobile projects), axe clean.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "../../playwright.config";
import { expect, expectAxeClean, newShopper, openPage, signUpShopper, test } from "./fixtures";

const RX_PRODUCT = "Tranexamic Acid 500 mg + Mefenamic Acid 250 mg Tablets";

async function login(page: Page, credentials: { email: string; password: string }) {
  await page.context().clearCookies();
  const response = await page.request.post("/api/users/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

test("a shopper asks, a pharmacist proposes, the shopper's cart has the items", async ({ page }) => {
  test.slow();
  // The shopper, with an uploaded prescription.
  const shopper = await signUpShopper(page, "rxorder");
  const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#f4f1ea" } }).png().toBuffer();
  const uploaded = await page.request.post("/api/prescriptions", { multipart: { file: { name: "my-rx.png", mimeType: "image/png", buffer: photo } } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  await openPage(page, "/profile/prescriptions");
  const main = page.getByRole("main");
  const ask = main.getByRole("region", { name: "Ask the pharmacy to build my order" });
  await ask.getByRole("textbox", { name: "Note for the pharmacist (optional)" }).fill("One strip, please");
  await ask.getByRole("button", { name: "Ask the pharmacy to build my order" }).click();
  await expect(ask.getByRole("status")).toHaveText("Request sent: a pharmacist will add the medicines to your cart");
  const requests = main.getByRole("region", { name: "Your requests to the pharmacy" });
  await expect(requests).toContainText("Waiting for the pharmacist");
  await expectAxeClean(page);

  // A pharmacist, made by the admin, answers from the queue.
  await login(page, E2E_ADMIN);
  const pharmacist = newShopper("rxpharmacist");
  const created = await page.request.post("/api/admin/users", {
    data: { name: "Ravi Kumar", email: pharmacist.email, password: pharmacist.password, role: "pharmacist", pharmacistRegistration: "KA/4521/2019" },
  });
  expect(created.status(), await created.text()).toBe(201);
  await login(page, pharmacist);
  await openPage(page, "/admin/prescription-orders");
  await expect(main.getByRole("heading", { level: 1, name: "Prescription orders" })).toBeVisible();
  const card = main.getByRole("article").filter({ hasText: shopper.email });
  await expect(card).toContainText("Shopper's note: One strip, please");
  await card.getByRole("button", { name: /^Propose items/ }).click();
  await card.getByRole("searchbox", { name: "Find a product" }).fill("Tranexamic");
  await card.getByRole("button", { name: "Search" }).click();
  await card.getByRole("button", { name: `Add ${RX_PRODUCT}` }).click();
  await card.getByRole("spinbutton", { name: `Quantity of ${RX_PRODUCT}` }).fill("2");
  await card.getByRole("textbox", { name: /Prescribing doctor/ }).fill("Dr Meera Iyer");
  await card.getByRole("textbox", { name: /Doctor's registration number/ }).fill("KMC 56789");
  await expectAxeClean(page);
  await card.getByRole("button", { name: "Send proposal" }).click();
  await expect(page.getByText("Proposal sent: the items are in the shopper's cart")).toBeVisible();

  // The shopper's cart holds the proposal, and My Prescriptions says so.
  await login(page, shopper);
  const cart = (await (await page.request.get("/api/cart")).json()) as { products: { name: string; quantity: number }[] };
  expect(cart.products.map((item) => [item.name, item.quantity])).toEqual([[RX_PRODUCT, 2]]);
  await openPage(page, "/profile/prescriptions");
  await expect(requests).toContainText("Items added to your cart");
  await expect(requests).toContainText(`Ravi Kumar added: ${RX_PRODUCT} × 2`);
  await expect(requests.getByRole("link", { name: "Check the cart and place the order" })).toBeVisible();
});
