import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAxeClean, findProduct, newShopper, openPage, signUpShopper, test } from "./fixtures";
import { expectNoEnglishLeft } from "./hindi-helpers";

// The sign-in and account pages in Hindi (issue 34): register and sign in under /hi (a wrong
// password first), the shopper kept on /hi pages by every redirect, the profile with its settings,
// addresses, prescriptions and refills, at 390 and 1280 px (the mobile and desktop projects), axe at
// 0 and no English text of the pages' catalogues left: validation and the server's answers included.

const NAMESPACES = ["auth", "account", "replies"];
const SOFTGELS = "Cholecalciferol 60,000 IU Softgels";
const SHOTS = process.env.HINDI_SHOTS;

const main = (page: Page) => page.getByRole("main");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const shot = (page: Page, info: TestInfo, name: string) =>
  SHOTS ? page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage: true }) : Promise.resolve();

/** A Hindi page that is all Hindi: lang, no English left of these catalogues, axe clean. */
async function expectHindiPage(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expectNoEnglishLeft(page, NAMESPACES);
  await expectAxeClean(page);
}

test.describe("sign-in and account pages in Hindi", () => {
  test("register, a wrong password, then sign in under /hi: Hindi messages and /hi redirects", async ({ page, consoleErrors }, testInfo) => {
    test.slow();
    // The wrong password's answer is a 401 (as the API's).
    consoleErrors.allow(/status of 401/);
    const shopper = newShopper("hi-account");

    await openPage(page, "/hi/register?method=email");
    await expect(main(page).getByRole("heading", { level: 1, name: "रजिस्टर करें" })).toBeVisible();
    await expectHindiPage(page);
    await shot(page, testInfo, "hi-register");

    // The browser's check, in Hindi: passwords that differ.
    const form = main(page).locator("form").last();
    await form.getByRole("textbox", { name: "नाम", exact: true }).fill(shopper.name);
    await form.getByRole("textbox", { name: "ईमेल", exact: true }).fill(shopper.email);
    await form.getByLabel("पासवर्ड", { exact: true }).fill(shopper.password);
    await form.getByLabel("पासवर्ड दोबारा लिखें", { exact: true }).fill("something-else");
    await form.getByRole("button", { name: "रजिस्टर करें" }).click();
    await expect(form.getByLabel("पासवर्ड दोबारा लिखें", { exact: true })).toHaveAccessibleDescription("दोनों पासवर्ड एक जैसे नहीं हैं");
    await expect(toast(page, "कृपया फ़ॉर्म की गलतियाँ ठीक करें")).toBeVisible();
    await expectNoEnglishLeft(page, NAMESPACES);
    await expectAxeClean(page);

    await form.getByLabel("पासवर्ड दोबारा लिखें", { exact: true }).fill(shopper.password);
    await form.getByRole("button", { name: "रजिस्टर करें" }).click();
    await expect(toast(page, "रजिस्ट्रेशन हो गया!")).toBeVisible({ timeout: 20_000 });
    // Registering without a redirect goes home, the Hindi one.
    await page.waitForURL((url) => url.pathname === "/hi", { timeout: 20_000 });

    // Logout from the profile lands on the Hindi login.
    await openPage(page, "/hi/profile");
    await main(page).getByRole("button", { name: "लॉग आउट" }).click();
    await page.waitForURL((url) => url.pathname === "/hi/login", { timeout: 20_000 });

    // Signed out, the profile sends the shopper to the Hindi login and back to the Hindi profile.
    await openPage(page, "/hi/profile");
    await page.waitForURL((url) => url.pathname === "/hi/login");
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/hi/profile");
    await page.goto("/hi/login?method=email&redirect=/hi/profile");
    await expect(main(page).getByRole("heading", { level: 1, name: "लॉगिन" })).toBeVisible();
    await expectHindiPage(page);
    await shot(page, testInfo, "hi-login");

    const login = main(page).locator("form").last();
    // Empty: the browser's messages in Hindi.
    await login.getByRole("button", { name: "लॉगिन करें" }).click();
    await expect(login.getByRole("textbox", { name: "ईमेल", exact: true })).toHaveAccessibleDescription("ईमेल लिखना ज़रूरी है");
    await expect(login.getByLabel("पासवर्ड", { exact: true })).toHaveAccessibleDescription("पासवर्ड लिखना ज़रूरी है");

    // A wrong password: the server's "Invalid email or password", in Hindi.
    await login.getByRole("textbox", { name: "ईमेल", exact: true }).fill(shopper.email);
    await login.getByLabel("पासवर्ड", { exact: true }).fill("wrong-Passw0rd!");
    await login.getByRole("button", { name: "लॉगिन करें" }).click();
    await expect(toast(page, "ईमेल या पासवर्ड गलत है")).toBeVisible({ timeout: 20_000 });
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email or password" })).toHaveCount(0);
    await expectNoEnglishLeft(page, NAMESPACES);
    await expectAxeClean(page);

    await login.getByLabel("पासवर्ड", { exact: true }).fill(shopper.password);
    await login.getByRole("button", { name: "लॉगिन करें" }).click();
    await page.waitForURL((url) => url.pathname === "/hi/profile", { timeout: 20_000 });
    await expect(main(page).getByRole("heading", { level: 1, name: "मेरी प्रोफ़ाइल" })).toBeVisible();
    // The toast that rode along with the redirect, in Hindi too.
    await expect(toast(page, "लॉगिन हो गया")).toBeVisible();

    // The English login is unchanged.
    await page.context().clearCookies();
    await openPage(page, "/login?method=email");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(main(page).getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expect(main(page).getByRole("button", { name: "Login", exact: true })).toBeVisible();
  });

  test("the pages' language becomes the account's: browsing /hi makes its messages Hindi, an English page English again", async ({ page }) => {
    await signUpShopper(page, "hi-remember");
    const language = async () => ((await (await page.request.get("/api/users/profile")).json()) as { language: string }).language;
    expect(await language()).toBe("en");
    await openPage(page, "/hi/collections/all");
    expect(await language()).toBe("hi");
    // Read with the session from then on: another Hindi page writes nothing, an English one switches back.
    await openPage(page, "/hi/about");
    expect(await language()).toBe("hi");
    await openPage(page, "/about");
    expect(await language()).toBe("en");
  });

  test("the phone sign-in, forgot password and link pages under /hi", async ({ page, consoleErrors }, testInfo) => {
    // Six pages, each with axe: more than the default 30 s on a busy machine.
    test.slow();
    // A broken verification link is answered 400.
    consoleErrors.allow(/status of 400/);
    await openPage(page, "/hi/login?method=phone");
    const phone = main(page).getByTestId("phone-sign-in");
    await expect(phone.getByRole("button", { name: "कोड भेजें" })).toBeVisible();
    // A number that is not one: the shared rule's message, in Hindi.
    await phone.getByRole("textbox", { name: "मोबाइल नंबर" }).fill("12345");
    await phone.getByRole("button", { name: "कोड भेजें" }).click();
    await expect(phone.getByRole("textbox", { name: "मोबाइल नंबर" })).toHaveAttribute("aria-invalid", "true");
    await expectHindiPage(page);
    await shot(page, testInfo, "hi-login-phone");

    await openPage(page, "/hi/forgot-password");
    await expect(main(page).getByRole("heading", { level: 1, name: "पासवर्ड भूल गए" })).toBeVisible();
    await main(page).getByRole("textbox", { name: "ईमेल" }).fill(newShopper("hi-forgot").email);
    await main(page).getByRole("button", { name: "रीसेट लिंक भेजें" }).click();
    await expect(main(page).getByRole("status")).toHaveText("अगर इस ईमेल से कोई खाता है, तो हमने पासवर्ड बदलने का लिंक भेज दिया है।");
    await expectHindiPage(page);

    // Broken links say so in Hindi.
    await openPage(page, "/hi/reset-password");
    await expect(main(page).getByText("यह लिंक सही नहीं है या इसकी समय-सीमा खत्म हो गई है")).toBeVisible();
    await expectHindiPage(page);
    await openPage(page, "/hi/verify-email?token=nothing");
    await expect(main(page).getByRole("heading", { level: 1, name: "अपने ईमेल की पुष्टि करें" })).toBeVisible();
    await expectHindiPage(page);
    await openPage(page, "/hi/undo-email-change?token=nothing");
    await expect(main(page).getByRole("button", { name: "ईमेल का बदलाव वापस लें" })).toBeVisible();
    await expectHindiPage(page);
  });

  test("the profile with its settings, addresses, prescriptions and refills under /hi", async ({ page, consoleErrors }, testInfo) => {
    test.slow();
    // The refused forms (a wrong password, WhatsApp without a number) are answered 400.
    consoleErrors.allow(/status of 400/);
    await signUpShopper(page, "hi-profile");

    await openPage(page, "/hi/profile");
    await expect(main(page).getByRole("heading", { level: 1, name: "मेरी प्रोफ़ाइल" })).toBeVisible();
    for (const heading of ["आपकी जानकारी", "मोबाइल नंबर", "ईमेल पता", "पासवर्ड", "टू-फ़ैक्टर साइन-इन", "WhatsApp अपडेट", "आपका डेटा"]) {
      await expect(main(page).getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    }
    await expectHindiPage(page);
    await shot(page, testInfo, "hi-profile");

    // A wrong current password: the server's answer beside its field, in Hindi.
    const password = main(page).locator("section", { has: page.getByRole("heading", { name: "पासवर्ड", exact: true }) });
    await password.getByLabel("मौजूदा पासवर्ड").fill("wrong-Passw0rd!");
    await password.getByLabel("नया पासवर्ड", { exact: true }).fill("new-Passw0rd!");
    await password.getByLabel("नया पासवर्ड दोबारा लिखें").fill("new-Passw0rd!");
    await password.getByRole("button", { name: "पासवर्ड बदलें" }).click();
    await expect(password.getByRole("alert")).toHaveText("आपका मौजूदा पासवर्ड गलत है");
    // The details form: saved, said in Hindi.
    const details = main(page).locator("section", { has: page.getByRole("heading", { name: "आपकी जानकारी" }) });
    await details.getByRole("button", { name: "जानकारी सेव करें" }).click();
    await expect(details.getByRole("status")).toHaveText("आपकी प्रोफ़ाइल सेव हो गई है");
    // WhatsApp needs a number first: the refusal in Hindi.
    const whatsapp = main(page).locator("section", { has: page.getByRole("heading", { name: "WhatsApp अपडेट" }) });
    await whatsapp.getByRole("checkbox", { name: "मेरे ऑर्डर अपडेट WhatsApp पर भेजें" }).check();
    await whatsapp.getByRole("button", { name: "WhatsApp की पसंद सेव करें" }).click();
    await expect(whatsapp.getByRole("alert")).toHaveText("पहले अपना मोबाइल नंबर जोड़ें: WhatsApp अपडेट भेजने के लिए एक फ़ोन नंबर चाहिए");
    await expectNoEnglishLeft(page, NAMESPACES);
    await expectAxeClean(page);

    // Addresses: the form's checks and the saved address, in Hindi; the redirect stays on /hi.
    await main(page).getByRole("link", { name: "मेरे पते" }).click();
    await page.waitForURL((url) => url.pathname === "/hi/profile/addresses");
    await expect(main(page).getByRole("heading", { level: 1, name: "मेरे पते" })).toBeVisible();
    const address = main(page).locator("#address-form");
    await address.getByRole("button", { name: "पता सेव करें" }).click();
    await expect(address.getByRole("textbox", { name: "पूरा नाम" })).toHaveAccessibleDescription("पूरा नाम लिखना ज़रूरी है");
    await expect(address.getByRole("textbox", { name: "पिन कोड" })).toHaveAccessibleDescription("सही पिन कोड लिखें");
    await expectHindiPage(page);
    await address.getByRole("textbox", { name: "पूरा नाम" }).fill("Asha Rao");
    await address.getByRole("textbox", { name: "मोबाइल नंबर" }).fill("9845012345");
    await address.getByRole("textbox", { name: "पता पंक्ति 1" }).fill("7 Park Street");
    await address.getByRole("textbox", { name: "पिन कोड" }).fill("700016");
    await address.getByRole("textbox", { name: "शहर/कस्बा" }).fill("Kolkata");
    await address.getByRole("combobox", { name: "राज्य/केंद्र शासित प्रदेश" }).selectOption("West Bengal");
    await address.getByRole("button", { name: "पता सेव करें" }).click();
    await page.waitForURL((url) => url.pathname === "/hi/profile/addresses" && url.searchParams.get("done") === "create");
    await expect(main(page).getByText("पता सेव हो गया")).toBeVisible();
    await expect(main(page).getByRole("list", { name: "सेव किए गए पते" })).toContainText("मोबाइल: 98450 12345");
    await expectHindiPage(page);
    await shot(page, testInfo, "hi-addresses");

    await openPage(page, "/hi/profile/prescriptions");
    await expect(main(page).getByRole("heading", { level: 1, name: "मेरे प्रिस्क्रिप्शन" })).toBeVisible();
    await expect(main(page).getByText("आपने अभी कोई प्रिस्क्रिप्शन अपलोड नहीं किया है।")).toBeVisible();
    await expectHindiPage(page);
    await shot(page, testInfo, "hi-prescriptions");

    // Refills: the subscribe form of a product, set up, listed with a Hindi date.
    const product = await findProduct(page, SOFTGELS);
    await openPage(page, `/hi/profile/refills?product=${product._id}`);
    await expect(main(page).getByRole("heading", { level: 1, name: "मेरे रिफ़िल" })).toBeVisible();
    await expect(main(page).getByRole("heading", { name: "सब्सक्राइब करें और रिफ़िल पाएँ" })).toBeVisible();
    await expectHindiPage(page);
    await main(page).getByRole("button", { name: "रिफ़िल सेट करें" }).click();
    await page.waitForURL((url) => url.pathname === "/hi/profile/refills" && url.searchParams.get("done") === "create");
    await expect(main(page).getByText("रिफ़िल सेट हो गया")).toBeVisible();
    const refill = main(page).getByRole("list", { name: "रिफ़िल" }).getByRole("listitem").first();
    await expect(refill).toContainText("चालू");
    await expect(refill).toContainText(/\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4}/);
    await expectHindiPage(page);
    await shot(page, testInfo, "hi-refills");
  });
});
