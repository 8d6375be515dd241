// Issue 27 items 3 and 8, the admin where features meet, at 390 px (the "mobile" projects) and
// 1280 px: the order page's address and discount, confirmations before money moves, the audit log
// in names not ids, the inbox's unread count, back-in-stock demand, the product form's warning
// before unsaved changes are lost, and the first field in error brought into view on a phone.
// Screenshots go to /tmp/admin-shots/. Named admin-*.spec.ts because it adds published products.
import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { formatRupees, rupeesToPaise } from "#common/money.ts";
import { expect, expectAxeClean, newShopper, openPage, signInAsAdmin, signUpShopper, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ADDRESS = {
  firstName: "Meera",
  lastName: "Iyer",
  address: "21 Residency Road",
  landmark: "Opposite St Joseph's School",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560025",
  country: "India",
  phone: "9845012345",
};

const main = (page: Page) => page.getByRole("main");
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The phone projects run at 390 px wide. */
async function sized(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name.startsWith("mobile")) await page.setViewportSize(PHONE);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/admin-shots/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/**
 * A published product of the test's own (signed in as the admin). Its low-stock threshold is 0,
 * so that these products do not crowd other specs' products off the dashboard's low-stock card.
 */
async function newProduct(page: Page, name: string, price: number, countInStock: number): Promise<string> {
  await signInAsAdmin(page);
  const created = await page.request.post("/api/admin/products", {
    data: { name, description: `${name}, made by the admin joins test.`, category: "Kids Nutrition", price, countInStock, hsnCode: "3004", lowStockThreshold: 0 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** A new shopper's paid order of the product (test gateway), with a coupon when given. Leaves the page signed in as that shopper. */
async function paidOrder(page: Page, productId: string, quantity: number, couponCode?: string) {
  await page.context().clearCookies();
  const shopper = await signUpShopper(page, "joins");
  expect((await page.request.post("/api/cart", { data: { productId, quantity } })).ok()).toBe(true);
  const started = await page.request.post("/api/checkout", {
    data: { shippingAddress: { ...ADDRESS, email: shopper.email }, paymentMethod: "razorpay", ...(couponCode ? { couponCode } : {}) },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { order } = (await started.json()) as { order: { _id: string; orderNumber: string; totalPrice: number; discountPrice: number } };
  const signed = await page.request.post(`/api/payments/test/${order._id}/pay`);
  expect(signed.ok(), await signed.text()).toBe(true);
  const verified = await page.request.post(`/api/checkout/${order._id}/verify`, { data: await signed.json() });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { order, shopper };
}

test.describe("the admin where features meet (issue 27)", () => {
  test("the order page shows the landmark, the state and the coupon's discount between Items and the total", async ({ page }, testInfo) => {
    await sized(page, testInfo);
    const productId = await newProduct(page, `Joins Tonic ${testInfo.project.name} ${unique()}`, 387, 20);
    const code = `JOINS${unique().toUpperCase()}`.slice(0, 20);
    const coupon = await page.request.post("/api/admin/coupons", { data: { code, type: "percent", value: 10 } });
    expect(coupon.status(), await coupon.text()).toBe(201);
    const { order } = await paidOrder(page, productId, 1, code);
    expect(order.discountPrice).toBe(38.7);

    await page.context().clearCookies();
    await signInAsAdmin(page);
    await openPage(page, `/admin/orders/${order._id}`);
    const customer = main(page).getByRole("region", { name: "Customer" });
    await expect(customer).toContainText("Landmark: Opposite St Joseph's School");
    await expect(customer).toContainText("Bengaluru, Karnataka 560025");
    const payment = main(page).getByRole("region", { name: "Payment" });
    const terms = await payment.locator("dt").allTextContents();
    expect(terms.slice(0, 3)).toEqual(["Items", `Discount (coupon ${code})`, "Shipping"]);
    await expect(payment.locator("dd").nth(0)).toHaveText("₹387");
    await expect(payment.locator("dd").nth(1)).toHaveText("-₹38.70");
    await expect(payment).toContainText(`Total${formatRupees(rupeesToPaise(order.totalPrice))}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectAxeClean(page);
    await shot(page, "order-page");
  });

  test("Approve and refund asks first: Cancel changes nothing, confirming refunds", async ({ page }, testInfo) => {
    test.slow();
    await sized(page, testInfo);
    const name = `Joins Drops ${testInfo.project.name} ${unique()}`;
    const productId = await newProduct(page, name, 120, 10);
    const { order, shopper } = await paidOrder(page, productId, 1);
    await signInAsAdmin(page);
    for (const status of [{ status: "Shipped", courier: "delhivery", awb: "1234567890123" }, { status: "Delivered" }]) {
      const moved = await page.request.put(`/api/admin/orders/${order._id}`, { data: status });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    await page.context().clearCookies();
    expect((await page.request.post("/api/users/login", { data: { email: shopper.email, password: shopper.password } })).status()).toBe(200);
    await openPage(page, `/order/${order._id}`);
    const returnSection = main(page).getByRole("region", { name: "Return items" });
    await returnSection.getByText("Return items").click();
    await returnSection.getByRole("spinbutton", { name: new RegExp(name) }).fill("1");
    await returnSection.getByRole("radio", { name: /^Damaged/ }).check();
    await returnSection.getByRole("textbox", { name: /What is wrong/ }).fill("The cap was cracked.");
    await returnSection.getByRole("button", { name: "Request return" }).click();
    await expect(main(page).getByRole("region", { name: "Returns" })).toContainText("Return requested");

    await page.context().clearCookies();
    await signInAsAdmin(page);
    await openPage(page, `/admin/orders/${order._id}`);
    const card = main(page).getByRole("article", { name: `Return request for order ${order.orderNumber}` });
    await card.getByRole("button", { name: /^Approve and refund/ }).click();
    const dialog = page.getByRole("alertdialog", { name: `Approve the return and refund order ${order.orderNumber}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${name} × 1`);
    await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
    await expectAxeClean(page);
    await shot(page, "approve-refund-confirm");
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card).toContainText("Return requested");
    const before = (await (await page.request.get(`/api/admin/returns?status=requested`)).json()) as { _id: string; orderNumber: string }[];
    expect(before.some((request) => request.orderNumber === order.orderNumber)).toBe(true);

    await card.getByRole("button", { name: /^Approve and refund/ }).click();
    await dialog.getByRole("button", { name: "Approve and refund" }).click();
    await expect(toast(page, "Return approved: the refund and the credit note have been issued")).toBeVisible();
    await expect(card).toContainText(/₹120(\.00)? refunded to the original payment method/);
  });

  test("the audit log names orders, products and payments, never their ids, and its fields in words", async ({ page }, testInfo) => {
    await sized(page, testInfo);
    const name = `Joins Balm ${testInfo.project.name} ${unique()}`;
    const productId = await newProduct(page, name, 150, 10);
    const changed = await page.request.put(`/api/admin/products/${productId}`, { data: { countInStock: 12, lowStockThreshold: 3 } });
    expect(changed.status(), await changed.text()).toBe(200);
    const { order } = await paidOrder(page, productId, 1);
    await signInAsAdmin(page);
    const cancelled = await page.request.put(`/api/admin/orders/${order._id}`, { data: { status: "Cancelled" } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);

    await openPage(page, `/admin/audit?entity=order&entityId=${order._id}`);
    const table = main(page).getByRole("table");
    await expect(table.getByRole("link", { name: `Order ${order.orderNumber}` }).first()).toBeVisible();
    await expect(table).toContainText(`Test payment gateway payment of ${formatRupees(rupeesToPaise(order.totalPrice))} for order ${order.orderNumber}`);
    await expect(table).toContainText("Refunded");
    expect(await table.textContent()).not.toMatch(UUID);
    expect(await table.textContent()).not.toMatch(/refundedPaise|paymentId|amountPaise/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectAxeClean(page);
    await shot(page, "audit-order");

    await openPage(page, `/admin/audit?entity=product&entityId=${productId}`);
    await expect(table.getByRole("link", { name }).first()).toBeVisible();
    await expect(table).toContainText("Low-stock threshold");
    await expect(table).toContainText("Stock");
    expect(await table.textContent()).not.toMatch(UUID);
    expect(await table.textContent()).not.toMatch(/countInStock|lowStockThreshold/);
    await shot(page, "audit-product");
  });

  test("the inbox shows how many messages are unread, on the menu and the page", async ({ page }, testInfo) => {
    await sized(page, testInfo);
    const sender = `Kavya Joins ${unique()}`;
    const sent = await page.request.post("/api/contact", { data: { name: sender, email: "kavya.joins@e2e.test", message: "Do you deliver to Mysuru on Sundays?" } });
    expect(sent.ok(), await sent.text()).toBe(true);
    await signInAsAdmin(page);
    const unread = async () => {
      const list = (await (await page.request.get("/api/admin/messages?limit=100")).json()) as { handled: boolean }[];
      return list.filter((message) => !message.handled).length;
    };
    const count = await unread();
    expect(count).toBeGreaterThan(0);
    await openPage(page, "/admin/inbox");
    if (testInfo.project.name.startsWith("mobile")) await page.getByRole("button", { name: "Open admin menu" }).click();
    const inboxLink = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Inbox \d+ unread$/ });
    await expect(inboxLink).toBeVisible();
    const shown = Number((await inboxLink.textContent())!.match(/\d+/)![0]);
    expect(shown).toBeGreaterThan(0);
    await expect(main(page).getByRole("heading", { name: new RegExp(`^Contact messages ${shown} unread$`) })).toBeVisible();
    await expectAxeClean(page);
    await shot(page, "inbox");
    if (testInfo.project.name.startsWith("mobile")) await page.getByRole("button", { name: "Close admin menu" }).click();

    // Marking the message handled takes one off both counts.
    await main(page).getByRole("article", { name: `Message from ${sender}` }).getByRole("button", { name: /Mark handled/ }).click();
    await expect(main(page).getByRole("heading", { name: shown - 1 === 0 ? "Contact messages" : new RegExp(`^Contact messages ${shown - 1} unread$`) })).toBeVisible();
  });

  test("admins see how many shoppers wait for a product to be back in stock", async ({ page }, testInfo) => {
    await sized(page, testInfo);
    const name = `Joins Syrup ${testInfo.project.name} ${unique()}`;
    const productId = await newProduct(page, name, 95, 0);
    await page.context().clearCookies();
    for (const who of [newShopper("waiting"), newShopper("waiting"), newShopper("waiting")]) {
      const asked = await page.request.post(`/api/products/${productId}/notify-me`, { data: { email: who.email } });
      expect(asked.status(), await asked.text()).toBeLessThan(300);
    }
    await signInAsAdmin(page);
    await openPage(page, `/admin/products?search=${encodeURIComponent(name)}`);
    const row = main(page).getByRole("row").filter({ hasText: name });
    await expect(row.locator('td[data-label="Stock"]')).toContainText("0 · Out of stock");
    await expect(row.locator('td[data-label="Stock"]')).toContainText("3 shoppers waiting");
    await main(page).getByRole("navigation", { name: "Show products" }).getByRole("link", { name: "Waited for (back in stock)" }).click();
    await expect(page).toHaveURL(/waiting=1/);
    await expect(main(page).getByRole("row").filter({ hasText: name })).toContainText("3 shoppers waiting");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectAxeClean(page);
    await shot(page, "products-waiting");
    await openPage(page, `/admin/products/${productId}/edit`);
    await expect(main(page)).toContainText("Back-in-stock requests: 3 shoppers waiting to be emailed once when this product is in stock again.");
    // Out of stock, it would stay on the dashboard's low-stock card that admin-phone.spec reads.
    const hidden = await page.request.put(`/api/admin/products/${productId}`, { data: { published: false } });
    expect(hidden.status(), await hidden.text()).toBe(200);
  });

  test("the product form warns before leaving unsaved changes, and not after saving", async ({ page }, testInfo) => {
    await sized(page, testInfo);
    const name = `Joins Gel ${testInfo.project.name} ${unique()}`;
    const productId = await newProduct(page, name, 80, 5);
    await openPage(page, `/admin/products/${productId}/edit`);
    const brand = main(page).getByRole("textbox", { name: "Brand" });
    await brand.fill("Joins Labs");
    await main(page).getByRole("link", { name: "Back to products" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await expectAxeClean(page);
    await shot(page, "unsaved-warning");
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${productId}/edit$`));
    await expect(brand).toHaveValue("Joins Labs");

    // Leaving anyway goes; the change is not saved.
    await main(page).getByRole("link", { name: "Back to products" }).click();
    await dialog.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    const saved = (await (await page.request.get(`/api/products/${productId}`)).json()) as { brand?: string | null };
    expect(saved.brand ?? "").not.toBe("Joins Labs");

    // Saved, then left: no question.
    await openPage(page, `/admin/products/${productId}/edit`);
    await brand.fill("Joins Labs");
    await main(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Product saved")).toBeVisible();
    await main(page).getByRole("link", { name: "Back to products" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(dialog).toHaveCount(0);
  });

  test("rejecting a prescription asks first: Cancel leaves the order waiting, confirming cancels it", async ({ page }, testInfo) => {
    test.slow();
    await sized(page, testInfo);
    // A customer's paid order of the demo's prescription medicine, with a prescription uploaded.
    await page.context().clearCookies();
    const shopper = await signUpShopper(page, "rx-joins");
    const rx = (await (await page.request.get(`/api/products?limit=5&search=${encodeURIComponent("Tranexamic Acid")}`)).json()) as { _id: string }[];
    expect((await page.request.post("/api/cart", { data: { productId: rx[0]!._id, quantity: 1 } })).ok()).toBe(true);
    const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#f4f1ea" } }).png().toBuffer();
    const uploaded = await page.request.post("/api/prescriptions", {
      multipart: { file: { name: "prescription.png", mimeType: "image/png", buffer: photo }, patientName: "Meera Iyer", doctorName: "Dr Rao" },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const placed = await page.request.post("/api/checkout", {
      data: { shippingAddress: { ...ADDRESS, email: shopper.email }, paymentMethod: "razorpay", prescriptionIds: [((await uploaded.json()) as { _id: string })._id] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order } = (await placed.json()) as { order: { _id: string; orderNumber: string } };
    const signed = await page.request.post(`/api/payments/test/${order._id}/pay`);
    expect((await page.request.post(`/api/checkout/${order._id}/verify`, { data: await signed.json() })).ok()).toBe(true);
    // A pharmacist reviews it.
    await signInAsAdmin(page);
    const pharmacist = newShopper("pharmacist-joins");
    const created = await page.request.post("/api/admin/users", { data: { ...pharmacist, role: "pharmacist", pharmacistRegistration: "KA/7788/2020" } });
    expect(created.status(), await created.text()).toBe(201);
    await page.context().clearCookies();
    expect((await page.request.post("/api/users/login", { data: { email: pharmacist.email, password: pharmacist.password } })).status()).toBe(200);

    await openPage(page, `/admin/prescriptions/orders/${order._id}`);
    const reject = main(page).getByRole("region", { name: "Reject" });
    await reject.getByRole("radio").first().check();
    await reject.getByRole("button", { name: "Reject and cancel the order" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Reject the prescription and cancel the order?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
    await expectAxeClean(page);
    await shot(page, "reject-confirm");
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    // Nothing was sent: the order still waits for a decision.
    await openPage(page, `/admin/prescriptions/orders/${order._id}`);
    await expect(reject.getByRole("button", { name: "Reject and cancel the order" })).toBeVisible();

    await reject.getByRole("radio").first().check();
    await reject.getByRole("button", { name: "Reject and cancel the order" }).click();
    await dialog.getByRole("button", { name: "Reject and cancel the order" }).click();
    await expect(main(page).getByRole("region", { name: "Decision" })).toContainText(/Rejected/i);
    await expect(reject).toHaveCount(0);
  });

  test("a failed save brings the first field in error into view and focuses it", async ({ page, consoleErrors }, testInfo) => {
    await sized(page, testInfo);
    consoleErrors.allow("status of 409 (Conflict)");
    const taken = `JOINS-${unique().toUpperCase()}`;
    await newProduct(page, `Joins Taken ${unique()}`, 60, 5).then(async (id) => {
      const renamed = await page.request.put(`/api/admin/products/${id}`, { data: { sku: taken } });
      expect(renamed.status(), await renamed.text()).toBe(200);
    });
    await openPage(page, "/admin/products/new");
    const form = main(page);
    await form.getByRole("textbox", { name: "Name", exact: true }).fill(`Joins New ${unique()}`);
    await form.getByRole("textbox", { name: "Description", exact: true }).fill("A product whose SKU is taken.");
    await form.getByRole("combobox", { name: "Category (shop section)" }).selectOption({ index: 1 });
    await form.getByRole("textbox", { name: "SKU" }).fill(taken);
    await form.getByRole("textbox", { name: "Price (₹)" }).fill("70");
    // Saved from the bottom of the form: the server refuses the SKU, which is far above on a phone.
    await form.getByRole("button", { name: "Create Product" }).click();
    const sku = form.getByRole("textbox", { name: "SKU" });
    await expect(sku).toHaveAttribute("aria-invalid", "true");
    await expect(sku).toBeFocused();
    await expect(sku).toBeInViewport();
    await expectAxeClean(page);
    await shot(page, "first-error");

    // The browser's own check: an empty name, the first field, is brought back into view too.
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("");
    await form.getByRole("button", { name: "Create Product" }).click();
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
    await expect(form.getByRole("textbox", { name: "Name", exact: true })).toBeInViewport();
  });
});
