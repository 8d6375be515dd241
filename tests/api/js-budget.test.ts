// The storefront's JavaScript budget (docs/quality-bars.md, decision 037): every page of the shop
// layout loads at most 140 KB of gzipped JavaScript in at most 20 module requests before it
// hydrates, measured on the production build (npm test builds before Vitest; run alone, the
// build is made like the process tests make it, or BUILD_DIR names one).
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "#server/paths.ts";
import { ensureBuild } from "#tests/support/server-process.ts";
import {
  type BrowserManifest,
  chunkCycles,
  formatTable,
  JS_BUDGET,
  measurePages,
  pageModules,
  type PageFigures,
  readBrowserManifest,
} from "#tests/support/js-budget.ts";
import config from "../../react-router.config.ts";

const buildDir = path.resolve(projectRoot, process.env.BUILD_DIR || "build");
// React Router discovers routes lazily unless told otherwise: the page then carries a partial
// manifest inline and the full manifest file is not loaded before hydration.
const lazyDiscovery = (config as { routeDiscovery?: { mode?: string } }).routeDiscovery?.mode !== "initial";

describe("JavaScript budget per storefront page", () => {
  let manifest: BrowserManifest;
  let pages: PageFigures[];

  beforeAll(async () => {
    if (!process.env.BUILD_DIR) await ensureBuild();
    manifest = readBrowserManifest(buildDir);
    pages = measurePages(buildDir, "routes/shop-layout", { lazyDiscovery });
    console.log(`\nJavaScript before hydration (gzip level 6; budget ${JS_BUDGET.gzipBytes / 1024} KB, ${JS_BUDGET.modules} modules):\n${formatTable(pages)}\n`);
  }, 300_000);

  it("measures every storefront page, the key ones included", () => {
    const measured = pages.map((page) => page.page);
    for (const page of ["/", "/collections/:collection", "/product/:productId", "/checkout", "/login", "/register", "/profile", "/about"]) {
      expect(measured).toContain(page);
      // The same page in Hindi (the shop layout's optional /hi segment; decisions/065).
      expect(measured).toContain(page === "/" ? "/hi" : `/hi${page}`);
    }
    expect(pages.length).toBeGreaterThanOrEqual(25);
  });

  it(`ships at most ${JS_BUDGET.gzipBytes / 1024} KB gzip and ${JS_BUDGET.modules} modules before hydration on every page`, () => {
    const over = pages
      .filter((page) => page.gzipBytes > JS_BUDGET.gzipBytes || page.modules > JS_BUDGET.modules)
      .map((page) => {
        const heaviest = page.files
          .slice(0, 5)
          .map((file) => `${path.basename(file.href)} ${(file.gzipBytes / 1024).toFixed(1)} KB`)
          .join(", ");
        return `${page.page}: ${(page.gzipBytes / 1024).toFixed(1)} KB in ${page.modules} modules (heaviest: ${heaviest})`;
      });
    expect(over).toEqual([]);
  });

  it("has no chunks importing each other on any storefront page", () => {
    const hrefs = [...new Set(pages.flatMap((page) => page.files.map((file) => file.href)))];
    expect(chunkCycles(buildDir, hrefs)).toEqual([]);
  });

  it("loads no admin route's code on a storefront page", () => {
    const adminModules = new Set(
      Object.values(manifest.routes)
        .filter((route) => route.id.startsWith("routes/admin/"))
        .map((route) => route.module),
    );
    const leaks = pages.flatMap((page) => page.files.filter((file) => adminModules.has(file.href)).map((file) => `${page.page}: ${file.href}`));
    expect(leaks).toEqual([]);
  });
});

describe("the page's module list", () => {
  const manifest: BrowserManifest = {
    url: "/assets/manifest-1.js",
    entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
    routes: {
      root: { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/react.js", "/assets/icons.js"] },
      layout: { id: "layout", parentId: "root", module: "/assets/layout.js", imports: ["/assets/icons.js"] },
      page: {
        id: "page",
        parentId: "layout",
        path: "product/:id",
        module: "/assets/page.js",
        clientLoaderModule: "/assets/page-loader.js",
        imports: ["/assets/gallery.js"],
      },
      other: { id: "other", parentId: "layout", path: "about", module: "/assets/about.js" },
    },
  };

  it("is the entry, its imports and every matched route's modules, each once, the manifest only without lazy discovery", () => {
    expect(pageModules(manifest, "page")).toEqual([
      "/assets/entry.js",
      "/assets/react.js",
      "/assets/root.js",
      "/assets/icons.js",
      "/assets/layout.js",
      "/assets/page.js",
      "/assets/page-loader.js",
      "/assets/gallery.js",
    ]);
    expect(pageModules(manifest, "other", { lazyDiscovery: false })[0]).toBe("/assets/manifest-1.js");
    expect(pageModules(manifest, "other")).not.toContain("/assets/gallery.js");
  });
});
