import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { E2E_ADMIN } from "../../playwright.config";
import { expect, expectPath, findProduct, openPage, settleAnimations, signInAsAdmin, signUpShopper, test, waitForHydration } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const ADMIN_PAGES = [
  "/admin",
  "/admin/users",
  "/admin/products",
  "/admin/products/new",
  "/admin/orders",
  "/admin/prescriptions",
  "/admin/prescription-orders",
  "/admin/returns",
  "/admin/refills",
  "/admin/reviews",
  "/admin/coupons",
  "/admin/coupons/new",
  "/admin/inbox",
  "/admin/serviceability",
  "/admin/settings",
  "/admin/audit",
];

let counter = 0;
function unique(label: string) {
  return `${label}-${Date.now().toString(36)}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 6)}`;
}

async function registerCustomer(request: APIRequestContext) {
  const email = `${unique("customer")}@e2e.test`;
  const response = await request.post("/api/users/register", {
    data: { name: "Asha Customer", email, password: "e2e-Passw0rd!", confirmPassword: "e2e-Passw0rd!" },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function expectNoAxeViolations(page: Page, label: string) {
  // A toast fading in (a save's "Product saved") has the contrast of its half-way opacity.
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`).join("\n");
  expect(violations, `axe violations on ${label}:\n${report}`).toEqual([]);
}

/** On a phone the sidebar is a drawer behind the menu button; from 768 px it is always shown. */
async function openAdminNav(page: Page) {
  const toggle = page.getByRole("button", { name: "Open admin menu" });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole("navigation", { name: "Admin" });
}

test.describe("who may enter", () => {
  const protectedPaths = [...ADMIN_PAGES, "/admin/products/00000000-0000-0000-0000-000000000000/edit", "/admin/orders/x", "/admin/inbox/subscribers.csv"];

  test("a guest is sent to sign in by the server, from every admin page", async ({ page }) => {
    for (const adminPath of protectedPaths) {
      const response = await page.request.get(adminPath, { maxRedirects: 0 });
      expect(response.status(), adminPath).toBe(302);
      expect(response.headers().location, adminPath).toBe(`/login?${new URLSearchParams({ redirect: adminPath })}`);
    }
    // The data requests of client-side navigations are refused the same way, without the data.
    const data = await page.request.get("/admin/users.data", { maxRedirects: 0 });
    expect(await data.text()).not.toContain(E2E_ADMIN.email);

    await openPage(page, "/admin/users");
    await expectPath(page, "/login", "?redirect=%2Fadmin%2Fusers");
  });

  test("a customer is sent home by the server, from every admin page", async ({ page }) => {
    await registerCustomer(page.request);
    for (const adminPath of protectedPaths) {
      const response = await page.request.get(adminPath, { maxRedirects: 0 });
      expect(response.status(), adminPath).toBe(302);
      expect(response.headers().location, adminPath).toBe("/");
    }
    const data = await page.request.get("/admin/users.data", { maxRedirects: 0 });
    expect(await data.text()).not.toContain(E2E_ADMIN.email);
    const post = await page.request.post("/admin/users", { form: { intent: "delete", id: "anyone" }, maxRedirects: 0 });
    expect(post.status()).toBe(302);

    await openPage(page, "/admin");
    await expectPath(page, "/");
    await expect(page.locator('header a[href="/admin"]')).toHaveCount(0);
  });

  test("shoppers' pages do not load the admin pages' code", async ({ page }) => {
    const loaded = new Set<string>();
    page.on("request", (request) => {
      if (request.resourceType() === "script") loaded.add(new URL(request.url()).pathname);
    });
    // As a signed-in customer: what a shopper's browser fetches on the shop's pages.
    await registerCustomer(page.request);
    for (const shopPath of ["/", "/collections/all", "/about", "/profile"]) await openPage(page, shopPath);
    // The build's route manifest (the browser only learns of routes as links appear).
    const assets = path.join(process.env.BUILD_DIR || "build", "client", "assets");
    const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
    expect(manifestFile, "a production build is served").toBeTruthy();
    const manifest = JSON.parse(
      readFileSync(path.join(assets, manifestFile!), "utf8").replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""),
    ) as { routes: Record<string, { module: string; imports?: string[] }> };
    const shared = new Set<string>();
    const admin = new Set<string>();
    for (const [id, route] of Object.entries(manifest.routes)) {
      for (const file of [route.module, ...(route.imports ?? [])]) (id.startsWith("routes/admin/") ? admin : shared).add(file);
    }
    const adminOnly = [...admin].filter((file) => !shared.has(file));
    expect(adminOnly.length, "the admin routes have modules of their own").toBeGreaterThan(5);
    expect([...loaded].filter((file) => adminOnly.includes(file))).toEqual([]);
  });
});

test.describe("as the admin", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("the sidebar leads to every section, the shop, and Logout ends the session", async ({ page, isMobile }) => {
    await openPage(page, "/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Admin" });
    if (isMobile) {
      await expect(nav).toBeHidden();
      await page.getByRole("button", { name: "Open admin menu" }).click();
      await expect(nav).toBeVisible();
    } else {
      await expect(nav).toBeVisible();
      await expect(page.getByRole("button", { name: "Open admin menu" })).toBeHidden();
    }
    for (const [label, heading] of [
      ["Users", "Users"],
      ["Products", "Products"],
      ["Orders", "Orders"],
      ["Reviews", "Reviews"],
      ["Inbox", "Inbox"],
    ] as const) {
      // The Inbox link carries its unread count when there is one ("Inbox 2 unread").
      await (await openAdminNav(page)).getByRole("link", { name: new RegExp(`^${label}( \\d+ unread)?$`) }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (isMobile) await expect(nav).toBeHidden();
    }
    await expect((await openAdminNav(page)).getByRole("link", { name: "Shop" })).toHaveAttribute("href", "/");

    await (await openAdminNav(page)).getByRole("button", { name: "Logout" }).click();
    await expectPath(page, "/");
    const again = await page.request.get("/admin", { maxRedirects: 0 });
    expect(again.headers().location).toBe("/login?redirect=%2Fadmin");
  });

  test("dashboard: totals, a 30-day chart with its figures as text, recent orders", async ({ page }) => {
    await openPage(page, "/admin");
    const totals = page.getByRole("region", { name: "Totals" });
    for (const card of ["Total Revenue", "Total Orders", "Total Products"]) await expect(totals).toContainText(card);
    await expect(totals).toContainText("₹");
    const chart = page.getByRole("img", { name: /Revenue and orders over the last 30 days/ });
    await expect(chart).toBeVisible();
    await page.getByText("Show the figures as a table").click();
    await expect(page.getByRole("table", { name: "Revenue and orders per day" }).locator("tbody tr")).toHaveCount(30);
    const recent = page.getByRole("region", { name: "Recent Orders" });
    await expect(recent.getByRole("table").or(recent.getByText("No orders found"))).toBeVisible();
    const rows = recent.locator("tbody tr");
    expect(await rows.count()).toBeLessThanOrEqual(5);
    // Each order by the customer's order number (decisions/030), never a short id.
    for (const id of await recent.locator("tbody tr td:first-child a").allTextContents()) expect(id).toMatch(/^HP-\d{6}-[0-9A-Z]{8}$/);
  });

  test("users: add one, change their role, delete them after confirming; deleting yourself is refused", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 40[09]/);
    await openPage(page, "/admin/users");
    const main = page.getByRole("main");
    const add = main.getByRole("region", { name: "Add User" });

    await add.getByRole("button", { name: "Add User" }).click();
    await expect(add.getByRole("textbox", { name: "Name", exact: true })).toHaveAccessibleDescription("Name is required");
    await expect(add.getByRole("textbox", { name: "Email" })).toHaveAccessibleDescription("Email is required");
    await expect(add.getByLabel("Password")).toHaveAccessibleDescription("Password is required");

    const email = `${unique("staff")}@e2e.test`;
    await add.getByRole("textbox", { name: "Name", exact: true }).fill("Ravi Staff");
    await add.getByRole("textbox", { name: "Email" }).fill(email);
    await add.getByLabel("Password").fill("staff-Passw0rd");
    await expect(add.getByRole("combobox", { name: "Role" })).toHaveValue("customer");
    await add.getByRole("button", { name: "Add User" }).click();
    await expect(toast(page, "User created")).toBeVisible();
    await expect(add.getByRole("textbox", { name: "Email" })).toHaveValue("");

    await main.getByRole("searchbox", { name: "Search users" }).fill(email);
    await main.getByRole("button", { name: "Search", exact: true }).click();
    const row = main.getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("combobox", { name: "Role of Ravi Staff" })).toHaveValue("customer");

    await row.getByRole("combobox", { name: "Role of Ravi Staff" }).selectOption("admin");
    await row.getByRole("button", { name: "Save role of Ravi Staff" }).click();
    await expect(toast(page, "User updated")).toBeVisible();
    await page.reload();
    // The rows' buttons work once the page has hydrated again.
    await waitForHydration(page);
    await expect(main.getByRole("row").filter({ hasText: email }).getByRole("combobox")).toHaveValue("admin");

    // Cancel keeps the user; Delete removes them.
    await main.getByRole("button", { name: "Delete user Ravi Staff" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete user Ravi Staff?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(main.getByRole("row").filter({ hasText: email })).toHaveCount(1);
    await main.getByRole("button", { name: "Delete user Ravi Staff" }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "User deleted")).toBeVisible();
    await expect(main.getByRole("row").filter({ hasText: email })).toHaveCount(0);

    // The admin's own row: the server would refuse, so neither Delete nor a role change is offered, and the row says why.
    await main.getByRole("searchbox", { name: "Search users" }).fill(E2E_ADMIN.email);
    await main.getByRole("button", { name: "Search", exact: true }).click();
    const own = main.getByRole("row").filter({ hasText: E2E_ADMIN.email });
    await expect(own).toContainText("(you)");
    await expect(own).toContainText("You cannot delete your own account");
    await expect(own.getByRole("button")).toHaveCount(0);
    await expect(own.getByRole("combobox")).toHaveCount(0);
  });

  test("products: create one with an uploaded image, see it in the shop resized, edit it and delete it", async ({ page }, testInfo) => {
    test.slow();
    const dir = mkdtempSync(path.join(tmpdir(), "admin-upload-"));
    try {
      const file = path.join(dir, "vitamin-bottle.png");
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 150, b: 120 } } }).png().toFile(file);
      const name = `Admin Test Tonic ${unique(testInfo.project.name)}`;

      await openPage(page, "/admin/products/new");
      const main = page.getByRole("main");
      // Required fields are checked before anything is sent.
      await main.getByRole("button", { name: "Create Product" }).click();
      await expect(main.getByRole("textbox", { name: "Name", exact: true })).toHaveAccessibleDescription("Name is required");
      await expect(main.getByRole("textbox", { name: "Description", exact: true })).toHaveAccessibleDescription("Description is required");
      await expect(main.getByRole("combobox", { name: "Category (shop section)" })).toHaveAccessibleDescription("Category is required");

      await main.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await main.getByRole("textbox", { name: "Description", exact: true }).fill("A tonic made by the admin end-to-end test.");
      await main.getByRole("combobox", { name: "Category (shop section)" }).selectOption("Kids Nutrition");
      await main.getByRole("combobox", { name: "Form" }).selectOption("Syrup");
      await main.getByRole("textbox", { name: "Brand" }).fill("E2E Labs");
      await main.getByRole("textbox", { name: "Price (₹)" }).fill("249.50");
      await main.getByRole("textbox", { name: "MRP (₹)" }).fill("299");
      await main.getByRole("textbox", { name: "Stock", exact: true }).fill("7");
      await main.getByRole("textbox", { name: "Pack text" }).fill("200ml");
      await main.getByRole("textbox", { name: "Tags (comma-separated)" }).fill("tonic, kids");
      await main.getByRole("textbox", { name: "HSN code" }).fill("30049099");
      await main.getByRole("combobox", { name: "GST rate (%)" }).selectOption("18");
      await main.getByRole("textbox", { name: "Batch number" }).fill("B-42");
      await main.getByLabel("Expiry date").fill("2028-06-30");
      await main.getByRole("checkbox", { name: "Bestseller" }).check();
      await expect(main.getByRole("checkbox", { name: "Published" })).toBeChecked();

      const [upload] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === "/api/upload"),
        page.getByLabel("Choose images").setInputFiles(file),
      ]);
      expect(upload.status()).toBe(201);
      const images = main.getByRole("list", { name: "Product images" });
      await expect(images.getByRole("listitem")).toHaveCount(1);
      const alt = images.getByRole("textbox", { name: "Alt text for image 1" });
      await expect(alt).toHaveValue("vitamin bottle");
      await alt.fill("Bottle of the admin test tonic");

      await main.getByRole("button", { name: "Create Product" }).click();
      await page.waitForURL(/\/admin\/products\/[^/]+\/edit\?created=1$/, { timeout: 15_000 });
      await expect(main.getByRole("status")).toContainText("Product created");
      const productId = new URL(page.url()).pathname.split("/")[3]!;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
      await expect(main.getByRole("textbox", { name: "Price (₹)" })).toHaveValue("249.5");
      await expect(main.getByRole("combobox", { name: "GST rate (%)" })).toHaveValue("18");
      await expect(main.getByLabel("Expiry date")).toHaveValue("2028-06-30");
      await expect(page).toHaveTitle(new RegExp(`^Edit ${name} \\| Admin`));
      await expectNoAxeViolations(page, "the product edit page");

      // The storefront shows it, with the uploaded image served resized.
      await openPage(page, `/product/${productId}`);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const picture = page.getByRole("img", { name: "Bottle of the admin test tonic" }).first();
      await expect(picture).toBeVisible();
      const src = await picture.getAttribute("src");
      expect(src).toMatch(/^\/images\/uploads\/.+\?w=\d+$/);
      const resized = await page.request.get(src!);
      expect(resized.status()).toBe(200);
      const width = (await sharp(await resized.body()).metadata()).width!;
      expect(width).toBeLessThan(1600);

      // Edit: a field error keeps what was typed; a valid change is saved.
      await openPage(page, `/admin/products/${productId}/edit`);
      await main.getByRole("textbox", { name: "Price (₹)" }).fill("400");
      await main.getByRole("textbox", { name: "Stock", exact: true }).fill("0");
      await main.getByRole("button", { name: "Save Changes" }).click();
      await expect(main.getByRole("alert").first()).toContainText("Please fix the errors in the form");
      await expect(main.getByRole("textbox", { name: "Price (₹)" })).toHaveAccessibleDescription("Price cannot be more than the MRP");
      await expect(main.getByRole("textbox", { name: "Stock", exact: true })).toHaveValue("0");
      await main.getByRole("textbox", { name: "Price (₹)" }).fill("199");
      await main.getByRole("checkbox", { name: "Published" }).uncheck();
      await main.getByRole("button", { name: "Save Changes" }).click();
      await expect(main.getByRole("status")).toContainText("Product saved");
      await expect(page.getByText("Unpublished: shoppers cannot see it")).toBeVisible();
      const hidden = await page.request.get(`/api/products/${productId}`);
      expect(hidden.status()).toBe(404);

      // The list: found by search, stock 0 highlighted, deleted after confirming.
      await openPage(page, `/admin/products?search=${encodeURIComponent(name)}`);
      const row = main.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("₹199");
      await expect(row).toContainText("Out of stock");
      await expect(row).toContainText("Unpublished");
      await row.getByRole("button", { name: `Delete ${name}` }).click();
      await page.getByRole("dialog", { name: `Delete ${name}?` }).getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toast(page, "Product deleted")).toBeVisible();
      await expect(main.getByText("No Products found.")).toBeVisible();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("products: the Hindi section saves Hindi text, marked lang=hi, that the catalogue answers with ?lang=hi", async ({ page, isMobile }, testInfo) => {
    test.slow();
    const name = `Hindi Test Syrup ${unique(testInfo.project.name)}`;
    await openPage(page, "/admin/products/new");
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await main.getByRole("textbox", { name: "Description", exact: true }).fill("A syrup made by the Hindi end-to-end test.");
    await main.getByRole("combobox", { name: "Category (shop section)" }).selectOption("Kids Nutrition");
    await main.getByRole("textbox", { name: "Price (₹)" }).fill("150");
    await main.getByRole("textbox", { name: "Salt composition", exact: true }).fill("Zinc Sulphate 20 mg");

    const hindi = main.getByRole("region", { name: "Hindi" });
    const hindiName = hindi.getByRole("textbox", { name: "Name in Hindi" });
    await expect(hindiName).toHaveAttribute("lang", "hi");
    for (const label of ["Description in Hindi", "Salt composition in Hindi", "Uses in Hindi", "How to take, in Hindi", "Side effects in Hindi", "Safety advice in Hindi"]) {
      await expect(hindi.getByRole("textbox", { name: label })).toHaveAttribute("lang", "hi");
    }
    // Checked before sending, with the API's own message beside the field.
    await hindiName.fill("न".repeat(201));
    await main.getByRole("button", { name: "Create Product" }).click();
    await expect(hindiName).toHaveAccessibleDescription("Hindi name is too long (200 characters at most)");
    await expect(hindiName).toBeFocused();

    await hindiName.fill("हिन्दी टेस्ट सिरप");
    await hindi.getByRole("textbox", { name: "Description in Hindi" }).fill("हिन्दी एंड-टू-एंड टेस्ट का बनाया सिरप।");
    await hindi.getByRole("textbox", { name: "Safety advice in Hindi" }).fill("गर्भावस्था: अपने डॉक्टर से पूछें।\nशराब: कोई ज्ञात असर नहीं।");
    await main.getByRole("button", { name: "Create Product" }).click();
    await page.waitForURL(/\/admin\/products\/[^/]+\/edit\?created=1$/, { timeout: 15_000 });
    const productId = new URL(page.url()).pathname.split("/")[3]!;
    await expect(hindi.getByRole("textbox", { name: "Name in Hindi" })).toHaveValue("हिन्दी टेस्ट सिरप");
    await expect(hindi.getByRole("textbox", { name: "Safety advice in Hindi" })).toHaveValue("गर्भावस्था: अपने डॉक्टर से पूछें।\nशराब: कोई ज्ञात असर नहीं।");

    // Emptying a Hindi field removes it: shoppers then read the English one.
    await hindi.getByRole("textbox", { name: "Description in Hindi" }).fill("");
    await main.getByRole("button", { name: "Save Changes" }).click();
    await expect(main.getByRole("status")).toContainText("Product saved");
    const read = await page.request.get(`/api/products/${productId}?lang=hi`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toMatchObject({ name: "हिन्दी टेस्ट सिरप", description: "A syrup made by the Hindi end-to-end test.", composition: "Zinc Sulphate 20 mg", lang: "hi", untranslated: ["description", "composition"] });
    // The refusal's, the creation's and the save's toasts stack up; the ones behind the front fade
    // their text out, which axe reads half-way. The page is checked once they have gone: the save's
    // toast is mounted a moment after the page's status says so, so it is waited for first.
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Product saved" })).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await expectNoAxeViolations(page, "the product edit page with Hindi text");

    // The section at a phone's and a desktop's width, for people to look at.
    await page.setViewportSize(isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 });
    await hindi.scrollIntoViewIfNeeded();
    await hindi.screenshot({ path: testInfo.outputPath(`hindi-section-${isMobile ? 390 : 1280}.png`) });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(isMobile ? 390 : 1280);

    await openPage(page, `/admin/products?search=${encodeURIComponent(name)}`);
    const row = main.getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog", { name: `Delete ${name}?` }).getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Product deleted")).toBeVisible();
  });

  test("products: a file that is not an image is refused with the server's message", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 415/);
    const dir = mkdtempSync(path.join(tmpdir(), "admin-upload-"));
    try {
      const file = path.join(dir, "notes.png");
      writeFileSync(file, "this is text pretending to be a PNG");
      await openPage(page, "/admin/products/new");
      await page.getByLabel("Choose images").setInputFiles(file);
      await expect(page.getByRole("list", { name: "Uploads" }).getByRole("alert")).toContainText("Only JPEG, PNG, WebP and AVIF images can be uploaded");
      await expect(page.getByText("No images yet.")).toBeVisible();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("products: images are reordered and removed before saving; a server refusal keeps everything typed", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 409/);
    const dir = mkdtempSync(path.join(tmpdir(), "admin-upload-"));
    try {
      const files = [];
      for (const [label, r] of [["front-label", 200], ["back-label", 20]] as const) {
        const file = path.join(dir, `${label}.png`);
        await sharp({ create: { width: 300, height: 300, channels: 3, background: { r, g: 90, b: 160 } } }).png().toFile(file);
        files.push(file);
      }
      // A demo product's SKU: products other tests create (and delete) come and go meanwhile.
      const demo = (await (await page.request.get("/api/products?search=Macnurish&limit=1")).json()) as { name: string; sku: string }[];
      expect(demo[0]?.name).toBe("Macnurish");
      const takenSku = demo[0]!.sku;

      await openPage(page, "/admin/products/new");
      const main = page.getByRole("main");
      const images = main.getByRole("list", { name: "Product images" });
      await page.getByLabel("Choose images").setInputFiles(files[0]!);
      await expect(images.getByRole("listitem")).toHaveCount(1);
      await page.getByLabel("Choose images").setInputFiles(files[1]!);
      await expect(images.getByRole("listitem")).toHaveCount(2);
      const alts = () => images.getByRole("textbox").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(await alts()).toEqual(["front label", "back label"]);
      await expect(images.getByRole("button", { name: "Move image 1 up" })).toBeDisabled();
      await images.getByRole("button", { name: "Move image 2 up" }).click();
      expect(await alts()).toEqual(["back label", "front label"]);
      await images.getByRole("button", { name: "Remove image 1" }).click();
      expect(await alts()).toEqual(["front label"]);

      const name = `Admin Duplicate SKU ${unique("sku")}`;
      await main.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await main.getByRole("textbox", { name: "Description", exact: true }).fill("Refused for its SKU.");
      await main.getByRole("combobox", { name: "Category (shop section)" }).selectOption("Women Care");
      await main.getByRole("textbox", { name: "Price (₹)" }).fill("99");
      await main.getByRole("textbox", { name: "SKU" }).fill(takenSku);
      await main.getByRole("button", { name: "Create Product" }).click();
      await expect(main.getByRole("textbox", { name: "SKU" })).toHaveAccessibleDescription("A product with this SKU already exists");
      await expectPath(page, "/admin/products/new");
      await expect(main.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
      await expect(main.getByRole("textbox", { name: "Description", exact: true })).toHaveValue("Refused for its SKU.");
      await expect(main.getByRole("textbox", { name: "Price (₹)" })).toHaveValue("99");
      expect(await alts()).toEqual(["front label"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("orders: the status filter and search narrow the list; empty results say so", async ({ page }) => {
    await openPage(page, "/admin/orders");
    const main = page.getByRole("main");
    await main.getByRole("combobox", { name: "Status", exact: true }).selectOption("Cancelled");
    await main.getByRole("button", { name: "Apply" }).click();
    await expectPath(page, "/admin/orders", "?status=Cancelled&search=");
    await expect(main.getByRole("combobox", { name: "Status", exact: true })).toHaveValue("Cancelled");
    const badges = main.locator("tbody tr td:nth-child(6)");
    // A cancelled order whose prescription was rejected says so (orderStateLabel); both are Cancelled.
    for (const text of await badges.allTextContents()) expect(["Cancelled", "Prescription rejected"]).toContain(text);

    await main.getByRole("searchbox", { name: "Search" }).fill(unique("nobody"));
    await main.getByRole("button", { name: "Apply" }).click();
    await expect(main.getByText("No orders found")).toBeVisible();
    await main.getByRole("link", { name: "Clear filters" }).click();
    await expectPath(page, "/admin/orders");
  });

  test("inbox: a message sent through /contact appears and can be marked handled", async ({ page }) => {
    const sender = `${unique("sender")}@example.com`;
    await openPage(page, "/contact");
    const contact = page.getByRole("main");
    await contact.getByRole("textbox", { name: "Name", exact: true }).fill("Meera Sender");
    await contact.getByRole("textbox", { name: "Email", exact: true }).fill(sender);
    await contact.getByRole("textbox", { name: "Message", exact: true }).fill("Do you deliver to Kochi?");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect(contact).toContainText("Thank you for your message! We will respond shortly.");

    await openPage(page, "/admin/inbox");
    const message = page.getByRole("article", { name: "Message from Meera Sender" }).filter({ hasText: sender });
    await expect(message).toContainText("Do you deliver to Kochi?");
    await message.getByRole("button", { name: "Mark handled message from Meera Sender" }).click();
    await expect(toast(page, "Message marked handled")).toBeVisible();
    await expect(message).toContainText("Handled");
    await expect(message.getByRole("button", { name: "Reopen message from Meera Sender" })).toBeVisible();

    const csv = await page.request.get("/admin/inbox/subscribers.csv");
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect((await csv.text()).split("\r\n")[0]).toBe("email,subscribed_at");
  });

  test("reviews: a hidden review leaves the shop and comes back when shown again; Delete removes it", async ({ page, request }) => {
    // A shopper reviews a demo product (bearer token: a separate client from the admin's page).
    const reviewer = `Reviewer ${Math.random().toString(36).slice(2, 8)}`;
    const registered = await request.post("/api/users/register", {
      data: { name: reviewer, email: `${unique("reviewer")}@e2e.test`, password: "e2e-Passw0rd!", confirmPassword: "e2e-Passw0rd!" },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const product = await findProduct(page, "Macnurish");
    const posted = await request.post(`/api/products/${product._id}/reviews`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { rating: 1, comment: "Visit spam.example for cheap pills" },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const publicComments = async () =>
      ((await (await request.get(`/api/products/${product._id}/reviews`)).json()) as { comment: string; name: string }[]).filter(
        (review) => review.name === reviewer,
      );

    await openPage(page, `/admin/reviews?search=${encodeURIComponent(reviewer)}`);
    const card = page.getByRole("article", { name: `Review by ${reviewer} of ${product.name}` });
    await expect(card).toContainText("Visit spam.example for cheap pills");
    await expect(card).toContainText("Visible");
    await card.getByRole("button", { name: `Hide review by ${reviewer}` }).click();
    await expect(toast(page, "Review hidden from the shop")).toBeVisible();
    await expect(card).toContainText("Hidden");
    expect(await publicComments()).toEqual([]);

    await card.getByRole("button", { name: `Unhide review by ${reviewer}` }).click();
    await expect(toast(page, "Review shown in the shop again")).toBeVisible();
    await expect(card.getByRole("button", { name: `Hide review by ${reviewer}` })).toBeVisible();
    expect(await publicComments()).toHaveLength(1);

    await card.getByRole("button", { name: `Delete review by ${reviewer}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Review deleted")).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await publicComments()).toEqual([]);
  });

  // One test per page: axe takes seconds a page, and a loop over every page outgrew one test's time under load.
  for (const adminPath of ADMIN_PAGES) {
    test(`${adminPath} has a title and description, no axe violations, and fits the screen`, async ({ page }) => {
      await openPage(page, adminPath);
      await expect(page).toHaveTitle(/\| Admin \|/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
      await expectNoAxeViolations(page, adminPath);
      // Wide tables scroll inside their box; the page itself never gets wider than the screen.
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, `${adminPath} fits the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
    });
  }

  test("the open admin menu (on a phone) and the delete dialog have no axe violations", async ({ page, isMobile }) => {
    if (isMobile) {
      await openPage(page, "/admin");
      await page.getByRole("button", { name: "Open admin menu" }).click();
      await expectNoAxeViolations(page, "the open admin menu");
    }
    await openPage(page, "/admin/users");
    await page.getByRole("button", { name: /^Delete user/ }).first().click();
    await expectNoAxeViolations(page, "the delete dialog");
  });
});

test.describe("an order bought through the shop", () => {
  test("the admin moves it along, sees it on the dashboard and in detail, and archives it", async ({ page, consoleErrors }, testInfo) => {
    test.slow();
    consoleErrors.allow(/status of 409/);
    // A product of our own, so no other spec's stock counts change.
    await signInAsAdmin(page);
    const name = `Admin Order Drops ${unique(testInfo.project.name)}`;
    const created = await page.request.post("/api/admin/products", {
      data: { name, description: "Drops bought by the admin order test.", category: "Kids Nutrition", price: 120, countInStock: 5 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { _id: string };

    // A customer buys it with the test gateway.
    await page.context().clearCookies();
    await signUpShopper(page, "admin-order");
    const added = await page.request.post("/api/cart", { data: { productId: product._id, quantity: 1 } });
    expect(added.ok(), await added.text()).toBe(true);
    await openPage(page, "/checkout");
    const checkout = page.getByRole("main");
    await checkout.getByRole("textbox", { name: "Address", exact: true }).fill("7 Park Street");
    await checkout.getByRole("textbox", { name: "City", exact: true }).fill("Kolkata");
    await checkout.getByRole("textbox", { name: "PIN code", exact: true }).fill("700016");
    await checkout.getByRole("textbox", { name: "Phone", exact: true }).fill("9876501234");
    await checkout.getByRole("button", { name: "Pay Now" }).click();
    const payment = page.getByRole("dialog", { name: "Test payment" });
    await expect(payment).toBeVisible({ timeout: 15_000 });
    await payment.getByRole("button", { name: /^Pay ₹120/ }).click();
    await page.waitForURL((url) => url.pathname === "/order-confirmation", { timeout: 20_000 });
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    // The admin knows the order by the customer's order number (decisions/030).
    const placed = await page.request.get(`/api/orders/${orderId}`);
    const orderNumber = ((await placed.json()) as { orderNumber: string }).orderNumber;

    // The admin finds it, ships it, delivers it; a move the order's rules forbid is refused with a reason.
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await openPage(page, `/admin/orders?search=${orderNumber}`);
    const main = page.getByRole("main");
    const row = main.getByRole("row").filter({ hasText: orderNumber });
    await expect(row).toContainText("Processing");
    await expect(row).toContainText("₹120");
    // Shipped needs the courier and AWB: the list's Ship link opens the order page's form (decisions/032).
    await expect(row.getByRole("combobox", { name: `Status of order ${orderNumber}` }).locator("option", { hasText: "Shipped" })).toHaveCount(0);
    await row.getByRole("link", { name: `Ship order ${orderNumber} with courier and AWB` }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/admin/orders/") && url.hash === "#shipment-form-heading");
    const shipForm = main.getByRole("region", { name: "Ship this order" });
    await shipForm.getByRole("combobox", { name: "Courier" }).selectOption({ label: "Delhivery" });
    await shipForm.getByRole("textbox", { name: "AWB / tracking number" }).fill("1234567890123");
    await shipForm.getByRole("button", { name: /^Mark as Shipped/ }).click();
    await expect(toast(page, "Order marked Shipped")).toBeVisible();
    await expect(shipForm).toHaveCount(0);
    await openPage(page, `/admin/orders?search=${orderNumber}`);
    await expect(row.locator("td").nth(5)).toHaveText("Shipped");
    await row.getByRole("button", { name: `Mark as Delivered order ${orderNumber}` }).click();
    await expect(toast(page, "Order marked Delivered")).toBeVisible();
    await expect(row.locator("td").nth(5)).toHaveText("Delivered");
    await expect(row.getByRole("button", { name: /Mark as Delivered/ })).toHaveCount(0);
    // Delivered is final: the page offers no move the order's rules would refuse.
    await expect(row.getByRole("combobox", { name: `Status of order ${orderNumber}` })).toHaveCount(0);
    await expect(row).toContainText("No status change possible");
    await expect(row.locator("td").nth(5)).toHaveText("Delivered");

    await main.getByRole("combobox", { name: "Status", exact: true }).selectOption("Delivered");
    await main.getByRole("button", { name: "Apply" }).click();
    await expect(main.getByRole("row").filter({ hasText: orderNumber })).toHaveCount(1);

    // The dashboard lists it among the recent orders, with its badge.
    await openPage(page, "/admin");
    const recent = page.getByRole("region", { name: "Recent Orders" }).getByRole("row").filter({ hasText: orderNumber });
    await expect(recent).toContainText("Delivered");
    await expect(recent).toContainText("₹120");

    // Its details, then archived after confirming: it was paid, so it is kept, not erased (decisions/014).
    await recent.getByRole("link", { name: orderNumber }).click();
    await expect(main.getByRole("heading", { level: 1 })).toContainText("Order ");
    await expect(main).toContainText(name);
    await expect(main).toContainText("7 Park Street");
    await expectNoAxeViolations(page, "the order page");
    await expect(main.getByRole("button", { name: `Delete order ${orderNumber}` })).toHaveCount(0);
    await main.getByRole("button", { name: `Archive order ${orderNumber}` }).click();
    await page.getByRole("dialog", { name: `Archive order ${orderNumber}?` }).getByRole("button", { name: "Archive", exact: true }).click();
    await expect(toast(page, /This order has an invoice or a payment, so it was archived instead of deleted/)).toBeVisible();
    await expectPath(page, "/admin/orders");
    await openPage(page, `/admin/orders?search=${orderId}`);
    await expect(main.getByText("No orders found")).toBeVisible();
    await openPage(page, `/admin/orders?search=${orderId}&archived=include`);
    await expect(main.getByRole("row").filter({ hasText: orderNumber })).toHaveCount(1);
  });
});
