import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is the whole server (API + React Router handler), so
  // production runs one built file; see docs/architecture.md.
  build: isSsrBuild ? { rollupOptions: { input: "./server/index.ts" }, target: "node20" } : { target: "es2022" },
  ssr: {
    // Native / WASM packages stay external and load from node_modules at run time.
    external: ["@electric-sql/pglite", "sharp", "pg", "pino"],
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
