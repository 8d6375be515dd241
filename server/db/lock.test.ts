import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { buildSync } from "esbuild";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { usingPostgres } from "#tests/support/database.ts";
import {
  ensureBuild,
  freePort,
  startServer,
  waitUntilReady,
  withTimeout,
  type ServerProcess,
} from "#tests/support/server-process.ts";
import { DataDirectoryLockedError, acquireDirectoryLock } from "./lock.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-lock-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.exit(0)"]);
  return child.pid!;
}

describe("acquireDirectoryLock", () => {
  it("writes this process's pid to DATA_DIR/shop.lock and removes it on release", () => {
    const dir = tempDir();
    const lock = acquireDirectoryLock(dir);
    const file = path.join(dir, "shop.lock");
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(existsSync(file)).toBe(false);
    lock.release();
    acquireDirectoryLock(dir).release();
  });

  it("refuses a directory locked by another live process", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "shop.lock"), String(process.ppid));
    expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryLockedError);
    expect(() => acquireDirectoryLock(dir)).toThrow(
      new RegExp(`data directory .* is in use by another shop process \\(pid ${process.ppid}\\)`),
    );
    expect(readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(String(process.ppid));
  });

  it("refuses a second lock on the same directory within this process", () => {
    const dir = tempDir();
    const lock = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DataDirectoryLockedError);
    expect(() => acquireDirectoryLock(path.join(dir, "."))).toThrow(/already in use by this process/);
    lock.release();
    acquireDirectoryLock(dir).release();
  });

  it("takes over a stale lock left by a dead process", () => {
    const dir = tempDir();
    const file = path.join(dir, "shop.lock");
    writeFileSync(file, String(deadPid()));
    const lock = acquireDirectoryLock(dir);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock file that holds no pid, or this pid from an earlier life", () => {
    const dir = tempDir();
    const file = path.join(dir, "shop.lock");
    for (const content of ["", "garbage", String(process.pid)]) {
      writeFileSync(file, content);
      const lock = acquireDirectoryLock(dir);
      expect(readFileSync(file, "utf8")).toBe(String(process.pid));
      lock.release();
    }
  });
});

/**
 * Five processes that each hold this lock module and, on `acquire <dir> <at>`, spin until the
 * clock reaches `at` (so all five start within a millisecond) and try to take the directory.
 */
class Contender {
  private readonly lines: AsyncIterator<string>;
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    this.lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  }
  static start(moduleFile: string): Contender {
    const script = `
      const { acquireDirectoryLock } = require(${JSON.stringify(moduleFile)});
      let lock;
      require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
        const [command, dir, at] = line.split(" ");
        if (command === "release") { lock?.release(); lock = undefined; console.log("released"); return; }
        while (Date.now() < Number(at));
        try { lock = acquireDirectoryLock(dir); console.log("won"); }
        catch (error) { console.log(error.name === "DataDirectoryLockedError" ? "lost" : "error " + error.message); }
      });`;
    return new Contender(spawn(process.execPath, ["-e", script]));
  }
  async send(line: string): Promise<string> {
    this.child.stdin.write(line + "\n");
    const next = await this.lines.next();
    return String(next.value);
  }
}

describe("five processes starting together", () => {
  const contenders: Contender[] = [];
  beforeAll(() => {
    // The lock module as plain JavaScript, so the children start as bare Node (no TypeScript loader).
    const moduleFile = path.join(tempDir(), "lock.cjs");
    buildSync({ entryPoints: [path.join(import.meta.dirname, "lock.ts")], outfile: moduleFile, format: "cjs", platform: "node", bundle: true });
    for (let i = 0; i < 5; i++) contenders.push(Contender.start(moduleFile));
  });
  afterAll(() => {
    for (const { child } of contenders.splice(0)) child.kill();
  });

  it(
    "exactly one takes the directory in every round, with or without a stale lock of a dead process",
    async () => {
      const stalePid = deadPid();
      for (let round = 0; round < 24; round++) {
        const dir = tempDir();
        const stale = round % 3 !== 0;
        if (stale) writeFileSync(path.join(dir, "shop.lock"), String(stalePid));
        const at = Date.now() + 60;
        const results = await Promise.all(contenders.map((contender) => contender.send(`acquire ${dir} ${at}`)));
        expect(results.filter((result) => result === "won"), `round ${round} (${stale ? "stale lock" : "no lock"}): ${results}`).toHaveLength(1);
        expect(results.filter((result) => result !== "won").every((result) => result === "lost"), String(results)).toBe(true);
        const winner = contenders[results.indexOf("won")]!;
        expect(readFileSync(path.join(dir, "shop.lock"), "utf8")).toBe(String(winner.child.pid));
        await winner.send("release");
        expect(existsSync(path.join(dir, "shop.lock"))).toBe(false);
      }
    },
    60_000,
  );
});

// Two real server processes on one PGlite directory. Meaningless when the suite runs on PostgreSQL.
describe.skipIf(usingPostgres())("two shop processes on one DATA_DIR", () => {
  const children: ServerProcess[] = [];

  beforeAll(() => ensureBuild(), 300_000);

  afterEach(() => {
    for (const { child } of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });

  function start(dataDir: string, port: number) {
    const server = startServer(port, { DATA_DIR: dataDir });
    children.push(server);
    return server;
  }

  it(
    "refuses the second process with a clear message; the first shuts down cleanly on SIGTERM",
    async () => {
      const dataDir = tempDir();
      const first = start(dataDir, await freePort());
      await waitUntilReady(first);

      const second = start(dataDir, await freePort());
      const code = await withTimeout(second.exited, 30_000, () => `the second process did not exit:\n${second.output()}`);
      expect(code).not.toBe(0);
      expect(second.output()).toMatch(/data directory .* is in use by another shop process/);

      // The first one is unharmed.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

      first.child.kill("SIGTERM");
      const firstCode = await withTimeout(first.exited, 15_000, () => `SIGTERM did not stop the server:\n${first.output()}`);
      expect(firstCode, first.output()).toBe(0);
      expect(existsSync(path.join(dataDir, "shop.lock"))).toBe(false);
    },
    90_000,
  );
});
