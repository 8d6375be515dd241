// A fresh `npm ci` must be identical and silent on every machine: the committed lockfile names
// every platform's optional binaries (not just this machine's), and every dependency with an
// install script has been reviewed in package.json's `allowScripts`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

type LockEntry = { version?: string; hasInstallScript?: boolean; optionalDependencies?: Record<string, string> };
const lock = readJson("package-lock.json") as { packages: Record<string, LockEntry> };
const manifest = readJson("package.json") as { allowScripts?: Record<string, boolean> };

function packageName(key: string): string {
  return key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
}

describe("package-lock.json", () => {
  it("lists every optional dependency of every locked package, whatever the platform", () => {
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      for (const optional of Object.keys(entry.optionalDependencies ?? {})) {
        // npm resolves a dependency from the nearest node_modules upwards.
        let scope = key;
        let found = false;
        for (;;) {
          if (lock.packages[`${scope ? `${scope}/` : ""}node_modules/${optional}`]) {
            found = true;
            break;
          }
          const cut = scope.lastIndexOf("/node_modules/");
          if (scope === "") break;
          scope = cut === -1 ? "" : scope.slice(0, cut);
        }
        if (!found) missing.push(`${key || "(root)"} → ${optional}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("has every install script reviewed in allowScripts", () => {
    const allowed = manifest.allowScripts ?? {};
    const unreviewed = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== "" && entry.hasInstallScript)
      .map(([key, entry]) => ({ name: packageName(key), version: entry.version }))
      .filter(({ name, version }) => !(name in allowed) && !(`${name}@${version}` in allowed));
    expect(unreviewed).toEqual([]);
  });
});
