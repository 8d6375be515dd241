// Coupons where features meet (issue 27): after a closed or failed payment the reloaded checkout
// shows what will be charged, with the coupon still applied (item 1); the cart and the checkout
// list the public offers for the cart, the best applied with one tap, "add ₹X more" for the others
// (item 10); on a phone the coupon field comes before Pay Now (item 9). Both widths, axe clean,
// screenshots at 390 and 1280 px.
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { emailedWelcomeCode } from "./coupon-helpers";
import { expect, expectAxeClean, findProduct, openPage, signUpShopper, test } from "./fixtures";

// ₹249, 18% GST; no other spec uses it.
const PRODUCT = "Vitamin C Chewable Tablets Orange";

const summaryOf = (page: Page) => page.getByRole("main").locator("section[aria-labelledby='order-summary-heading']");
const form = (page: Page) => page.getByRole("form", { name: "Contact and delivery" });

/** A shopper with a saved address, the welcome code of their own address, and ₹249 in the cart with it applied. */
async function shopperWithWelcomeCode(page: Page, label: string) {
  const shopper = await signUpShopper(page, label);
  const saved = await page.request.post("/api/users/addresses", {
    data: { fullName: "Asha Welcome", phone: "9876543210", line1: "12 MG Road, Indiranagar", city: "Bengaluru", postalCode: "560038" },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  expect((await page.request.post("/api/subscribe", { data: { email: shopper.email } })).status()).toBe(201);
  const code = await emailedWelcomeCode(shopper.email);
  const product = await findProduct(page, PRODUCT);
  expect((await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } })).ok()).toBe(true);
  expect((await page.request.post("/api/cart/coupon", { data: { code } })).ok()).toBe(true);
  return { shopper, code };
}

/** On a phone the coupon field is above Pay Now; on a desktop it stands in the right-hand column. */
async function expectCouponBeforePay(page: Page, isMobile: boolean) {
  const coupon = page.getByRole("main").getByText(/^Coupon code$|applied|not applied/).first();
  const pay = form(page).getByRole("button", { name: /Pay Now|Place order/ });
  const [couponBox, payBox] = [await coupon.boundingBox(), await pay.boundingBox()];
  expect(couponBox && payBox).toBeTruthy();
  if (isMobile) expect(couponBox!.y + couponBox!.height).toBeLessThan(payBox!.y);
  else expect(couponBox!.x).toBeGreaterThan(payBox!.x + payBox!.width);
}

/** Full-page screenshots at 390 px (and 1280 px on the desktop project), nothing wider than the screen; the viewport is put back. */
async function shots(page: Page, name: string, testInfo: { outputPath: (name: string) => string }, isMobile: boolean) {
  const before = page.viewportSize()!;
  for (const width of isMobile ? [390] : [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

for (const ending of ["Close", "Fail"] as const) {
  test(`after the payment dialog's ${ending}, the reloaded checkout shows ₹224.10 with the coupon applied, the delivery date and cash on delivery`, async ({ page, isMobile, consoleErrors }, testInfo) => {
    test.slow();
    // The failed test payment is answered as a failure, which the browser reports.
    consoleErrors.allow(/test-gateway|fail/);
    const { code } = await shopperWithWelcomeCode(page, `attempt-${ending.toLowerCase()}`);
    await openPage(page, "/checkout");
    await expect(summaryOf(page)).toContainText(`Discount (${code})-₹24.90`);
    await expect(summaryOf(page)).toContainText("Total₹224.10");
    await expect(form(page).getByTestId("checkout-delivery")).toContainText("Delivery by");
    await form(page).getByRole("button", { name: "Pay Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Test payment" });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole("button", { name: /^Pay / })).toHaveText("Pay ₹224.10");
    await dialog.getByRole("button", { name: ending, exact: true }).click();
    await expect(dialog).toBeHidden();

    // The attempt is open (Pending, its use of the code reserved): the page still says what will be charged.
    await page.reload();
    const main = page.getByRole("main");
    await expect(main).toContainText(`${code} applied: ₹24.90 off`);
    await expect(main).not.toContainText("not applied");
    await expect(main).not.toContainText("You have already used this coupon");
    await expect(summaryOf(page)).toContainText(`Discount (${code})-₹24.90`);
    await expect(summaryOf(page)).toContainText("Total₹224.10");
    await expect(form(page).getByTestId("checkout-delivery")).toContainText("Delivery by");
    await expect(form(page)).not.toContainText("Enter your delivery address");
    // Cash on delivery as the shop quotes it for this address and cart (the page's own quote answered).
    const quote = await page.request.post("/api/checkout/quote", { data: { addressId: await savedAddressId(page), paymentMethod: "razorpay" } });
    expect(quote.status(), await quote.text()).toBe(200);
    const cod = ((await quote.json()) as { cod: { allowed: boolean; reason?: string } }).cod;
    const codChoice = form(page).getByRole("radio", { name: /Cash on delivery/ });
    if (cod.allowed) await expect(codChoice).toBeEnabled();
    else await expect(form(page)).toContainText(cod.reason!);
    await expect(form(page)).toContainText("Total to pay₹224.10");
    await expectCouponBeforePay(page, isMobile);
    await expectAxeClean(page);
    await shots(page, `checkout-after-${ending.toLowerCase()}`, testInfo, isMobile);

    // Paying again charges exactly that.
    await form(page).getByRole("button", { name: "Pay Now" }).click();
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole("button", { name: /^Pay / })).toHaveText("Pay ₹224.10");
    await dialog.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    await expect(page.getByRole("main")).toContainText(`Discount (${code})-₹24.90`);
  });
}

async function savedAddressId(page: Page): Promise<string> {
  const response = await page.request.get("/api/users/addresses");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { _id: string }[] | { addresses: { _id: string }[] };
  return (Array.isArray(body) ? body : body.addresses)[0]!._id;
}

test("the cart and the checkout list the public offers for the cart; the best applies with one tap; 'add ₹X more' for the rest", async ({ page, request, isMobile }, testInfo) => {
  test.slow();
  const stamp = `${Date.now().toString(36).toUpperCase()}${isMobile ? "M" : "D"}`;
  const product = await findProduct(page, PRODUCT);
  expect((await request.post("/api/users/login", { data: E2E_ADMIN })).status()).toBe(200);
  // Restricted to this product and ending soon, so no other spec's cart sees them.
  const base = { maxDiscount: null, startsAt: null, endsAt: new Date(Date.now() + 30 * 60_000).toISOString(), usageLimit: null, perCustomerLimit: 1, firstOrderOnly: false, categories: [], productIds: [product._id], includeRx: false, active: true };
  const made: string[] = [];
  const make = async (code: string, values: object) => {
    const created = await request.post("/api/admin/coupons", { data: { ...base, code, ...values } });
    expect(created.status(), await created.text()).toBe(201);
    made.push(((await created.json()) as { _id: string })._id);
  };
  const small = `FIVE${stamp}`;
  const big = `SIXTY${stamp}`;
  const hidden = `HAND${stamp}`;
  try {
    await make(small, { type: "percent", value: 5, minOrder: 0, public: true });
    await make(big, { type: "fixed", value: 60, minOrder: 500, public: true });
    await make(hidden, { type: "percent", value: 50, minOrder: 0, public: false });

    await signUpShopper(page, "offers");
    expect((await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } })).ok()).toBe(true);
    await openPage(page, "/");
    await page.getByRole("button", { name: /^Cart/ }).click();
    const drawer = page.getByRole("dialog", { name: /Your Cart/ });
    const offers = drawer.getByRole("region", { name: "Offers for your cart" });
    await expect(offers.getByRole("listitem").filter({ hasText: small })).toContainText("5% off");
    await expect(offers.getByRole("listitem").filter({ hasText: small })).toContainText("Saves ₹12.45 on this cart");
    await expect(offers.getByRole("listitem").filter({ hasText: big })).toContainText("Add ₹251 more to use it");
    await expect(offers.getByRole("listitem").filter({ hasText: big }).getByRole("button")).toHaveCount(0);
    await expect(offers).not.toContainText(hidden);
    await expectAxeClean(page);
    await shots(page, "cart-offers", testInfo, isMobile);
    await offers.getByRole("button", { name: `Use the best offer, ${small}: save ₹12.45` }).click();
    await expect(drawer).toContainText(`${small} applied: ₹12.45 off`);
    await expect(offers.getByRole("listitem").filter({ hasText: small })).toContainText("Applied");

    // Three in the cart (₹747): the ₹60 off now applies and is the best; at checkout, one tap applies it.
    expect((await page.request.put("/api/cart", { data: { productId: product._id, quantity: 3 } })).ok()).toBe(true);
    await openPage(page, "/checkout");
    const main = page.getByRole("main");
    await expect(main).toContainText(`${small} applied: ₹37.35 off`);
    const checkoutOffers = main.getByRole("region", { name: "Offers for your cart" });
    await expect(checkoutOffers.getByRole("listitem").filter({ hasText: big })).toContainText("Saves ₹60 on this cart");
    await expectCouponBeforePay(page, isMobile);
    await expectAxeClean(page);
    await shots(page, "checkout-offers", testInfo, isMobile);
    await checkoutOffers.getByRole("button", { name: `Use the best offer, ${big}: save ₹60` }).click();
    await expect(main).toContainText(`${big} applied: ₹60 off`);
    await expect(summaryOf(page)).toContainText(`Discount (${big})-₹60`);
    await expect(summaryOf(page)).toContainText("Total₹687");
    await expect(checkoutOffers.getByRole("button", { name: /^Use the best offer/ })).toHaveCount(0);
  } finally {
    for (const id of made) await request.delete(`/api/admin/coupons/${id}`);
  }
});
