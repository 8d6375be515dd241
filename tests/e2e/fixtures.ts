import { test as base, expect, type ConsoleMessage, type Page, type Response } from "@playwright/test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { E2E_ADMIN } from "../../playwright.config";

/**
 * Every spec imports `test` from here: a test fails when its page logs a console error or
 * throws an uncaught error. A test that expects a resource to fail (a 404 page, a 409 answer)
 * says so with `consoleErrors.allow(...)`, matched against the message text and the URL of
 * the resource the browser reports ("Failed to load resource: ... 404").
 */
export interface ConsoleErrors {
  allow(pattern: string | RegExp): void;
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }>({
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const allowed: (string | RegExp)[] = [];
      const problems: string[] = [];
      const isAllowed = (...texts: string[]) =>
        allowed.some((pattern) =>
          texts.some((text) => (typeof pattern === "string" ? text.includes(pattern) : pattern.test(text))),
        );

      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== "error") return;
        const where = message.location().url;
        if (isAllowed(message.text(), where)) return;
        problems.push(`console.error: ${message.text()}${where ? ` (${where})` : ""}`);
      };
      const onPageError = (error: Error) => {
        if (isAllowed(error.message)) return;
        problems.push(`uncaught error: ${error.stack ?? error.message}`);
      };
      page.on("console", onConsole);
      page.on("pageerror", onPageError);

      await use({ allow: (pattern) => void allowed.push(pattern) });

      page.off("console", onConsole);
      page.off("pageerror", onPageError);
      if (problems.length > 0) {
        await testInfo.attach("browser-errors", { body: problems.join("\n"), contentType: "text/plain" });
      }
      expect(problems, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens a page and waits until React has hydrated it, so clicks reach the enhanced behaviour
 * (fetch submissions, dialogs) rather than the no-JavaScript fallbacks.
 */
export async function openPage(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document.documentElement).some((key) => key.startsWith("__reactProps$")));
}

/** Asserts the current path (and query, when given) without depending on the host and port. */
export async function expectPath(page: Page, pathname: string, search = "") {
  await expect.poll(() => {
    const url = new URL(page.url());
    return url.pathname + url.search;
  }).toBe(pathname + search);
}

/**
 * Signs the page in as the shop's seeded admin (E2E_ADMIN in playwright.config.ts) through the
 * API; the page's request context shares its cookies with the page.
 */
export async function signInAsAdmin(page: Page) {
  const response = await page.request.post("/api/users/login", { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe (WCAG 2.2 AA rules) on the page as it is now and expects no violations. Finite
 * animations and transitions, including one starting on the next frame, are let finish first (at
 * most 2 s): a toast still fading in has the contrast of its half-way opacity, which no shopper reads.
 */
export async function expectAxeClean(page: Page) {
  await settleAnimations(page);
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Lets the page's finite animations and transitions finish (at most 2 s), one starting on the next frame included: before axe reads colours. */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    // Two frames first: a toast mounted just now starts its fade-in transition on the next frame
    // (the toaster flags it mounted after rendering), after which getAnimations() sees it.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

let shopperCounter = 0;

/** A customer nobody else uses: a unique email per call, in every worker. */
export function newShopper(label = "shopper") {
  const id = `${Date.now().toString(36)}-${process.pid}-${++shopperCounter}-${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Asha ${label}`, email: `${label}-${id}@e2e.test`, password: "e2e-Passw0rd!" };
}

/** Registers a fresh customer through the API; the page (which shares the request's cookies) is signed in as them. */
export async function signUpShopper(page: Page, label = "shopper") {
  const shopper = newShopper(label);
  const response = await page.request.post("/api/users/register", { data: { ...shopper, confirmPassword: shopper.password } });
  expect(response.status(), await response.text()).toBe(201);
  return shopper;
}

/** A product of the seeded demo catalogue, found by its exact name through the public API. */
export async function findProduct(page: Page, name: string): Promise<{ _id: string; name: string; price: number; countInStock: number }> {
  const response = await page.request.get(`/api/products?limit=20&search=${encodeURIComponent(name)}`);
  expect(response.ok()).toBe(true);
  const found = ((await response.json()) as { _id: string; name: string; price: number; countInStock: number }[]).find(
    (item) => item.name === name,
  );
  expect(found, `${name} is in the catalogue`).toBeTruthy();
  return found!;
}

/** The newest link to `pathname` in an email to `to` (queueing it wakes the dispatcher; else it runs every 5 s), as a path with its query. */
export async function emailedLink(to: string, pathname: "/reset-password" | "/verify-email" | "/undo-email-change", after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const links: string[] = [];
        for (const text of await sentEmails()) {
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\r?$`, "mi").test(text)) continue;
          const match = new RegExp(`https?://[^\\s"<>]+${pathname}\\?token=[A-Za-z0-9._%-]+`).exec(text);
          if (match) links.push(match[0]);
        }
        found = links.length > after ? links[links.length - 1] : undefined;
        return found !== undefined;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(true);
  const url = new URL(found!);
  return url.pathname + url.search;
}

/**
 * The raw email with its quoted-printable body decoded; the header lines stay as written (they are
 * not quoted-printable: a `?token=4F…` in List-Unsubscribe must not be read as an escape).
 */
function decodedBody(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const [head, body] = end < 0 ? [raw, ""] : [raw.slice(0, end), raw.slice(end)];
  return head + body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The emails the shop under test has sent, their bodies decoded (quoted-printable soft breaks and
 * escapes undone). Without SMTP_URL the dispatcher writes each one to DATA_DIR/outbox as an .eml file,
 * first under a .tmp name it renames: only finished .eml files are read, and one renamed or
 * removed between the listing and the read is skipped (the next poll sees it).
 */
export async function sentEmails(): Promise<string[]> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
  const texts: string[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file), "utf8").catch(() => null);
    if (raw !== null) texts.push(decodedBody(raw));
  }
  return texts;
}

/** A fresh customer who opened the emailed verification link (cash on delivery needs it, decisions/044). */
export async function signUpVerifiedShopper(page: Page, label = "shopper") {
  const shopper = await signUpShopper(page, label);
  const verified = await page.request.get(await emailedLink(shopper.email, "/verify-email"));
  expect(verified.ok()).toBe(true);
  return shopper;
}
