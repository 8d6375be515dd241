// Real shop processes (`node server.mjs` on the production build) for tests about processes:
// the data-directory lock, several servers on one database, a server killed mid-request.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { projectPath } from "#server/paths.ts";

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  url: string;
  /** Everything it printed so far. */
  output(): string;
}

const BUILD_LOCK = projectPath("build/.test-build-lock");

/**
 * Builds the shop when build/ holds no server bundle (a fresh clone running only Vitest).
 * Test files run in parallel workers: a lock directory lets one of them build while the
 * others wait for it.
 */
export async function ensureBuild(): Promise<void> {
  if (existsSync(projectPath("build/server/index.js"))) return;
  mkdirSync(projectPath("build"), { recursive: true });
  const deadline = Date.now() + 280_000;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      if (existsSync(projectPath("build/server/index.js"))) return;
      if (Date.now() > deadline) throw new Error("waited too long for another test's build");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (existsSync(projectPath("build/server/index.js"))) return;
    const build = spawnSync(process.execPath, [projectPath("node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: projectPath(),
      // A production build whatever the test runner's NODE_ENV (vitest sets "test", which would
      // build development React into build/, where the end-to-end suite then runs).
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
      timeout: 280_000,
    });
    if (build.status !== 0) throw new Error(`react-router build failed:\n${build.stderr}`);
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/**
 * Starts `node server.mjs` in production mode with a test secret; `env` adds or overrides.
 * `umask` starts it under that umask (through /bin/sh), as an operator's shell might.
 */
export function startServer(port: number, env: Record<string, string | undefined>, options: { umask?: number } = {}): ServerProcess {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: "0123456789abcdef".repeat(4),
    HOST: "127.0.0.1",
    PORT: String(port),
    SEED_DEMO: "0",
    LOG_LEVEL: "warn",
    // One process per server unless a test asks for workers (on PostgreSQL the default is one per core).
    WEB_CONCURRENCY: "1",
  };
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "PUBLIC_URL", "ADMIN_EMAIL", "ADMIN_PASSWORD", "BUILD_DIR"]) {
    delete childEnv[name];
  }
  // Production refuses to start without its public address.
  childEnv.PUBLIC_URL = `http://127.0.0.1:${port}`;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const [command, args] =
    options.umask === undefined
      ? [process.execPath, ["server.mjs"]]
      : ["/bin/sh", ["-c", `umask ${options.umask.toString(8).padStart(3, "0")} && exec "$0" server.mjs`, process.execPath]];
  const child = spawn(command, args, { cwd: projectPath(), env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, url: `http://127.0.0.1:${port}`, output: () => output };
}

export function freePort(): Promise<number> {
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

export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited with ${exitCode} before it was ready:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${server.output()}`);
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, message: () => string): Promise<T> {
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
