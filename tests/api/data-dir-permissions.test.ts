// DATA_DIR and everything in it is the shop's user's alone (issue 26, item 5; server/data-dir.ts):
// a real shop process started under a loose umask (000) writes its database, a prescription and
// the email outbox (a password-reset link) owner-only, and a start that finds loose permissions
// left by an older shop makes them owner-only and says so.
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import { ensureBuild, freePort, startServer, waitUntilReady, withTimeout, type ServerProcess } from "../support/server-process.ts";

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Every file and directory under `root` (itself included) with its permission bits; symbolic links left out. */
async function modes(root: string): Promise<{ file: string; mode: number; directory: boolean }[]> {
  const found: { file: string; mode: number; directory: boolean }[] = [];
  const walk = async (target: string) => {
    const stats = await stat(target);
    found.push({ file: path.relative(root, target) || ".", mode: stats.mode & 0o777, directory: stats.isDirectory() });
    if (!stats.isDirectory()) return;
    for (const entry of await readdir(target, { withFileTypes: true })) {
      if (!entry.isSymbolicLink()) await walk(path.join(target, entry.name));
    }
  };
  await walk(root);
  return found;
}

async function start(dataDir: string): Promise<ServerProcess> {
  const server = startServer(await freePort(), { DATA_DIR: dataDir, LOG_LEVEL: "info" }, { umask: 0o000 });
  cleanups.push(async () => {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await server.exited;
  });
  await waitUntilReady(server, 120_000);
  return server;
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await withTimeout(server.exited, 30_000, () => `still running:\n${server.output()}`)).toBe(0);
}

async function newDataDir(name: string) {
  const dataDir = path.join(await mkdtemp(path.join(tmpdir(), `${name}-`)), "data");
  cleanups.push(() => rm(path.dirname(dataDir), { recursive: true, force: true }));
  return dataDir;
}

describe("DATA_DIR permissions", () => {
  it("a shop started with umask 000 creates its database, prescriptions and email outbox owner-only (0700/0600)", { timeout: 240_000 }, async () => {
    await ensureBuild();
    const dataDir = await newDataDir("perms");
    const server = await start(dataDir);
    const api = () => request(server.url);

    const email = `perm-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const registered = await api().post("/api/users/register").send({ name: "Perm Tester", email, password: "secret-pass-123", confirmPassword: "secret-pass-123" });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");
    const uploaded = await api().post("/api/prescriptions").set("Authorization", `Bearer ${registered.body.token}`).attach("file", pdf, "rx.pdf");
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    await api().post("/api/users/password/forgot").send({ email }).expect(200);
    // The dispatcher writes the emails (the reset link among them) as files under DATA_DIR/outbox.
    const outbox = path.join(dataDir, "outbox");
    const deadline = Date.now() + 60_000;
    let emails: string[] = [];
    while (Date.now() < deadline) {
      emails = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"));
      if (emails.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(emails.length, server.output()).toBeGreaterThanOrEqual(2);
    await stop(server);

    const found = await modes(dataDir);
    expect(found.length).toBeGreaterThan(100); // the embedded database's files are there
    expect(found.some((entry) => entry.file.startsWith("prescriptions/") && !entry.directory)).toBe(true);
    const open = found.filter((entry) => (entry.mode & 0o077) !== 0).map((entry) => `${entry.file} ${entry.mode.toString(8)}`);
    expect(open).toEqual([]);
    expect(found.find((entry) => entry.file === ".")?.mode).toBe(0o700);
    expect(found.find((entry) => entry.file === "outbox")?.mode).toBe(0o700);
  });

  it("a start that finds files others can read or write makes them owner-only and says so", { timeout: 240_000 }, async () => {
    await ensureBuild();
    const dataDir = await newDataDir("loose");
    // Left by an older shop (or a copy made with a loose umask).
    await mkdir(path.join(dataDir, "outbox"), { recursive: true });
    await chmod(dataDir, 0o777);
    await chmod(path.join(dataDir, "outbox"), 0o777);
    await writeFile(path.join(dataDir, "outbox", "old-reset.eml"), "Reset link: http://shop.example/reset-password?token=secret");
    await chmod(path.join(dataDir, "outbox", "old-reset.eml"), 0o666);

    const server = await start(dataDir);
    expect(server.output()).toMatch(/DATA_DIR held 3 files or folders other users of this machine could read or write; they are now owner-only/);
    await stop(server);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, "outbox"))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dataDir, "outbox", "old-reset.eml"))).mode & 0o777).toBe(0o600);
  });
});
