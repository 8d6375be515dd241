import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

const CONTENT_PAGES = [
  "/",
  "/collections/all",
  "/collections/women-care?sortBy=priceAsc&page=2",
  "/login",
  "/register",
  "/about",
  "/certifications",
  "/quality",
  "/career",
  "/apply",
  "/career-path",
  "/talent-network",
  "/contact",
  "/terms",
  "/shipping",
  "/privacy",
  "/how-to-order",
];

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// Each internal link is requested once per worker, however many pages link to it.
const linkStatus = new Map<string, number>();

async function statusOf(request: APIRequestContext, path: string) {
  let status = linkStatus.get(path);
  if (status === undefined) {
    status = (await request.get(path, { maxRedirects: 5 })).status();
    linkStatus.set(path, status);
  }
  return status;
}

async function internalLinks(page: Page) {
  const origin = new URL(page.url()).origin;
  // Same-page fragments (the skip link) are not links to check.
  const hrefs = await page
    .locator("a[href]:not([href^='#'])")
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const paths = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== origin) continue;
    paths.add(url.pathname + url.search);
  }
  return [...paths].sort();
}

/** Records every request the page makes to a host other than the shop's own. */
function watchOutsideRequests(page: Page) {
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (url.hostname !== "127.0.0.1") outside.push(request.url());
  });
  return outside;
}

async function checkPage(page: Page, request: APIRequestContext, path: string, expectedStatus: number) {
  const outside = watchOutsideRequests(page);
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers ${expectedStatus}`).toBe(expectedStatus);
  await waitForHydration(page);
  // Bring lazy content (images below the fold) in, so its requests and markup are checked too.
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, 0));

  await test.step("title, description and headings", async () => {
    expect.soft((await page.title()).trim(), "a non-empty <title>").not.toBe("");
    const description = page.locator('meta[name="description"]');
    await expect.soft(description, "exactly one meta description").toHaveCount(1);
    if ((await description.count()) === 1) {
      expect.soft(((await description.getAttribute("content")) ?? "").trim(), "a non-empty meta description").not.toBe("");
    }
    await expect.soft(page.locator("h1"), "exactly one h1").toHaveCount(1);
  });

  await test.step("no horizontal overflow", async () => {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect.soft(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px viewport`).toBeLessThanOrEqual(innerWidth);
  });

  await test.step("internal links resolve", async () => {
    const broken: string[] = [];
    for (const link of await internalLinks(page)) {
      const status = await statusOf(request, link);
      if (status === 404 || status >= 500) broken.push(`${link} → ${status}`);
    }
    expect.soft(broken, `broken links on ${path}`).toEqual([]);
  });

  await test.step("no requests leave the shop", async () => {
    expect.soft(outside, "requests to other hosts").toEqual([]);
  });

  await test.step("axe finds no WCAG 2.2 AA violations", async () => {
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const report = violations
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}`).join("\n")}`)
      .join("\n");
    expect.soft(violations.length, `axe violations on ${path}:\n${report}`).toBe(0);
  });
}

for (const path of CONTENT_PAGES) {
  test(`${path} is complete, accessible and self-contained`, async ({ page, request }) => {
    await checkPage(page, request, path, 200);
  });
}

test("a product page is complete, accessible and self-contained", async ({ page, request }) => {
  const [product] = await (await request.get("/api/products?limit=1")).json();
  await checkPage(page, request, `/product/${product._id}`, 200);
});

test("an unknown address answers the 404 page", async ({ page, request, consoleErrors }) => {
  consoleErrors.allow("/no-such-page");
  await checkPage(page, request, "/no-such-page", 404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page).toHaveTitle(/Page not found/);
});

test("the page is painted before the application's code is fetched, then hydrates", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const timing = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.match(/^\/assets\/.+\.js$/));
    return {
      loadEvent: navigation.loadEventStart,
      firstContentfulPaint: paint?.startTime,
      firstScriptRequest: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
    };
  });
  expect(timing.scripts).toBeGreaterThan(0);
  expect(timing.firstContentfulPaint).toBeDefined();
  // Decision 010: no module is requested before the load event and the first paint.
  expect(timing.firstScriptRequest).toBeGreaterThanOrEqual(timing.loadEvent);
  expect(timing.firstScriptRequest).toBeGreaterThanOrEqual(timing.firstContentfulPaint!);
  // Hydrated: the header's cart button (inert without JavaScript) opens the cart drawer.
  await page.getByRole("button", { name: /^Cart/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});
