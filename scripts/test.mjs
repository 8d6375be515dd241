// `npm test`: the lint and the typecheck, a production build, unit and integration tests, then the
// end-to-end suite in the system Chromium. Stops at the first failing step with that step's exit code.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH as CHROMIUM } from "./chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");

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

/**
 * A system package the tests need: used when `present()`, installed with apt-get when running as root,
 * otherwise a clear message and exit 1 (never a silent pass).
 */
function ensurePackage({ title, aptPackage, present, using, missing }) {
  header(title);
  const install = `sudo apt-get install -y ${aptPackage}`;
  if (present()) {
    console.log(`Using ${using}`);
    return;
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !hasCommand("apt-get")) {
    console.error(`${missing}, and it is not installed.\nInstall it with:\n\n    ${install}\n\nthen run npm test again.`);
    process.exit(1);
  }
  run(`Installing ${aptPackage} (apt-get)`, "sh", ["-c", `apt-get update && apt-get install -y ${aptPackage}`]);
  if (!present()) {
    console.error(`apt-get finished but ${using} is still missing. Install it with: ${install}`);
    process.exit(1);
  }
}

function ensureChromium() {
  ensurePackage({
    title: "Chromium",
    aptPackage: "chromium",
    present: () => existsSync(CHROMIUM),
    using: CHROMIUM,
    missing: `The end-to-end tests need Chromium at ${CHROMIUM}`,
  });
}

/** The PDF layout test renders the invoices with poppler's pdftoppm and pdftotext. */
function ensurePoppler() {
  ensurePackage({
    title: "Poppler (pdftoppm, pdftotext)",
    aptPackage: "poppler-utils",
    present: () => hasCommand("pdftoppm") && hasCommand("pdftotext"),
    using: "pdftoppm and pdftotext",
    missing: "The PDF layout test needs pdftoppm and pdftotext (poppler-utils)",
  });
}

// The quick checks first: a lint error or a type error fails in seconds, before any build.
run("Lint (biome lint)", "npm", ["run", "--silent", "lint"]);
run("Typecheck (react-router typegen && tsc --noEmit)", "npm", ["run", "--silent", "typecheck"]);
ensureChromium();
ensurePoppler();
// Built first: the process tests (data-directory lock, several servers, a killed server) run it.
run("Production build (react-router build)", "npx", ["react-router", "build"]);
run("Unit and integration tests (vitest)", "npx", ["vitest", "run"]);
run("End-to-end tests (playwright)", "npx", ["playwright", "test"]);
console.log("\nAll tests passed.");
