import type { Page } from "@playwright/test";
import { E2E_RAZORPAY, E2E_WHATSAPP_CHAT_NUMBER } from "../../playwright.config";
import { expect, expectAxeClean, findProduct, openPage, signUpShopper, signUpVerifiedShopper, test } from "./fixtures";

// WhatsApp order updates (issue 30, decisions/055): turned on and off in the profile (a number on
// the account first), ticked at checkout for one order (and the account), pre-ticked once on; and
// "Chat on WhatsApp" to the shop's number where one is configured, nowhere where it is not.

// High-stock product no other spec counts the stock of (₹35).
const ZINC = "Zinc 20 mg Dispersible Tablets";

const main = (page: Page) => page.getByRole("main");

async function expectChatLink(page: Page, text: string) {
  const link = main(page).getByRole("link", { name: /Chat on WhatsApp/ });
  await expect(link).toHaveAttribute("href", `https://wa.me/91${E2E_WHATSAPP_CHAT_NUMBER}?text=${encodeURIComponent(text)}`);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
}

test.describe("WhatsApp updates", () => {
  test("in the profile: a number first, then on with its time and off again; the chat link where a number is configured", async ({ page, consoleErrors }) => {
    test.slow();
    // Opting in without a number is refused with a 400, as the API does.
    consoleErrors.allow(/status of 400/);
    await signUpShopper(page, "wa-profile");
    await openPage(page, "/profile");
    const section = main(page).getByRole("region", { name: "WhatsApp updates" });
    await expect(section.getByTestId("whatsapp-status")).toHaveText("Off: your order news comes by email and SMS.");
    await expect(section).toContainText("Never offers or marketing. Reply STOP on WhatsApp to stop them.");
    const box = section.getByRole("checkbox", { name: "Send my order updates on WhatsApp" });
    await box.check();
    await section.getByRole("button", { name: "Save WhatsApp choice" }).click();
    await expect(section.getByRole("alert")).toHaveText("Add your mobile number first: WhatsApp updates need a phone to go to");

    // With a number on the account it turns on, with the time it was given (IST).
    const details = main(page).getByRole("region", { name: "Your details" });
    await details.getByRole("textbox", { name: "Mobile number (optional)" }).fill("98450 22222");
    await details.getByRole("button", { name: "Save details" }).click();
    await expect(details.getByRole("status")).toHaveText("Your profile has been saved");
    await expect(section).toContainText("the number on your account is +91 98450 22222");
    await box.check();
    await section.getByRole("button", { name: "Save WhatsApp choice" }).click();
    await expect(section.getByRole("status")).toHaveText("WhatsApp updates are on");
    await expect(section.getByTestId("whatsapp-status")).toHaveText(/^On since \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm) \(IST\)\.$/);
    await expect(box).toBeChecked();
    await expectAxeClean(page);
    const profile = await (await page.request.get("/api/users/profile")).json();
    expect(profile).toMatchObject({ whatsappUpdates: true, phone: "9845022222" });

    await box.uncheck();
    await section.getByRole("button", { name: "Save WhatsApp choice" }).click();
    await expect(section.getByRole("status")).toHaveText("WhatsApp updates are off");
    await expect(box).not.toBeChecked();
    expect((await (await page.request.get("/api/users/profile")).json()).whatsappUpdates).toBe(false);

    // "Chat on WhatsApp": the contact page and a product page, the product named in the first message.
    await openPage(page, "/contact");
    await expectChatLink(page, "Hello, I have a question.");
    // The footer's "Call Us" offers it on every page.
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute(
      "href",
      `https://wa.me/91${E2E_WHATSAPP_CHAT_NUMBER}?text=${encodeURIComponent("Hello, I have a question.")}`,
    );
    const zinc = await findProduct(page, ZINC);
    await openPage(page, `/product/${zinc._id}`);
    await expectChatLink(page, `Hello, I have a question about ${ZINC}.`);
    await expectAxeClean(page);

    // A shop without WHATSAPP_CHAT_NUMBER shows no link.
    if (E2E_RAZORPAY.enabled) {
      await page.goto(`${E2E_RAZORPAY.baseURL}/contact`);
      await expect(main(page).getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
      await expect(page.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveCount(0);
    }
  });

  test("at checkout: ticked for the delivery phone, the order placed, the account on and the box ticked next time; the order page's chat link", async ({ page }) => {
    test.slow();
    await signUpVerifiedShopper(page, "wa-checkout");
    expect((await page.request.put("/api/users/profile", { data: { phone: "98450 33333" } })).status()).toBe(200);
    const saved = await page.request.post("/api/users/addresses", {
      data: { fullName: "Asha WhatsApp", phone: "98450 44444", line1: "9 Residency Road", city: "Bengaluru", postalCode: "560025" },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const zinc = await findProduct(page, ZINC);
    const addZinc = async () => expect((await page.request.post("/api/cart", { data: { productId: zinc._id, quantity: 1 } })).ok()).toBe(true);
    await addZinc();
    await openPage(page, "/checkout");

    const form = main(page).getByRole("form", { name: "Contact and delivery" });
    const box = form.getByRole("checkbox", { name: "Get this order's updates on WhatsApp" });
    await expect(box).not.toBeChecked();
    await expect(box).toHaveAccessibleDescription(/^To the delivery phone \+91 98450 44444\. Order news only: .* Ticking it also turns WhatsApp updates on for your account's future orders/);
    await box.check();
    const cod = form.getByRole("group", { name: "Payment" }).getByRole("radio", { name: /^Cash on delivery/ });
    await expect(cod).toBeEnabled({ timeout: 10_000 });
    await cod.check();
    await expectAxeClean(page);
    await form.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    const orderId = new URL(page.url()).searchParams.get("orderId")!;

    const profile = await (await page.request.get("/api/users/profile")).json();
    expect(profile.whatsappUpdates).toBe(true);
    const order = await (await page.request.get(`/api/orders/${orderId}`)).json();
    await openPage(page, `/order/${orderId}`);
    await expectChatLink(page, `Hello, I have a question about my order ${order.orderNumber}.`);

    // Next time the box starts ticked: the account has WhatsApp updates on.
    await addZinc();
    await openPage(page, "/checkout");
    await expect(box).toBeChecked();
    await expect(box).toHaveAccessibleDescription(/Your account has WhatsApp updates on; unticking leaves out this order only\.$/);
  });
});
