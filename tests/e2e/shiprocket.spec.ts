import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ADMIN, E2E_RAZORPAY, E2E_SHIPROCKET } from "../../playwright.config";
import { expect, expectAxeClean, findProduct, newShopper, openPage, test } from "./fixtures";

// Shipments through Shiprocket end to end (issue 31), on the second shop (configured for Razorpay
// and Shiprocket, both faked on 127.0.0.1): a shopper's cash-on-delivery order; the admin's "Ship
// with Shiprocket" form shows Shiprocket's refusal, then ships (courier, AWB, tracking link,
// expected date, "Print label"); Shiprocket's webhook reports scans and the shopper's order page
// draws the timeline, newest first, in IST.

test.skip(!E2E_RAZORPAY.enabled, "E2E_RAZORPAY=0: the Razorpay shop (which also ships through Shiprocket) is not running");
test.use({ baseURL: E2E_RAZORPAY.baseURL });

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const ZINC = "Zinc 20 mg Dispersible Tablets";
const main = (page: Page) => page.getByRole("main");

/** The verification link the Razorpay shop wrote to its outbox for this address. */
async function verificationLink(to: string): Promise<string> {
  const outbox = path.join(process.env.E2E_RAZORPAY_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"))) {
          const text = (await readFile(path.join(outbox, file), "utf8").catch(() => "")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          if (!text.includes(`To: ${to}`)) continue;
          const match = /https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9._%-]+/.exec(text);
          if (match) link = match[0];
        }
        return link !== undefined;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(true);
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** A verified shopper's cash-on-delivery order (through the API, as the pages would), confirmed unless told otherwise. */
async function codOrder(page: Page, options: { product?: string; quantity?: number; confirm?: boolean } = {}): Promise<{ orderId: string; orderNumber: string }> {
  const shopper = newShopper("shiprocket");
  const registered = await page.request.post("/api/users/register", { data: { ...shopper, confirmPassword: shopper.password } });
  expect(registered.status(), await registered.text()).toBe(201);
  expect((await page.request.get(await verificationLink(shopper.email))).ok()).toBe(true);
  const product = await findProduct(page, options.product ?? ZINC);
  expect((await page.request.post("/api/cart", { data: { productId: product._id, quantity: options.quantity ?? 1 } })).ok()).toBe(true);
  const placed = await page.request.post("/api/checkout", {
    data: {
      paymentMethod: "cod",
      shippingAddress: { firstName: "Asha", lastName: "Rao", address: "12 MG Road", city: "Bengaluru", postalCode: "560001", country: "India", phone: "9876543210", state: "Karnataka" },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).order as { _id: string; orderNumber: string };
  if (options.confirm !== false) expect((await page.request.post(`/api/orders/${order._id}/confirm-cod`)).ok()).toBe(true);
  return { orderId: order._id, orderNumber: order.orderNumber };
}

async function signInAdmin(request: APIRequestContext) {
  const response = await request.post("/api/users/login", { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test("the admin ships with Shiprocket and the shopper follows the parcel on a timeline", async ({ page, browser }, testInfo) => {
  // A shopper, an admin, four Shiprocket calls twice and two pages with axe: minutes on a loaded machine.
  test.setTimeout(240_000);
  const width = testInfo.project.name.startsWith("mobile") ? 390 : 1280;
  if (width === 390) await page.setViewportSize({ width: 390, height: 844 });
  const { orderId, orderNumber } = await codOrder(page);

  const adminContext = await browser.newContext({ baseURL: E2E_RAZORPAY.baseURL, viewport: page.viewportSize()!, locale: "en-IN", timezoneId: "Asia/Kolkata" });
  try {
    const admin = await adminContext.newPage();
    await signInAdmin(admin.request);
    await openPage(admin, `/admin/orders/${orderId}`);
    const form = main(admin).getByRole("region", { name: "Ship with Shiprocket" });
    await expect(form.getByRole("spinbutton", { name: "Weight (kg)" })).toHaveValue("0.5");
    await expect(form.getByRole("spinbutton", { name: "Length (cm)" })).toHaveValue("20");
    await expect(main(admin).getByRole("region", { name: "Ship this order" })).toHaveCount(0);
    await expectAxeClean(admin);
    await shoot(admin, `shiprocket-form-${width}`);

    // Shiprocket refuses the AWB once: its reason is shown and the order stays Processing.
    const refused = await admin.request.post(`${E2E_SHIPROCKET.controlURL}/__fake/refuse`, {
      data: { path: "/v1/external/courier/assign/awb", orderNumber, message: "No courier serviceable for the selected pincode" },
    });
    expect(refused.ok()).toBe(true);
    await form.getByRole("spinbutton", { name: "Weight (kg)" }).fill("0.3");
    await form.getByRole("button", { name: `Ship with Shiprocket order ${orderNumber}` }).click();
    await expect(form.getByRole("alert")).toHaveText("Shiprocket refused to assign an AWB: No courier serviceable for the selected pincode");
    await expectAxeClean(admin);
    await shoot(admin, `shiprocket-refusal-${width}`);

    // The retry ships it: courier, AWB, tracking link, expected date and the label to print.
    await form.getByRole("button", { name: `Ship with Shiprocket order ${orderNumber}` }).click();
    const shipment = main(admin).getByRole("region", { name: "Shipment" });
    await expect(shipment).toContainText("Delhivery Surface", { timeout: 15_000 });
    await expect(shipment.getByTestId("tracking-expected")).toHaveText("4 December 2026");
    await expect(shipment.getByRole("link", { name: /Track your parcel on Shiprocket/ })).toHaveAttribute("href", /^https:\/\/shiprocket\.co\/tracking\//);
    const label = shipment.getByRole("link", { name: /Print label/ });
    await expect(label).toHaveAttribute("href", `/api/admin/orders/${orderId}/shipment/label`);
    const pdf = await admin.request.get(`/api/admin/orders/${orderId}/shipment/label`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await expect(main(admin).getByRole("region", { name: "Ship with Shiprocket" })).toHaveCount(0);
    await expectAxeClean(admin);
    await shoot(admin, `shiprocket-shipped-admin-${width}`);
    const awb = (await shipment.getByTestId("tracking-awb").textContent())!.trim();

    // Shiprocket reports two scans; the shopper's page lists them newest first, in IST.
    const hook = await page.request.post("/api/shipping/webhook", {
      headers: { "x-api-key": E2E_SHIPROCKET.webhookToken },
      data: {
        awb,
        courier_name: "Delhivery Surface",
        current_status: "IN TRANSIT",
        shipment_status: "IN TRANSIT",
        current_timestamp: "30 11 2026 14:05:00",
        etd: "2026-12-03 18:00:00",
        scans: [
          { date: "2026-11-29 10:15:00", status: "X-PPOM", activity: "Shipment picked up", location: "Bengaluru_Hub (Karnataka)" },
          { date: "2026-11-30 14:05:00", status: "X-UCI", activity: "In transit to destination", location: "Mumbai_Hub (Maharashtra)" },
        ],
        is_return: 0,
      },
    });
    expect(hook.status(), await hook.text()).toBe(200);
  } finally {
    await adminContext.close();
  }

  await openPage(page, `/order/${orderId}`);
  const tracking = main(page).getByRole("region", { name: "Shipment" });
  const events = tracking.getByRole("list", { name: "Tracking updates" }).getByRole("listitem");
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toContainText("In transit to destination");
  await expect(events.nth(0)).toContainText("30 Nov 2026, 2:05 pm · Mumbai_Hub (Maharashtra)");
  await expect(events.nth(1)).toContainText("Shipment picked up");
  await expect(tracking.getByTestId("tracking-expected")).toHaveText("3 December 2026");
  await expect(tracking.getByRole("link", { name: /Print label/ })).toHaveCount(0);
  // One expected date: the courier's, not also the promise made at checkout.
  await expect(main(page).getByText(/^Expected:/)).toHaveCount(0);
  await expectAxeClean(page);
  await shoot(page, `shiprocket-timeline-${width}`);
});

// The orders list (issue 31): a COD order awaiting confirmation says so and the filter lists it
// alone; a confirmed one ships from the list through the order page's own Shiprocket form, opened
// in a dialog and pre-filled from the product's parcel (two units of 150 g → 0.3 kg, its box).
const ORS = "Oral Rehydration Salts WHO Formula";

test("the orders list ships with Shiprocket in a dialog and shows COD confirmation", async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  const width = testInfo.project.name.startsWith("mobile") ? 390 : 1280;
  if (width === 390) await page.setViewportSize({ width: 390, height: 844 });

  const adminContext = await browser.newContext({ baseURL: E2E_RAZORPAY.baseURL, viewport: page.viewportSize()!, locale: "en-IN", timezoneId: "Asia/Kolkata" });
  try {
    const admin = await adminContext.newPage();
    await signInAdmin(admin.request);
    const product = await findProduct(page, ORS);
    const parcel = await admin.request.put(`/api/admin/products/${product._id}`, { data: { parcelWeightG: 150, parcelLengthCm: 16, parcelBreadthCm: 11, parcelHeightCm: 6 } });
    expect(parcel.status(), await parcel.text()).toBe(200);
    // The product form shows the parcel it ships in.
    await openPage(admin, `/admin/products/${product._id}/edit`);
    const parcelSection = main(admin).getByRole("region", { name: "Parcel" });
    await expect(parcelSection.getByRole("textbox", { name: "Weight (g)" })).toHaveValue("150");
    await expect(parcelSection.getByRole("textbox", { name: "Height (cm)" })).toHaveValue("6");
    await parcelSection.scrollIntoViewIfNeeded();
    if (SHOTS) await parcelSection.screenshot({ path: path.join(SHOTS, `product-parcel-${width}.png`) });

    const waiting = await codOrder(page, { product: ORS, confirm: false });
    const confirmed = await codOrder(page, { product: ORS, quantity: 2 });

    // Awaiting confirmation: labelled, and the filter lists it (the confirmed one is not in it).
    await openPage(admin, `/admin/orders?cod=unconfirmed&search=${waiting.orderNumber}`);
    await expect(main(admin).getByRole("checkbox", { name: "Only COD awaiting confirmation" })).toBeChecked();
    const waitingRow = main(admin).getByRole("row").filter({ hasText: waiting.orderNumber });
    await expect(waitingRow).toContainText("Awaiting confirmation");
    await openPage(admin, `/admin/orders?cod=unconfirmed&search=${confirmed.orderNumber}`);
    await expect(main(admin).getByRole("row").filter({ hasText: confirmed.orderNumber })).toHaveCount(0);

    await openPage(admin, `/admin/orders?search=${confirmed.orderNumber}`);
    const row = main(admin).getByRole("row").filter({ hasText: confirmed.orderNumber });
    await expect(row).toContainText("Confirmed");
    const ship = row.getByRole("link", { name: `Ship order ${confirmed.orderNumber} with Shiprocket` });
    await expect(ship).toBeVisible();
    await expectAxeClean(admin);
    await shoot(admin, `orders-list-ship-${width}`);

    await ship.click();
    const dialog = admin.getByRole("dialog", { name: "Ship with Shiprocket" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("spinbutton", { name: "Weight (kg)" })).toHaveValue("0.3");
    await expect(dialog.getByRole("spinbutton", { name: "Length (cm)" })).toHaveValue("16");
    await expect(dialog.getByRole("spinbutton", { name: "Breadth (cm)" })).toHaveValue("11");
    await expect(dialog.getByRole("spinbutton", { name: "Height (cm)" })).toHaveValue("6");
    await expect(dialog).toContainText("Weight: the products' parcel weights added up; box: the largest of the products' boxes.");
    await expectAxeClean(admin);
    await shoot(admin, `orders-list-ship-dialog-${width}`);

    // A bad weight is refused beside its field; corrected, the order ships and the dialog closes.
    await dialog.getByRole("spinbutton", { name: "Weight (kg)" }).fill("0");
    await dialog.getByRole("button", { name: `Ship with Shiprocket order ${confirmed.orderNumber}` }).click();
    await expect(dialog.getByText("Enter the parcel's weight in kg: more than 0, at most 100")).toBeVisible();
    await dialog.getByRole("spinbutton", { name: "Weight (kg)" }).fill("0.35");
    await dialog.getByRole("button", { name: `Ship with Shiprocket order ${confirmed.orderNumber}` }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(row).toContainText("Shipped");
    await expect(row.getByRole("link", { name: /^Ship order/ })).toHaveCount(0);
    const sent = await admin.request.get(`/api/admin/orders?search=${confirmed.orderNumber}`);
    expect(((await sent.json()) as { status: string; shipment?: { provider: string } }[])[0]).toMatchObject({ status: "Shipped" });
  } finally {
    await adminContext.close();
  }
});
