// `npm start`: build the shop when the sources are newer than the last build, then serve it.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { missingMallocEnv } from "../server/malloc-env.mjs";

const root = path.resolve(import.meta.dirname, "..");
// The build server.mjs serves: BUILD_DIR, as react-router.config.ts builds into it (default build/).
const builtEntry = path.join(path.resolve(root, process.env.BUILD_DIR || "build"), "server/index.js");

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
const mallocEnv = missingMallocEnv(process.env);
if (process.platform !== "linux" || Object.keys(mallocEnv).length === 0) {
  await import("../server.mjs");
} else {
  // glibc reads its malloc settings as a process starts (server/malloc-env.mjs, decisions/067): the
  // server runs in a process of its own that starts with them. Signals are passed on (the server
  // stops once however many arrive) and its exit is this process's.
  const server = spawn(process.execPath, [...process.execArgv, path.join(root, "server.mjs"), ...process.argv.slice(2)], {
    cwd: root,
    env: { ...process.env, ...mallocEnv },
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
}
