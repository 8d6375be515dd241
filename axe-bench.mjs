import { chromium } from "@playwright/test";
import AxeBuilderMod from "@axe-core/playwright";
const AxeBuilder = AxeBuilderMod.default ?? AxeBuilderMod;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
for (const path of ["/", "/collections/all", "/about"]) {
  await page.goto("http://127.0.0.1:4900" + path);
  await page.waitForLoadState("networkidle");
  for (const variant of ["default", "violations", "default", "violations"]) {
    const t = Date.now();
    let b = new AxeBuilder({ page }).withTags(TAGS);
    if (variant === "violations") b = b.options({ resultTypes: ["violations"] });
    const r = await b.analyze();
    console.log(path, variant, Date.now() - t, "ms", r.violations.length, r.passes.length);
  }
}
await browser.close();
