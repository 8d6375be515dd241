import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Lucide icons drawn by the module that uses them: `import { X, Menu } from "lucide-react"`
 * becomes `const X = createIcon({ name: "x", ... })` with the icon's data copied from the
 * package (a few hundred bytes each). As modules of their own, icons shared by a few pages were a
 * chunk each (up to 17 requests on the home page); inlined, they travel with their page's code.
 * `createIcon` (app/lib/lucide-icon.ts) draws the same <svg> as lucide's runtime at a fraction of
 * its 1.5 KB. Server and browser builds both use it, so the markup they render is the same.
 */
function inlineLucideIcons(): Plugin {
  // The package's "node" condition names its CommonJS build (dist/cjs); the ES modules sit beside it.
  const esm = path.join(path.dirname(createRequire(import.meta.url).resolve("lucide-react")), "../esm");
  const index = readFileSync(path.join(esm, "lucide-react.mjs"), "utf8");
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[\w-]+\.mjs)'/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) files.set(name, path.join(esm, file));
  }
  const data = new Map<string, string>();
  const iconData = (file: string) => {
    let text = data.get(file);
    if (text === undefined) {
      const match = readFileSync(file, "utf8").match(/const __iconData = (\{[\s\S]*?\n\});\n/);
      if (!match) throw new Error(`lucide-react: no icon data in ${file}`);
      text = match[1];
      data.set(file, text);
    }
    return text;
  };
  const runtime = JSON.stringify(path.resolve(import.meta.dirname, "app/lib/lucide-icon.ts"));
  return {
    name: "inline-lucide-icons",
    transform(code, id) {
      if (!id.includes("/app/") || !code.includes("lucide-react")) return null;
      let inlined = false;
      const result = code.replace(/import \{([^}]*)\} from ["']lucide-react["'];?/g, (statement, list: string) => {
        const lines: string[] = [];
        const rest: string[] = [];
        for (const specifier of list.split(",").map((part) => part.trim()).filter(Boolean)) {
          const [name, local = name] = specifier.split(/\s+as\s+/);
          const file = files.get(name);
          if (file) lines.push(`const ${local} = /* @__PURE__ */ __createIcon(${iconData(file)});`);
          else rest.push(specifier);
        }
        if (lines.length === 0) return statement;
        inlined = true;
        if (rest.length > 0) lines.unshift(`import { ${rest.join(", ")} } from "lucide-react";`);
        return lines.join("\n");
      });
      return inlined ? { code: `import { createIcon as __createIcon } from ${runtime};\n${result}`, map: null } : null;
    },
  };
}

/** React, React DOM and React Router: every page needs all of them before it hydrates. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|@react-router\/[^/]+)\//;
/** The route modules every storefront page loads (the document and the shop's frame). */
const FRAME_ROUTES = [/\/app\/root\.tsx$/, /\/app\/routes\/shop-layout\.tsx$/];

/**
 * Fewer, larger chunks for the browser (decision 037). Rollup's default gives every set of
 * routes sharing a module its own chunk, so an icon or a three-line helper used by the header
 * and by one admin page was a request of its own on every page (40–50 module requests). Here:
 * the framework is one chunk; everything the root and the shop layout import statically (the
 * header, footer, cart store, search box and their icons and helpers) is one `shop` chunk, which
 * every storefront page loads anyway. The rest (route code, lazily imported drawers and dialogs)
 * keeps Rollup's splitting, so no page loads another page's code.
 */
function clientChunks(): Rollup.GetManualChunk {
  let framework: Set<string> | undefined;
  let frame: Set<string> | undefined;
  return (id, { getModuleInfo, getModuleIds }) => {
    // Every module statically imported from `starts`, the starts included.
    const reach = (starts: string[]) => {
      const seen = new Set(starts);
      const queue = [...starts];
      while (queue.length > 0) {
        for (const imported of getModuleInfo(queue.pop()!)?.importedIds ?? []) {
          if (!seen.has(imported)) {
            seen.add(imported);
            queue.push(imported);
          }
        }
      }
      return seen;
    };
    // The framework chunk takes what the framework imports too (Rollup's CommonJS helpers): were
    // one of them in the shop chunk, the two chunks would import each other and the shop chunk
    // could run before React is defined.
    framework ??= reach([...getModuleIds()].filter((moduleId) => FRAMEWORK.test(moduleId)));
    if (framework.has(id)) return "framework";
    if (!frame) {
      const routes = [...getModuleIds()].filter((moduleId) => FRAME_ROUTES.some((route) => route.test(moduleId)));
      frame = reach(routes);
      for (const route of routes) frame.delete(route);
    }
    if (frame.has(id)) return "shop";
    return undefined;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is the whole server (API + React Router handler), so
  // production runs one built file; see docs/architecture.md.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/index.ts" }, target: "node20" }
    : {
        target: "es2022",
        rollupOptions: { output: { manualChunks: clientChunks() } },
        // Terser after Rollup: about 3% smaller than esbuild's minification on these chunks
        // (3.4 KB gzip of the framework alone), which the page budget needs (decision 037).
        minify: "terser",
        terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
      },
  ssr: {
    // Native / WASM packages stay external and load from node_modules at run time.
    external: ["@electric-sql/pglite", "sharp", "pg", "pino"],
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), inlineLucideIcons()],
}));
