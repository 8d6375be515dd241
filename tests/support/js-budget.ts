// The JavaScript a storefront page loads before it hydrates, read from a production build's
// React Router browser manifest (build/client/assets/manifest-*.js): what `<Scripts>` preloads
// and imports for the page's route matches (react-router 7.18 `Scripts`/`getModuleLinkHrefs`).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Limits from docs/quality-bars.md (decision 037). */
export const JS_BUDGET = { gzipBytes: 140 * 1024, modules: 20 } as const;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

export interface BrowserManifest {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageFigures {
  /** The page's address pattern, e.g. `/product/:productId`. */
  page: string;
  routeId: string;
  modules: number;
  gzipBytes: number;
  /** Every module before hydration with its gzip size, largest first. */
  files: { href: string; gzipBytes: number }[];
}

/** The build's browser manifest, or an error saying how to make one. */
export function readBrowserManifest(buildDir: string): BrowserManifest {
  const assets = path.join(buildDir, "client", "assets");
  const file = existsSync(assets) ? readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name)) : undefined;
  if (!file) {
    throw new Error(
      `No production build at ${buildDir} (no client/assets/manifest-*.js): run \`npx react-router build\` first (npm test builds before Vitest).`,
    );
  }
  const text = readFileSync(path.join(assets, file), "utf8");
  const json = text.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "");
  return JSON.parse(json) as BrowserManifest;
}

const gzipCache = new Map<string, number>();

function gzipSize(buildDir: string, href: string): number {
  const file = path.join(buildDir, "client", href);
  const cached = gzipCache.get(file);
  if (cached !== undefined) return cached;
  const size = gzipSync(readFileSync(file), { level: 6 }).length;
  gzipCache.set(file, size);
  return size;
}

function chain(manifest: BrowserManifest, routeId: string): ManifestRoute[] {
  const routes: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    routes.unshift(route);
  }
  return routes;
}

/**
 * The hrefs `<Scripts>` loads before hydration for a page matching `routeId` and its parents:
 * the manifest itself (unless routes are discovered lazily, when a partial manifest is inlined),
 * the client entry and its imports, each matched route's module, split modules and imports.
 */
export function pageModules(manifest: BrowserManifest, routeId: string, { lazyDiscovery = true } = {}): string[] {
  const hrefs = [...(lazyDiscovery ? [] : [manifest.url]), manifest.entry.module, ...manifest.entry.imports];
  for (const route of chain(manifest, routeId)) {
    for (const href of [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      ...(route.imports ?? []),
    ]) {
      if (href) hrefs.push(href);
    }
  }
  return [...new Set(hrefs)];
}

/** Every page under `layoutId` (the storefront's layout) that renders something: not resource routes. */
export function storefrontRoutes(manifest: BrowserManifest, layoutId: string): ManifestRoute[] {
  return Object.values(manifest.routes).filter(
    (route) => route.hasDefaultExport !== false && route.id !== layoutId && chain(manifest, route.id).some((parent) => parent.id === layoutId),
  );
}

/**
 * The page's address patterns: one, or one per form of an optional static segment (the shop
 * layout's `hi?`: `/about` and `/hi/about`, the English and Hindi pages of one route; decisions/065).
 */
function patterns(manifest: BrowserManifest, routeId: string): string[] {
  let paths = [""];
  for (const segment of chain(manifest, routeId).flatMap((route) => (route.path ?? "").split("/")).filter(Boolean)) {
    const optional = /^[\w-]+\?$/.test(segment);
    paths = paths.flatMap((path) => (optional ? [path, `${path}/${segment.slice(0, -1)}`] : [`${path}/${segment}`]));
  }
  return paths.map((path) => path || "/");
}

export function measurePages(buildDir: string, layoutId: string, options?: { lazyDiscovery?: boolean }): PageFigures[] {
  const manifest = readBrowserManifest(buildDir);
  return storefrontRoutes(manifest, layoutId)
    .flatMap((route) => {
      const files = pageModules(manifest, route.id, options)
        .map((href) => ({ href, gzipBytes: gzipSize(buildDir, href) }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
      return patterns(manifest, route.id).map((page) => ({
        page,
        routeId: route.id,
        modules: files.length,
        gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
        files,
      }));
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

export function formatTable(pages: PageFigures[]): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const width = Math.max(...pages.map((page) => page.page.length), 4);
  const lines = [
    `${"page".padEnd(width)}  KB gzip  modules`,
    ...pages.map(
      (page) =>
        `${page.page.padEnd(width)}  ${kb(page.gzipBytes).padStart(7)}  ${String(page.modules).padStart(7)}${
          page.gzipBytes > JS_BUDGET.gzipBytes || page.modules > JS_BUDGET.modules ? "  over budget" : ""
        }`,
    ),
  ];
  return lines.join("\n");
}

/**
 * Chunks that import each other statically, as `a.js → b.js → a.js`: one of them runs before the
 * other has defined what it needs (a manualChunks mistake once left React undefined in one).
 */
export function chunkCycles(buildDir: string, hrefs: string[]): string[] {
  const imports = new Map<string, string[]>();
  for (const href of hrefs) {
    const code = readFileSync(path.join(buildDir, "client", href), "utf8");
    const found = [...code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => `/assets/${match[1]}`);
    imports.set(href, [...new Set(found)].filter((file) => file !== href));
  }
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (href: string, trail: string[]) => {
    if (state.get(href) === "done") return;
    if (state.get(href) === "open") {
      cycles.push([...trail.slice(trail.indexOf(href)), href].map((file) => path.basename(file)).join(" → "));
      return;
    }
    state.set(href, "open");
    for (const next of imports.get(href) ?? []) if (imports.has(next)) visit(next, [...trail, href]);
    state.set(href, "done");
  };
  for (const href of hrefs) visit(href, []);
  return cycles;
}

