// `npm start`: build the shop when the sources are newer than the last build, then serve it.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtEntry = path.join(root, "build/server/index.js");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "server", "common", "public"].map((dir) => path.join(root, dir)).filter(existsSync);
const sourcesChanged =
  !existsSync(builtEntry) ||
  Math.max(...sources.map(newestSource), statSync(path.join(root, "package.json")).mtimeMs) > statSync(builtEntry).mtimeMs;

if (sourcesChanged || process.argv.includes("--build")) {
  console.log("Building the shop (once, or after a change)...");
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

process.chdir(root);
await import("../server.mjs");
