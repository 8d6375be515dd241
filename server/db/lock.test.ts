import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { projectPath } from "#server/paths.ts";
import { usingPostgres } from "../../tests/support/database.ts";
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

// Two real server processes on one PGlite directory. Meaningless when the suite runs on PostgreSQL.
describe.skipIf(usingPostgres())("two shop processes on one DATA_DIR", () => {
  const children: ChildProcess[] = [];
  const secret = "0123456789abcdef".repeat(4);

  beforeAll(() => {
    if (existsSync(projectPath("build/server/index.js"))) return;
    const build = spawnSync(process.execPath, [projectPath("node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: projectPath(),
      encoding: "utf8",
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
      timeout: 280_000,
    });
    if (build.status !== 0) throw new Error(`react-router build failed:\n${build.stderr}`);
  }, 300_000);

  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });

  function startServer(dataDir: string, port: number) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: secret,
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
    };
    for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "PUBLIC_URL", "ADMIN_EMAIL", "ADMIN_PASSWORD"]) delete env[name];
    const child = spawn(process.execPath, ["server.mjs"], { cwd: projectPath(), env, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    return { child, exited, url: `http://127.0.0.1:${port}`, output: () => output };
  }

  it(
    "refuses the second process with a clear message; the first shuts down cleanly on SIGTERM",
    async () => {
      const dataDir = tempDir();
      const first = startServer(dataDir, await freePort());
      await waitUntilReady(first);

      const second = startServer(dataDir, await freePort());
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(server: { url: string; exited: Promise<number | null>; output(): string }) {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode} before it was ready:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within 60 s:\n${server.output()}`);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
