import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectPath, findProduct, openPage, test } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const PASSWORD = "e2e-Passw0rd!";

let counter = 0;
function newShopper(label = "shopper") {
  const id = `${Date.now().toString(36)}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Asha ${label}`, email: `${label}-${id}@e2e.test`, password: PASSWORD };
}
type Shopper = ReturnType<typeof newShopper>;

/** Creates an account through the API. Given the page's request context, the page is signed in too (shared cookies). */
async function registerByApi(request: APIRequestContext, shopper: Shopper) {
  const response = await request.post("/api/users/register", { data: { ...shopper, confirmPassword: shopper.password } });
  expect(response.status(), await response.text()).toBe(201);
}

function form(page: Page) {
  const main = page.getByRole("main");
  return {
    name: main.getByRole("textbox", { name: "Name", exact: true }),
    email: main.getByRole("textbox", { name: "Email", exact: true }),
    password: main.getByLabel("Password", { exact: true }),
    confirmPassword: main.getByLabel("Confirm Password", { exact: true }),
    login: main.getByRole("button", { name: "Login", exact: true }),
    register: main.getByRole("button", { name: "Register", exact: true }),
  };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** The header links to /profile when signed in and to /login when not (the menu holds the same links on phones). */
async function expectSignedIn(page: Page) {
  await expect(page.locator('header a[href="/profile"]').first()).toBeAttached();
  await expect(page.locator('header a[href="/login"]')).toHaveCount(0);
}
async function expectSignedOut(page: Page) {
  await expect(page.locator('header a[href="/login"]').first()).toBeAttached();
  await expect(page.locator('header a[href="/profile"]')).toHaveCount(0);
}

/**
 * Waits for a navigation that follows a sign-in (password hashing makes it slower than the
 * default expect timeout on a busy machine), then checks the path exactly.
 */
async function expectArrival(page: Page, pathname: string, search = "") {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000 });
  await expectPath(page, pathname, search);
}

async function expectFieldError(field: ReturnType<typeof form>["email"], message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

test.describe("register", () => {
  test("registering signs the shopper in and lands on the redirect target after the toast", async ({ page }) => {
    const shopper = newShopper("register");
    await openPage(page, "/register?redirect=/about");
    const f = form(page);
    await f.name.fill(shopper.name);
    await f.email.fill(shopper.email);
    await f.password.fill(shopper.password);
    await f.confirmPassword.fill(shopper.password);
    const started = Date.now();
    await f.register.click();

    await expect(toast(page, "Registration successful!")).toBeVisible();
    await expectArrival(page, "/about");
    expect(Date.now() - started, "the page waits about 1.5 s before moving on").toBeGreaterThanOrEqual(1400);
    await expectSignedIn(page);

    await openPage(page, "/profile");
    await expect(page.getByRole("main")).toContainText(shopper.name);
    await expect(page.getByRole("main")).toContainText(shopper.email);
  });

  test("every client-side check shows its message, marks the field and raises the form toast", async ({ page }) => {
    await openPage(page, "/register");
    const f = form(page);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });

    await f.register.click();
    await expectFieldError(f.name, "Name is required");
    await expectFieldError(f.email, "Email is required");
    await expectFieldError(f.password, "Password is required");
    await expect(f.name).toBeFocused();
    await expect(toast(page, "Please fix the errors in the form")).toBeVisible();

    await f.name.fill("Asha");
    await f.email.fill("asha@");
    await f.password.fill("12345");
    await f.confirmPassword.fill("12345");
    await f.register.click();
    await expectFieldError(f.email, "Email is invalid");
    await expectFieldError(f.password, "Password must be at least 6 characters");
    await expect(f.name).not.toHaveAttribute("aria-invalid", "true");

    await f.email.fill("asha@example.in");
    await f.password.fill("123456");
    await f.confirmPassword.fill("1234567");
    await f.register.click();
    await expectFieldError(f.confirmPassword, "Passwords do not match");
    await expect(f.password).not.toHaveAttribute("aria-invalid", "true");
    expect(posted, "nothing is sent while the form has errors").toBe(false);
  });

  test("an email already registered is refused with the server's message", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 409/);
    const shopper = newShopper("taken");
    await registerByApi(page.context().request, { ...shopper });
    await page.context().clearCookies();
    await openPage(page, "/register");
    const f = form(page);
    await f.name.fill(shopper.name);
    await f.email.fill(shopper.email.toUpperCase());
    await f.password.fill(shopper.password);
    await f.confirmPassword.fill(shopper.password);
    await f.register.click();
    await expect(toast(page, "User already exists")).toBeVisible();
    await expectPath(page, "/register");
    await expectSignedOut(page);
  });

  test("the login link keeps the redirect parameter", async ({ page }) => {
    await openPage(page, "/register?redirect=checkout");
    await expect(page.getByRole("main").getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login?redirect=checkout");
  });
});

test.describe("login and logout", () => {
  test("login lands on the redirect target with the success toast; logout brings Login back", async ({ page }) => {
    const shopper = newShopper("login");
    await registerByApi(page.request, shopper);
    await page.context().clearCookies();

    await openPage(page, "/login?redirect=/contact");
    await expectSignedOut(page);
    const f = form(page);
    await f.email.fill(shopper.email);
    await f.password.fill(shopper.password);
    await f.login.click();
    await expectArrival(page, "/contact");
    await expect(toast(page, "Login successful")).toBeVisible();
    await expectSignedIn(page);

    await openPage(page, "/profile");
    await page.getByRole("button", { name: "Logout" }).click();
    await expectArrival(page, "/login");
    await expectSignedOut(page);
    // The session is gone on the server, not only in this browser.
    const profile = await page.request.get("/api/users/profile");
    expect(profile.status()).toBe(401);
  });

  test("a wrong password shows the server's message in a toast", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 401/);
    const shopper = newShopper("wrong");
    await registerByApi(page.request, shopper);
    await page.context().clearCookies();

    await openPage(page, "/login");
    const f = form(page);
    await f.email.fill(shopper.email);
    await f.password.fill(`${shopper.password}-nope`);
    await f.login.click();
    await expect(toast(page, "Invalid email or password")).toBeVisible();
    await expectPath(page, "/login");
    await expectSignedOut(page);
  });

  test("client-side checks name each problem before anything is sent", async ({ page }) => {
    await openPage(page, "/login");
    const f = form(page);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    await f.login.click();
    await expectFieldError(f.email, "Email is required");
    await expectFieldError(f.password, "Password is required");
    await expect(f.email).toBeFocused();

    await f.email.fill("asha.example.in");
    await f.password.fill("12345");
    await f.login.click();
    await expectFieldError(f.email, "Please enter a valid email");
    await expectFieldError(f.password, "Password must be at least 6 characters");
    expect(posted).toBe(false);
  });

  test("a redirect naming checkout goes to /checkout", async ({ page }) => {
    const shopper = newShopper("checkout");
    await registerByApi(page.request, shopper);
    await page.context().clearCookies();
    // The checkout sends an empty cart back to the shop: the guest brings a line along.
    const product = await findProduct(page, "Zinc 20 mg Dispersible Tablets");
    expect((await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } })).ok()).toBe(true);

    await openPage(page, "/login?redirect=checkout");
    await expect(page.getByRole("main").getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register?redirect=checkout");
    const f = form(page);
    await f.email.fill(shopper.email);
    await f.password.fill(shopper.password);
    await f.login.click();
    await expectArrival(page, "/checkout");
  });

  test("a redirect off the site is not followed", async ({ page }) => {
    const shopper = newShopper("offsite");
    await registerByApi(page.request, shopper);
    await page.context().clearCookies();

    await openPage(page, "/login?redirect=//evil.example/steal");
    const f = form(page);
    await f.email.fill(shopper.email);
    await f.password.fill(shopper.password);
    await f.login.click();
    await expectArrival(page, "/");
  });

  test("a signed-in visitor is sent on from /login and /register", async ({ page }) => {
    await registerByApi(page.request, newShopper("already"));
    // The checkout sends an empty cart back to the shop: the shopper has a line in the cart.
    const product = await findProduct(page, "Zinc 20 mg Dispersible Tablets");
    expect((await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } })).ok()).toBe(true);
    await page.goto("/login");
    await expectPath(page, "/");
    await page.goto("/register?redirect=/about");
    await expectPath(page, "/about");
    await page.goto("/login?redirect=/collections/all?checkout=1");
    await expectPath(page, "/checkout");
  });
});

test.describe("profile", () => {
  test("signed out, /profile sends the visitor to login and back", async ({ page }) => {
    await page.goto("/profile");
    await expectPath(page, "/login", "?redirect=/profile");

    const shopper = newShopper("back");
    await registerByApi(page.context().request, shopper);
    await page.context().clearCookies();
    await openPage(page, "/login?redirect=/profile");
    const f = form(page);
    await f.email.fill(shopper.email);
    await f.password.fill(shopper.password);
    await f.login.click();
    await expectArrival(page, "/profile");
  });

  test("a new customer sees their details and 'You have no orders'", async ({ page }) => {
    const shopper = newShopper("profile");
    await registerByApi(page.request, shopper);
    await openPage(page, "/profile");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main).toContainText(shopper.name);
    await expect(main).toContainText(shopper.email);
    await expect(main.getByRole("heading", { name: "My Orders" })).toBeVisible();
    await expect(main.getByText("You have no orders")).toBeVisible();
    await expect(main.getByRole("table")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("login works as a plain form post and lands on the target signed in", async ({ page }) => {
    const shopper = newShopper("nojs");
    await registerByApi(page.request, shopper);
    await page.context().clearCookies();

    await page.goto("/login?redirect=/about");
    const f = form(page);
    await f.email.fill(shopper.email);
    await f.password.fill(shopper.password);
    await f.login.click();
    await expectArrival(page, "/about");
    await expectSignedIn(page);
  });

  test("a wrong password or an invalid field is reported on the page", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of (400|401)/);
    await page.goto("/login");
    const f = form(page);
    await f.email.fill("nobody@e2e.test");
    await f.password.fill("wrong-password");
    await f.login.click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(f.email).toHaveValue("nobody@e2e.test");
    await expect(f.password).toHaveValue("");

    await f.email.fill("not-an-email");
    await f.password.fill("secret1");
    await f.login.click();
    await expectFieldError(f.email, "Please enter a valid email");
  });

  test("registering and logging out work as plain form posts", async ({ page }) => {
    const shopper = newShopper("nojs-reg");
    await page.goto("/register?redirect=/contact");
    const f = form(page);
    await f.name.fill(shopper.name);
    await f.email.fill(shopper.email);
    await f.password.fill(shopper.password);
    await f.confirmPassword.fill(shopper.password);
    await f.register.click();
    await expectArrival(page, "/contact");
    await expectSignedIn(page);

    await page.goto("/profile");
    await page.getByRole("button", { name: "Logout" }).click();
    await expectArrival(page, "/login");
    await expectSignedOut(page);
  });
});

test.describe("accessibility", () => {
  async function expectNoViolations(page: Page, label: string) {
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const report = violations
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}`).join("\n")}`)
      .join("\n");
    expect(violations, `axe violations on ${label}:\n${report}`).toEqual([]);
  }

  for (const path of ["/login", "/register"]) {
    test(`${path} has no axe violations, empty and with errors shown; it may be indexed`, async ({ page }) => {
      await openPage(page, path);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
      await expect(page).toHaveTitle(/.+/);
      await expectNoViolations(page, path);
      await form(page)[path === "/login" ? "login" : "register"].click();
      await expect(form(page).email).toHaveAttribute("aria-invalid", "true");
      if (path === "/register") {
        // Checked once the toast has faded in: mid-animation its text is paler than it will be.
        await expect(toast(page, "Please fix the errors in the form")).toHaveCSS("opacity", "1");
      }
      await expectNoViolations(page, `${path} with errors`);
    });
  }

  test("/profile has no axe violations and is not indexed", async ({ page }) => {
    await registerByApi(page.request, newShopper("axe"));
    await openPage(page, "/profile");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectNoViolations(page, "/profile");
  });
});
