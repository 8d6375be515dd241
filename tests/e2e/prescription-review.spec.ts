// The pharmacist's review in the browser (issue 13, decisions/020): a customer's paid Rx order
// waits in the queue (with the sidebar's count), the pharmacist opens it and approves it using the
// keyboard only; the queue passes axe at phone and desktop widths (both projects run this spec).
import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "../../playwright.config";
import { expect, expectAxeClean, findProduct, newShopper, openPage, test } from "./fixtures";

const RX_PRODUCT = "Tranexamic Acid 500 mg + Mefenamic Acid 250 mg Tablets";

/** Presses Tab until `target` has the focus (the keyboard's way to reach it), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function signedIn(baseURL: string, credentials: { email: string; password: string }, register?: { name: string }) {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = register
    ? await context.post("/api/users/register", { data: { ...credentials, name: register.name, confirmPassword: credentials.password } })
    : await context.post("/api/users/login", { data: credentials });
  expect(response.status(), await response.text()).toBe(register ? 201 : 200);
  return context;
}

/** A customer buys the demo Rx product with an uploaded prescription and pays with the test gateway. */
async function paidRxOrder(page: Page, baseURL: string, patientName: string): Promise<{ orderId: string; orderNumber: string }> {
  const shopper = newShopper("rx");
  const customer = await signedIn(baseURL, shopper, { name: shopper.name });
  try {
    const product = await findProduct(page, RX_PRODUCT);
    expect((await customer.post("/api/cart", { data: { productId: product._id, quantity: 1 } })).ok()).toBe(true);
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#f4f1ea" } })
      .composite([{ input: Buffer.from('<svg width="600" height="800"><text x="40" y="80" font-size="36">Rx: Tranexamic acid</text></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();
    const uploaded = await customer.post("/api/prescriptions", {
      multipart: { file: { name: "prescription.png", mimeType: "image/png", buffer: photo }, patientName, doctorName: "Dr Meera Iyer" },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const prescriptionId = ((await uploaded.json()) as { _id: string })._id;
    const placed = await customer.post("/api/checkout", {
      data: {
        shippingAddress: {
          firstName: "Asha",
          lastName: "Rao",
          address: "12 MG Road",
          city: "Bengaluru",
          state: "Karnataka",
          postalCode: "560001",
          country: "India",
          phone: "9876543210",
          email: shopper.email,
        },
        paymentMethod: "razorpay",
        prescriptionIds: [prescriptionId],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order } = (await placed.json()) as { order: { _id: string; orderNumber: string } };
    const signed = await customer.post(`/api/payments/test/${order._id}/pay`);
    expect(signed.status(), await signed.text()).toBe(200);
    const verified = await customer.post(`/api/checkout/${order._id}/verify`, { data: await signed.json() });
    expect(verified.status(), await verified.text()).toBe(200);
    return { orderId: order._id, orderNumber: order.orderNumber };
  } finally {
    await customer.dispose();
  }
}

/** An admin makes a new pharmacist (PUT/POST /api/admin/users with the registration number). */
async function newPharmacist(baseURL: string) {
  const admin: APIRequestContext = await signedIn(baseURL, E2E_ADMIN);
  try {
    const person = newShopper("pharmacist");
    const created = await admin.post("/api/admin/users", {
      data: { name: "Ravi Kumar", email: person.email, password: person.password, role: "pharmacist", pharmacistRegistration: "KA/4521/2019" },
    });
    expect(created.status(), await created.text()).toBe(201);
    return person;
  } finally {
    await admin.dispose();
  }
}

test("a pharmacist approves an Rx order from the queue with the keyboard only; the queue is axe clean", async ({ page, baseURL }) => {
  test.slow();
  const patientName = `Asha Patient ${Date.now().toString(36)}`;
  const { orderId, orderNumber } = await paidRxOrder(page, baseURL!, patientName);
  const pharmacist = await newPharmacist(baseURL!);
  const login = await page.request.post("/api/users/login", { data: { email: pharmacist.email, password: pharmacist.password } });
  expect(login.status()).toBe(200);

  // The admin area's door sends a pharmacist to the queue; only Orders and Prescriptions are offered.
  await openPage(page, "/admin");
  await expect(page).toHaveURL(/\/admin\/prescriptions$/);
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  if (!(await sidebar.isVisible())) await page.getByRole("button", { name: "Open admin menu" }).click();
  await expect(sidebar.getByRole("link", { name: /^Prescriptions \d+ awaiting review$/ })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(sidebar.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
  if (await page.getByRole("button", { name: "Close admin menu" }).isVisible()) await page.getByRole("button", { name: "Close admin menu" }).click();

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Prescriptions" })).toBeVisible();
  await expect(main).toContainText(patientName);
  await expectAxeClean(page);

  // Keyboard only from here: Tab to the order's Review link, Enter, fill the approval, Enter.
  const reviewLink = main.getByRole("link", { name: `Review order ${orderNumber}` });
  await tabTo(page, reviewLink);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/prescriptions/orders/${orderId}$`));
  await expect(main.getByRole("heading", { level: 1, name: `Review order ${orderNumber}` })).toBeVisible();
  await expect(main.getByRole("img", { name: /^Prescription 1: / })).toBeVisible();
  await expect(main.getByRole("table")).toContainText(RX_PRODUCT);
  await expect(main).toContainText("Reviewed by Ravi Kumar, registration KA/4521/2019.");
  await expectAxeClean(page);

  const prescriber = main.getByRole("textbox", { name: "Prescriber's name" });
  await tabTo(page, prescriber);
  await expect(prescriber).toHaveValue("Dr Meera Iyer");
  await page.keyboard.press("Tab");
  await expect(main.getByRole("textbox", { name: "Prescriber's registration number" })).toBeFocused();
  await page.keyboard.type("KMC 56789");
  // Past the closed "What the prescription covers" (optional, for refills: decisions/057).
  await page.keyboard.press("Tab");
  await expect(main.getByText("What the prescription covers (for refills; optional)")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(main.getByRole("button", { name: "Approve prescription" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByText("Prescription approved", { exact: true }).first()).toBeVisible();
  const decision = main.getByRole("region", { name: "Decision" });
  await expect(decision).toContainText("Approved");
  await expect(decision).toContainText("Ravi Kumar (registration KA/4521/2019)");
  await expect(decision).toContainText("Dr Meera Iyer (registration KMC 56789)");
  await expect(main.getByRole("button", { name: "Approve prescription" })).toHaveCount(0);

  // The order is read-only for a pharmacist: its state in the shop's words, no status controls.
  await openPage(page, `/admin/orders/${orderId}`);
  await expect(main).toContainText("Prescription approved");
  await expect(main.getByRole("combobox", { name: /Status of order/ })).toHaveCount(0);
  await expect(main.getByRole("button", { name: /Archive|Delete/ })).toHaveCount(0);
});
