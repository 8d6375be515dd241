// `npm run backup` / `npm run restore` (decisions/035): a shop on the embedded database with paid
// orders (invoices), product images and a prescription is backed up WHILE IT RUNS (the running
// process copies its own database), restored into a new data directory, and a shop started on it
// finds every order, downloads every invoice PDF and serves every upload. A damaged archive and a
// used data directory are refused.
import { spawn } from "node:child_process";
import { copyFile, mkdtemp, open, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createApp } from "#server/app.ts";
import { createAuth } from "#server/auth.ts";
import { loadConfig } from "#server/config.ts";
import { createShopContext } from "#server/context.ts";
import { openDatabase } from "#server/db/client.ts";
import { createLogger } from "#server/logger.ts";
import { issueInvoice } from "#server/modules/invoices/invoices.ts";
import { projectPath } from "#server/paths.ts";
import { usingPostgres } from "../support/database.ts";
import { insertOrder } from "../support/orders.ts";
import { ensureBuild, freePort, startServer, waitUntilReady, type ServerProcess } from "../support/server-process.ts";
import { createAdmin, createCustomer } from "../support/users.ts";
import { pdfText } from "./invoice-helpers.ts";

const SECRET = "0123456789abcdef".repeat(4);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const binary = ((res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<request.Test["parse"]>[0];

/** The embedded database in a new data directory, started from the suite's migrated snapshot (no initdb, no migrations). */
async function openMigrated(dataDir: string) {
  const source = inject("testDatabase");
  const snapshot = source.kind === "pglite" ? new Blob([new Uint8Array(await readFile(source.snapshotPath))]) : undefined;
  const database = await openDatabase({ kind: "pglite", dataDir, loadDataDir: snapshot });
  await database.migrate();
  return database;
}

function npm(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string; result?: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    delete childEnv.DATABASE_URL;
    const child = spawn("npm", ["run", "--silent", ...args], { cwd: projectPath("."), env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      const line = output.split("\n").find((l) => l.startsWith("RESULT "));
      resolve({ code, output, result: line ? JSON.parse(line.slice("RESULT ".length)) : undefined });
    });
  });
}

async function start(dataDir: string): Promise<ServerProcess> {
  // The admin here has no authenticator (production requires two-factor of staff: tests/api/two-factor.test.ts).
  const server = startServer(await freePort(), { DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, RATE_LIMIT_SCALE: "1000", STAFF_TWO_FACTOR: "optional" });
  cleanups.push(async () => {
    server.child.kill("SIGTERM");
    await server.exited;
  });
  await waitUntilReady(server);
  return server;
}

// The embedded database only: the PostgreSQL run of the suite (TEST_DATABASE_URL) skips it.
describe.skipIf(usingPostgres())("backup and restore of the embedded database", () => {
  it("backs up a running shop and restores it into a new data directory with every order, invoice and upload", { timeout: 240_000 }, async () => {
    await ensureBuild();
    const source = await tempDir("backup-source-");

    // A shop's history, written on the embedded database in DATA_DIR.
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: source, BETTER_AUTH_SECRET: SECRET, SEED_DEMO: "0", RATE_LIMIT_SCALE: "1000", LOG_LEVEL: "silent" });
    const database = await openMigrated(source);
    const context = createShopContext({ config, database, auth: createAuth(config, database.db), logger: createLogger(config) });
    const app = createApp(context);
    const [admin, owner] = await Promise.all([createAdmin(context), createCustomer(context)]);
    const orders: { id: string; serial: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const order = await insertOrder(context, { userId: owner.id });
      const invoice = await database.db.transaction((tx) => issueInvoice(tx, order.id, new Date()));
      orders.push({ id: order.id, serial: invoice.serial });
    }
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c33" } }).png().toBuffer();
    const firstImage = (await request(app).post("/api/upload").set(admin.headers).attach("image", image, "a.png").expect(201)).body.imageUrl as string;
    const prescription = (await request(app).post("/api/prescriptions").set(owner.headers).attach("file", PDF, "rx.pdf").expect(201)).body._id as string;
    await database.close();

    // The shop runs; one more upload arrives through it before the backup.
    const running = await start(source);
    const secondImage = (await request(running.url).post("/api/upload").set(admin.headers).attach("image", image, "b.png").expect(201)).body
      .imageUrl as string;
    const imageBytes = new Map<string, Buffer>();
    for (const url of [firstImage, secondImage]) {
      imageBytes.set(url, (await request(running.url).get(url).buffer(true).parse(binary).expect(200)).body);
    }

    const archive = path.join(await tempDir("backup-archive-"), "shop.tar");
    const backup = await npm(["backup", "--", "--output", archive], { DATA_DIR: source });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.result).toMatchObject({ databaseSource: "running shop", uploads: 2, prescriptions: 1 });
    // The running shop went on serving, and left nothing behind.
    await request(running.url).get(firstImage).expect(200);
    expect(await readdir(path.join(source, "backup-requests"))).toEqual([]);

    // Restored into a new data directory while the old shop still runs.
    const target = path.join(await tempDir("backup-target-"), "data");
    const restore = await npm(["restore", "--", archive], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.result).toEqual({ orders: 3, invoices: 3, files: 3 });

    const restored = await start(target);
    for (const order of orders) {
      const read = await request(restored.url).get(`/api/orders/${order.id}`).set(owner.headers).expect(200);
      expect(JSON.stringify(read.body)).toContain(order.id);
      const pdf = await request(restored.url).get(`/api/orders/${order.id}/invoice.pdf`).set(owner.headers).buffer(true).parse(binary).expect(200);
      expect(pdf.headers["content-type"]).toContain("application/pdf");
      expect(pdfText(pdf.body)).toContain(order.serial);
    }
    for (const [url, bytes] of imageBytes) {
      expect((await request(restored.url).get(url).buffer(true).parse(binary).expect(200)).body).toEqual(bytes);
    }
    const file = await request(restored.url).get(`/api/prescriptions/${prescription}/file`).set(owner.headers).buffer(true).parse(binary).expect(200);
    expect(file.body).toEqual(PDF);

    // A second restore into the same directory, and a damaged archive, are refused.
    const again = await npm(["restore", "--", archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds a database|in use by a shop/);
    const damaged = `${archive}.damaged`;
    await copyFile(archive, damaged);
    const handle = await open(damaged, "r+");
    await handle.write(Buffer.from([0x42]), 0, 1, 2048);
    await handle.close();
    const refused = await npm(["restore", "--", damaged], { DATA_DIR: path.join(path.dirname(target), "other") });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/damaged/);
  });

  it("backs up a stopped shop by opening its database, and refuses a directory without one", { timeout: 120_000 }, async () => {
    const source = await tempDir("backup-stopped-");
    const database = await openMigrated(source);
    await insertOrder({ db: database.db });
    await database.close();
    const archive = path.join(source, "..", `${path.basename(source)}.tar`);
    cleanups.push(() => rm(archive, { force: true }));
    const backup = await npm(["backup", "--", "--output", archive], { DATA_DIR: source });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.result).toMatchObject({ databaseSource: "stopped shop", uploads: 0, prescriptions: 0 });

    const empty = await tempDir("backup-empty-");
    const none = await npm(["backup", "--", "--output", path.join(empty, "x.tar")], { DATA_DIR: empty });
    expect(none.code).toBe(1);
    expect(none.output).toContain("There is no embedded database");
  });
});
