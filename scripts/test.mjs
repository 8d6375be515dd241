// `npm test`: the lint and the typecheck, a production build, unit and integration tests, then the
// end-to-end suite in the system Chromium. Stops at the first failing step with that step's exit code.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH as CHROMIUM } from "./chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const INSTALL_COMMAND = "sudo apt-get install -y chromium";

function header(title) {
  console.log(`\n=== ${title} ===\n`);
}

function run(title, command, args) {
  header(title);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  const code = result.status ?? (result.signal ? 1 : 0);
  if (result.error) console.error(`${command}: ${result.error.message}`);
  if (code !== 0 || result.error) {
    console.error(`\n✗ ${title} failed (exit code ${code || 1}).`);
    process.exit(code || 1);
  }
  console.log(`\n✓ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

function ensureChromium() {
  header("Chromium");
  if (existsSync(CHROMIUM)) {
    console.log(`Using ${CHROMIUM}`);
    return;
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !hasCommand("apt-get")) {
    console.error(
      `The end-to-end tests need Chromium at ${CHROMIUM}, and it is not installed.\n` +
        `Install it with:\n\n    ${INSTALL_COMMAND}\n\nthen run npm test again.`,
    );
    process.exit(1);
  }
  run("Installing Chromium (apt-get)", "sh", ["-c", "apt-get update && apt-get install -y chromium"]);
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing. Install it with: ${INSTALL_COMMAND}`);
    process.exit(1);
  }
}

// The quick checks first: a lint error or a type error fails in seconds, before any build.
run("Lint (biome lint)", "npm", ["run", "--silent", "lint"]);
run("Typecheck (react-router typegen && tsc --noEmit)", "npm", ["run", "--silent", "typecheck"]);
ensureChromium();
// Built first: the process tests (data-directory lock, several servers, a killed server) run it.
run("Production build (react-router build)", "npx", ["react-router", "build"]);
run("Unit and integration tests (vitest)", "npx", ["vitest", "run"]);
run("End-to-end tests (playwright)", "npx", ["playwright", "test"]);
console.log("\nAll tests passed.");
