// Object storage (decisions/035): the store's contract on the local disk and on an S3-compatible
// server started here on loopback (s3rver behind a front that refuses unsigned requests, as a
// private bucket does); uploads, prescriptions and the image route of an in-process shop on S3;
// two shop processes on one PostgreSQL and one bucket (one uploads, the other serves); the
// private/public split; and `npm run storage:copy-to-s3`.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, loadStorageConfig } from "#server/config.ts";
import { projectPath } from "#server/paths.ts";
import { removeUnusedUploads } from "#server/modules/uploads/images.ts";
import { createLocalStorage } from "#server/storage/local.ts";
import type { ObjectStorage } from "#server/storage/object-storage.ts";
import { storageFor } from "#server/storage/storage.ts";
import { usingPostgres } from "../support/database.ts";
import { startTestS3, type TestS3 } from "../support/s3.ts";
import { ensureBuild, freePort, startServer, waitUntilReady, type ServerProcess } from "../support/server-process.ts";
import { createTestShop, type TestShop } from "../support/test-shop.ts";
import { createAdmin, createCustomer } from "../support/users.ts";

const SECRET = "0123456789abcdef".repeat(4);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");
const photo = (width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();

const binary = ((res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<request.Test["parse"]>[0];

let s3: TestS3;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  s3 = await startTestS3();
  cleanups.push(() => s3.close());
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function tempDir(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An S3 store under its own prefix, so tests do not see each other's objects. */
function s3Store(prefix: string): ObjectStorage {
  return storageFor(loadStorageConfig({ DATA_DIR: "/nonexistent", ...s3.env, S3_PREFIX: prefix }));
}

async function collect(list: AsyncIterable<{ key: string; size: number }>) {
  const found: { key: string; size: number }[] = [];
  for await (const item of list) found.push({ key: item.key, size: item.size });
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each([
  ["local disk", async () => createLocalStorage(await tempDir("store-"))],
  ["S3", async () => s3Store(`contract-${Date.now()}`)],
])("the store's contract on the %s", (_name, make) => {
  it("puts, gets, streams, stats, lists and deletes objects; missing ones are null, bad keys refused", async () => {
    const store = await make();
    const image = Buffer.from("image bytes");
    const pdf = Buffer.from("%PDF-1.4 private");
    await store.put("uploads/a1.webp", image, { contentType: "image/webp", visibility: "public" });
    await store.put("prescriptions/b2.pdf", pdf, { contentType: "application/pdf", visibility: "private" });

    expect(await store.get("uploads/a1.webp")).toEqual(image);
    expect(await store.exists("prescriptions/b2.pdf")).toBe(true);
    expect((await store.stat("prescriptions/b2.pdf"))?.size).toBe(pdf.length);
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.stream("uploads/a1.webp"))!) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks)).toEqual(image);
    expect(await collect(store.list("uploads/"))).toEqual([{ key: "uploads/a1.webp", size: image.length }]);
    expect(await collect(store.list("prescriptions/"))).toEqual([{ key: "prescriptions/b2.pdf", size: pdf.length }]);

    expect(await store.get("uploads/missing.webp")).toBeNull();
    expect(await store.stream("uploads/missing.webp")).toBeNull();
    expect(await store.stat("uploads/missing.webp")).toBeNull();
    expect(await store.exists("uploads/missing.webp")).toBe(false);
    await store.delete("uploads/missing.webp");

    for (const bad of ["../x.webp", "uploads/../x", "uploads/.hidden", "uploads//x", "x", "uploads/a.tmp", "/uploads/a"]) {
      await expect(store.get(bad), bad).rejects.toThrow(/Invalid storage key/);
    }
    await store.delete("uploads/a1.webp");
    expect(await store.exists("uploads/a1.webp")).toBe(false);
    expect(await collect(store.list("uploads/"))).toEqual([]);
  });
});

describe("a shop on S3 (in process)", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ ...s3.env, S3_PREFIX: `shop-${Date.now()}` });
    cleanups.push(() => shop.close());
  });

  it("stores an admin's image in the bucket, serves it and its resized copy from /images, and tidies unused ones", async () => {
    const admin = await createAdmin(shop.context);
    const res = await request(shop.app).post("/api/upload").set(admin.headers).attach("image", await photo(), "p.jpg").expect(201);
    const name = path.basename(res.body.imageUrl);
    const store = storageFor(shop.config);
    expect(store.kind).toBe("s3");
    const stored = await store.get(`uploads/${name}`);
    expect((await sharp(stored!).metadata()).format).toBe("webp");
    // Nothing on the local disk but the cache.
    expect(await readdir(path.join(shop.config.dataDir, "uploads")).catch(() => [])).toEqual([]);

    const original = await request(shop.app).get(res.body.imageUrl).buffer(true).parse(binary).expect(200);
    expect(original.body).toEqual(stored);
    expect(original.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const resized = await request(shop.app).get(`${res.body.imageUrl}?w=160`).set("Accept", "image/webp").buffer(true).parse(binary).expect(200);
    expect((await sharp(resized.body).metadata()).width).toBe(160);
    await request(shop.app).get("/images/uploads/0123456789abcdef0123456789abcdef.webp").expect(404);

    // Unused for longer than the grace period: removed from the bucket.
    const removed = await removeUnusedUploads(shop.context.db, shop.config, { graceMs: 0, now: Date.now() + 60_000 });
    expect(removed).toEqual([name]);
    expect(await store.exists(`uploads/${name}`)).toBe(false);
    await request(shop.app).get(res.body.imageUrl).expect(404);
  });

  it("keeps a prescription private in the bucket and gives it only to its owner through the shop", async () => {
    const [owner, stranger] = await Promise.all([createCustomer(shop.context), createCustomer(shop.context)]);
    const sent = await request(shop.app).post("/api/prescriptions").set(owner.headers).attach("file", PDF, "rx.pdf").expect(201);
    const id = sent.body._id as string;
    const file = await request(shop.app).get(`/api/prescriptions/${id}/file`).set(owner.headers).buffer(true).parse(binary).expect(200);
    expect(file.body).toEqual(PDF);
    expect(file.headers["cache-control"]).toBe("private, no-store");
    await request(shop.app).get(`/api/prescriptions/${id}/file`).set(stranger.headers).expect(404);
    await request(shop.app).get(`/api/prescriptions/${id}/file`).expect(404);

    const objects = await collect(storageFor(shop.config).list("prescriptions/"));
    expect(objects).toHaveLength(1);
    const put = s3.requests.find((r) => r.method === "PUT" && r.path.endsWith(objects[0]!.key));
    expect(put?.headers["cache-control"]).toBe("private, no-store");
    expect(put?.headers["x-amz-acl"]).toBeUndefined();
    // Never served by the image route, whatever the path.
    await request(shop.app).get(`/images/uploads/../${objects[0]!.key}`).expect(404);
    await request(shop.app).get(`/images/${objects[0]!.key}`).expect(404);
  });
});

describe("the private/public split in the bucket", () => {
  it("an anonymous read of the bucket is refused; the image is public only through /images", async () => {
    const store = s3Store(`split-${Date.now()}`);
    await store.put("prescriptions/c3.pdf", PDF, { contentType: "application/pdf", visibility: "private" });
    const prefix = (store.location.split("/").slice(3).join("/"));
    const anonymous = await fetch(`${s3.endpoint}/${s3.bucket}/${prefix}prescriptions/c3.pdf`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain("AccessDenied");
    expect(await store.get("prescriptions/c3.pdf")).toEqual(PDF);
  });
});

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], {
      cwd: projectPath("."),
      env: { ...process.env, ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run storage:copy-to-s3", () => {
  it("copies the local store into the bucket, then finds nothing left to copy", { timeout: 60_000 }, async () => {
    const dataDir = await tempDir("copy-");
    const local = createLocalStorage(dataDir);
    const files = {
      "uploads/0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a.webp": await sharp(await photo(40, 30)).webp().toBuffer(),
      "uploads/1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b.webp": await sharp(await photo(30, 40)).webp().toBuffer(),
      "prescriptions/2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c.pdf": PDF,
    };
    for (const [key, bytes] of Object.entries(files)) {
      await local.put(key, bytes, { contentType: "x/y", visibility: key.startsWith("uploads/") ? "public" : "private" });
    }
    const env = { DATA_DIR: dataDir, ...s3.env, S3_PREFIX: `copy-${Date.now()}` };

    const first = await run("storage:copy-to-s3", env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('RESULT {"copied":3,"skipped":0,"failed":0');
    const bucket = storageFor(loadStorageConfig(env));
    for (const [key, bytes] of Object.entries(files)) expect(await bucket.get(key), key).toEqual(bytes);
    const prescriptionPut = s3.requests.findLast((r) => r.method === "PUT" && r.path.endsWith("2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c.pdf"));
    expect(prescriptionPut?.headers["cache-control"]).toBe("private, no-store");
    expect(prescriptionPut?.headers["content-type"]).toBe("application/pdf");

    const again = await run("storage:copy-to-s3", env);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('RESULT {"copied":0,"skipped":3,"failed":0');

    const unset = await run("storage:copy-to-s3", { DATA_DIR: dataDir, S3_BUCKET: "", S3_REGION: "", S3_ENDPOINT: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "", S3_PREFIX: "" });
    expect(unset.code).toBe(2);
    expect(unset.output).toContain("Set S3_BUCKET");
  });
});

describe("two shop processes on one PostgreSQL and one bucket", () => {
  it.runIf(usingPostgres())("an image and a prescription uploaded through process A are served by process B", { timeout: 180_000 }, async () => {
    await ensureBuild();
    const shop = await createTestShop({ BETTER_AUTH_SECRET: SECRET });
    cleanups.push(() => shop.close());
    // An admin without two-factor uploads here; production would send them to set it up first (decision 051).
    const env = { ...s3.env, S3_PREFIX: `processes-${Date.now()}`, DATABASE_URL: shop.config.databaseUrl!, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true", STAFF_TWO_FACTOR: "optional" };
    const servers: ServerProcess[] = [];
    for (const name of ["a", "b"]) {
      const server = startServer(await freePort(), { ...env, DATA_DIR: await tempDir(`shop-${name}-`) });
      cleanups.push(async () => server.child.kill("SIGKILL"));
      servers.push(server);
    }
    await Promise.all(servers.map((server) => waitUntilReady(server)));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const [admin, owner] = await Promise.all([createAdmin(shop.context), createCustomer(shop.context)]);

    const uploaded = await request(a.url).post("/api/upload").set(admin.headers).attach("image", await photo(), "p.jpg").expect(201);
    const rx = await request(a.url).post("/api/prescriptions").set(owner.headers).attach("file", PDF, "rx.pdf").expect(201);

    const fromA = await request(a.url).get(uploaded.body.imageUrl).buffer(true).parse(binary).expect(200);
    const fromB = await request(b.url).get(uploaded.body.imageUrl).buffer(true).parse(binary).expect(200);
    expect(fromB.body).toEqual(fromA.body);
    const resized = await request(b.url).get(`${uploaded.body.imageUrl}?w=160`).set("Accept", "image/avif").buffer(true).parse(binary).expect(200);
    expect(resized.headers["content-type"]).toBe("image/avif");
    expect((await sharp(resized.body).metadata()).width).toBe(160);

    const file = await request(b.url).get(`/api/prescriptions/${rx.body._id}/file`).set(owner.headers).buffer(true).parse(binary).expect(200);
    expect(file.body).toEqual(PDF);
    await request(b.url).get(`/api/prescriptions/${rx.body._id}/file`).expect((res) => expect([401, 404]).toContain(res.status));
  });
});

describe("configuration", () => {
  it("chooses the local disk without S3_BUCKET, and explains what is missing", () => {
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/x", BETTER_AUTH_SECRET: SECRET }).storage).toEqual({ kind: "local" });
    const s3Config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/x", BETTER_AUTH_SECRET: SECRET, S3_BUCKET: "shop-files", S3_REGION: "ap-south-1", S3_PREFIX: "live" });
    expect(s3Config.storage).toMatchObject({ kind: "s3", bucket: "shop-files", region: "ap-south-1", prefix: "live/", forcePathStyle: false, credentials: undefined });
    expect(s3Config.imageCacheMaxBytes).toBe(256 * 1024 * 1024);
    const bad = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/x", BETTER_AUTH_SECRET: SECRET, ...env });
    expect(bad({ S3_REGION: "ap-south-1" })).toThrow(/S3_BUCKET: required when other S3_ variables are set/);
    expect(bad({ S3_BUCKET: "shop-files" })).toThrow(/S3_REGION: required/);
    expect(bad({ S3_BUCKET: "shop-files", S3_REGION: "auto", S3_ACCESS_KEY_ID: "k" })).toThrow(/S3_SECRET_ACCESS_KEY: set both keys/);
    expect(bad({ S3_BUCKET: "Shop_Files", S3_REGION: "auto" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(bad({ S3_BUCKET: "shop-files", S3_REGION: "auto", S3_PREFIX: "../x" })).toThrow(/S3_PREFIX/);
    expect(bad({ IMAGE_CACHE_MAX_MB: "0" })).toThrow(/IMAGE_CACHE_MAX_MB/);
  });
});
