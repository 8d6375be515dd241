import { availableParallelism } from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Unit and API integration tests. Kept apart from vite.config.ts so the React Router and
// Tailwind plugins do not load; only the tsconfig path aliases (~/, #server/, #common/, #tests/) are shared.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    include: ["server/**/*.test.ts", "common/**/*.test.ts", "tests/api/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    // One migrated database is built here and copied for every test file (PGlite snapshot or
    // PostgreSQL template database when TEST_DATABASE_URL is set).
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/console-guard.ts"],
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI runner, where the
    // tests often wait on servers, PostgreSQL and child processes. Two there (decisions/059); one
    // fewer than the cores elsewhere.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
