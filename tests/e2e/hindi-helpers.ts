// Checks shared by the Hindi specs (issue 34): no English UI text left on a /hi page.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The English catalogues' texts (placeholders cut out): what must not show on a Hindi page. */
function englishTexts(namespaces: string[]): string[] {
  const texts = namespaces.flatMap((namespace) =>
    Object.values(JSON.parse(readFileSync(path.join(import.meta.dirname, "../../app/i18n/en", `${namespace}.json`), "utf8")) as Record<string, string>),
  );
  return texts
    .flatMap((text) => text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/))
    .map((part) => part.trim())
    // Words that are the same in both (brand names, "MRP", "GSTIN") are not English UI text.
    .filter((part) => /[a-z]{3,}/.test(part) && !/^(MRP|GSTIN)\b/.test(part));
}

/** The visible text nodes in `root` (a selector; the whole page by default) outside elements marked lang="en" (product data, brand names). */
export async function visibleTexts(page: Page, root = "body"): Promise<string[]> {
  return page.locator(root).first().evaluate((rootElement) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(rootElement, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text || element.closest('[lang="en"], script, style, [hidden]')) continue;
      if (element.closest("[lang]")?.getAttribute("lang") !== "hi") continue;
      texts.push(text);
    }
    return texts;
  });
}

/**
 * No visible text in `root` (the whole page by default; outside `lang="en"` parts: product data,
 * brand and medicine names) contains an English text of the given catalogues.
 */
export async function expectNoEnglishLeft(page: Page, namespaces: string[], root = "body") {
  const english = englishTexts(namespaces);
  const left = (await visibleTexts(page, root)).filter((text) => english.some((phrase) => text.includes(phrase)));
  expect(left, `English UI text left on ${page.url()}`).toEqual([]);
}
