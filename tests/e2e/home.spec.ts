import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, openPage, settleAnimations, test } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const HEADLINES = [
  "Care for every stage of womanhood",
  "Clean fuel for your best performance",
  "Nutrition made for growing kids",
];
const START = new Date("2026-03-02T09:00:00+05:30");

function hero(page: Page) {
  return page.getByRole("region", { name: "Featured ranges" });
}

function slide(page: Page, n: number) {
  return hero(page).getByRole("group", { name: `${n} of 3`, includeHidden: true });
}

/** Asserts slide n is the one shown, and the others are not. */
async function expectSlide(page: Page, n: number) {
  for (let i = 1; i <= 3; i++) {
    if (i === n) await expect(slide(page, i)).toBeVisible();
    else await expect(slide(page, i)).toBeHidden();
  }
}

/**
 * Opens the home page on a paused fake clock: timers fire only when the test runs the clock,
 * so five seconds of autoplay take no real time and never race the assertions.
 */
async function openWithClock(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(new Date(START.getTime() + 1_000));
  await openPage(page, "/");
  // Leave the pointer outside the hero: hovering it pauses the rotation.
  await page.mouse.move(1, 1);
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}`).join("\n")}`);
}

test.describe("hero slider", () => {
  test("is server-rendered with the first slide and its text showing, and preloads its image", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expectSlide(page, 1);
    await expect(hero(page).getByText(HEADLINES[0])).toBeVisible();
    await expect(hero(page).getByRole("link", { name: "Shop Women Care" })).toHaveAttribute("href", "/collections/women-care");

    const image = slide(page, 1).locator("img");
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect(image).toHaveAttribute("srcset", /slide-1\.webp\?w=800 800w/);
    await expect(image).toHaveAttribute("width", "1600");
    await expect(image).toHaveAttribute("height", "700");
    // Slides 2 and 3 fetch nothing until the page has loaded.
    await expect(slide(page, 2).locator("img")).toHaveCount(0);
    const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
    await expect(preload.first()).toHaveAttribute("imagesrcset", /slide-1\.webp/);
    await context.close();
  });

  test("advances every 5 seconds, shows the text 1 second later and wraps from 3 to 1", async ({ page }) => {
    await openWithClock(page);
    await expectSlide(page, 1);
    await expect(hero(page).getByText(HEADLINES[0])).toBeVisible();

    await page.clock.runFor(4_900);
    await expectSlide(page, 1);
    await page.clock.runFor(100);
    await expectSlide(page, 2);
    await expect(hero(page).getByText(HEADLINES[1])).toBeHidden();
    await page.clock.runFor(900);
    await expect(hero(page).getByText(HEADLINES[1])).toBeHidden();
    await page.clock.runFor(100);
    await expect(hero(page).getByText(HEADLINES[1])).toBeVisible();

    await page.clock.runFor(4_000);
    await expectSlide(page, 3);
    await page.clock.runFor(1_000);
    await expect(hero(page).getByText(HEADLINES[2])).toBeVisible();
    await page.clock.runFor(4_000);
    await expectSlide(page, 1);
    await page.clock.runFor(1_000);
    await expect(hero(page).getByText(HEADLINES[0])).toBeVisible();
    // Slides 2 and 3 got their images once the page had loaded.
    await expect(slide(page, 2).locator("img")).toHaveCount(1);
  });

  test("previous, next and the dots change slide and restart the 5-second wait", async ({ page }) => {
    await openWithClock(page);
    const region = hero(page);
    // Clicks dispatched without moving the pointer, so hovering does not pause the rotation.
    const press = (name: string) => region.getByRole("button", { name }).dispatchEvent("click");

    await page.clock.runFor(3_000);
    await press("Next slide");
    await expectSlide(page, 2);
    await expect(region.getByText(HEADLINES[1])).toBeHidden();
    await page.clock.runFor(1_000);
    await expect(region.getByText(HEADLINES[1])).toBeVisible();
    // Without the reset the slide would change 2 seconds after the click.
    await page.clock.runFor(3_900);
    await expectSlide(page, 2);
    await page.clock.runFor(100);
    await expectSlide(page, 3);

    await page.clock.runFor(2_500);
    await press("Previous slide");
    await expectSlide(page, 2);
    await page.clock.runFor(4_900);
    await expectSlide(page, 2);

    await press("Show slide 1 of 3");
    await expectSlide(page, 1);
    await expect(region.getByRole("button", { name: "Show slide 1 of 3" })).toHaveAttribute("aria-current", "true");
    await expect(region.getByRole("button", { name: "Show slide 2 of 3" })).not.toHaveAttribute("aria-current", /.*/);
    await press("Previous slide");
    await expectSlide(page, 3);
    await page.clock.runFor(4_900);
    await expectSlide(page, 3);
    await page.clock.runFor(100);
    await expectSlide(page, 1);
  });

  test("pauses while hovered or keyboard-focused, and with the pause button", async ({ page }) => {
    await openWithClock(page);
    const region = hero(page);
    const slides = page.locator("#hero-slides");
    await expect(slides).toHaveAttribute("aria-live", "off");

    await region.hover();
    await expect(slides).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(12_000);
    await expectSlide(page, 1);
    await page.mouse.move(1, 1);
    await expect(slides).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(5_000);
    await expectSlide(page, 2);

    // Keyboard focus (a programmatic focus counts as keyboard focus: it matches :focus-visible).
    await region.getByRole("button", { name: "Next slide" }).focus();
    await expect(slides).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(12_000);
    await expectSlide(page, 2);
    await region.getByRole("button", { name: "Next slide" }).blur();
    await page.clock.runFor(5_000);
    await expectSlide(page, 3);

    const pause = region.getByRole("button", { name: "Pause slide rotation" });
    await pause.dispatchEvent("click");
    await expect(region.getByRole("button", { name: "Start slide rotation" })).toBeVisible();
    await expect(slides).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(12_000);
    await expectSlide(page, 3);
    await region.getByRole("button", { name: "Start slide rotation" }).dispatchEvent("click");
    await expect(slides).toHaveAttribute("aria-live", "off");
    await page.clock.runFor(5_000);
    await expectSlide(page, 1);
  });

  test("does not rotate when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openWithClock(page);
    await expect(hero(page).getByRole("button", { name: "Start slide rotation" })).toBeVisible();
    await expect(page.locator("#hero-slides")).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(20_000);
    await expectSlide(page, 1);
    // Manual navigation still works.
    await hero(page).getByRole("button", { name: "Next slide" }).dispatchEvent("click");
    await expectSlide(page, 2);
  });
});

test.describe("new arrivals", () => {
  function carousel(page: Page) {
    const section = page.getByRole("region", { name: "Explore New Arrivals" });
    return {
      section,
      track: section.getByRole("list", { name: "New arrivals" }),
      left: section.getByRole("button", { name: "Scroll new arrivals left" }),
      right: section.getByRole("button", { name: "Scroll new arrivals right" }),
    };
  }
  const scrollLeft = (track: Locator) => track.evaluate((element) => Math.round(element.scrollLeft));

  test("cards of 280 px link to their product pages", async ({ page }) => {
    await openPage(page, "/");
    const { track } = carousel(page);
    const cards = track.getByRole("listitem");
    await expect(cards).toHaveCount(8);
    const hrefs = await track.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toHaveLength(8);
    for (const href of hrefs) expect(href).toMatch(/^\/product\/[A-Za-z0-9_-]+$/);
    expect((await cards.first().boundingBox())?.width).toBe(280);
    await expect(cards.first()).toContainText("₹");
    await expect(page.getByText("Loading new arrivals...")).toHaveCount(0);
  });

  test("the arrow buttons scroll 300 px, and each disables at its end", async ({ page }) => {
    await openPage(page, "/");
    const { track, left, right } = carousel(page);
    await expect(left).toHaveAttribute("aria-disabled", "true");
    await expect(right).toHaveAttribute("aria-disabled", "false");

    await right.click();
    await expect.poll(() => scrollLeft(track)).toBe(300);
    await expect(left).toHaveAttribute("aria-disabled", "false");
    await right.click();
    await expect.poll(() => scrollLeft(track)).toBe(600);
    await left.click();
    await expect.poll(() => scrollLeft(track)).toBe(300);

    const max = await track.evaluate((element) => element.scrollWidth - element.clientWidth);
    for (let position = 300; position < max - 1; ) {
      await expect(right).toHaveAttribute("aria-disabled", "false");
      await right.click();
      position = Math.min(position + 300, max);
      // Each step waits for the smooth scroll to settle, so the next click meets a settled button.
      await expect.poll(() => scrollLeft(track)).toBe(Math.round(position));
    }
    await expect(right).toHaveAttribute("aria-disabled", "true");
    // A disabled button does nothing (aria-disabled keeps it focusable, so it is clicked through the DOM).
    await right.dispatchEvent("click");
    expect(Math.abs((await scrollLeft(track)) - max)).toBeLessThanOrEqual(1);
  });

  test("dragging with the mouse scrolls 1.5 times the distance and does not open a card", async ({ page }) => {
    await openPage(page, "/");
    const { track } = carousel(page);
    await track.scrollIntoViewIfNeeded();
    const box = (await track.boundingBox())!;
    const y = box.y + 120;
    const x = box.x + Math.min(box.width - 20, 360);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 100, y, { steps: 10 });
    await page.mouse.move(x - 200, y, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => scrollLeft(track)).toBe(300);
    expect(new URL(page.url()).pathname).toBe("/");

    // The keyboard still scrolls the list: focus moves through the cards' links.
    await track.getByRole("link").nth(3).focus();
    await expect(track.getByRole("link").nth(3)).toBeFocused();
  });

  test("resizing the window updates the buttons", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 900 });
    await openPage(page, "/");
    const { track, right } = carousel(page);
    // 200 px short of the end: widening the list brings the end into view without a scroll.
    await track.evaluate((element) => (element.scrollLeft = element.scrollWidth - element.clientWidth - 200));
    await expect(right).toHaveAttribute("aria-disabled", "false");
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(right).toHaveAttribute("aria-disabled", "true");
  });
});

test("the benefits strip states the shipping, quality and checkout promises", async ({ page }) => {
  await openPage(page, "/");
  const strip = page.getByRole("region", { name: "Why shop with us" });
  // The shop's real promise (issue 14, decisions/024), as /shipping states it: India only, in rupees.
  await expect(strip).toContainText("Free Delivery Across India");
  await expect(strip).toContainText("On every order, no minimum · Cash on delivery up to ₹5,000");
  await expect(strip).not.toContainText("International");
  await expect(strip).not.toContainText("$");
  await expect(strip).toContainText("Quality Assured");
  await expect(strip).toContainText("Secure Checkout");
});

test("New Launch shows Macnurish at ₹69 per sachet with an expandable ingredient list", async ({ page }) => {
  await openPage(page, "/");
  const section = page.getByRole("region", { name: "New Launch" });
  await expect(section.getByRole("heading", { name: "Macnurish" })).toBeVisible();
  await expect(section).toContainText("₹69 per sachet");
  await expect(section.getByRole("list", { name: "Tags" })).toHaveText("Women");

  const toggle = section.getByRole("button", { name: "Show ingredients" });
  const list = section.locator("#new-launch-ingredients");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(list).toBeHidden();
  await toggle.click();
  await expect(section.getByRole("button", { name: "Hide ingredients" })).toHaveAttribute("aria-expanded", "true");
  await expect(list).toBeVisible();
  for (const ingredient of ["L-Arginine", "Proanthocyanidins", "Lycopene 10%", "L-Methyl Folate", "Zinc"]) {
    await expect(list).toContainText(ingredient);
  }
  await section.getByRole("button", { name: "Hide ingredients" }).click();
  await expect(list).toBeHidden();

  const details = section.getByRole("link", { name: "View product details" });
  await expect(details).toHaveAttribute("href", /^\/product\/[A-Za-z0-9_-]+$/);
  const macnurishCard = page.getByRole("list", { name: "New arrivals" }).getByRole("link", { name: /Macnurish/ });
  await expect(macnurishCard).toHaveAttribute("href", (await details.getAttribute("href"))!);

  await section.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Macnurish added to cart!")).toBeVisible();
});

test("the digital dispensary opens each collection and the Quality Promise", async ({ page }) => {
  await openPage(page, "/");
  const section = page.getByRole("region", { name: "Our Digital Dispensary" });
  const explore = section.getByRole("link", { name: /^Explore Now/ });
  expect(await explore.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    "/collections/women-care",
    "/collections/sports-nutrition",
    "/collections/kids-nutrition",
  ]);
  for (const promise of ["Third-party tested", "GMP certified", "Pharmaceutical-grade", "No artificial additives"]) {
    await expect(section).toContainText(promise);
  }
  await expect(section.getByRole("link", { name: "Read our Quality Promise" })).toHaveAttribute("href", "/quality");
});

test("Vision, Mission and Core Values come with the five values", async ({ page }) => {
  await openPage(page, "/");
  const section = page.getByRole("region", { name: "What we stand for" });
  for (const heading of ["Our Vision", "Our Mission", "Core Values"]) {
    await expect(section.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(section.getByRole("list", { name: "Our core values" }).getByRole("listitem")).toHaveText([
    "Innovation",
    "Quality",
    "Affordability",
    "Integrity",
    "Compassion",
  ]);
});

test.describe("research highlights", () => {
  function research(page: Page) {
    const section = page.getByRole("region", { name: "Research Highlights" });
    return {
      section,
      toolbar: section.getByRole("toolbar", { name: "Filter articles by category" }),
      cards: section.locator("#research-articles > li"),
      article: (title: string) => section.getByRole("article", { name: title }),
    };
  }

  test("the filter bar shows one category at a time", async ({ page }) => {
    await openPage(page, "/");
    const { toolbar, cards, section } = research(page);
    await expect(toolbar.getByRole("button")).toHaveText(["All Articles", "Research", "Education", "Clinical"]);
    await expect(toolbar.getByRole("button", { name: "All Articles" })).toHaveAttribute("aria-pressed", "true");
    await expect(cards).toHaveCount(3);

    await toolbar.getByRole("button", { name: "Education" }).click();
    await expect(toolbar.getByRole("button", { name: "Education" })).toHaveAttribute("aria-pressed", "true");
    await expect(toolbar.getByRole("button", { name: "All Articles" })).toHaveAttribute("aria-pressed", "false");
    await expect(cards).toHaveCount(1);
    await expect(section.getByRole("heading", { name: "PCOS vs PCOD" })).toBeVisible();

    await toolbar.getByRole("button", { name: "Clinical" }).click();
    await expect(cards).toHaveCount(1);
    await expect(section.getByRole("heading", { name: "Oligohydramnios" })).toBeVisible();
    await toolbar.getByRole("button", { name: "Research" }).click();
    await expect(section.getByRole("heading", { name: "Myo-Inositol vs Metformin in PCOS" })).toBeVisible();

    // One tab stop; the arrow keys move between the filters.
    await toolbar.getByRole("button", { name: "Research" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(toolbar.getByRole("button", { name: "Education" })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(toolbar.getByRole("button", { name: "All Articles" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(cards).toHaveCount(3);
  });

  test("Read More expands one card to full width with the full study link; Show Less collapses it", async ({ page, isMobile }) => {
    await openPage(page, "/");
    const { section, cards, article } = research(page);
    const first = article("Myo-Inositol vs Metformin in PCOS");
    const second = article("PCOS vs PCOD");
    const readMore = (card: Locator) => card.getByRole("button", { name: /^Read More/ });
    const showLess = (card: Locator) => card.getByRole("button", { name: /^Show Less/ });

    await expect(section.getByRole("link", { name: /Read Full Study/ })).toHaveCount(0);
    await expect(readMore(first)).toHaveAttribute("aria-expanded", "false");
    const collapsedWidth = (await cards.first().boundingBox())!.width;
    await readMore(first).click();
    await expect(showLess(first)).toHaveAttribute("aria-expanded", "true");
    await expect(showLess(first)).toBeFocused();
    const controlled = await showLess(first).getAttribute("aria-controls");
    await expect(page.locator(`#${controlled}`)).toContainText("International Evidence-based Guideline");
    const study = first.getByRole("link", { name: /Read Full Study/ });
    // The study's own PubMed record, not a search.
    await expect(study).toHaveAttribute("href", /^https:\/\/pubmed\.ncbi\.nlm\.nih\.gov\/\d+\/$/);
    await expect(study).toHaveAttribute("target", "_blank");
    await expect(study).toHaveAttribute("rel", /noopener/);
    const gridWidth = (await section.locator("#research-articles").boundingBox())!.width;
    expect(Math.round((await cards.first().boundingBox())!.width)).toBe(Math.round(gridWidth));
    if (!isMobile) expect(collapsedWidth).toBeLessThan(gridWidth / 2);

    // Only one card is expanded at a time.
    await readMore(second).click();
    await expect(showLess(second)).toHaveAttribute("aria-expanded", "true");
    await expect(readMore(first)).toHaveAttribute("aria-expanded", "false");
    await expect(section.getByRole("link", { name: /Read Full Study/ })).toHaveCount(1);

    await showLess(second).click();
    await expect(readMore(second)).toHaveAttribute("aria-expanded", "false");
    await expect(section.getByRole("link", { name: /Read Full Study/ })).toHaveCount(0);
  });
});

test("the home page has no WCAG 2.2 AA violations, also with its panels open", async ({ page }) => {
  test.slow(); // two full axe runs over a long page
  await openPage(page, "/");
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  await page.waitForLoadState("networkidle");
  // Paused first: a slide change starting during an axe run (seconds on a loaded machine) would be
  // measured half-faded.
  await page.getByRole("button", { name: "Pause slide rotation" }).click();
  await settleAnimations(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Show ingredients" }).click();
  await page.getByRole("region", { name: "Research Highlights" }).getByRole("button", { name: /^Read More/ }).first().click();
  // A slide change that began just before the pause is still fading: axe would measure half-faded text.
  await settleAnimations(page);
  expect(await axeViolations(page)).toEqual([]);
});

