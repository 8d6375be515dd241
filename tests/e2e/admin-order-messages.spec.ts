// The admin order page's "Messages" (issue 30, decisions/054): the SMS sent for a paid and then
// shipped order, to the order's number, with template, status and times — read on a phone (390 px)
// and a desktop without sideways scrolling. The e2e shop has no SMS provider: messages are files
// in DATA_DIR/outbox/ and show as Sent once the job has written them. Named admin-*.spec.ts because
// it adds a published product.
import { expect, openPage, signInAsAdmin, signUpShopper, test } from "./fixtures";

const ADDRESS = {
  firstName: "Asha",
  lastName: "Rao",
  address: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  postalCode: "560001",
  country: "India",
  phone: "9845012345",
  email: "asha@example.com",
};

test("the admin order page lists the order's messages, number and status, at 390 and 1280 px", async ({ page }, testInfo) => {
  test.slow();
  await signInAsAdmin(page);
  const created = await page.request.post("/api/admin/products", {
    data: { name: `Messages Drops ${testInfo.project.name} ${Date.now().toString(36)}`, description: "Drops bought by the messages test.", category: "Kids Nutrition", price: 90, countInStock: 5 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { _id: string })._id;

  await page.context().clearCookies();
  await signUpShopper(page, "messages");
  expect((await page.request.post("/api/cart", { data: { productId, quantity: 1 } })).ok()).toBe(true);
  const placed = await page.request.post("/api/checkout", { data: { shippingAddress: ADDRESS, paymentMethod: "razorpay" } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as { order: { _id: string; orderNumber: string } }).order;
  const signed = await page.request.post(`/api/payments/test/${order._id}/pay`);
  expect((await page.request.post(`/api/checkout/${order._id}/verify`, { data: await signed.json() })).ok()).toBe(true);

  await page.context().clearCookies();
  await signInAsAdmin(page);
  const shipped = await page.request.put(`/api/admin/orders/${order._id}`, { data: { status: "Shipped", courier: "delhivery", awb: "1234567890123" } });
  expect(shipped.ok(), await shipped.text()).toBe(true);
  // The job sends both within seconds (files in the outbox).
  await expect
    .poll(async () => ((await (await page.request.get(`/api/admin/orders/${order._id}/messages`)).json()) as { status: string }[]).map((m) => m.status), { timeout: 20_000 })
    .toEqual(["sent", "sent"]);

  const widths = testInfo.project.name.startsWith("mobile") ? [390] : [390, 1280];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, `/admin/orders/${order._id}`);
    const messages = page.getByRole("region", { name: "Messages" });
    const items = messages.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText("Payment received · SMS to 98450 12345");
    await expect(items.nth(1)).toContainText("Shipped · SMS to 98450 12345");
    await expect(items.nth(0)).toContainText(/Queued .* · sent /);
    await expect(items.nth(0).getByText("Sent", { exact: true })).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await messages.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/msgcore-shots/admin-order-messages-${testInfo.project.name}-${width}.png`, fullPage: true });
  }
});
